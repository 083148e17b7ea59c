# syntax=docker/dockerfile:1
# Reel: one recipe for the package and the image. The build stage makes the Debian package
# (`make deb`: the static release build, Depends computed from what it links) with the Debian 12
# Swift image; the runtime stage installs that package with apt on debian:bookworm-slim, which
# resolves its Depends from Debian.
#   docker build -t reel .
#   KEY=$(openssl rand -hex 24); echo "API key: $KEY"                 # keep it: clients send it
#   SECRET=$(openssl rand -hex 32); echo "webhook secret: $SECRET"    # keep it: receivers verify with it
#   docker run -p 8080:8080 -e REEL_API_KEYS="$KEY" -e REEL_WEBHOOK_SECRET="$SECRET" \
#              -v reel-data:/srv/reel/data -v "$PWD/media:/srv/reel/media:ro" reel
# It listens on 0.0.0.0, so it refuses to start without API keys (REEL_API_KEYS, comma-separated).
# Several containers sharing one PostgreSQL (REEL_DATABASE_URL) and one data volume: docs/OPERATIONS.md.
ARG SWIFT_VERSION=6.0

# ---------------------------------------------------------------- build: the .deb
FROM swift:${SWIFT_VERSION}-bookworm AS build
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      pkg-config libavformat-dev libavcodec-dev libavutil-dev libswscale-dev libswresample-dev libsqlite3-dev \
      libpq-dev librubberband-dev libimagequant-dev libzimg-dev libebur128-dev librlottie-dev \
      libfreetype-dev libharfbuzz-dev libfribidi-dev libfontconfig-dev libunibreak-dev \
      libcurl4-openssl-dev dpkg-dev binutils xz-utils \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# Dependencies first, so a source change does not refetch them (Package.resolved is optional).
COPY Package.* ./
RUN swift package resolve
COPY . .
RUN DIST_DIR=/out ./scripts/deb.sh

# ---------------------------------------------------------------- runtime: the .deb installed
# (deploy/images/reel/install.sh: the reel user, uid 10001, then the package with apt; the same
# steps as deploy/images/reel/Dockerfile, which takes the package from dist/ instead).
FROM debian:bookworm-slim
COPY deploy/images/reel/install.sh deploy/images/reel/healthcheck.sh /usr/local/lib/reel-image/
COPY --from=build /out/ /tmp/reel-deb/
RUN /usr/local/lib/reel-image/install.sh /tmp/reel-deb
COPY config/reel.json /srv/reel/config/reel.json
WORKDIR /srv/reel
VOLUME ["/srv/reel/data", "/srv/reel/media"]

ENV REEL_LISTEN=0.0.0.0:8080 \
    REEL_DATA_DIR=/srv/reel/data \
    REEL_MEDIA_ROOT=/srv/reel/media
EXPOSE 8080
USER reel

# No curl in the slim image: GET /healthz over bash's /dev/tcp.
HEALTHCHECK --interval=30s --timeout=5s --start-period=15s --retries=3 CMD ["/usr/local/lib/reel-image/healthcheck.sh"]

ENTRYPOINT ["reel"]
CMD ["serve", "--config", "/srv/reel/config/reel.json"]
