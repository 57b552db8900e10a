# Sourced by the journeys' script: runs a real OpenID provider that the
# project does not write (zitadel/oidc's example provider, built from the
# module cache as cloud/cmd/lifetag-test-oidc) on loopback, for the single
# sign-on journeys, and stops it afterwards.
#
#   . scripts/oidc-provider.sh
#   oidc_provider_start DIR REDIRECT_URI...   # exports E2E_OIDC_ISSUER
#   oidc_provider_stop

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

_oidc_provider_pid=""

oidc_provider_start() {
  local dir="$1" port args=() uri
  shift
  (cd cloud && go build -o "$dir/lifetag-test-oidc" ./cmd/lifetag-test-oidc)
  for uri in "$@"; do args+=(-redirect "$uri"); done
  port=$(free_port 9990 10090)
  "$dir/lifetag-test-oidc" -addr "127.0.0.1:$port" "${args[@]}" >"$dir/oidc-provider.log" 2>&1 &
  _oidc_provider_pid=$!
  wait_for_port "$port" "$_oidc_provider_pid"
  export E2E_OIDC_ISSUER="http://127.0.0.1:$port/"
  echo "oidc provider: $E2E_OIDC_ISSUER"
}

oidc_provider_stop() {
  if [ -n "$_oidc_provider_pid" ]; then
    kill "$_oidc_provider_pid" 2>/dev/null || true
    wait "$_oidc_provider_pid" 2>/dev/null || true
  fi
  _oidc_provider_pid=""
}
