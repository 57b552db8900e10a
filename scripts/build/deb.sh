#!/usr/bin/env bash
# scripts/build/deb.sh BIN [OUT]: the cloud's Debian package (default
# build/lifetag-cloud_VERSION_amd64.deb; `make deb`), from deploy/debian/:
#   /usr/bin/lifetag-cloud                    BIN (static: it depends on nothing)
#   /lib/systemd/system/lifetag-cloud.service the hardened unit
#   /etc/lifetag/cloud.env                    the settings, 0600 root, a conffile
# and the maintainer scripts (postinst, prerm, postrm: purge deletes the
# settings and the state directory).
set -euo pipefail
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: scripts/build/deb.sh BIN [OUT]" >&2; exit 2; }
cd "$(dirname "$0")/../.."
bin="$(realpath "$1")"
version="$(scripts/version.sh)"
out="$(realpath -m "${2:-build/lifetag-cloud_${version}_amd64.deb}")"
if ! go version -m "$bin" | grep -q 'CGO_ENABLED=0'; then
  echo "deb: $bin is not a static build (scripts/build/cloud.sh builds with CGO_ENABLED=0)" >&2
  exit 1
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
deb="$work/deb"
install -Dm755 "$bin" "$deb/usr/bin/lifetag-cloud"
install -Dm644 deploy/debian/lifetag-cloud.service "$deb/lib/systemd/system/lifetag-cloud.service"
install -Dm600 deploy/debian/cloud.env "$deb/etc/lifetag/cloud.env"
chmod 0755 "$deb/etc/lifetag"
mkdir -p "$deb/DEBIAN"
install -m755 deploy/debian/postinst deploy/debian/prerm deploy/debian/postrm "$deb/DEBIAN/"
echo /etc/lifetag/cloud.env >"$deb/DEBIAN/conffiles"
cat >"$deb/DEBIAN/control" <<CONTROL
Package: lifetag-cloud
Version: $version
Architecture: amd64
Maintainer: Lifetag <it@lifetag.example>
Recommends: ca-certificates, tzdata, postgresql
Section: web
Priority: optional
Installed-Size: $(du -sk "$deb/usr" | cut -f1)
Description: Lifetag cloud: the site and API
 Emergency QR codes for riders and workers: the website, the API and the
 corporate library in one static binary, on SQLite or PostgreSQL, run by
 systemd as lifetag-cloud.service. Settings in /etc/lifetag/cloud.env.
CONTROL
mkdir -p "$(dirname "$out")"
# zstd: built in a second where xz takes most of a minute, for a few MB
# more; read by dpkg 1.21.18 and later (Debian 12, Ubuntu 22.04).
dpkg-deb --root-owner-group -Zzstd --build "$deb" "$out" >/dev/null
echo "== deb: $out ($(du -m "$out" | cut -f1) MB)"
