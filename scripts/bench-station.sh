#!/usr/bin/env bash
# `make bench`, the desktop station: 1,000 distinct corporate labels from
# click to spooled (rendered by pkg/sheet in chunks, handed to a private
# CUPS printer that holds them). Prints one line:
# "station: 1000 labels spooled in X.XX s".
set -euo pipefail
cd "$(dirname "$0")/.."
exec scripts/test-station-core.sh bench
