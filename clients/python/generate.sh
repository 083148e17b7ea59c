#!/usr/bin/env bash
# Regenerates reel_client/ (the generated layer of the Python client) from ../../openapi.yaml with
# pinned tools, failing on any generator warning. Run it after changing openapi.yaml and commit
# the result; PythonClientTests checks that the committed code is what this script makes.
#   clients/python/generate.sh [OUTPUT_DIR]   (default: clients/python/reel_client)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:-$here/reel_client}
venv=${REEL_CLIENT_VENV:-$root/.build/pyvenv}
# The generator and the formatter its post-hooks run, pinned (scripts/deps.sh installs them too).
tools=(openapi-python-client==0.29.1 ruff==0.8.6)
if ! "$venv/bin/python" -m pip freeze 2>/dev/null | grep -qix "openapi-python-client==0.29.1"; then
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "${tools[@]}"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && RUFF_NO_CACHE=true PATH="$venv/bin:$PATH" "$venv/bin/openapi-python-client" generate --path "$root/openapi.yaml" \
  --config "$here/generator.yaml" --meta none --output-path "$work/reel_client" --fail-on-warning)
rm -rf "$work/reel_client/.ruff_cache"
rm -rf "$out"
mv "$work/reel_client" "$out"
