#!/usr/bin/env bash
# The whole test suite: installs missing dependencies, builds (debug), runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
swift build --build-tests
swift test --skip-build
