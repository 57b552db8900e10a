#!/usr/bin/env bash
# Installs what the build and the tests need and this machine lacks: the
# Debian packages of scripts/debian-packages.txt and the frontend's npm
# packages (npm ci, only when package-lock.json changed).
# `scripts/setup.sh station` also installs scripts/debian-packages-station.txt
# (the desktop station's build, packaging and Xvfb tools).
set -euo pipefail
cd "$(dirname "$0")/.."

have() { # a command on PATH, or a path that exists
  case "$1" in /*) [ -e "$1" ] ;; *) command -v "$1" >/dev/null 2>&1 ;; esac
}

lists=(scripts/debian-packages.txt)
for extra in "$@"; do lists+=("scripts/debian-packages-$extra.txt"); done

missing=()
while read -r package proof; do
  case "$package" in ''|'#'*) continue ;; esac
  have "$proof" || missing+=("$package")
done < <(cat "${lists[@]}")

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# npm ci is slow; run it only when the lock file is newer than the last install.
stamp=frontend/node_modules/.lifetag-installed
if [ ! -f "$stamp" ] || [ frontend/package-lock.json -nt "$stamp" ]; then
  echo "setup: npm ci"
  (cd frontend && npm ci --no-audit --no-fund --loglevel=error)
  touch "$stamp"
fi

# Go modules are fetched by `go build` and `go test` themselves: they fetch
# only what is imported, where `go mod download` would ask the module proxy
# for every module in the graph.
