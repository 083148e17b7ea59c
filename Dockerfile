# syntax=docker/dockerfile:1
# Reel: build with the Debian 12 Swift image, run on debian:bookworm-slim.
#   docker build -t reel .
#   KEY=$(openssl rand -hex 24); echo "API key: $KEY"                 # keep it: clients send it
#   SECRET=$(openssl rand -hex 32); echo "webhook secret: $SECRET"    # keep it: receivers verify with it
#   docker run -p 8080:8080 -e REEL_API_KEYS="$KEY" -e REEL_WEBHOOK_SECRET="$SECRET" \
#              -v reel-data:/srv/reel/data -v "$PWD/media:/srv/reel/media:ro" reel
# It listens on 0.0.0.0, so it refuses to start without API keys (REEL_API_KEYS, comma-separated).
# Several containers sharing one PostgreSQL (REEL_DATABASE_URL) and one data volume: docs/OPERATIONS.md.
ARG SWIFT_VERSION=6.0

# ---------------------------------------------------------------- build
FROM swift:${SWIFT_VERSION}-bookworm AS build
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      pkg-config libavformat-dev libavcodec-dev libavutil-dev libswscale-dev libswresample-dev libsqlite3-dev \
      libpq-dev librubberband-dev libimagequant-dev libzimg-dev libebur128-dev librlottie-dev \
      libfreetype-dev libharfbuzz-dev libfribidi-dev libfontconfig-dev libunibreak-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# Dependencies first, so a source change does not refetch them (Package.resolved is optional).
COPY Package.* ./
RUN swift package resolve
COPY . .
RUN swift build -c release --product reel \
 && install -D -m 0755 "$(swift build -c release --show-bin-path)/reel" /out/usr/local/bin/reel \
 && mkdir -p /out/usr/lib/swift/linux \
 && cp -a /usr/lib/swift/linux/*.so* /out/usr/lib/swift/linux/

# ---------------------------------------------------------------- runtime
FROM debian:bookworm-slim
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      libavformat59 libavcodec59 libavutil57 libswscale6 libswresample4 libsqlite3-0 \
      libstdc++6 libcurl4 tzdata ca-certificates \
      libpq5 librubberband2 libimagequant0 libzimg2 libebur128-1 librlottie0-1 \
      libfreetype6 libharfbuzz0b libfribidi0 libfontconfig1 libunibreak1 \
      fontconfig fonts-dejavu-core fonts-noto-core fonts-noto-cjk \
 && rm -rf /var/lib/apt/lists/*
# The Swift runtime (stdlib, Foundation, Dispatch, ICU data) from the build image, same path as there.
COPY --from=build /out/usr/lib/swift/linux/ /usr/lib/swift/linux/
COPY --from=build /out/usr/local/bin/reel /usr/local/bin/reel
RUN echo /usr/lib/swift/linux > /etc/ld.so.conf.d/swift.conf && ldconfig \
 && if ldd /usr/local/bin/reel | grep 'not found'; then echo 'reel: missing shared libraries' >&2; exit 1; fi

# A fixed uid/gid (10001), so an orchestrator can check runAsNonRoot and set fsGroup (deploy/kubernetes).
RUN groupadd --system --gid 10001 reel \
 && useradd --system --uid 10001 --gid reel --home-dir /srv/reel --no-create-home --shell /usr/sbin/nologin reel \
 && mkdir -p /srv/reel/config /srv/reel/data /srv/reel/media \
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
