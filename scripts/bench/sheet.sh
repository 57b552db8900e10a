#!/usr/bin/env bash
# `make bench`, label sheets: 1,000 distinct level-H helmet labels (realistic
# payloads of 250-350 bytes from pkg/sheet/samples) on Avery 5163 in one PDF,
# through the labelsheet CLI. Leaves build/bench/sheet-1000.pdf and prints
# one line: the wall time of one run after a warm-up run, and the file's size
# (MB of 1,000,000 bytes). pkg/sheet's TestRender1000Decodes proves the same
# file decodes after rasterising at 300 and 600 DPI.
set -euo pipefail
cd "$(dirname "$0")/../.."

out=build/bench
mkdir -p "$out"
(cd pkg && GOWORK=off go build -o ../build/labelsheet ./cmd/labelsheet)
build/labelsheet -sample 1000 -o "$out/labels-1000.json"

run() {
  build/labelsheet -sheet "Avery 5163" -level H -o "$out/sheet-1000.pdf" "$out/labels-1000.json"
}
# warm-up: file cache, binary paged in (not for scripts/bench/all.sh's smoke run)
[ "${BENCH_SMOKE:-}" = 1 ] || run
start=$(date +%s.%N)
run
end=$(date +%s.%N)
size=$(stat -c %s "$out/sheet-1000.pdf")
LC_ALL=C awk -v s="$start" -v e="$end" -v b="$size" 'BEGIN { printf "sheet: 1000 labels in %.3f s, %.2f MB\n", e - s, b / 1e6 }'
