#!/usr/bin/env bash
# Conformance of the HTTP API to openapi.yaml: schemathesis (pinned) against a live `reel serve`,
# with openapi-core (pinned) validating each request and response as an independent second opinion
# from the debug build, every check, on a loopback port with a fresh data directory under
# .build/conformance. Part of the test suite (scripts/test.sh runs it after the build, with a
# bounded budget); a non-zero exit is a failure of the suite.
#   CONFORMANCE_SECONDS=300 scripts/conformance.sh   # longer runs (default 40 s a phase group)
# The seed is fixed, so a run repeats the same requests; CONFORMANCE_SEED changes it.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/st-venv
version=4.32.5
core=0.19.5
if [ "$("$venv/bin/schemathesis" --version 2>/dev/null || true)" != "schemathesis, version $version" ] ||
   ! "$venv/bin/pip" freeze 2>/dev/null | grep -qx "openapi-core==$core"; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$version" "openapi-core==$core"
fi
[ -x .build/debug/reel ] || swift build --product reel >/dev/null
work=.build/conformance
rm -rf "$work" && mkdir -p "$work/media"
ffmpeg -v error -nostdin -y -f lavfi -i testsrc=s=64x64:r=10:d=1 -c:v libx264 "$work/media/clip.mp4"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# With an API key, as the schema's security says (without keys every request is open).
key=conformance-key-0123456789
REEL_LISTEN=127.0.0.1:$port REEL_DATA_DIR=$work/data REEL_MEDIA_ROOT=$work/media REEL_API_KEYS=$key \
  .build/debug/reel serve 2>"$work/server.log" &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
# openapi-core judges every response too, and every request meant to be valid (openapi_core_check.py).
export SCHEMATHESIS_HOOKS=openapi_core_check PYTHONPATH=scripts
run() {
  "$venv/bin/schemathesis" --config-file scripts/schemathesis.toml run openapi.yaml --url "http://127.0.0.1:$port" \
    --checks all -H "Authorization: Bearer $key" --seed "${CONFORMANCE_SEED:-20261123}" \
    --max-time "${CONFORMANCE_SECONDS:-40}" --workers 1 --suppress-health-check all --warnings off \
    --exclude-path-regex '/events$' "$@"
}
# The events streams are left out: a response that stays open while a job may change (or, for
# /v1/events, for good) is no request/response pair to judge; EventsAPITests reads them with a
# parser of the SSE standard instead.
# Every operation through examples, coverage and fuzzing; then the stateful phase (create, read,
# delete chains) without the CORS preflights: a preflight carries no key, so it answers any id Reel
# could have issued, deleted or not (schemathesis.toml), which the stateful phase would report.
# DELETE /v1/keys/{id} goes last, on its own: the fuzzer reuses ids it has seen in answers, and
# GET /v1/keys shows the id of the key the run itself uses; deleting that key (as a client may:
# the project has other full keys by then) would refuse every request after it.
run --phases examples,coverage --exclude-operation-id deleteKey
# The job spec's schema (POST /v1/jobs, /v1/validate, /v1/preview, /v1/batches) is past what the
# pinned generator's canonicalizer (jsonschema-rs) models: it hands back the whole body schema as
# "raw" and schemathesis reports a Schema Error, whichever member is added next (a trivial one does
# it). Those operations keep the examples and coverage phases above; the spec decoder itself is
# fuzzed by the FuzzSpec target (scripts/fuzz.sh).
run --phases fuzzing --exclude-operation-id deleteKey --exclude-operation-id createJob --exclude-operation-id validateJob \
  --exclude-operation-id preview --exclude-operation-id submitBatch
# The stateful phase leaves out the spec-body operations for the same reason (its job links start
# from ids the other operations' examples give).
run --phases stateful --exclude-method OPTIONS --exclude-operation-id deleteKey --exclude-operation-id createJob \
  --exclude-operation-id validateJob --exclude-operation-id preview --exclude-operation-id submitBatch
run --phases examples,coverage,fuzzing --include-operation-id deleteKey
echo "conformance: openapi.yaml holds (schemathesis $version, every check, and openapi-core $core on every response)"
