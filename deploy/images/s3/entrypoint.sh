#!/bin/bash
# Swift's account, container and object servers on loopback, the proxy (s3api + tempauth) on
# 0.0.0.0:9000, the bucket made through S3 once the proxy answers; the container
# ends when any server does. The configuration and rings (swift-config.sh) are made anew each start:
# one device, one replica, the same placement every time, so the volume's objects are found again.
set -euo pipefail
: "${S3_ACCESS_KEY:?set S3_ACCESS_KEY (ACCOUNT:USER)}" "${S3_SECRET_KEY:?set S3_SECRET_KEY}" "${S3_BUCKET:=reel}"
etc=/tmp/swift
SWIFT_ETC=$etc SWIFT_DEVICES=/srv/s3 SWIFT_PROXY_IP=0.0.0.0 SWIFT_PROXY_PORT=9000 SWIFT_BACKEND_PORT=6201 SWIFT_USER=swift \
    /usr/local/bin/swift-config "$S3_ACCESS_KEY=$S3_SECRET_KEY"
rm -f /tmp/s3-bucket-made
# PID 1 in the container: a stop (SIGTERM) ends the servers and the container at once.
trap 'kill $(jobs -p) 2>/dev/null; exit 0' TERM INT
for s in account container object proxy; do
    /usr/bin/swift-$s-server "$etc/$s-server.conf" &
done
# The bucket, through S3 itself (tempauth's own tokens would need a memcached): a SigV4-signed
# PUT, retried until the proxy answers; 409 (already ours, from an earlier start) is fine too.
python3 - "$S3_ACCESS_KEY" "$S3_SECRET_KEY" "$S3_BUCKET" <<'PY'
import datetime, hashlib, hmac, sys, time, urllib.error, urllib.request
key, secret, bucket = sys.argv[1:]

def put_bucket():
    amz = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    scope = amz[:8] + "/us-east-1/s3/aws4_request"
    empty = hashlib.sha256(b"").hexdigest()
    headers = {"host": "127.0.0.1:9000", "x-amz-content-sha256": empty, "x-amz-date": amz}
    signed = ";".join(sorted(headers))
    canonical = "\n".join(["PUT", "/" + bucket, "", "".join(f"{h}:{headers[h]}\n" for h in sorted(headers)), signed, empty])
    to_sign = "\n".join(["AWS4-HMAC-SHA256", amz, scope, hashlib.sha256(canonical.encode()).hexdigest()])
    k = ("AWS4" + secret).encode()
    for part in scope.split("/"):
        k = hmac.new(k, part.encode(), hashlib.sha256).digest()
    signature = hmac.new(k, to_sign.encode(), hashlib.sha256).hexdigest()
    headers["authorization"] = f"AWS4-HMAC-SHA256 Credential={key}/{scope}, SignedHeaders={signed}, Signature={signature}"
    del headers["host"]
    request = urllib.request.Request("http://127.0.0.1:9000/" + bucket, method="PUT", headers=headers, data=b"")
    try:
        urllib.request.urlopen(request, timeout=10)
    except urllib.error.HTTPError as e:
        if e.code != 409:
            raise

for _ in range(600):
    try:
        put_bucket()
        break
    except urllib.error.HTTPError as e:
        if e.code < 500:
            sys.exit("s3-entrypoint: making the bucket: HTTP %d %s" % (e.code, e.read()[:300]))
        time.sleep(0.1)
    except OSError:
        time.sleep(0.1)
else:
    sys.exit("s3-entrypoint: the proxy never answered")
print("s3-entrypoint: bucket %s ready" % bucket, flush=True)
PY
touch /tmp/s3-bucket-made
wait -n || true
echo "s3-entrypoint: a Swift server ended" >&2
exit 1
