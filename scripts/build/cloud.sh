#!/usr/bin/env bash
# scripts/build/cloud.sh OUT: the cloud binary, with the website as cloud/web/dist
# holds it, built into OUT at the one version number (scripts/version.sh) so
# its /api/health says what the station, the installers and pkg/client say.
# `make build`, the journeys, the station's tests and the benchmarks all
# build the cloud here. Extra `go build` settings come from the environment
# (GOWORK=off for the benchmarks).
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: scripts/build/cloud.sh OUT" >&2; exit 2; }
out="$(realpath -m "$1")"
# `make test` builds the cloud once (scripts/build/site.sh) and names it here.
if [ -n "${LIFETAG_CLOUD_BIN:-}" ] && [ -x "$LIFETAG_CLOUD_BIN" ]; then
  [ "$(realpath "$LIFETAG_CLOUD_BIN")" = "$out" ] || cp "$LIFETAG_CLOUD_BIN" "$out"
  exit 0
fi
cd "$(dirname "$0")/../.."
. scripts/station/tools.sh # version_ldflags
version="$(scripts/version.sh)"
cd cloud
# Pure Go, linked statically (the SQLite driver is modernc's, without C): the
# same binary runs in the container image, which has no C library, and from
# the Debian package, which then depends on nothing.
export CGO_ENABLED=0
# The commit, for the metrics' lifetag_build_info (none outside a checkout).
commit="$(git rev-parse --short=12 HEAD 2>/dev/null || true)"
go build -ldflags "$(version_ldflags "$version") -X main.commit=$commit" -o "$out" ./cmd/lifetag-cloud
