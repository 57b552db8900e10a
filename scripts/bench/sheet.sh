#!/usr/bin/env bash
# `make bench`, label sheets: 1,000 distinct level-H helmet labels (realistic
# payloads of 250-350 bytes from pkg/sheet/samples) on Avery 5163 in one PDF,
# through the labelsheet CLI. Leaves build/bench/sheet-1000.pdf and prints
# one line: the wall time of one run after a warm-up run, and the file's size
# (MB of 1,000,000 bytes). pkg/sheet's TestRender1000Decodes proves the same
# file decodes after rasterising at 300 and 600 DPI. A second line does the
# same with names in thirteen scripts (samples.IntlNames), shaped and drawn
# from the Noto fonts: build/bench/sheet-intl-1000.pdf.
set -euo pipefail
cd "$(dirname "$0")/../.."

out=build/bench
mkdir -p "$out"
(cd pkg && GOWORK=off go build -o ../build/labelsheet ./cmd/labelsheet)
build/labelsheet -sample 1000 -o "$out/labels-1000.json"
build/labelsheet -sample 1000 -intl -o "$out/labels-intl-1000.json"

# bench LABEL JSON PDF WHAT: one timed run after a warm-up (file cache,
# binary paged in; not for scripts/bench/all.sh's smoke run).
bench() {
  local cmd=(build/labelsheet -sheet "Avery 5163" -level H -o "$out/$3" "$out/$2")
  [ "${BENCH_SMOKE:-}" = 1 ] || "${cmd[@]}"
  start=$(date +%s.%N)
  "${cmd[@]}"
  end=$(date +%s.%N)
  size=$(stat -c %s "$out/$3")
  LC_ALL=C awk -v l="$1" -v w="$4" -v s="$start" -v e="$end" -v b="$size" 'BEGIN { printf "%s: 1000 labels%s in %.3f s, %.2f MB\n", l, w, e - s, b / 1e6 }'
}
bench sheet labels-1000.json sheet-1000.pdf ""
bench sheet-intl labels-intl-1000.json sheet-intl-1000.pdf ", names in 13 scripts,"
