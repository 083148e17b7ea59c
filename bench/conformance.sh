#!/usr/bin/env bash
# A schemathesis run against a live `reel serve`, driven by openapi.yaml (every check). A
# developer's tool, not part of the tests or CI: it installs schemathesis from PyPI into
# .build-st-venv, starts the server from the debug build on a loopback port with a fresh data
# directory under bench/work/conformance, and prints schemathesis's report.
#   ST_MAX_TIME=120 bench/conformance.sh        # the time budget in seconds (default 180)
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build-st-venv
if ! "$venv/bin/schemathesis" --version >/dev/null 2>&1; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check schemathesis
fi
swift build --product reel >/dev/null
work=bench/work/conformance
rm -rf "$work" && mkdir -p "$work/media"
ffmpeg -v error -nostdin -y -f lavfi -i testsrc=s=64x64:r=10:d=1 -c:v libx264 "$work/media/clip.mp4"
port=${ST_PORT:-18590}
# With an API key, as the schema's security says (without keys every request is open).
key=conformance-key-0123456789
REEL_LISTEN=127.0.0.1:$port REEL_DATA_DIR=$work/data REEL_MEDIA_ROOT=$work/media REEL_API_KEYS=$key \
  .build/debug/reel serve 2>"$work/server.log" &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
"$venv/bin/schemathesis" --config-file bench/schemathesis.toml run openapi.yaml --url "http://127.0.0.1:$port" --checks all -H "Authorization: Bearer $key" \
  --max-time "${ST_MAX_TIME:-180}" --workers 2 --suppress-health-check all
