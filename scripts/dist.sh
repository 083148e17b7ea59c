#!/usr/bin/env bash
# `make dist`: a self-contained tarball of `reel` for Linux on this machine's architecture,
# dist/reel-<version>-linux-<arch>.tar.xz, that runs where nothing of Reel's is installed:
#
#   bin/reel       the release build of scripts/static-build.sh (the Swift runtime linked in, an
#                  RPATH of $ORIGIN/../lib), stripped
#   lib/           every shared library it needs (FFmpeg and its codecs, libcurl, libpq, FreeType,
#                  ...) as this machine has them, except glibc's own, which must be the system's:
#                  the target needs glibc at least as new as this machine's (2.36 on Debian 12)
#   licenses/      the Debian copyright file of each package a library comes from
#   README         the above, and how to run it
#
# It is what a machine without Debian's packages runs (the scale issue's many-core measurement);
# `make deb` instead depends on Debian's packages. DIST_SCRATCH (default .build-dist) is the build
# folder, DIST_DIR (default dist) where the tarball goes.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${DIST_DIR:-dist}
bin=$(scripts/static-build.sh | tail -1)
version=$("$bin" --version)
name="reel-$version-linux-$(uname -m)"
stage="$out/$name"
rm -rf "$stage" "$out/$name.tar.xz"
mkdir -p "$stage/bin" "$stage/lib" "$stage/licenses"
cp "$bin" "$stage/bin/reel"
strip "$stage/bin/reel"
# ldd lists the whole closure; glibc's libraries belong to the target's loader and stay behind.
ldd "$bin" | awk '/=> \// { print $3 }' | sort -u | while read -r lib; do
    case "$(basename "$lib")" in
        libc.so.*|libm.so.*|libdl.so.*|libpthread.so.*|librt.so.*|libresolv.so.*|libutil.so.*|libanl.so.*|ld-linux*|libgcc_s.so.*) continue ;;
    esac
    cp -L "$lib" "$stage/lib/"
    pkg=$(dpkg -S "$(readlink -f "$lib")" 2>/dev/null | head -1 | cut -d: -f1) || true
    if [ -n "${pkg:-}" ] && [ -f "/usr/share/doc/$pkg/copyright" ]; then
        cp "/usr/share/doc/$pkg/copyright" "$stage/licenses/$pkg.copyright"
    fi
done
missing=$(LD_LIBRARY_PATH= ldd "$stage/bin/reel" | grep 'not found' || true)
if [ -n "$missing" ]; then echo "dist: unresolved libraries: $missing" >&2; exit 1; fi
cat > "$stage/README" <<TEXT
Reel $version for Linux ($(uname -m)), self-contained.

  bin/reel serve            the server (reel --help for every command)
  bin/reel render spec.json -o out.mp4

bin/reel finds its libraries in lib/ by itself (RPATH \$ORIGIN/../lib): run it from wherever this
folder is unpacked. It needs the system's glibc, at least $(ldd --version | head -1 | awk '{print $NF}'), and, for text, fonts
that fontconfig finds. licenses/ holds the copyright of every library in lib/.
TEXT
tar -C "$out" -cf - "$name" | xz -T0 -6 > "$out/$name.tar.xz"
echo "dist: $out/$name.tar.xz ($(du -h "$out/$name.tar.xz" | cut -f1); unpacked $(du -sh "$stage" | cut -f1), $(ls "$stage/lib" | wc -l) libraries)"
