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
FROM debian:bookworm-slim
# The reel user before the package, with a fixed uid/gid (10001), so an orchestrator can check
# runAsNonRoot and set fsGroup (deploy/kubernetes); the package's postinst keeps a user it finds.
RUN groupadd --system --gid 10001 reel \
 && useradd --system --uid 10001 --gid reel --home-dir /var/lib/reel --no-create-home --shell /usr/sbin/nologin reel
COPY --from=build /out/ /tmp/reel-deb/
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      /tmp/reel-deb/reel_*.deb tzdata ca-certificates fontconfig fonts-dejavu-core fonts-noto-core fonts-noto-cjk \
 && rm -rf /var/lib/apt/lists/* /tmp/reel-deb \
 && if ldd /usr/bin/reel | grep 'not found'; then echo 'reel: missing shared libraries' >&2; exit 1; fi

RUN mkdir -p /srv/reel/config /srv/reel/data /srv/reel/media \
 && chown reel:reel /srv/reel/data /srv/reel/media
COPY config/reel.json /srv/reel/config/reel.json
WORKDIR /srv/reel
VOLUME ["/srv/reel/data", "/srv/reel/media"]

ENV REEL_LISTEN=0.0.0.0:8080 \
    REEL_DATA_DIR=/srv/reel/data \
    REEL_MEDIA_ROOT=/srv/reel/media
EXPOSE 8080
USER reel

# No curl in the slim image: speak just enough HTTP over bash's /dev/tcp to GET /healthz.
HEALTHCHECK --interval=30s --timeout=5s --start-period=15s --retries=3 \
  CMD bash -c 'port="${REEL_LISTEN##*:}"; exec 3<>"/dev/tcp/127.0.0.1/${port:-8080}" || exit 1; printf "GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n" >&3; IFS= read -r status <&3; case "$status" in "HTTP/1."?" 200"*) exit 0 ;; *) exit 1 ;; esac'

ENTRYPOINT ["reel"]
CMD ["serve", "--config", "/srv/reel/config/reel.json"]
