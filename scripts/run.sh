#!/usr/bin/env bash
# Quick start: installs missing dependencies, builds Reel (release) and runs the server with its
# embedded defaults: http://127.0.0.1:8080, SQLite and outputs under ./data, sources under ./media.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
swift build -c release --product reel
exec .build/release/reel serve "$@"
