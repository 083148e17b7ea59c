#!/usr/bin/env bash
# The compose stack started for real (deploy/compose.yaml), as root, with no image registry:
#   1. a Docker engine of this test's own (Debian's docker.io: its own data root, socket,
#      pidfile and containerd namespaces, --iptables=false, no default bridge), stopped by its PID
#      at the end (or, if a run was killed first, by the next run);
#   2. the base image imported from the minimal Debian 12 root of scripts/debian_root.sh
#      (debootstrap, made once; deb_test.sh uses it too), then the stack's four
#      images built from it by Debian's docker-compose 1.29 (`config` first: the file parses),
#      the nodes' from the newest dist/reel_*.deb;
#   3. the stack up: PostgreSQL, the S3 server (Swift s3api), two Reel nodes, nginx with TLS on a
#      free port of the host; Tests/Deploy/compose_check.py uploads a source and submits a chunked
#      job through nginx over TLS, kills one node's container (SIGKILL) once it renders a chunk of
#      the job, sees the job finish on the other, downloads the output through its link from the
#      host and probes it;
#   4. `down -v` (containers, network, volumes); the images stay in .build-compose for the next run.
# COMPOSE_TEST=0 in scripts/test.sh leaves it out. Needs root, docker.io, docker-compose, ffmpeg.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
arch=$(dpkg --print-architecture)
ls dist/reel_*_"$arch".deb >/dev/null 2>&1 || { echo "compose-test: no dist/reel_*.deb (make deb first)" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || { echo "compose-test: needs root (it starts a Docker engine)" >&2; exit 1; }
for tool in dockerd /usr/bin/docker docker-compose ffmpeg ffprobe openssl; do
    command -v "$tool" >/dev/null || { echo "compose-test: $tool is missing (scripts/deps.sh installs it)" >&2; exit 1; }
done
started=$(date +%s)
cache=$repo/.build-compose
# The engine's sockets live under a short folder: a unix socket's path has at most 107 bytes.
run=$(mktemp -d /tmp/reel-compose.XXXXXX)
mkdir -p "$cache/engine"
export DOCKER_HOST=unix://$run/docker.sock
docker=/usr/bin/docker   # Debian's client, of the engine's own version
project=reeltest$$
compose=(docker-compose -p "$project" -f deploy/compose.yaml)
engine=
stack_up=
cleanup() {
    local status=$?
    set +e
    if [ -n "$stack_up" ]; then
        [ "$status" -ne 0 ] && "${compose[@]}" logs --no-color --tail 40 >&2
        "${compose[@]}" down -v --timeout 10 >/dev/null 2>&1
    fi
    if [ -n "$engine" ]; then
        kill "$engine" 2>/dev/null
        for _ in $(seq 300); do kill -0 "$engine" 2>/dev/null || break; sleep 0.1; done
        kill -0 "$engine" 2>/dev/null && kill -9 "$engine"
    fi
    # What the engine leaves mounted under its exec root (its netns/default) is unmounted, deepest
    # first, and nothing is deleted across a file system.
    for m in $(awk -v r="$run/" 'index($2, r) == 1 { print $2 }' /proc/mounts | sort -r); do umount -l "$m"; done
    rm -rf --one-file-system "$run"
    exit "$status"
}
trap cleanup EXIT

# An engine an earlier run left behind (killed before its cleanup) still holds the data root: its
# pidfile is kept beside the data root, and the process is stopped only if it is that dockerd.
if [ -f "$cache/dockerd.pid" ]; then
    old=$(cat "$cache/dockerd.pid")
    if [ -n "$old" ] && tr '\0' ' ' <"/proc/$old/cmdline" 2>/dev/null | grep -qF -- "--data-root $cache/engine"; then
        echo "compose-test: stopping the engine an earlier run left (PID $old)"
        kill "$old"
        for _ in $(seq 300); do kill -0 "$old" 2>/dev/null || break; sleep 0.1; done
    fi
fi
# Its own containerd namespaces too, should a system containerd be running for it to share.
dockerd --data-root "$cache/engine" --exec-root "$run/exec" --pidfile "$cache/dockerd.pid" \
        --containerd-namespace reel-compose-test --containerd-plugins-namespace reel-compose-test-plugins \
        -H "$DOCKER_HOST" --iptables=false --bridge=none >"$cache/dockerd.log" 2>&1 &
engine=$!
for _ in $(seq 600); do $docker info >/dev/null 2>&1 && break; kill -0 "$engine" 2>/dev/null || break; sleep 0.1; done
$docker info >/dev/null 2>&1 || { tail -20 "$cache/dockerd.log" >&2; echo "compose-test: the engine did not start" >&2; exit 1; }
echo "compose-test: engine up ($($docker version --format '{{.Server.Version}}'))"
# What an interrupted earlier run left in the kept data root (its stack, with `restart:
# unless-stopped`, comes back with the engine): removed before this run starts its own.
leftovers=$($docker ps -aq --filter label=com.docker.compose.project)
[ -z "$leftovers" ] || $docker rm -f $leftovers >/dev/null
$docker volume prune -f >/dev/null
$docker network prune -f >/dev/null

# The base: the minimal Debian 12 root deb_test.sh uses (scripts/debian_root.sh, made once), with
# its apt sources (the mirrors this machine's name), as the image reel-base:bookworm.
if ! $docker image inspect reel-base:bookworm >/dev/null 2>&1; then
    ./scripts/debian_root.sh
    # The root as a tar stream with its sources.list replaced (tar renames the new one into place).
    cp .build-deb/sources.list "$run/reel-sources.list"
    tar -C .build-deb/pristine --exclude=./.complete --exclude=./etc/apt/sources.list -c . \
        -C "$run" --transform='s,^\./reel-sources\.list$,./etc/apt/sources.list,' ./reel-sources.list \
        | $docker import - reel-base:bookworm >/dev/null
    echo "compose-test: imported reel-base:bookworm from the debootstrap root"
fi

# Throwaway secrets, a free port, a certificate for localhost, an empty media folder.
key=$(openssl rand -hex 24)
REEL_LINK_SECRET=$(openssl rand -hex 32)
REEL_WEBHOOK_SECRET=$(openssl rand -hex 32)
POSTGRES_PASSWORD=$(openssl rand -hex 16)
S3_SECRET_KEY=$(openssl rand -hex 16)
REEL_HTTPS_PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
export REEL_API_KEYS=$key REEL_LINK_SECRET REEL_WEBHOOK_SECRET POSTGRES_PASSWORD S3_ACCESS_KEY=reel:node S3_SECRET_KEY
export REEL_BASE_IMAGE=reel-base:bookworm REEL_CHUNK_SECONDS=2 REEL_HTTPS_PORT
export REEL_TLS_DIR=$run/tls REEL_MEDIA_DIR=$run/media
mkdir -p "$REEL_MEDIA_DIR" "$REEL_TLS_DIR"
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=localhost" -addext "subjectAltName=DNS:localhost" \
    -keyout "$REEL_TLS_DIR/key.pem" -out "$REEL_TLS_DIR/cert.pem" 2>/dev/null
chmod 0644 "$REEL_TLS_DIR/key.pem"

"${compose[@]}" config -q
built=$(date +%s)
DOCKER_BUILDKIT=0 COMPOSE_DOCKER_CLI_BUILD=0 "${compose[@]}" build >"$cache/build.log" 2>&1 \
    || { tail -40 "$cache/build.log" >&2; echo "compose-test: building the images failed" >&2; exit 1; }
echo "compose-test: images built in $(( $(date +%s) - built )) s"
$docker image prune -f >/dev/null   # the earlier runs' images these replaced
stack_up=1
up=$(date +%s)
"${compose[@]}" up -d >"$cache/up.log" 2>&1 || { cat "$cache/up.log" >&2; exit 1; }
echo "compose-test: stack started in $(( $(date +%s) - up )) s"
python3 Tests/Deploy/compose_check.py --port "$REEL_HTTPS_PORT" --key "$key" --ca "$REEL_TLS_DIR/cert.pem" \
    --project "$project" --compose-file deploy/compose.yaml
"${compose[@]}" down -v --timeout 10 >"$cache/down.log" 2>&1 || { cat "$cache/down.log" >&2; exit 1; }
stack_up=
echo "compose-test: passed in $(( $(date +%s) - started )) s"
