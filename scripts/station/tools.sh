# Sourced by scripts/station/build.sh, scripts/station/test.sh and
# scripts/station/test-wine.sh: the Wails CLI (installed once, cached), the
# Windows exe and installers at a version, and Authenticode signing with
# osslsigncode.

# The CLI's version is the library's, from station/go.mod (one place).
WAILS_VERSION="$(awk '$1 == "github.com/wailsapp/wails/v2" {print $2}' station/go.mod)"

# wails_cli_cached prints where wails_cli keeps the CLI, there or not
# (make check generates the station's bindings only when it is there).
wails_cli_cached() {
  echo "${LIFETAG_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/lifetag/bin}/wails-$WAILS_VERSION"
}

# wails_cli prints the path of the Wails CLI, installing it first if this
# machine has not got it: `go install` of the pinned version (never @latest,
# which resolves to a broken v2.9.2 here) into a cache outside the work tree,
# so `make clean` and new work trees keep it.
wails_cli() {
  local bin dir
  bin="$(wails_cli_cached)"
  dir="$(dirname "$bin")"
  if [ ! -x "$bin" ]; then
    echo "station: installing the Wails CLI $WAILS_VERSION into $dir (once)" >&2
    local tmp
    tmp="$(mktemp -d)"
    (cd "$tmp" && GOBIN="$tmp" GOFLAGS=-mod=mod go install "github.com/wailsapp/wails/v2/cmd/wails@$WAILS_VERSION") >&2
    mkdir -p "$dir"
    mv "$tmp/wails" "$bin"
    rm -rf "$tmp"
  fi
  echo "$bin"
}

# sign_init reads the certificate from the environment (see scripts/station/build.sh)
# into sign_args, and sets signed_note to say how the artifacts are signed.
sign_init() {
  sign_args=()
  if [ -n "${SIGN_CERT:-}" ] && [ -n "${SIGN_KEY:-}" ]; then
    sign_args=(-certs "$SIGN_CERT" -key "$SIGN_KEY")
    signed_note="signed with $SIGN_CERT"
  elif [ -n "${SIGN_PKCS12:-}" ]; then
    # The password goes through a 0600 file, never the command line (ps).
    local pass
    pass="$(mktemp)"
    chmod 600 "$pass"
    printf '%s' "${SIGN_PASSWORD:-}" >"$pass"
    sign_args=(-pkcs12 "$SIGN_PKCS12" -readpass "$pass")
    signed_note="signed with $SIGN_PKCS12"
  else
    signed_note="UNSIGNED: set SIGN_CERT and SIGN_KEY, or SIGN_PKCS12 and SIGN_PASSWORD"
    echo "station: WARNING: no signing certificate in the environment; the Windows artifacts are UNSIGNED" >&2
    return
  fi
  if [ -n "${SIGN_TIMESTAMP_URL:-}" ]; then sign_args+=(-ts "$SIGN_TIMESTAMP_URL"); fi
}

# sign_script FILE writes a command that signs the file it is given in
# place, with the same certificate and timestamp as sign (for NSIS's
# !uninstfinalize, which signs the uninstaller inside the installer); it
# writes nothing without a certificate.
sign_script() {
  [ ${#sign_args[@]} -gt 0 ] || return 0
  {
    echo '#!/bin/sh'
    echo 'set -e'
    printf 'osslsigncode sign'
    printf ' %q' "${sign_args[@]}" -h sha256 -n "Lifetag Station"
    echo ' -in "$1" -out "$1.signed" >/dev/null'
    echo 'mv "$1.signed" "$1"'
  } >"$1"
  chmod 700 "$1"
}

# sign IN OUT: Authenticode-signs a PE (exe) or an MSI with SHA-256, or
# copies it unsigned when no certificate was given.
sign() {
  if [ ${#sign_args[@]} -eq 0 ]; then
    cp "$1" "$2"
    return
  fi
  osslsigncode sign "${sign_args[@]}" -h sha256 -n "Lifetag Station" -in "$1" -out "$2" >/dev/null
}

# throwaway_cert DIR: a self-signed code-signing certificate and key
# (cert.pem, key.pem) valid for two days, for tests only.
throwaway_cert() {
  openssl req -x509 -newkey rsa:3072 -nodes -days 2 -subj "/CN=Lifetag Station test signing" \
    -addext "keyUsage=critical,digitalSignature" -addext "extendedKeyUsage=codeSigning" \
    -keyout "$1/key.pem" -out "$1/cert.pem" 2>/dev/null
}

# version_ldflags VERSION: the go build flag that makes VERSION the
# binary's version (pkg/version).
version_ldflags() { echo "-X github.com/lifetag/lifetag/pkg/version.tag=$1"; }

# windows_exe VERSION OUT: the Windows exe at VERSION, unsigned, into OUT.
# The Wails CLI builds it with the exe's icon, manifest and version resource
# (fixed FileVersion and ProductVersion X.Y.Z.0, and the string versions),
# which it reads from station/build/windows/ (written here, not in git), and
# with Wails' "error" WebView2 strategy: without the runtime the exe shows
# our message (station/main.go) instead of offering a download.
windows_exe() {
  local version="$1" out="$2" dir=station/build/windows log
  mkdir -p "$dir"
  cat >"$dir/info.json" <<EOF
{
  "fixed": { "file_version": "$version.0", "product_version": "$version.0" },
  "info": {
    "0000": {
      "ProductVersion": "$version",
      "FileVersion": "$version",
      "CompanyName": "Lifetag",
      "FileDescription": "Lifetag Station",
      "LegalCopyright": "Lifetag",
      "ProductName": "Lifetag Station",
      "InternalName": "lifetag-station",
      "OriginalFilename": "lifetag-station.exe",
      "Comments": "The Lifetag desktop print station"
    }
  }
}
EOF
  cat >"$dir/wails.exe.manifest" <<EOF
<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<assembly manifestVersion="1.0" xmlns="urn:schemas-microsoft-com:asm.v1" xmlns:asmv3="urn:schemas-microsoft-com:asm.v3">
    <assemblyIdentity type="win32" name="org.lifetag.station" version="$version.0" processorArchitecture="*"/>
    <dependency>
        <dependentAssembly>
            <assemblyIdentity type="win32" name="Microsoft.Windows.Common-Controls" version="6.0.0.0" processorArchitecture="*" publicKeyToken="6595b64144ccf1df" language="*"/>
        </dependentAssembly>
    </dependency>
    <asmv3:application>
        <asmv3:windowsSettings>
            <dpiAware xmlns="http://schemas.microsoft.com/SMI/2005/WindowsSettings">true/pm</dpiAware>
            <dpiAwareness xmlns="http://schemas.microsoft.com/SMI/2016/WindowsSettings">permonitorv2,permonitor</dpiAwareness>
        </asmv3:windowsSettings>
    </asmv3:application>
</assembly>
EOF
  log="$(mktemp)"
  (cd station && CGO_ENABLED=0 "$(wails_cli)" build -platform windows/amd64 -s -skipbindings -m \
    -nosyncgomod -trimpath -webview2 error -ldflags "$(version_ldflags "$version")" \
    -o lifetag-station.exe -v 0 >"$log" 2>&1) || { cat "$log" >&2; rm -f "$log"; return 1; }
  rm -f "$log"
  cp station/build/bin/lifetag-station.exe "$out"
}

# windows_installers VERSION EXE OUT WORK: from the unsigned exe EXE, into
# the folder OUT (an absolute path): lifetag-station.exe, lifetag-station-setup.exe (NSIS, its
# uninstaller signed too) and lifetag-station.msi, each signed when sign_init
# found a certificate. WORK is a scratch folder.
windows_installers() {
  local version="$1" exe="$2" out="$3" work="$4" icon=station/build/windows/icon.ico # made by wails build
  local nsis_sign=()
  sign "$exe" "$out/lifetag-station.exe"
  sign_script "$work/sign-one.sh"
  if [ -x "$work/sign-one.sh" ]; then nsis_sign=(-DSIGN="$work/sign-one.sh"); fi
  makensis -V2 -DVERSION="$version" -DEXE="$out/lifetag-station.exe" -DICON="$PWD/$icon" \
    "${nsis_sign[@]}" -DOUTFILE="$work/setup-unsigned.exe" station/build/nsis/lifetag-station.nsi >/dev/null
  sign "$work/setup-unsigned.exe" "$out/lifetag-station-setup.exe"
  windows_msi "$version" "$out/lifetag-station.exe" "$out" "$work"
}

# windows_msi VERSION EXE OUT WORK: the MSI of the exe EXE (as it is, signed
# or not) at VERSION, into OUT/lifetag-station.msi, signed when sign_init
# found a certificate; a new ProductCode every time (the Wine test rebuilds
# one of the same version). WORK is a scratch folder.
windows_msi() {
  local version="$1" exe="$2" out="$3" work="$4" icon=station/build/windows/icon.ico secure attrs upgrade_code
  # wixl takes only relative paths.
  wixl -a x64 -D Version="$version" -D Exe="$(realpath --relative-to=. "$exe")" -D Icon="$icon" \
    -o "$work/unsigned.msi" station/build/wix/lifetag-station.wxs
  # What wixl cannot say (station/build/wix/lifetag-station.wxs): CLOUDURL,
  # PURGE and SKIPWEBVIEW2CHECK join SecureCustomProperties (which wixl sets itself, for the upgrade),
  # so msiexec passes it to the elevated install; the CloudUrl component is
  # written only when CLOUDURL is given and is permanent (attribute 16), so
  # neither an upgrade without it nor an uninstall removes IT's address.
  # (msiinfo export ends its lines with CR LF.)
  secure="$(msiinfo export "$work/unsigned.msi" Property | tr -d '\r' | awk -F'\t' '$1 == "SecureCustomProperties" {print $2}')"
  attrs="$(msiinfo export "$work/unsigned.msi" Component | tr -d '\r' | awk -F'\t' '$1 == "CloudUrl" {print $4}')"
  # And WiX's MajorUpgrade AllowSameVersionUpgrades, which wixl ignores:
  # the row that finds older versions to remove also finds this version
  # (VersionMaxInclusive, 512, beside MigrateFeatures, 1), so a rebuilt MSI
  # of the same version replaces the one installed instead of installing
  # beside it. Its version columns are the table's key, which an UPDATE
  # cannot change: the row is written anew.
  upgrade_code="$(msiinfo export "$work/unsigned.msi" Property | tr -d '\r' | awk -F'\t' '$1 == "UpgradeCode" {print $2}')"
  msibuild "$work/unsigned.msi" \
    -q "UPDATE \`Property\` SET \`Value\` = 'CLOUDURL;PURGE;SKIPWEBVIEW2CHECK;$secure' WHERE \`Property\` = 'SecureCustomProperties'" \
    -q "UPDATE \`Component\` SET \`Condition\` = 'CLOUDURL', \`Attributes\` = $((attrs | 16)) WHERE \`Component\` = 'CloudUrl'" \
    -q "DELETE FROM \`Upgrade\` WHERE \`ActionProperty\` = 'WIX_UPGRADE_DETECTED'" \
    -q "INSERT INTO \`Upgrade\` (\`UpgradeCode\`, \`VersionMax\`, \`Attributes\`, \`ActionProperty\`) VALUES ('$upgrade_code', '$version', 513, 'WIX_UPGRADE_DETECTED')"
  sign "$work/unsigned.msi" "$out/lifetag-station.msi"
}
