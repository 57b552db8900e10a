#!/usr/bin/env bash
# Prints the one version number (X.Y.Z) of this checkout: the git tag vX.Y.Z
# (or X.Y.Z) of HEAD when it has one, else pkg/version/VERSION. The build
# scripts pass it to every artifact (see pkg/version).
set -euo pipefail
cd "$(dirname "$0")/.."
v=""
if tag="$(git describe --tags --exact-match --match 'v[0-9]*' --match '[0-9]*' HEAD 2>/dev/null)"; then
  v="${tag#v}"
else
  v="$(tr -d '[:space:]' <pkg/version/VERSION)"
fi
# X.Y.Z, each part a number below 65536 (Windows version resources, MSI).
if ! [[ "$v" =~ ^(0|[1-9][0-9]{0,4})\.(0|[1-9][0-9]{0,4})\.(0|[1-9][0-9]{0,4})$ ]] ||
  [ "${BASH_REMATCH[1]}" -gt 65535 ] || [ "${BASH_REMATCH[2]}" -gt 65535 ] || [ "${BASH_REMATCH[3]}" -gt 65535 ]; then
  echo "version: \"$v\" is not X.Y.Z" >&2
  exit 1
fi
echo "$v"
