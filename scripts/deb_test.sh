#!/usr/bin/env bash
# `make deb-test`: the Debian package installed as a new user would, on a minimal Debian 12:
#   1. `systemd-analyze verify` accepts its unit (in the installed root, where ExecStart exists);
#   2. a minbase Debian 12 root made by debootstrap (scripts/debian_root.sh: once, kept in .build-deb/pristine; each run
#      works on a copy) gets systemd and the package with apt, which resolves its Depends from Debian;
#   3. `reel serve` starts there as the `reel` user with the package's /etc/reel/reel.json, and a
#      job with a title renders through the API; ffprobe reads the output back here.
# The mirror is the one this machine's apt sources name (no registry's name is written here).
# Needs root (chroot, mounts), debootstrap, curl and ffprobe. DEB (default: the newest dist/*.deb).
set -euo pipefail
cd "$(dirname "$0")/.."
arch=$(dpkg --print-architecture)
deb=${DEB:-$(ls -t dist/reel_*_"$arch".deb 2>/dev/null | head -1)}
[ -f "$deb" ] || { echo "deb-test: no package (make deb first)" >&2; exit 1; }
cache=$PWD/.build-deb
root=$cache/root
# The minimal Debian 12 root (made once) and the apt sources it gets.
./scripts/debian_root.sh
server=
# Whatever is mounted under the root (its /proc) is unmounted first, deepest first, and the root
# is deleted only when nothing is mounted there any more, and never across a file system
# (`--one-file-system`): a delete through a mount would reach this machine's own files.
remove_root() {
    local m
    for m in $(awk -v r="$root/" 'index($2, r) == 1 { print $2 }' /proc/mounts | sort -r); do umount -l "$m" || true; done
    if awk -v r="$root/" 'index($2, r) == 1 { found = 1 } END { exit !found }' /proc/mounts; then
        echo "deb-test: something is still mounted under $root; not deleting it" >&2
        return 1
    fi
    rm -rf --one-file-system "$root"
}
# The `reel serve` this test started: the first `reel` below the runuser it started (runuser forks
# it), found by ancestry, never by name: a machine with the package installed and serving has a
# `reel serve --config /etc/reel/reel.json` of its own, which this test must not touch.
served_pid() {
    local p=$server
    while [ -n "$p" ] && [ "$(ps -o comm= -p "$p" 2>/dev/null)" != reel ]; do p=$(pgrep -P "$p" | head -1 || true); done
    echo "$p"
}
cleanup() {
    set +e
    if [ -n "$server" ]; then
        local reel
        reel=$(served_pid)
        [ -n "$reel" ] && kill "$reel" 2>/dev/null
        kill "$server" 2>/dev/null
        wait "$server" 2>/dev/null
    fi
    remove_root
}
trap cleanup EXIT
remove_root
# The copy keeps debootstrap's own device nodes (/dev/null, /dev/urandom, ...): no bind mount of
# this machine's /dev, only a /proc.
cp -a "$cache/pristine" "$root"
mount -t proc proc "$root/proc"
cp /etc/resolv.conf "$root/etc/resolv.conf"
cp "$cache/sources.list" "$root/etc/apt/sources.list"
cp "$deb" "$root/tmp/reel.deb"
echo "deb-test: apt-get install $(basename "$deb") into a minimal Debian 12"
chroot "$root" apt-get update -qq >"$cache/apt.log" 2>&1 || { tail -20 "$cache/apt.log" >&2; exit 1; }
# With systemd, as a server has it: its units are what `systemd-analyze verify` checks ours against.
DEBIAN_FRONTEND=noninteractive chroot "$root" apt-get install -y -qq systemd /tmp/reel.deb >>"$cache/apt.log" 2>&1 \
    || { tail -30 "$cache/apt.log" >&2; exit 1; }

echo "deb-test: systemd-analyze verify reel.service"
systemd-analyze verify --root="$root" /lib/systemd/system/reel.service

chroot "$root" getent passwd reel >/dev/null || { echo "deb-test: no reel user" >&2; exit 1; }
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
chroot "$root" sh -c "cd /var/lib/reel && exec runuser -u reel -- env REEL_LISTEN=127.0.0.1:$port reel serve --config /etc/reel/reel.json" \
    >"$cache/serve.log" 2>&1 &
server=$!
base=http://127.0.0.1:$port
for _ in $(seq 1 300); do curl -fs "$base/readyz" >/dev/null 2>&1 && break; sleep 0.1; done
curl -fs "$base/readyz" >/dev/null || { tail -20 "$cache/serve.log" >&2; echo "deb-test: reel serve did not become ready" >&2; exit 1; }
# By uid: this machine's names for the root's uids are its own.
reel=$(served_pid)
[ -n "$reel" ] || { echo "deb-test: no reel process under the runuser this test started" >&2; exit 1; }
uid=$(ps -o uid= -p "$reel" | tr -d ' ')
[ "$uid" = "$(chroot "$root" id -u reel)" ] || { echo "deb-test: reel serve runs as uid $uid, not reel's" >&2; exit 1; }
spec='{"version":1,"output":{"width":320,"height":180,"frameRate":30},"timeline":{"videos":[{"color":"#203040","duration":1}],"overlays":[{"type":"text","text":"Installed","start":0,"duration":1}]}}'
id=$(curl -fs -X POST "$base/v1/jobs" -H 'Content-Type: application/json' -d "$spec" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
status=
for _ in $(seq 1 1200); do
    status=$(curl -fs "$base/v1/jobs/$id" | python3 -c 'import json,sys; print(json.load(sys.stdin)["status"])')
    case "$status" in succeeded|failed|canceled) break ;; esac
    sleep 0.1
done
[ "$status" = succeeded ] || { curl -s "$base/v1/jobs/$id" >&2; tail -20 "$cache/serve.log" >&2; echo "deb-test: the job ended $status" >&2; exit 1; }
curl -fs "$base/v1/jobs/$id/output" -o "$cache/output.mp4"
frames=$(ffprobe -v error -select_streams v -count_packets -show_entries stream=nb_read_packets -of csv=p=0 "$cache/output.mp4")
[ "$frames" = 30 ] || { echo "deb-test: the output has $frames frames, not 30" >&2; exit 1; }
echo "deb-test: passed (installed from $(basename "$deb"), served as reel, rendered $id: $frames frames)"
