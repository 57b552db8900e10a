#!/usr/bin/env bash
# `make bench`: every benchmark script (scripts/bench/*.sh), each printing its
# own summary line.
#
# BENCH_SMOKE=1 runs each at its smallest size and shortest duration, only
# to prove it still runs to its line (make test does, after its own setup);
# its figures mean nothing.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ "${BENCH_SMOKE:-}" = 1 ] || scripts/setup.sh
shopt -s nullglob
for bench in scripts/bench/*.sh; do
  [ "$bench" != scripts/bench/all.sh ] || continue
  echo "== $bench"
  "$bench"
done
