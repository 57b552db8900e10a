#!/usr/bin/env bash
# `make station`: the desktop print station for IT, in build/station/:
#   lifetag-station-linux-amd64        the Linux binary (Wails, webkit2gtk 4.1)
#   lifetag-station_VERSION_amd64.deb  its Debian package
#   lifetag-station.exe                the Windows exe, cross-compiled, signed
#   lifetag-station-setup.exe          the NSIS installer, signed
#   lifetag-station.msi                the MSI (msitools' wixl), signed
#   SHA256SUMS
#
# Signing (Authenticode, osslsigncode), from the environment:
#   SIGN_CERT + SIGN_KEY           PEM certificate (chain) and key, or
#   SIGN_PKCS12 + SIGN_PASSWORD    a PKCS#12 file and its password;
#   SIGN_TIMESTAMP_URL             optional RFC 3161 timestamp server, so the
#                                  signatures outlive the certificate.
# Without a certificate everything is built unsigned, and the script says so.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh station
. scripts/station-tools.sh

out=build/station
rm -rf "$out"
mkdir -p "$out"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The one version: the Wails project's productVersion (station/wails.json),
# also the exe's version resource. MSI and .deb versions must be numeric.
version="$(sed -n 's/.*"productVersion": *"\([0-9][0-9.]*\)".*/\1/p' station/wails.json)"
[ -n "$version" ] || { echo "station-build: no productVersion in station/wails.json" >&2; exit 1; }
commit="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
ldflags="-X main.version=$version+$commit"

echo "== station: the window (frontend/station.html -> station/web/dist)"
(cd frontend && npm run --silent build:station >/dev/null)

echo "== station: Linux binary and Windows exe (in parallel)"
wails="$(wails_cli)"
# Linux: exactly the go build that `wails build` runs (its tags), without the
# CLI's preflight, which wrongly reports webkit 4.0 missing on Debian 12.
(cd station && go build -trimpath -tags desktop,production,webkit2_41 \
  -ldflags "-s -w $ldflags" -o "../$out/lifetag-station-linux-amd64" .) &
linux=$!
# Windows: the Wails CLI, for the exe's icon, manifest and version resources
# (built from station/build/appicon.png and wails.json); pure Go, no CGO.
(cd station && CGO_ENABLED=0 "$wails" build -platform windows/amd64 -s -skipbindings -m \
  -nosyncgomod -trimpath -ldflags "$ldflags" -o lifetag-station.exe -v 0 >"$work/wails.log" 2>&1 \
  || { cat "$work/wails.log" >&2; exit 1; }) &
windows=$!
wait "$linux"
wait "$windows"
cp station/build/bin/lifetag-station.exe "$work/unsigned.exe"

echo "== station: .deb"
deb="$work/deb"
install -Dm755 "$out/lifetag-station-linux-amd64" "$deb/usr/bin/lifetag-station"
install -Dm644 station/build/linux/lifetag-station.desktop "$deb/usr/share/applications/lifetag-station.desktop"
install -Dm644 station/build/appicon.png "$deb/usr/share/icons/hicolor/512x512/apps/lifetag-station.png"
mkdir -p "$deb/DEBIAN"
cat >"$deb/DEBIAN/control" <<EOF
Package: lifetag-station
Version: $version
Architecture: amd64
Maintainer: Lifetag <it@lifetag.example>
Depends: libgtk-3-0, libwebkit2gtk-4.1-0
Recommends: cups-client
Section: utils
Priority: optional
Installed-Size: $(du -sk "$deb/usr" | cut -f1)
Description: Lifetag desktop print station
 Prints Lifetag emergency QR labels: physical-order fulfilment for admins
 and corporate batch printing, also offline. The cloud's address for every
 user of the machine goes in /etc/lifetag-station/config.json.
EOF
dpkg-deb --root-owner-group --build "$deb" "$out/lifetag-station_${version}_amd64.deb" >/dev/null

echo "== station: sign the exe, NSIS installer, sign it, MSI, sign it"
sign_init
sign "$work/unsigned.exe" "$out/lifetag-station.exe"
icon=station/build/windows/icon.ico # made by wails build from appicon.png
makensis -V2 -DVERSION="$version" -DEXE="$PWD/$out/lifetag-station.exe" -DICON="$PWD/$icon" \
  -DOUTFILE="$work/setup-unsigned.exe" station/build/nsis/lifetag-station.nsi >/dev/null
sign "$work/setup-unsigned.exe" "$out/lifetag-station-setup.exe"
wixl -a x64 -D Version="$version" -D Exe="$out/lifetag-station.exe" -D Icon="$icon" \
  -o "$work/unsigned.msi" station/build/wix/lifetag-station.wxs
# wixl sets SecureCustomProperties itself (for the upgrade); CLOUDURL joins it
# so msiexec passes the value to the elevated install.
secure="$(msiinfo export "$work/unsigned.msi" Property | awk -F'\t' '$1 == "SecureCustomProperties" {print $2}')"
msibuild "$work/unsigned.msi" -q "UPDATE \`Property\` SET \`Value\` = 'CLOUDURL;$secure' WHERE \`Property\` = 'SecureCustomProperties'"
sign "$work/unsigned.msi" "$out/lifetag-station.msi"

(cd "$out" && sha256sum -- * >SHA256SUMS)
echo "== station: built in $out ($signed_note)"
ls -l "$out"
