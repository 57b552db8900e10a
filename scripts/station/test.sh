#!/usr/bin/env bash
# The desktop print station's proofs, on Linux:
#  1. `make station` with a throwaway signing certificate and timestamp
#     server (scripts/station/tsa.py); osslsigncode verifies the exe, the NSIS
#     installer and the MSI and their timestamps (and refuses them against
#     another certificate); dpkg-deb and msiinfo read the packages.
#  2. The station's window in Chromium (Playwright, e2e/station.spec.ts): the
#     packaged binary in --browser mode, signed in to a real cloud, saves an
#     order's labels as a PDF and ships it.
#  3. The packaged binary as a desktop window under Xvfb, signed in with the
#     session the journey left: a screenshot of the signed-in queue, kept in
#     frontend/test-results/station/, checked to show the signed-in shell.
#  4. The cloud stopped: the window, in Chromium again, prints an order the
#     first journey left open from the station's cache and queues its
#     shipping (e2e/station-offline.spec.ts).
#  5. The cloud back: a corporate user signs in at the corporate door and
#     batch-prints two library codes (e2e/station-batch.spec.ts).
#  6. The cloud stopped again: the same user prints both codes from the
#     station's cached library; started again, the cloud gets the queued
#     print run once (e2e/station-batch-offline.spec.ts).
#  7. docs/station.md's checks of a download (scripts/station/test-origin.sh).
#     One version (scripts/version.sh) read back from the Linux binary, the
#     .deb, the exe's and the NSIS installer's fixed and string versions, the
#     MSI and the cloud's /api/health.
#  8. The installers installed under Wine (scripts/station/test-wine.sh).
#  9. An older station (0.0.9, built here) against a cloud whose
#     STATION_MIN_VERSION is this version: the banner shows the cloud's
#     message, the station prints from its cache and keeps the print run;
#     this build on the same folders (the upgrade) sends it
#     (e2e/station-too-old.spec.ts).
# Needs the Debian packages of scripts/debian-packages{,-station,-wine}.txt (set up
# here) and Debian's chromium; never downloads a browser. Loopback only.
set -euo pipefail
cd "$(dirname "$0")/../.."
started=$SECONDS

scripts/setup.sh station wine
. scripts/lib.sh
. scripts/station/tools.sh

export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# The station run below moves XDG_CACHE_HOME into the work folder; Go's
# build cache stays where it is, so the builds here (the old station's cgo
# build included) reuse it from run to run.
export GOCACHE="$(go env GOCACHE)"
CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
results=frontend/test-results/station
mkdir -p "$results"
work="$(mktemp -d)"
pids=()
cleanup() {
  local pid
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

echo "== station: build with a throwaway signing certificate and timestamp server"
throwaway_cert "$work"
# A throwaway RFC 3161 timestamp server on loopback (scripts/station/tsa.py).
mkdir "$work/tsa"
/usr/bin/python3 scripts/station/tsa.py "$work/tsa" >"$work/tsa/port" 2>"$work/tsa/log" &
pids+=($!)
wait_until $! file_written "$work/tsa/port" || { cat "$work/tsa/log" >&2; echo "station: the timestamp server did not start" >&2; exit 1; }
SIGN_CERT="$work/cert.pem" SIGN_KEY="$work/key.pem" SIGN_TIMESTAMP_URL="http://127.0.0.1:$(head -1 "$work/tsa/port")" \
  scripts/station/build.sh >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
pkg=build/station
bin="$pkg/lifetag-station-linux-amd64"

echo "== station: signatures and packages"
# grep >/dev/null rather than grep -q below: -q stops reading at the first
# match, and the writer's broken pipe would fail the line under pipefail.
mkdir "$work/other"
throwaway_cert "$work/other"
for f in lifetag-station.exe lifetag-station-setup.exe lifetag-station.msi; do
  osslsigncode verify -CAfile "$work/cert.pem" -TSA-CAfile "$work/tsa/tsa.pem" -in "$pkg/$f" >"$work/verify.log" 2>&1 &&
    grep -q "Signature verification: ok" "$work/verify.log" &&
    grep -q "Timestamp Server Signature verification: ok" "$work/verify.log" ||
    { cat "$work/verify.log" >&2; echo "station: $f: signature or timestamp not verified" >&2; exit 1; }
  # The check can fail: the same file against a certificate that did not sign it.
  if osslsigncode verify -CAfile "$work/other/cert.pem" -in "$pkg/$f" >/dev/null 2>&1; then
    echo "station: $f verifies against a certificate that did not sign it" >&2
    exit 1
  fi
  echo "   $f: Authenticode signature and its timestamp verified"
done
deb="$(ls "$pkg"/lifetag-station_*_amd64.deb)"
dpkg-deb --info "$deb" | grep "^ Package: lifetag-station$" >/dev/null || { echo "station: dpkg-deb cannot read $deb" >&2; exit 1; }
dpkg-deb --contents "$deb" | grep "./usr/bin/lifetag-station$" >/dev/null || { echo "station: $deb lacks the binary" >&2; exit 1; }
echo "   $(basename "$deb"): $(dpkg-deb --field "$deb" Package Version | tr '\n' ' ')"
msiinfo suminfo "$pkg/lifetag-station.msi" | grep "^Subject: Lifetag Station$" >/dev/null || { echo "station: msiinfo cannot read the MSI" >&2; exit 1; }
msiinfo tables "$pkg/lifetag-station.msi" | grep -x Registry >/dev/null || { echo "station: the MSI has no Registry table" >&2; exit 1; }
msiinfo export "$pkg/lifetag-station.msi" Property | tr -d '\r' | grep -x "SecureCustomProperties	CLOUDURL;[A-Z0-9_;]*" >/dev/null ||
  { echo "station: CLOUDURL is not a secure property of the MSI" >&2; exit 1; }
echo "   lifetag-station.msi: summary, tables and the CLOUDURL property read"
(cd "$pkg" && sha256sum --quiet -c SHA256SUMS)
echo "   SHA256SUMS: every artifact matches"

echo "== station: docs/station.md's checks of a download, and the MSI's same-version upgrade"
SIGN_CERT="$work/cert.pem" TSA_CERT="$work/tsa/tsa.pem" scripts/station/test-origin.sh "$pkg"

echo "== station: one version in every artifact"
version="$(scripts/version.sh)"
read_back() { # WHAT GOT: fails unless GOT is the version
  [ "$2" = "$version" ] || { echo "station: $1 says \"$2\", want $version" >&2; exit 1; }
}
read_back "the Linux binary's --version" "$("$bin" --version)"
read_back "the .deb's Version" "$(dpkg-deb --field "$deb" Version)"
for f in lifetag-station.exe lifetag-station-setup.exe; do
  for tag in ProductVersion FileVersion; do read_back "$f's $tag string" "$(exiftool -s3 -"$tag" "$pkg/$f")"; done
  for tag in ProductVersionNumber FileVersionNumber; do read_back "$f's fixed $tag" "$(exiftool -s3 -"$tag" "$pkg/$f" | sed 's/\.0$//')"; done
done
read_back "the MSI's ProductVersion" "$(msiinfo export "$pkg/lifetag-station.msi" Property | tr -d '\r' | awk -F'\t' '$1 == "ProductVersion" {print $2}')"
echo "   $version: the Linux binary, the .deb, the exe's and the NSIS installer's fixed and string versions, the MSI"

echo "== station: the installers, installed under Wine"
SIGN_CERT="$work/cert.pem" SIGN_KEY="$work/key.pem" TSA_CERT="$work/tsa/tsa.pem" \
  SIGN_TIMESTAMP_URL="http://127.0.0.1:$(head -1 "$work/tsa/port")" scripts/station/test-wine.sh "$pkg"

echo "== station: the cloud"
scripts/build/site.sh "$work/lifetag-cloud" >/dev/null
cloud_port="$(free_port 18300 18399)"
base="http://127.0.0.1:$cloud_port"
# start_cloud starts (or, on the same data, restarts) the cloud.
start_cloud() { # [NAME=value...]: extra settings
  env "$@" HOST=127.0.0.1 PORT="$cloud_port" DATA_DIR="$work/data" LIFETAG_ENV=development LOG_LEVEL=warn \
    ADMIN_EMAILS="station@lifetag.test" RATE_LIMIT_PER_IP=10000 RATE_LIMIT_PER_ADDRESS=10000 TRIAL_REGISTRATIONS_PER_DAY=10000 \
    RATE_LIMIT_ANALYTICS_PER_IP=10000 RATE_LIMIT_API_PER_CLIENT=1000000 "$work/lifetag-cloud" >>"$work/cloud.log" 2>&1 &
  cloud_pid=$!
  pids+=("$cloud_pid")
  wait_for_port "$cloud_port" "$cloud_pid" || { tail -20 "$work/cloud.log" >&2; exit 1; }
}
start_cloud
read_back "the cloud's /api/health" "$(curl -fsS "$base/api/health" | sed -n 's/.*"version":"\([^"]*\)".*/\1/p')"
echo "   $version: the cloud's /api/health (pkg/client's User-Agent: go test ./client -run TestVersionAndTooOld)"

echo "== station: the window in Chromium (--browser mode)"
station_port="$(free_port 18400 18499)"
mkdir -p "$work/saved"
# The station keeps its settings and session (the 0600 secrets files, as no
# keyring runs here) in XDG_CONFIG_HOME and its offline cache in
# XDG_CACHE_HOME; the Xvfb check below opens the desktop window on the same
# folders, signed in.
export XDG_CONFIG_HOME="$work/config" XDG_CACHE_HOME="$work/cache"
"$bin" --browser "127.0.0.1:$station_port" --save-dir "$work/saved" \
  >"$work/station-browser.log" 2>&1 &
browser_pid=$!
pids+=("$browser_pid")
wait_for_port "$station_port" "$browser_pid" || { tail -20 "$work/station-browser.log" >&2; exit 1; }
status=0
(cd frontend && E2E_BASE_URL="$base" E2E_OUTBOX="$work/data/outbox" CHROMIUM="$CHROMIUM" \
  STATION_URL="http://127.0.0.1:$station_port" STATION_SAVE_DIR="$work/saved" \
  npx playwright test e2e/station.spec.ts) || status=1
kill "$browser_pid"
wait "$browser_pid" 2>/dev/null || true
if [ "$status" -ne 0 ]; then
  echo "-- station log:"; tail -20 "$work/station-browser.log"
  echo "-- cloud log:"; tail -20 "$work/cloud.log"
  exit 1
fi

echo "== station: the packaged binary under Xvfb, signed in"
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$work/display" 2>"$work/xvfb.log" &
pids+=($!)
# Xvfb writes its display number once it accepts clients.
wait_until $! file_written "$work/display" || { cat "$work/xvfb.log" >&2; echo "station: Xvfb did not start" >&2; exit 1; }
export DISPLAY=":$(cat "$work/display")"
"$bin" >"$work/station-window.log" 2>&1 &
window_pid=$!
pids+=("$window_pid")
# WebKit paints the page some seconds after the window maps, more on a busy
# machine: photograph the screen until it shows the signed-in shell (the
# online banner's colour over a good part of its width, and the order
# queue's rows); the hang limit ends a window that never does.
shot="$results/station-window.png"
deadline=$((SECONDS + LIFETAG_HANG_SECONDS))
until import -window root "$shot" 2>/dev/null && /usr/bin/python3 scripts/station/screen-check.py "$shot"; do
  if ! kill -0 "$window_pid" 2>/dev/null; then
    cat "$work/station-window.log" >&2
    echo "station: the window exited" >&2
    exit 1
  fi
  if [ "$SECONDS" -ge "$deadline" ]; then
    /usr/bin/python3 scripts/station/screen-check.py --explain "$shot" >&2 || true
    echo "station: the window never showed the signed-in queue; last screenshot: $shot" >&2
    exit 1
  fi
  sleep 1
done
echo "   screenshot of the signed-in window: $shot"
kill "$window_pid"
wait "$window_pid" 2>/dev/null || true

echo "== station: offline (the cloud stopped), in Chromium"
kill "$cloud_pid"
wait "$cloud_pid" 2>/dev/null || true
mkdir -p "$work/saved-offline"
"$bin" --browser "127.0.0.1:$station_port" --save-dir "$work/saved-offline" >"$work/station-offline.log" 2>&1 &
offline_pid=$!
pids+=("$offline_pid")
wait_for_port "$station_port" "$offline_pid"
(cd frontend && CHROMIUM="$CHROMIUM" STATION_URL="http://127.0.0.1:$station_port" \
  STATION_SAVE_DIR="$work/saved-offline" npx playwright test e2e/station-offline.spec.ts) ||
  { echo "-- station log:"; tail -20 "$work/station-offline.log"; exit 1; }
kill "$offline_pid"
wait "$offline_pid" 2>/dev/null || true

echo "== station: corporate batch printing (the cloud back), in Chromium"
start_cloud
mkdir -p "$work/saved-batch"
"$bin" --browser "127.0.0.1:$station_port" --save-dir "$work/saved-batch" >"$work/station-batch.log" 2>&1 &
batch_pid=$!
pids+=("$batch_pid")
wait_for_port "$station_port" "$batch_pid"
(cd frontend && E2E_BASE_URL="$base" E2E_OUTBOX="$work/data/outbox" CHROMIUM="$CHROMIUM" \
  STATION_URL="http://127.0.0.1:$station_port" STATION_SAVE_DIR="$work/saved-batch" \
  npx playwright test e2e/station-batch.spec.ts) ||
  { echo "-- station log:"; tail -20 "$work/station-batch.log"; echo "-- cloud log:"; tail -20 "$work/cloud.log"; exit 1; }
kill "$batch_pid"
wait "$batch_pid" 2>/dev/null || true

echo "== station: corporate batch printing offline (the cloud stopped), in Chromium"
kill "$cloud_pid"
wait "$cloud_pid" 2>/dev/null || true
mkdir -p "$work/saved-batch-offline"
"$bin" --browser "127.0.0.1:$station_port" --save-dir "$work/saved-batch-offline" \
  >"$work/station-batch-offline.log" 2>&1 &
batch_pid=$!
pids+=("$batch_pid")
wait_for_port "$station_port" "$batch_pid"
(cd frontend && CHROMIUM="$CHROMIUM" STATION_URL="http://127.0.0.1:$station_port" \
  STATION_SAVE_DIR="$work/saved-batch-offline" \
  npx playwright test e2e/station-batch-offline.spec.ts -g "cloud stopped") ||
  { echo "-- station log:"; tail -20 "$work/station-batch-offline.log"; exit 1; }

echo "== station: the queued print run reaches the cloud once (the cloud back), in Chromium"
start_cloud
(cd frontend && E2E_BASE_URL="$base" CHROMIUM="$CHROMIUM" STATION_URL="http://127.0.0.1:$station_port" \
  STATION_SAVE_DIR="$work/saved-batch-offline" STATION_ONLINE_SAVE_DIR="$work/saved-batch" \
  npx playwright test e2e/station-batch-offline.spec.ts -g "cloud answers") ||
  { echo "-- station log:"; tail -20 "$work/station-batch-offline.log"; echo "-- cloud log:"; tail -20 "$work/cloud.log"; exit 1; }

old_version=0.0.9
echo "== station: an older station ($old_version, built here) against a cloud that wants $version, in Chromium"
(cd station && go build -trimpath -tags desktop,production,webkit2_41 \
  -ldflags "-s -w $(version_ldflags "$old_version")" -o "$work/lifetag-station-old" .)
[ "$("$work/lifetag-station-old" --version)" = "$old_version" ] || { echo "station: the old build is not $old_version" >&2; exit 1; }
kill "$batch_pid" "$cloud_pid"
wait "$batch_pid" "$cloud_pid" 2>/dev/null || true
start_cloud STATION_MIN_VERSION="$version"
mkdir -p "$work/saved-old"
"$work/lifetag-station-old" --browser "127.0.0.1:$station_port" --save-dir "$work/saved-old" >"$work/station-old.log" 2>&1 &
old_pid=$!
pids+=("$old_pid")
wait_for_port "$station_port" "$old_pid"
(cd frontend && E2E_BASE_URL="$base" CHROMIUM="$CHROMIUM" STATION_URL="http://127.0.0.1:$station_port" \
  STATION_SAVE_DIR="$work/saved-old" STATION_MIN_VERSION="$version" \
  npx playwright test e2e/station-too-old.spec.ts -g "out-of-date") ||
  { echo "-- station log:"; tail -20 "$work/station-old.log"; echo "-- cloud log:"; tail -20 "$work/cloud.log"; exit 1; }
kill "$old_pid"
wait "$old_pid" 2>/dev/null || true

echo "== station: upgraded, the kept print run reaches the cloud, in Chromium"
"$bin" --browser "127.0.0.1:$station_port" --save-dir "$work/saved-old" >"$work/station-upgraded.log" 2>&1 &
pids+=($!)
wait_for_port "$station_port" $!
(cd frontend && E2E_BASE_URL="$base" CHROMIUM="$CHROMIUM" STATION_URL="http://127.0.0.1:$station_port" \
  npx playwright test e2e/station-too-old.spec.ts -g "upgrade") ||
  { echo "-- station log:"; tail -20 "$work/station-upgraded.log"; echo "-- cloud log:"; tail -20 "$work/cloud.log"; exit 1; }
echo "station: all checks passed in $((SECONDS - started)) s"
