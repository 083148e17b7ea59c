#!/bin/bash
# Installs Reel's Debian package into an image, for both recipes that make one: the repository's
# Dockerfile (the package built from source in its first stage) and deploy/images/reel/Dockerfile
# (the package from dist/). DIR holds reel_*_<arch>.deb (the newest version is taken); apt resolves
# its Depends from Debian. Then the folders under /srv/reel the image serves from.
#   install.sh DIR
set -euo pipefail
debs=$1
# The reel user before the package, with a fixed uid/gid (10001), so an orchestrator can check
# runAsNonRoot and set fsGroup (deploy/kubernetes); the package's postinst keeps a user it finds.
groupadd --system --gid 10001 reel
useradd --system --uid 10001 --gid reel --home-dir /var/lib/reel --no-create-home --shell /usr/sbin/nologin reel
deb=$(ls "$debs"/reel_*_"$(dpkg --print-architecture)".deb 2>/dev/null | sort -V | tail -n 1 || true)
[ -n "$deb" ] || { echo "install.sh: no reel_*.deb in $debs (make deb first)" >&2; exit 1; }
apt-get update
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    "$deb" tzdata ca-certificates fontconfig fonts-dejavu-core fonts-noto-core fonts-noto-cjk
rm -rf /var/lib/apt/lists/* "$debs"
if ldd /usr/bin/reel | grep 'not found'; then echo 'reel: missing shared libraries' >&2; exit 1; fi
mkdir -p /srv/reel/config /srv/reel/data /srv/reel/media
chown reel:reel /srv/reel/data /srv/reel/media
