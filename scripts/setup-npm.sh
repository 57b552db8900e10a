#!/usr/bin/env bash
# The frontend's npm packages, by npm ci: all that `make check` installs
# (scripts/setup.sh runs it too, beside the Debian packages). npm ci is
# slow, so it runs only when package-lock.json is newer than the last install.
set -euo pipefail
cd "$(dirname "$0")/.."

stamp=frontend/node_modules/.lifetag-installed
if [ ! -f "$stamp" ] || [ frontend/package-lock.json -nt "$stamp" ]; then
  echo "setup: npm ci"
  (cd frontend && npm ci --no-audit --no-fund --loglevel=error)
  touch "$stamp"
fi
