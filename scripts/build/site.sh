#!/usr/bin/env bash
# scripts/build/site.sh OUT: the website built by Vite, embedded in the cloud binary
# (cloud/web/dist), and that binary built into OUT. The journeys, the
# station's tests and the web benchmark start the cloud this way.
# When `make test` has built it once already it says so with
# LIFETAG_CLOUD_BIN, and the binary is copied instead of built again (the
# site's build is the slowest step on a 2-core machine).
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: scripts/build/site.sh OUT" >&2; exit 2; }
out="$(realpath -m "$1")"
cd "$(dirname "$0")/../.."
if [ -n "${LIFETAG_CLOUD_BIN:-}" ] && [ -x "$LIFETAG_CLOUD_BIN" ]; then
  [ "$(realpath "$LIFETAG_CLOUD_BIN")" = "$out" ] || cp "$LIFETAG_CLOUD_BIN" "$out"
  exit 0
fi
(cd frontend && npm run --silent build)
find cloud/web/dist -mindepth 1 ! -name .keep -delete
cp -R frontend/dist/. cloud/web/dist/
scripts/build/cloud.sh "$out"
