#!/usr/bin/env bash
# A real S3-compatible server on loopback for the tests: OpenStack Swift (Debian's packages, which
# scripts/deps.sh installs) with its s3api middleware, which checks every signature. One node, one
# replica, all state under $S3_ROOT; proxy on $S3_PORT, account/container/object servers on the next
# three ports. Credentials: access key `test:tester`, secret `testing`, region us-east-1.
#   scripts/s3-test-server.sh start   # prints nothing; exit 0 once /healthcheck answers
#   scripts/s3-test-server.sh stop    # stops it and removes $S3_ROOT
# Start-up takes about 5 s on 2 cores.
set -euo pipefail
ROOT=${S3_ROOT:-/tmp/reel-s3}; P=${S3_PORT:-18080}; ETC=$ROOT/etc
case "${1:-start}" in
  stop)
    for f in "$ROOT"/pid/*.pid; do [ -f "$f" ] && kill "$(cat "$f")" 2>/dev/null || true; done
    rm -rf "$ROOT"
    exit 0 ;;
  start) ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
mkdir -p "$ROOT/log" "$ROOT/pid"
# The configuration the compose stack's S3 server has too (deploy/images/s3/swift-config.sh), on
# loopback only, virtual-hosted buckets under localhost, two accounts.
SWIFT_ETC=$ETC SWIFT_DEVICES=$ROOT/srv SWIFT_PROXY_IP=127.0.0.1 SWIFT_PROXY_PORT=$P SWIFT_BACKEND_PORT=$((P + 1)) \
SWIFT_LOG_LEVEL=${S3_LOG_LEVEL:-WARNING} SWIFT_STORAGE_DOMAIN=localhost \
    "$(dirname "$0")/../deploy/images/s3/swift-config.sh" test:tester=testing archive:keeper=archived
for s in account container object proxy; do
  setsid /usr/bin/swift-$s-server "$ETC/$s-server.conf" -v >"$ROOT/log/$s.log" 2>&1 </dev/null &
  echo $! > "$ROOT/pid/$s.pid"
done
for _ in $(seq 600); do curl -fs "http://127.0.0.1:$P/healthcheck" >/dev/null && exit 0; sleep 0.1; done
tail -n 20 "$ROOT"/log/*.log >&2; exit 1
