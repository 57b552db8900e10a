#!/usr/bin/env bash
# The station's Go services and pkg/client, tested without a window against
# what they talk to for real: the cloud binary (built by the tests) on a
# throwaway PostgreSQL database, and a private CUPS scheduler with a CUPS-PDF
# printer (started by the tests themselves, see
# station/internal/printing/cupstest). Installs cups and
# printer-driver-cups-pdf when missing. CUPS-PDF's backend runs only as
# root; as another user the CUPS tests skip, or fail under LIFETAG_STRICT=1.
#
#   scripts/station/test-core.sh            # the tests
#   scripts/station/test-core.sh bench      # "station: 1000 labels spooled in X.XX s"
#
# make test runs the same tests in its loop over the modules (station and
# pkg, GOWORK=off) once scripts/debian-packages.txt lists cups and
# printer-driver-cups-pdf; this script is for running them alone.
set -euo pipefail
cd "$(dirname "$0")/../.."

need=()
command -v cupsd >/dev/null 2>&1 || need+=(cups)
[ -e /usr/lib/cups/backend/cups-pdf ] || need+=(printer-driver-cups-pdf)
command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
command -v zbarimg >/dev/null 2>&1 || need+=(zbar-tools)
command -v psql >/dev/null 2>&1 || need+=(postgresql-client)
if [ ${#need[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "test-station-core: installing ${need[*]}"
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

. scripts/postgres.sh
postgres_start # exports LIFETAG_TEST_DATABASE_URL; an EXIT trap stops it

if [ "${1:-}" = bench ]; then
  # A corporate batch of 1,000 distinct codes from the station's cache to a
  # paused CUPS printer, print run recorded on the cloud; three runs.
  runs=3x
  [ "${BENCH_SMOKE:-}" != 1 ] || runs=1x # scripts/bench/all.sh
  out=$(cd station && GOWORK=off go test -run '^$' -bench '^BenchmarkPrint1000Labels$' -benchtime "$runs" ./internal/library/ 2>&1)
  ns=$(echo "$out" | awk '/^BenchmarkPrint1000Labels/ { print $3 }')
  if [ -z "$ns" ]; then echo "$out" >&2; exit 1; fi
  LC_ALL=C awk -v ns="$ns" 'BEGIN { printf "station: 1000 labels spooled in %.2f s\n", ns / 1e9 }'
  exit 0
fi

export LIFETAG_STRICT="${LIFETAG_STRICT:-1}"

status=0
echo "== pkg/client"
(cd pkg && GOWORK=off go vet ./client/... && GOWORK=off go test -count=1 ./client/...) || status=1
echo "== station"
# -p 1: each package starts its own cloud and cupsd; one at a time on a small machine.
(cd station && GOWORK=off go vet ./... && GOOS=windows GOWORK=off go vet ./... &&
  GOWORK=off go test -count=1 -p 1 ./...) || status=1
exit $status
