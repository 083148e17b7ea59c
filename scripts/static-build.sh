#!/usr/bin/env bash
# The release build that `make dist` and `make deb` package: the Swift runtime linked in
# (--static-swift-stdlib, so no Swift package is needed where it runs) and an RPATH of
# $ORIGIN/../lib as DT_RPATH (which the libraries it loads follow too): the tarball's lib/ beside
# bin/; under /usr/bin it names /usr/lib, where Debian's libraries are anyway. Prints the binary's
# path on its last line. DIST_SCRATCH (default .build-dist) is the build folder.
set -euo pipefail
cd "$(dirname "$0")/.."
flags=(-c release --product reel --static-swift-stdlib --scratch-path "${DIST_SCRATCH:-.build-dist}"
       -Xlinker --disable-new-dtags -Xlinker -rpath -Xlinker '$ORIGIN/../lib')
swift build "${flags[@]}" >&2
echo "$(swift build "${flags[@]}" --show-bin-path)/reel"
