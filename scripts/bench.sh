#!/usr/bin/env bash
# `make bench`: every benchmark script (scripts/bench-*.sh), each printing its
# own summary line.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
shopt -s nullglob
for bench in scripts/bench-*.sh; do
  echo "== $bench"
  "$bench"
done
