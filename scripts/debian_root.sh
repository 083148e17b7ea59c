#!/usr/bin/env bash
# A minimal Debian 12 root for the tests that install Reel as a user would (scripts/deb_test.sh: a
# chroot; scripts/compose_test.sh: the base image of the compose stack): made once with
# `debootstrap --variant=minbase bookworm` into .build-deb/pristine (kept; users copy it), and
# .build-deb/sources.list, the apt sources such a root should have: bookworm, bookworm-updates and
# the security archive, from the mirrors this machine's apt sources name (no registry's name is
# written in the repository). Needs root and debootstrap.
set -euo pipefail
cd "$(dirname "$0")/.."
cache=$PWD/.build-deb
# The first Debian bookworm URI of the apt sources (deb822 or one-line; comments are not read) and
# the first security archive's, on one line.
read -r mirror security < <(python3 - <<'PY'
import glob, re
uris = []
for path in sorted(glob.glob("/etc/apt/sources.list.d/*.sources")):
    for stanza in open(path).read().split("\n\n"):
        if re.search(r"^Suites:.*\bbookworm", stanza, re.M):
            uris += re.findall(r"^URIs:\s*(\S+)", stanza, re.M)
for path in ["/etc/apt/sources.list"] + sorted(glob.glob("/etc/apt/sources.list.d/*.list")):
    try:
        for line in open(path):
            m = re.match(r"\s*deb\s+(?:\[[^]]*\]\s+)?(\S+)\s+bookworm", line)
            if m:
                uris.append(m.group(1))
    except OSError:
        pass
print(next((u for u in uris if "security" not in u), "-"), next((u for u in uris if "security" in u), "-"))
PY
)
[ "$mirror" != - ] || { echo "debian-root: no Debian bookworm mirror in this machine's apt sources" >&2; exit 1; }
mkdir -p "$cache"
if [ ! -f "$cache/pristine/.complete" ]; then
    rm -rf --one-file-system "$cache/pristine"
    echo "debian-root: debootstrap --variant=minbase bookworm from $mirror (once)"
    debootstrap --variant=minbase bookworm "$cache/pristine" "$mirror" >"$cache/debootstrap.log" 2>&1 \
        || { tail -20 "$cache/debootstrap.log" >&2; exit 1; }
    touch "$cache/pristine/.complete"
fi
{
    printf 'deb %s bookworm main\ndeb %s bookworm-updates main\n' "$mirror" "$mirror"
    [ "$security" = - ] || echo "deb $security bookworm-security main"
} > "$cache/sources.list"
