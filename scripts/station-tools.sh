# Sourced by scripts/station-build.sh and scripts/test-station.sh: the Wails
# CLI (installed once, cached) and Authenticode signing with osslsigncode.

# The CLI's version is the library's, from station/go.mod (one place).
WAILS_VERSION="$(awk '$1 == "github.com/wailsapp/wails/v2" {print $2}' station/go.mod)"

# wails_cli prints the path of the Wails CLI, installing it first if this
# machine has not got it: `go install` of the pinned version (never @latest,
# which resolves to a broken v2.9.2 here) into a cache outside the work tree,
# so `make clean` and new work trees keep it.
wails_cli() {
  local dir="${LIFETAG_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/lifetag/bin}"
  local bin="$dir/wails-$WAILS_VERSION"
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

# sign_init reads the certificate from the environment (see station-build.sh)
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
