#!/usr/bin/env bash
# The Windows installers proven by installing them, under Wine
# 8.0 and Xvfb, each installer in its own fresh Wine prefix:
#   NSIS: install an older build (0.0.9, made here) with /CLOUDURL=, upgrade
#         to this build without it, a downgrade, a bad /CLOUDURL=, the MSI
#         over it, uninstall (setup /S /UNINSTALL), and again through the
#         Add/Remove entry's QuietUninstallString (winget's, Intune's);
#   MSI:  the same steps with msiexec, and the NSIS installer over it;
# after each step: the exit code, the files, the Start-menu shortcut, the
# registry (the cloud's address, the Add/Remove entry's name, publisher and
# version, one entry only) and the log line of a refusal. Before all that,
# in each fresh prefix (which has no WebView2 Runtime): this build refused
# by both installers with the same exit code (1603), nothing installed, then
# the older build installed with the option that skips the check; the
# runtime's registry value is then added as its installer writes it.
# Then the installed exe without WebView2 (with a test-only bcryptprimitives.dll, never shipped,
# see scripts/station/wine/bcryptprimitives.c): a screenshot of our message is kept
# in frontend/test-results/station/wine-no-webview2.png.
# Then IT's policy read by the installed exe (in its --browser mode, which
# needs no WebView2) from the registry: a user's first-run address loses to
# it, its printer, copies and calibration are the user's defaults, and a
# locked address wins over the user's own choice.
# Then, for each installer, the purge (setup /S /UNINSTALL /PURGE, msiexec /x
# PURGE=1): every user's cache and settings gone (two users, one added to
# the profile list here), the machine's address kept.
# Then the Windows build's spooler: a batch of 30 labels printed through
# Wine's spooler into a private CUPS-PDF printer, the PDF checked as the
# Linux print is (station/internal/printing/wine_test.go).
# Then IT's management of this build, each installer in a fresh prefix:
# the NSIS Add/Remove entry's EstimatedSize (the installed files' size);
# an MSI rebuilt at the same version (a new ProductCode) replaces the one
# installed, one entry left; docs/station.md's repair by properties (REINSTALL=ALL)
# puts back a deleted exe and keeps the address; and each purge removes the
# station's Credential Manager entry that the installed exe made at its
# start ("Lifetag Station:cache-key", where Wine keeps it).
# Prints one line: "wine: nsis install ok, upgrade ok, ...".
#
#   scripts/station/test-wine.sh               builds this version first
#   scripts/station/test-wine.sh DIR           this version's build in DIR,
#       signed with SIGN_CERT/SIGN_KEY, timestamped by SIGN_TIMESTAMP_URL
#       whose certificate is TSA_CERT (scripts/station/test.sh)
#   scripts/station/test-wine.sh --it [DIR]    IT's management only
#
# Wine has no UAC, no SmartScreen and no Authenticode check: those still
# need a real Windows machine (docs/station.md), and the script says so.
set -euo pipefail
cd "$(dirname "$0")/../.."
started=$SECONDS
it_only=""
if [ "${1:-}" = --it ]; then it_only=1; shift; fi

scripts/setup.sh station wine
. scripts/lib.sh
. scripts/station/tools.sh

results=frontend/test-results/station
mkdir -p "$results"
work="$(mktemp -d)"
xvfb_pid=""
cleanup() {
  local p
  for p in "$work"/prefix-*; do
    [ -d "$p" ] && WINEPREFIX="$p" wineserver -k 2>/dev/null || true
  done
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "wine: $*" >&2; exit 1; }

cache="${XDG_CACHE_HOME:-$HOME/.cache}/lifetag/wine"
mkdir -p "$cache"
wine_version="$(dpkg-query -W -f='${Version}' libwine)"

# Wine 8.0 is 64-bit only here, as both installers and the station are.
export WINEDEBUG=-all
# No Mono or Gecko prompts, and no menu entries in this machine's desktop.
export WINEDLLOVERRIDES="mscoree,mshtml,winemenubuilder.exe=d"

# The test-only bcryptprimitives.dll, built once per source.
shim="$cache/bcryptprimitives-$(sha256sum scripts/station/wine/bcryptprimitives.c | cut -c1-12).dll"
if [ ! -f "$shim" ]; then
  x86_64-w64-mingw32-gcc -shared -O2 -s -o "$shim" scripts/station/wine/bcryptprimitives.c
fi

# A booted prefix, made once (wineboot takes a while); each case gets a
# copy, hard-linked but for the registry files Wine rewrites.
template="$cache/prefix64-$wine_version"
if [ ! -f "$template/system.reg" ]; then
  echo "== wine: a template prefix, once"
  rm -rf "$template"
  WINEPREFIX="$template" wineboot -i >/dev/null 2>&1
  WINEPREFIX="$template" wineserver -w
fi
new_prefix() { # NAME: a fresh prefix, exported as WINEPREFIX
  export WINEPREFIX="$work/prefix-$1"
  cp -al "$template" "$WINEPREFIX"
  local f
  for f in "$template"/*.reg; do cp --remove-destination "$f" "$WINEPREFIX/"; done
}

Xvfb -displayfd 3 -screen 0 1024x768x24 -nolisten tcp 3>"$work/display" 2>"$work/xvfb.log" &
xvfb_pid=$!
wait_until "$xvfb_pid" file_written "$work/display" || fail "Xvfb did not start: $(cat "$work/xvfb.log")"
export DISPLAY=":$(cat "$work/display")"

# The builds: this version (given, or built now) and an older one.
if [ -n "${1:-}" ]; then
  new="$(realpath "$1")"
  [ -n "${SIGN_CERT:-}" ] || fail "give SIGN_CERT and SIGN_KEY, the certificate $new was signed with"
else
  echo "== wine: build this version with a throwaway certificate"
  throwaway_cert "$work"
  export SIGN_CERT="$work/cert.pem" SIGN_KEY="$work/key.pem"
  STATION_OUT="$work/new" scripts/station/build.sh >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
  new="$work/new"
fi
version="$(scripts/version.sh)"
old_version=0.0.9
sign_init >/dev/null 2>&1
if [ -z "$it_only" ]; then
echo "== wine: an older build ($old_version) of the exe and installers"
mkdir -p "$work/old" "$work/old-work"
windows_exe "$old_version" "$work/old-work/unsigned.exe"
windows_installers "$old_version" "$work/old-work/unsigned.exe" "$work/old" "$work/old-work"
fi

# --- reading a prefix ---------------------------------------------------
program_dir() { echo "$WINEPREFIX/drive_c/Program Files/Lifetag Station"; }
winpath() { echo "Z:${1//\//\\}"; }
config_key='HKLM\SOFTWARE\Lifetag\Station'
arp_key='HKLM\Software\Microsoft\Windows\CurrentVersion\Uninstall'
# regval KEY NAME: the value, or nothing.
regval() {
  wine reg query "$1" /v "$2" /reg:64 2>/dev/null | tr -d '\r' |
    awk -v n="$2" '$1 == n && $2 ~ /^REG_/ { sub(/^[ \t]*[^ \t]+[ \t]+REG_[A-Z_]+[ \t]*/, ""); print; exit }'
}
# arp: the Add/Remove entries named Lifetag Station, one line each:
# "version|publisher".
arp() {
  wine reg query "$arp_key" /s /reg:64 2>/dev/null | tr -d '\r' | awk '
    /^HKEY/ { if (name == "Lifetag Station") print version "|" publisher; name = version = publisher = "" }
    $1 == "DisplayName" { sub(/^[ \t]*DisplayName[ \t]+REG_SZ[ \t]*/, ""); name = $0 }
    $1 == "DisplayVersion" { version = $3 }
    $1 == "Publisher" { publisher = $3 }
    END { if (name == "Lifetag Station") print version "|" publisher }'
}
exe_version() { exiftool -s3 -ProductVersion "$(program_dir)/lifetag-station.exe" 2>/dev/null; }
# The Start-menu shortcut: the machine's Start menu; Wine's msi puts an
# ALLUSERS=1 shortcut in the user's (Windows puts it in the machine's).
shortcut() {
  local p
  for p in "$WINEPREFIX/drive_c/ProgramData/Microsoft/Windows/Start Menu/Programs" \
    "$WINEPREFIX"/drive_c/users/*/AppData/Roaming/Microsoft/Windows/"Start Menu"/Programs; do
    [ -f "$p/Lifetag Station.lnk" ] && { echo "$p/Lifetag Station.lnk"; return; }
  done
  return 0
}
temp_dir() { echo "$WINEPREFIX/drive_c/users/$USER/Temp"; }
[ -n "${USER:-}" ] || USER="$(id -un)"

# expect_installed VERSION CLOUDURL INSTALLER: what an installed station leaves.
expect_installed() {
  local want="$1" url="$2" by="$3" step="$4" entries
  [ -f "$(program_dir)/lifetag-station.exe" ] || fail "$step: no lifetag-station.exe in Program Files"
  [ "$(exe_version)" = "$want" ] || fail "$step: the installed exe is $(exe_version), want $want"
  [ -n "$(shortcut)" ] || fail "$step: no Start-menu shortcut"
  [ "$(regval "$config_key" CloudUrl)" = "$url" ] ||
    fail "$step: CloudUrl is \"$(regval "$config_key" CloudUrl)\", want \"$url\""
  entries="$(arp)"
  [ "$entries" = "$want|Lifetag" ] || fail "$step: Add/Remove entries: [$entries], want one, $want by Lifetag"
  if [ "$by" = nsis ]; then
    # NSIS's shortcut is the machine's, under Wine too (only Wine's msi misplaces its own).
    case "$(shortcut)" in
    "$WINEPREFIX/drive_c/ProgramData/"*) ;;
    *) fail "$step: the shortcut is in the user's Start menu, not the machine's: $(shortcut)" ;;
    esac
    [ -f "$(program_dir)/uninstall.exe" ] || fail "$step: no uninstall.exe"
    osslsigncode verify -CAfile "$SIGN_CERT" ${TSA_CERT:+-TSA-CAfile "$TSA_CERT"} -in "$(program_dir)/uninstall.exe" >"$work/verify.log" 2>&1 &&
      grep "Signature verification: ok" "$work/verify.log" >/dev/null ||
      fail "$step: the installed uninstall.exe is not signed: $(grep -m1 -i signature "$work/verify.log")"
    if [ -n "${TSA_CERT:-}" ] && ! grep "Timestamp Server Signature verification: ok" "$work/verify.log" >/dev/null; then
      fail "$step: the installed uninstall.exe's signature has no timestamp"
    fi
  else
    [ "$(regval "$config_key" Installer)" = msi ] || fail "$step: the MSI left no Installer=msi"
  fi
}
# A user's own files, as the station writes them: settings and calibration
# in %AppData%\Lifetag\station.json, the offline cache in %LocalAppData%\Lifetag.
user_settings() { echo "$WINEPREFIX/drive_c/users/$USER/AppData/Roaming/Lifetag/station.json"; }
user_cache() { echo "$WINEPREFIX/drive_c/users/$USER/AppData/Local/Lifetag/cache-kept-by-uninstall"; }
put_user_files() {
  mkdir -p "$(dirname "$(user_settings)")" "$(dirname "$(user_cache)")"
  echo '{"printer":"Office","calibration":{"offsetXmm":0.4,"offsetYmm":-0.3}}' >"$(user_settings)"
  echo cache >"$(user_cache)"
}
# expect_removed CLOUDURL: what an uninstall leaves (the address, and each
# user's settings, calibration and cache, by the rule).
expect_removed() {
  local url="$1" step="$2"
  grep -F '"offsetXmm":0.4' "$(user_settings)" >/dev/null 2>&1 || fail "$step: a user's settings and calibration are gone"
  [ -f "$(user_cache)" ] || fail "$step: a user's offline cache is gone"
  [ ! -e "$(program_dir)" ] || fail "$step: $(program_dir) is still there: $(ls "$(program_dir)")"
  [ -z "$(shortcut)" ] || fail "$step: the shortcut is still there"
  [ -z "$(arp)" ] || fail "$step: an Add/Remove entry is still there"
  [ -z "$(regval "$config_key" Installer)" ] || fail "$step: Installer is still set"
  [ "$(regval "$config_key" CloudUrl)" = "$url" ] || fail "$step: CloudUrl is \"$(regval "$config_key" CloudUrl)\", want it kept: $url"
  if compgen -G "$(temp_dir)/~nsu*.tmp" >/dev/null; then fail "$step: left $(ls -d "$(temp_dir)"/~nsu*.tmp)"; fi
}
# A second Windows user with station files, in the machine's profile list,
# for the purge; and the test-only bcryptprimitives.dll, as the purge is
# run by the installed exe.
other_profile() { echo "$WINEPREFIX/drive_c/users/lifetag-other"; }
put_other_user() {
  wine reg add 'HKLM\Software\Microsoft\Windows NT\CurrentVersion\ProfileList\S-1-5-21-1-2-3-1001' \
    /v ProfileImagePath /t REG_EXPAND_SZ /d 'C:\users\lifetag-other' /f /reg:64 >>"$work/wine.log" 2>&1
  mkdir -p "$(other_profile)/AppData/Local/Lifetag" "$(other_profile)/AppData/Roaming/Lifetag"
  echo cache >"$(other_profile)/AppData/Local/Lifetag/station-cache.db"
  echo '{}' >"$(other_profile)/AppData/Roaming/Lifetag/station.json"
  cp "$shim" "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll"
}
# expect_purged CLOUDURL: the program and every user's station files gone,
# the machine's address kept.
expect_purged() {
  local url="$1" step="$2" d
  for d in "$(dirname "$(user_settings)")" "$(dirname "$(user_cache)")" \
    "$(other_profile)/AppData/Local/Lifetag" "$(other_profile)/AppData/Roaming/Lifetag"; do
    [ ! -e "$d" ] || fail "$step: $d is still there"
  done
  [ ! -e "$(program_dir)" ] || fail "$step: $(program_dir) is still there"
  [ -z "$(arp)" ] || fail "$step: an Add/Remove entry is still there"
  [ "$(regval "$config_key" CloudUrl)" = "$url" ] || fail "$step: CloudUrl is \"$(regval "$config_key" CloudUrl)\", want it kept: $url"
}
# run_rc CMD...: the command's exit code, never failing the script.
run_rc() { local rc=0; "$@" >>"$work/wine.log" 2>&1 || rc=$?; echo "$rc"; }
# win_rc COMMAND-LINE: runs it from a batch file with cmd, as IT types it,
# and prints its exit code in full (wine's own exit status keeps 8 bits:
# msiexec's 1603 reads 67).
win_rc() {
  printf '@%s\r\n@echo exit code %%ERRORLEVEL%%\r\n' "$1" >"$work/run.bat"
  # cmd exits with the ERRORLEVEL the echo leaves alone: the line is the result.
  { wine cmd /c "$(winpath "$work/run.bat")" 2>>"$work/wine.log" || true; } | tr -d '\r' | sed -n 's/^exit code //p' | tail -1
}
nsis_log() { tr -d '\r' <"$(temp_dir)/lifetag-station-setup.log" 2>/dev/null; }

# The WebView2 Runtime as its Evergreen installer records it per machine
# (the test's stand-in: a version, no runtime).
webview2_key='HKLM\SOFTWARE\Microsoft\EdgeUpdate\Clients\{F3017226-FE2A-4295-8BDF-00C3A9A7E4C5}'
add_webview2() { wine reg add "$webview2_key" /v pv /t REG_SZ /d 131.0.2903.70 /f /reg:32 >>"$work/wine.log" 2>&1; }
remove_webview2() { wine reg delete "$webview2_key" /f /reg:32 >>"$work/wine.log" 2>&1; }
# expect_nothing_installed STEP
expect_nothing_installed() {
  [ ! -e "$(program_dir)" ] || fail "$1: $(program_dir) is there"
  [ -z "$(arp)" ] || fail "$1: an Add/Remove entry is there"
}

# bridge METHOD: Struct/Method's answer from the running exe's bridge.
bridge() {
  curl -fsS -X POST -H "Origin: http://$addr" -H 'Content-Type: application/json' -d '[]' "http://$addr/bridge/$1"
}
# with_station CHECK: starts the installed exe in browser mode, runs CHECK
# once it answers, stops it.
with_station() {
  addr="127.0.0.1:$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
  wine "$(program_dir)/lifetag-station.exe" --browser "$addr" >"$work/exe.log" 2>&1 &
  local pid=$!
  wait_until "$pid" bridge Station/Info || fail "station: the installed exe never answered: $(tail -5 "$work/exe.log")"
  "$@"
  WINEPREFIX="$WINEPREFIX" wineserver -k
  wait "$pid" 2>/dev/null || true
}

url=https://lifetag.example.org
nsis=() msis=()
new_setup="$new/lifetag-station-setup.exe"
# msi ARGUMENTS: msiexec's exit code, run as IT would (docs/station.md).
msi() { win_rc "start /wait \"\" msiexec $1"; }

if [ -z "$it_only" ]; then
echo "== wine: NSIS"
new_prefix nsis
old_setup="$work/old/lifetag-station-setup.exe"
# From cmd, for the whole exit code (wine's own keeps 8 bits).
rc="$(win_rc "start /wait \"\" \"$(winpath "$new_setup")\" /S /CLOUDURL=$url")"
[ "$rc" = 1603 ] || fail "nsis without WebView2: exit $rc, want 1603"
nsis_log | grep -F "refused (exit code 1603): Lifetag Station needs the Microsoft Edge WebView2 Runtime" >/dev/null ||
  fail "nsis without WebView2: no log line: $(nsis_log | tail -3)"
expect_nothing_installed "nsis without WebView2"
nsis+=("no WebView2 refused (1603)")
# The form docs/station.md gives; wine passes it as typed.
rc="$(run_rc wine "$old_setup" /S "/CLOUDURL=$url" /SKIPWEBVIEW2CHECK)"
[ "$rc" = 0 ] || fail "nsis install /SKIPWEBVIEW2CHECK: exit $rc"
expect_installed "$old_version" "$url" nsis "nsis install /SKIPWEBVIEW2CHECK"
add_webview2
rc="$(run_rc wine "$new_setup" /S)"
[ "$rc" = 0 ] || fail "nsis upgrade: exit $rc"
expect_installed "$version" "$url" nsis "nsis upgrade (the address kept)"
nsis_log | grep -F "lifetag-station-setup $version: WebView2 Runtime 131.0.2903.70 found" >/dev/null ||
  fail "nsis upgrade: the log does not show the WebView2 Runtime found: $(nsis_log | tail -3)"
nsis+=("install ok" "upgrade ok")
rc="$(run_rc wine "$old_setup" /S)"
[ "$rc" = 4 ] || fail "nsis downgrade: exit $rc, want 4"
nsis_log | grep "lifetag-station-setup $old_version: refused (exit code 4): Lifetag Station $version is installed" >/dev/null ||
  fail "nsis downgrade: no log line: $(nsis_log)"
expect_installed "$version" "$url" nsis "nsis after the downgrade"
nsis+=("downgrade refused")
# Bad addresses: exit 3, a log line, nothing changed.
for bad in "/CLOUDURL=https:" "/CLOUDURL=http://lifetag.example.org" "/CLOUDURL="; do
  rc="$(run_rc wine "$new_setup" /S "$bad")"
  [ "$rc" = 3 ] || fail "nsis $bad: exit $rc, want 3"
  nsis_log | grep -F "refused (exit code 3): /CLOUDURL= must be the cloud's https:// address" >/dev/null || fail "nsis $bad: no log line"
  expect_installed "$version" "$url" nsis "nsis $bad"
done
# The quoted forms, as IT types them: from a batch file (wine's own command
# line would escape the quotes).
for form in '/CLOUDURL="https://a.example.org"' '"/CLOUDURL=https://b.example.org"'; do
  rc="$(win_rc "start /wait \"\" \"$(winpath "$new_setup")\" /S $form")"
  want="$(echo "$form" | sed 's/.*\(https:[^"]*\).*/\1/')"
  [ "$rc" = 0 ] || fail "nsis $form: exit $rc"
  expect_installed "$version" "$want" nsis "nsis $form"
done
url=https://b.example.org
# The MSI refuses to install over the NSIS installation.
rc="$(msi "/i \"$(winpath "$new/lifetag-station.msi")\" /qn /l*v \"$(winpath "$work/msi-over-nsis.log")\"")"
[ "$rc" = 1603 ] || fail "msi over nsis: exit $rc, want 1603"
# Wine's msi logs the search that found the NSIS installation, not the
# launch condition's message (Windows logs both).
grep -a "NSISINSTALLED = $version" "$work/msi-over-nsis.log" >/dev/null || fail "msi over nsis: the log does not show the NSIS installation found"
expect_installed "$version" "$url" nsis "nsis after the MSI's refusal"

echo "== wine: the installed exe without WebView2"
remove_webview2
cp "$shim" "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll"
wine "$(program_dir)/lifetag-station.exe" >"$work/exe.log" 2>&1 &
exe_pid=$!
shot="$results/wine-no-webview2.png"
webview2_message_shown() { xwininfo -root -tree 2>/dev/null | grep '"Lifetag Station: WebView2 Runtime missing"' >/dev/null; }
wait_until "$exe_pid" webview2_message_shown ||
  fail "no WebView2 message from the exe: $(tail -5 "$work/exe.log"; xwininfo -root -tree | grep '"' | head)"
sleep 1 # the box maps before Wine paints its text
import -window root "$shot"
if xwininfo -root -tree | grep '"Missing Requirements"' >/dev/null; then fail "Wails' own Missing Requirements box is shown"; fi
WINEPREFIX="$WINEPREFIX" wineserver -k
wait "$exe_pid" 2>/dev/null || true
echo "   screenshot of our message: $shot"
add_webview2

echo "== wine: IT's policy in the registry, read by the installed exe"
mkdir -p "$(dirname "$(user_settings)")"
# What an earlier station kept from the first run: the address, as a default.
echo '{"cloudUrl":"https://mine.example.org"}' >"$(user_settings)"
wine reg add "$config_key" /v Printer /t REG_SZ /d 'Front desk' /f /reg:64 >>"$work/wine.log" 2>&1
wine reg add "$config_key" /v Copies /t REG_DWORD /d 3 /f /reg:64 >>"$work/wine.log" 2>&1
wine reg add "$config_key\Calibrations" /v 'Front desk' /t REG_SZ /d '1.5 -0.5' /f /reg:64 >>"$work/wine.log" 2>&1
policy_defaults() {
  local state printer
  state="$(bridge Session/State)"
  echo "$state" | jq -e --arg u "$url" '.result.cloudUrl == $u and .result.cloudUrlLocked == false' >/dev/null ||
    fail "policy: the registry's address must win over a first-run default: $state"
  printer="$(bridge Printing/Settings)"
  echo "$printer" | jq -e '.result.printer == "Front desk" and .result.copies == 3 and .result.calibration.offsetX == 1.5 and .result.calibration.offsetY == -0.5' >/dev/null ||
    fail "policy: the machine's printer defaults: $printer"
}
with_station policy_defaults
# The user's own choice, then IT locks the address.
echo '{"cloudUrl":"https://mine.example.org","cloudUrlChosen":true}' >"$(user_settings)"
wine reg add "$config_key" /v Locked /t REG_SZ /d cloudUrl /f /reg:64 >>"$work/wine.log" 2>&1
policy_locked() {
  local state
  state="$(bridge Session/State)"
  echo "$state" | jq -e --arg u "$url" '.result.cloudUrl == $u and .result.cloudUrlLocked == true' >/dev/null ||
    fail "policy: a locked address must win over the user's choice: $state"
}
with_station policy_locked
for v in Printer Copies Locked; do wine reg delete "$config_key" /v "$v" /f /reg:64 >>"$work/wine.log" 2>&1; done
wine reg delete "$config_key\Calibrations" /f /reg:64 >>"$work/wine.log" 2>&1
rm -f "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll"
nsis+=("policy ok")

put_user_files
rc="$(run_rc wine "$new_setup" /S /UNINSTALL)"
[ "$rc" = 0 ] || fail "nsis uninstall: exit $rc"
# Checked the moment it returns: it must have finished.
expect_removed "$url" "nsis uninstall"
nsis+=("uninstall ok")
# The Add/Remove entry's QuietUninstallString, which winget and Intune run
# and wait for: installed again, then the command as it stands in the
# registry (cmd hands it on as CreateProcess would), checked the moment it
# returns, like /UNINSTALL: nothing left, no ~nsu folder in Temp.
rc="$(run_rc wine "$new_setup" /S)"
[ "$rc" = 0 ] || fail "nsis reinstall: exit $rc"
expect_installed "$version" "$url" nsis "nsis reinstall"
put_user_files
quiet="$(regval "$arp_key\\LifetagStation" QuietUninstallString)"
[ -n "$quiet" ] || fail "nsis: no QuietUninstallString"
rc="$(win_rc "$quiet")"
[ "$rc" = 0 ] || fail "nsis QuietUninstallString ($quiet): exit $rc"
expect_removed "$url" "nsis QuietUninstallString"
nsis+=("QuietUninstallString ok")
rc="$(run_rc wine "$new_setup" /S)"
[ "$rc" = 0 ] || fail "nsis reinstall for the purge: exit $rc"
put_user_files
put_other_user
rc="$(run_rc wine "$new_setup" /S /UNINSTALL /PURGE)"
[ "$rc" = 0 ] || fail "nsis /UNINSTALL /PURGE: exit $rc: $(nsis_log | tail -3)"
nsis_log | grep "purge (exit code 0): removed" >/dev/null || fail "nsis /PURGE: no log line: $(nsis_log | tail -3)"
expect_purged "$url" "nsis /UNINSTALL /PURGE"
nsis+=("purge ok")
WINEPREFIX="$WINEPREFIX" wineserver -k

echo "== wine: MSI"
new_prefix msi
url=https://lifetag.example.org

# Wine's msi logs no launch condition's message: the refusal is its 1603
# and a machine without the station.
rc="$(msi "/i \"$(winpath "$new/lifetag-station.msi")\" /qn CLOUDURL=$url")"
[ "$rc" = 1603 ] || fail "msi without WebView2: exit $rc, want 1603"
expect_nothing_installed "msi without WebView2"
msis+=("no WebView2 refused (1603)")
rc="$(msi "/i \"$(winpath "$work/old/lifetag-station.msi")\" /qn CLOUDURL=$url SKIPWEBVIEW2CHECK=1")"
[ "$rc" = 0 ] || fail "msi install SKIPWEBVIEW2CHECK=1: exit $rc"
expect_installed "$old_version" "$url" msi "msi install SKIPWEBVIEW2CHECK=1"
add_webview2
rc="$(msi "/i \"$(winpath "$new/lifetag-station.msi")\" /qn")"
[ "$rc" = 0 ] || fail "msi upgrade: exit $rc"
expect_installed "$version" "$url" msi "msi upgrade (the address kept)"
msis+=("install ok" "upgrade ok")
rc="$(msi "/i \"$(winpath "$work/old/lifetag-station.msi")\" /qn")"
[ "$rc" = 1603 ] || fail "msi downgrade: exit $rc, want 1603"
expect_installed "$version" "$url" msi "msi after the downgrade"
msis+=("downgrade refused")
rc="$(msi "/i \"$(winpath "$new/lifetag-station.msi")\" /qn CLOUDURL=https:")"
[ "$rc" = 1603 ] || fail "msi CLOUDURL=https: exit $rc, want 1603"
expect_installed "$version" "$url" msi "msi with a bad CLOUDURL"
rc="$(run_rc wine "$new_setup" /S)"
[ "$rc" = 5 ] || fail "nsis over msi: exit $rc, want 5"
nsis_log | grep "refused (exit code 5): Lifetag Station is installed with its MSI" >/dev/null || fail "nsis over msi: no log line"
expect_installed "$version" "$url" msi "msi after the NSIS installer's refusal"
put_user_files
rc="$(msi "/x \"$(winpath "$new/lifetag-station.msi")\" /qn")"
[ "$rc" = 0 ] || fail "msi uninstall: exit $rc"
expect_removed "$url" "msi uninstall"
msis+=("uninstall ok")
rc="$(msi "/i \"$(winpath "$new/lifetag-station.msi")\" /qn")"
[ "$rc" = 0 ] || fail "msi reinstall for the purge: exit $rc"
put_user_files
put_other_user
rc="$(msi "/x \"$(winpath "$new/lifetag-station.msi")\" /qn PURGE=1")"
[ "$rc" = 0 ] || fail "msi /x PURGE=1: exit $rc"
expect_purged "$url" "msi PURGE=1"
msis+=("purge ok")
WINEPREFIX="$WINEPREFIX" wineserver -k

echo "== wine: printing through the Windows spooler into CUPS-PDF"
# The station's printing package built for Windows as a test binary and run
# under Wine by its Linux test (station/internal/printing/wine_test.go),
# which starts a private CUPS with a CUPS-PDF printer; Wine's spooler hands
# the Windows build's job to it, and the test checks the PDF that comes out.
new_prefix print
cp "$shim" "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll"
(cd station && GOOS=windows GOARCH=amd64 go test -c -o "$work/printing.test.exe" ./internal/printing) >"$work/print.log" 2>&1 ||
  fail "spooler print: building the Windows test binary: $(tail -20 "$work/print.log")"
(cd station && LIFETAG_WINE_PRINT_TEST="$work/printing.test.exe" LIFETAG_STRICT=1 \
  go test ./internal/printing -run '^TestWindowsBuildPrintsUnderWine$' -count=1 -v) >"$work/print.log" 2>&1 ||
  fail "spooler print: $(tail -30 "$work/print.log")"
# The test's Wine may already have shut its server down.
WINEPREFIX="$WINEPREFIX" wineserver -k 2>/dev/null || true
spooler="printed through the spooler into CUPS-PDF (3 pages, 30 codes decoded, at 100 %)"
fi

echo "== wine: IT's management: the entry's size, a rebuilt MSI, repair, the purge of Credential Manager"
it=()
# The station's entries in the account's Credential Manager, where Wine
# keeps them (a key per credential, named with its target).
credentials() { wine reg query 'HKCU\Software\Wine\Credential Manager' /s 2>/dev/null | tr -d '\r' | grep -F 'Lifetag Station:' || true; }
# make_credentials STEP: the installed exe started once (browser mode, no
# WebView2 needed) makes the offline cache and keeps its key in Credential
# Manager, as at a user's first start.
make_credentials() {
  cp "$shim" "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll"
  with_station true
  credentials | grep -F 'Lifetag Station:cache-key' >/dev/null ||
    fail "$1: the installed exe kept no cache key in Credential Manager: $(wine reg query 'HKCU\Software\Wine\Credential Manager' /s 2>&1 | tr -d '\r' | head -5)"
}

new_prefix it-nsis
add_webview2
rc="$(run_rc wine "$new_setup" /S "/CLOUDURL=$url")"
[ "$rc" = 0 ] || fail "it nsis install: exit $rc"
expect_installed "$version" "$url" nsis "it nsis install"
size="$(regval "$arp_key\\LifetagStation" EstimatedSize || true)"
[ -n "$size" ] || fail "nsis: the Add/Remove entry has no EstimatedSize"
# GetSize's KB: each file's bytes summed, then divided by 1024.
want="$(find "$(program_dir)" -type f -printf '%s\n' | awk '{ b += $1 } END { print int(b / 1024) }')"
[ $((size)) -ge $((want - 1)) ] && [ $((size)) -le $((want + 1)) ] ||
  fail "nsis: EstimatedSize is $((size)) KB, the installed files are $want KB"
it+=("nsis EstimatedSize $((size)) KB")
make_credentials "it nsis"
rc="$(run_rc wine "$new_setup" /S /UNINSTALL /PURGE)"
[ "$rc" = 0 ] || fail "it nsis /UNINSTALL /PURGE: exit $rc: $(nsis_log | tail -3)"
[ -z "$(credentials)" ] || fail "nsis /UNINSTALL /PURGE left the station in Credential Manager: $(credentials)"
[ ! -e "$(program_dir)" ] || fail "it nsis /UNINSTALL /PURGE: $(program_dir) is still there"
it+=("nsis purge removed Lifetag Station:cache-key")
WINEPREFIX="$WINEPREFIX" wineserver -k

new_prefix it-msi
add_webview2
rc="$(msi "/i \"$(winpath "$new/lifetag-station.msi")\" /qn CLOUDURL=$url")"
[ "$rc" = 0 ] || fail "it msi install: exit $rc"
expect_installed "$version" "$url" msi "it msi install"
product_code() { msiinfo export "$1" Property | tr -d '\r' | awk -F'\t' '$1 == "ProductCode" {print $2}'; }
first="$(product_code "$new/lifetag-station.msi")"
# The same version built again: a new ProductCode, as every build has.
mkdir -p "$work/rebuilt" "$work/rebuilt-work"
windows_msi "$version" "$new/lifetag-station.exe" "$work/rebuilt" "$work/rebuilt-work"
rebuilt="$work/rebuilt/lifetag-station.msi"
second="$(product_code "$rebuilt")"
[ "$first" != "$second" ] || fail "the rebuilt MSI has the first one's ProductCode $first"
rc="$(msi "/i \"$(winpath "$rebuilt")\" /qn")"
[ "$rc" = 0 ] || fail "msi rebuilt at $version: exit $rc"
expect_installed "$version" "$url" msi "msi rebuilt at the same version (one entry)"
[ -z "$(regval "$arp_key\\$first" DisplayName)" ] || fail "msi rebuilt: the first build's entry $first is still there"
[ -n "$(regval "$arp_key\\$second" DisplayName)" ] || fail "msi rebuilt: no entry for the rebuilt $second"
it+=("msi rebuilt at $version replaced the installed one")
# Repair: Wine's msiexec has no /f (docs/station.md), so docs/station.md's form with properties.
rm "$(program_dir)/lifetag-station.exe"
rc="$(msi "/i \"$(winpath "$rebuilt")\" REINSTALL=ALL REINSTALLMODE=amus /qn")"
[ "$rc" = 0 ] || fail "msi repair (REINSTALL=ALL): exit $rc"
expect_installed "$version" "$url" msi "msi repair (the exe put back, the address kept)"
fa="$(msi "/fa \"$(winpath "$rebuilt")\" /qn")"
it+=("msi repair by REINSTALL=ALL ok (msiexec /fa exits $fa under Wine: Windows only)")
make_credentials "it msi"
rc="$(msi "/x \"$(winpath "$rebuilt")\" /qn PURGE=1")"
[ "$rc" = 0 ] || fail "it msi /x PURGE=1: exit $rc"
[ -z "$(credentials)" ] || fail "msi /x PURGE=1 left the station in Credential Manager: $(credentials)"
[ ! -e "$(program_dir)" ] || fail "it msi /x PURGE=1: $(program_dir) is still there"
it+=("msi purge removed Lifetag Station:cache-key")
WINEPREFIX="$WINEPREFIX" wineserver -k

echo "   Wine has no UAC prompt, no SmartScreen and no Authenticode check at run time, and puts the MSI's"
echo "   shortcut in the user's Start menu: those need a real Windows machine (docs/station.md)."
echo "   wine checks took $((SECONDS - started)) s"
join() { local IFS=,; echo "$*" | sed 's/,/, /g'; }
if [ -n "$it_only" ]; then echo "wine: $(join "${it[@]}")"; exit 0; fi
echo "wine: nsis $(join "${nsis[@]}"); msi $(join "${msis[@]}"); $spooler; $(join "${it[@]}")"
