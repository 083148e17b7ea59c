#!/usr/bin/env bash
# `make deb`: dist/reel_<version>_<arch>.deb, a Debian 12 package built with dpkg-deb from the
# release build of scripts/static-build.sh (the Swift runtime linked in):
#
#   /usr/bin/reel                       the binary, stripped
#   /etc/reel/reel.json                 its settings (a conffile): deploy/debian/reel.json
#   /lib/systemd/system/reel.service    the sandboxed unit: deploy/debian/reel.service
#   /usr/share/doc/reel/copyright
#   postinst / prerm / postrm           the `reel` system user and /var/lib/reel; purge removes both
#
# Depends is computed from what the binary links (dpkg-shlibdeps over Debian's shlibs and symbols
# files), never written by hand, plus adduser for the maintainer scripts. DIST_DIR (default dist).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${DIST_DIR:-dist}
bin=$(scripts/static-build.sh | tail -1)
version=$("$bin" --version)
arch=$(dpkg --print-architecture)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root="$stage/reel"
install -D -m 0755 "$bin" "$root/usr/bin/reel"
strip "$root/usr/bin/reel"
install -D -m 0644 deploy/debian/reel.json "$root/etc/reel/reel.json"
install -D -m 0644 deploy/debian/reel.service "$root/lib/systemd/system/reel.service"
install -D -m 0644 deploy/debian/copyright "$root/usr/share/doc/reel/copyright"
# dpkg-shlibdeps wants a source package's debian/control beside what it reads.
mkdir -p "$stage/debian"
printf 'Source: reel\n\nPackage: reel\nArchitecture: any\n' > "$stage/debian/control"
depends=$(cd "$stage" && dpkg-shlibdeps -O -e reel/usr/bin/reel 2>"$stage/shlibdeps.log" | sed -n 's/^shlibs:Depends=//p')
if [ -z "$depends" ]; then cat "$stage/shlibdeps.log" >&2; echo "deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; fi
mkdir -p "$root/DEBIAN"
install -m 0755 deploy/debian/postinst deploy/debian/prerm deploy/debian/postrm "$root/DEBIAN/"
echo /etc/reel/reel.json > "$root/DEBIAN/conffiles"
cat > "$root/DEBIAN/control" <<CONTROL
Package: reel
Version: $version
Architecture: $arch
Maintainer: Reel developers <reel@localhost>
Section: video
Priority: optional
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends, adduser
Description: self-hosted media-rendering service
 Reel renders video timelines described as JSON jobs (clips, transitions, titles, overlays,
 compositing, audio mixing) through FFmpeg, behind an HTTP API with a job queue, on one machine
 (SQLite) or many (PostgreSQL, S3).
CONTROL
mkdir -p "$out"
dpkg-deb --root-owner-group -Zxz --build "$root" "$out/reel_${version}_${arch}.deb" >/dev/null
echo "deb: $out/reel_${version}_${arch}.deb ($(du -h "$out/reel_${version}_${arch}.deb" | cut -f1)); Depends: $depends, adduser"
