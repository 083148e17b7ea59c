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
mkdir -p "$ETC" "$ROOT/srv/d1" "$ROOT/log" "$ROOT/pid"
printf '[swift-hash]\nswift_hash_path_suffix = reel\n[storage-policy:0]\nname = Policy-0\ndefault = yes\n' > "$ETC/swift.conf"
common() { printf '[DEFAULT]\nbind_ip = 127.0.0.1\nbind_port = %s\nworkers = 0\nuser = %s\nswift_dir = %s\ndevices = %s\nmount_check = false\nlog_level = %s\nlog_address = /dev/null\n' \
  "$1" "$(id -un)" "$ETC" "$ROOT/srv" "${S3_LOG_LEVEL:-WARNING}"; }
for s in account:1 container:2 object:3; do n=${s%:*}
  { common $((P+${s#*:})); printf '[pipeline:main]\npipeline = %s-server\n[app:%s-server]\nuse = egg:swift#%s\n' "$n" "$n" "$n"; } > "$ETC/$n-server.conf"
done
# An object write waits for its container listing's update (1 s by default, and no updater runs
# here to apply a late one): on a loaded machine a listing could otherwise miss a new object.
printf 'container_update_timeout = 10\nnode_timeout = 10\n' >> "$ETC/object-server.conf"
{ common "$P"; cat <<'CONF'
[pipeline:main]
pipeline = catch_errors gatekeeper healthcheck proxy-logging cache listing_formats s3api tempauth copy slo dlo proxy-logging proxy-server
[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true
[filter:s3api]
use = egg:swift#s3api
location = us-east-1
storage_domain = localhost
[filter:tempauth]
use = egg:swift#tempauth
user_test_tester = testing .admin
user_archive_keeper = archived .admin
[filter:cache]
use = egg:swift#memcache
set log_level = CRITICAL
[filter:proxy-logging]
use = egg:swift#proxy_logging
CONF
for f in catch_errors gatekeeper healthcheck listing_formats copy slo dlo; do printf '[filter:%s]\nuse = egg:swift#%s\n' "$f" "$f"; done
} > "$ETC/proxy-server.conf"
/usr/bin/python3 - "$ETC" "$P" <<'PY'
import sys
from swift.common.ring import RingBuilder
for i, name in enumerate(("account", "container", "object"), 1):
    b = RingBuilder(6, 1, 1)
    b.add_dev({"region": 1, "zone": 1, "ip": "127.0.0.1", "port": int(sys.argv[2]) + i, "device": "d1", "weight": 1})
    b.rebalance(); b.get_ring().save("%s/%s.ring.gz" % (sys.argv[1], name))
PY
for s in account container object proxy; do
  setsid /usr/bin/swift-$s-server "$ETC/$s-server.conf" -v >"$ROOT/log/$s.log" 2>&1 </dev/null &
  echo $! > "$ROOT/pid/$s.pid"
done
for _ in $(seq 600); do curl -fs "http://127.0.0.1:$P/healthcheck" >/dev/null && exit 0; sleep 0.1; done
tail -n 20 "$ROOT"/log/*.log >&2; exit 1
