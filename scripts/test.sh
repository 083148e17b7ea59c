#!/usr/bin/env bash
# The whole test suite: installs missing dependencies, fuzzes the parsers briefly, builds the Debian
# package and installs it into a debootstrapped Debian 12 (scripts/deb_test.sh), starts the compose
# stack from it (scripts/compose_test.sh), builds (debug), runs every test (XCTest).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
# A bounded libFuzzer run of the parsers and probe first (FUZZ_SECONDS each, 15 by default; 0 skips
# it), so the suite's closing line below stays the last one.
if [ "${FUZZ_SECONDS:-15}" != "0" ]; then FUZZ_SECONDS=${FUZZ_SECONDS:-15} ./scripts/fuzz.sh; fi
swift build --build-tests
# The HTTP API against openapi.yaml (schemathesis, bounded; CONFORMANCE_SECONDS=0 skips it).
if [ "${CONFORMANCE_SECONDS:-40}" != "0" ]; then ./scripts/conformance.sh; fi
# The Debian package: built (the static release build, `make deb`), installed with apt into a
# minimal Debian 12 made by debootstrap, served as the reel user, a job rendered through it
# (scripts/deb_test.sh; as root, for chroot; DEB_TEST=0 leaves it out on purpose). Then the compose
# stack started for real from that package (scripts/compose_test.sh: a Docker engine of its own,
# PostgreSQL, S3, two nodes, nginx with TLS, a node killed mid-render; COMPOSE_TEST=0 leaves it out).
if [ "${DEB_TEST:-1}" != "0" ] || [ "${COMPOSE_TEST:-1}" != "0" ]; then
  as_root=""
  if [ "$(id -u)" -ne 0 ]; then
    sudo -n true 2>/dev/null || { echo "deb-test, compose-test: need root or sudo (chroot, a Docker engine); DEB_TEST=0 COMPOSE_TEST=0 leave them out" >&2; exit 1; }
    as_root="sudo -n"
  fi
  ./scripts/deb.sh
  if [ "${DEB_TEST:-1}" != "0" ]; then $as_root ./scripts/deb_test.sh; fi
  if [ "${COMPOSE_TEST:-1}" != "0" ]; then $as_root ./scripts/compose_test.sh; fi
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
set +e
swift test --skip-build --disable-swift-testing 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
# The failures again, together, so the end of the output (all a CI log may keep) names them.
if grep -qE "error: |' failed \(" "$log"; then
  echo "failures:"
  grep -E "error: |Test Case '.*' failed \(" "$log" | cut -c1-400 | tail -n 40 || true
fi
# One closing line: the tests XCTest's final summary executed, and the failed ones among them
# counted as test cases (its summary's "failures" counts failed assertions, several a test).
summary=$(grep -E "Executed [0-9]+ tests?, with [0-9]+ failures?" "$log" | tail -n 1 || true)
executed=$(echo "$summary" | sed -E 's/.*Executed ([0-9]+) tests?.*/\1/')
failed=$({ grep -E "Test Case '.*' failed \(" "$log" || true; } | sed -E "s/.*Test Case '([^']*)' failed.*/\1/" | sort -u | wc -l)
if [ -n "$summary" ]; then
  echo "tests: $((executed - failed)) passed, $failed failed"
fi
exit "$status"
