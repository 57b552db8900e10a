#!/usr/bin/env bash
# `make bench`, the desktop station: 1,000 distinct corporate codes from
# the cache to spooled (library.Print: rendered by pkg/sheet in chunks,
# handed to a private, paused CUPS printer, the run recorded). One line:
# "station: 1000 labels spooled in X.XX s".
set -euo pipefail
cd "$(dirname "$0")/../.."
exec scripts/station/test-core.sh bench
