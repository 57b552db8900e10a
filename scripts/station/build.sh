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
#                                  signatures (the NSIS uninstaller's too)
#                                  outlive the certificate.
# The version is scripts/version.sh's (the git tag, else pkg/version/VERSION),
# in every artifact; LIFETAG_VERSION=X.Y.Z builds another, and STATION_OUT
# another folder (tests).
# Without a certificate everything is built unsigned, and the script says so.
set -euo pipefail
cd "$(dirname "$0")/../.."

scripts/setup.sh station
. scripts/station/tools.sh

out="$(realpath -m "${STATION_OUT:-build/station}")"
rm -rf "$out"
mkdir -p "$out"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The one version (pkg/version): the git tag, else pkg/version/VERSION;
# LIFETAG_VERSION builds another (the Wine test's older build).
version="${LIFETAG_VERSION:-$(scripts/version.sh)}"
ldflags="$(version_ldflags "$version")"

echo "== station: the window (frontend/station.html -> station/web/dist)"
(cd frontend && npm run --silent build:station >/dev/null)

echo "== station: Linux binary and Windows exe (in parallel)"
wails_cli >/dev/null # installed once, before the two builds run
# Linux: exactly the go build that `wails build` runs (its tags), without the
# CLI's preflight, which wrongly reports webkit 4.0 missing on Debian 12.
(cd station && go build -trimpath -tags desktop,production,webkit2_41 \
  -ldflags "-s -w $ldflags" -o "$out/lifetag-station-linux-amd64" .) &
linux=$!
# Windows: the Wails CLI, for the exe's icon, manifest and version resources;
# pure Go, no CGO.
windows_exe "$version" "$work/unsigned.exe" &
windows=$!
wait "$linux"
wait "$windows"

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

echo "== station: sign the exe, NSIS installer (and its uninstaller), MSI"
sign_init
windows_installers "$version" "$work/unsigned.exe" "$out" "$work"

(cd "$out" && sha256sum -- * >SHA256SUMS)
echo "== station: built in $out ($signed_note)"
ls -l "$out"
