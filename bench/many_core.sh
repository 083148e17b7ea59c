#!/usr/bin/env bash
# The many-core measurement of chunked rendering (issue 41 item 3) on a machine without Swift,
# FFmpeg or Debian's libraries: unpacks a `make dist` tarball, then runs bench/cluster_bench.py on
# one node with 1, 4, 8 and 15 workers (BENCH_WORKERS) on its embedded SQLite store, the media
# made without ffmpeg (BENCH_MEDIA=synthetic: numpy and OpenCV, then `reel render`).
#
#   bench/many_core.sh dist/reel-<version>-linux-x86_64.tar.xz RESULTS_DIR
#
# Where the machine's glibc is older than the build machine's, put a glibc/ folder (the build
# machine's ld-linux, libc, libm, ...) beside bin/ and lib/ in the unpacked tree: reel then runs
# through that loader. Python 3 with numpy and opencv(-headless) must be there. The log and
# results.json go to RESULTS_DIR.
set -euo pipefail
cd "$(dirname "$0")/.."
tarball=$1
results=$2
mkdir -p "$results"
unpack=${MANY_CORE_UNPACK:-/tmp/reel-dist}
rm -rf "$unpack" && mkdir -p "$unpack"
python3 -c "import sys, tarfile; tarfile.open(sys.argv[1]).extractall(sys.argv[2])" "$tarball" "$unpack"
top=$(find "$unpack" -mindepth 1 -maxdepth 1 -type d | head -1)
reel="$top/bin/reel"
if ! "$reel" --version >/dev/null 2>&1; then
    if [ -d "$top/glibc" ]; then
        cat > "$top/bin/reel-glibc" <<WRAP
#!/bin/sh
exec "$top/glibc/ld-linux-x86-64.so.2" --library-path "$top/glibc:$top/lib" "$top/bin/reel" "\$@"
WRAP
        chmod +x "$top/bin/reel-glibc"
        reel="$top/bin/reel-glibc"
    fi
    "$reel" --version || { echo "many_core: reel does not run here"; "$top/bin/reel" --version; exit 1; }
fi
echo "many_core: $("$reel" --version) on $(nproc) CPUs, $(uname -r); glibc $(ldd --version 2>/dev/null | head -1 | awk '{print $NF}')"
export BENCH_REEL="$reel" BENCH_MEDIA=synthetic BENCH_WORKERS=${BENCH_WORKERS:-1,4,8,15} PYTHONUNBUFFERED=1
set +e
python3 bench/cluster_bench.py 2>&1 | tee "$results/many_core.log"
status=${PIPESTATUS[0]}
cp bench/work/cluster/results.json "$results/" 2>/dev/null
exit "$status"
