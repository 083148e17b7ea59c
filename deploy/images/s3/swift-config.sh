#!/bin/bash
# Writes the configuration and rings of a one-node, one-replica OpenStack Swift with s3api and
# tempauth (which checks every S3 signature): the S3 server of deploy/compose.yaml (entrypoint.sh)
# and of the tests (scripts/s3-test-server.sh). The account, container and object servers listen
# on 127.0.0.1, on the three ports from SWIFT_BACKEND_PORT; the proxy on SWIFT_PROXY_IP:SWIFT_PROXY_PORT.
#   SWIFT_ETC=DIR SWIFT_DEVICES=DIR SWIFT_PROXY_IP=IP SWIFT_PROXY_PORT=P SWIFT_BACKEND_PORT=P \
#   [SWIFT_USER=name] [SWIFT_LOG_LEVEL=WARNING] [SWIFT_STORAGE_DOMAIN=localhost] \
#     swift-config.sh ACCOUNT:USER=SECRET...     # each an S3 access key (ACCOUNT:USER) and its secret
# Start the servers with `swift-{account,container,object,proxy}-server $SWIFT_ETC/NAME-server.conf`.
set -euo pipefail
: "${SWIFT_ETC:?}" "${SWIFT_DEVICES:?}" "${SWIFT_PROXY_IP:?}" "${SWIFT_PROXY_PORT:?}" "${SWIFT_BACKEND_PORT:?}"
user=${SWIFT_USER:-$(id -un)}
etc=$SWIFT_ETC
mkdir -p "$etc" "$SWIFT_DEVICES/d1"
printf '[swift-hash]\nswift_hash_path_suffix = reel\n[storage-policy:0]\nname = Policy-0\ndefault = yes\n' > "$etc/swift.conf"
common() { printf '[DEFAULT]\nbind_ip = %s\nbind_port = %s\nworkers = 0\nuser = %s\nswift_dir = %s\ndevices = %s\nmount_check = false\nlog_level = %s\nlog_address = /dev/null\n' \
  "$1" "$2" "$user" "$etc" "$SWIFT_DEVICES" "${SWIFT_LOG_LEVEL:-WARNING}"; }
for s in account:0 container:1 object:2; do n=${s%:*}
  { common 127.0.0.1 $((SWIFT_BACKEND_PORT + ${s#*:})); printf '[pipeline:main]\npipeline = %s-server\n[app:%s-server]\nuse = egg:swift#%s\n' "$n" "$n" "$n"; } > "$etc/$n-server.conf"
done
# An object write waits for its container listing's update (1 s by default, and no updater runs
# here to apply a late one): on a loaded machine a listing could otherwise miss a new object.
printf 'container_update_timeout = 10\nnode_timeout = 10\n' >> "$etc/object-server.conf"
{ common "$SWIFT_PROXY_IP" "$SWIFT_PROXY_PORT"; cat <<'CONF'
[pipeline:main]
pipeline = catch_errors gatekeeper healthcheck proxy-logging cache listing_formats s3api tempauth copy slo dlo proxy-logging proxy-server
[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true
[filter:s3api]
use = egg:swift#s3api
location = us-east-1
CONF
  [ -z "${SWIFT_STORAGE_DOMAIN:-}" ] || echo "storage_domain = $SWIFT_STORAGE_DOMAIN"
  printf '[filter:tempauth]\nuse = egg:swift#tempauth\n'
  for credential in "$@"; do
    key=${credential%%=*} account=${credential%%:*}
    name=${key#*:}
    [[ "$key" == *:* && "$account" =~ ^[A-Za-z0-9]+$ && "$name" =~ ^[A-Za-z0-9]+$ ]] \
        || { echo "swift-config: an access key must be ACCOUNT:USER, letters and digits: $key" >&2; exit 2; }
    printf 'user_%s_%s = %s .admin\n' "$account" "$name" "${credential#*=}"
  done
  # tempauth only needs the cache object (nothing listens on memcached's port); `set` overrides [DEFAULT].
  printf '[filter:cache]\nuse = egg:swift#memcache\nset log_level = CRITICAL\n[filter:proxy-logging]\nuse = egg:swift#proxy_logging\n'
  for f in catch_errors gatekeeper healthcheck listing_formats copy slo dlo; do printf '[filter:%s]\nuse = egg:swift#%s\n' "$f" "$f"; done
} > "$etc/proxy-server.conf"
# Rings: one device, one replica, 2^6 partitions; the same placement every time they are made.
/usr/bin/python3 - "$etc" "$SWIFT_BACKEND_PORT" <<'PY'   # Debian's, which has python3-swift
import sys
from swift.common.ring import RingBuilder
for i, name in enumerate(("account", "container", "object")):
    b = RingBuilder(6, 1, 1)
    b.add_dev({"region": 1, "zone": 1, "ip": "127.0.0.1", "port": int(sys.argv[2]) + i, "device": "d1", "weight": 1})
    b.rebalance(); b.get_ring().save("%s/%s.ring.gz" % (sys.argv[1], name))
PY
