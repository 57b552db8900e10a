#!/usr/bin/env bash
# Installs what the build and the tests need and this machine lacks: the
# Debian packages of scripts/debian-packages.txt, the frontend's npm
# packages (scripts/setup-npm.sh) and the label preview's web fonts
# (scripts/build/label-fonts.py, only when it changed).
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

scripts/setup-npm.sh

# The label preview's web fonts, cut from the Noto fonts installed above
# (scripts/build/label-fonts.py). Cutting takes minutes of CPU, so the
# pieces are kept outside the checkout, under a key made of the script and
# the font packages' versions: another clone on this machine (CI's, a
# worktree) copies them instead of cutting them again.
fonts_key=$( (cat scripts/build/label-fonts.py; dpkg-query -W fonts-noto-core fonts-noto-cjk) | sha256sum | cut -c1-16)
fonts_cache="${XDG_CACHE_HOME:-$HOME/.cache}/lifetag/label-fonts-$fonts_key"
fonts_out=frontend/public/fonts/label
if [ ! -f "$fonts_out/.made-$fonts_key" ]; then
  mkdir -p "$(dirname "$fonts_cache")"
  # One clone cuts at a time: two set-ups at once (worktrees, a test beside
  # CI) would otherwise cut into the same folder and keep a broken mix. The
  # second waits for the first and copies what it made.
  exec {fonts_lock}>"$fonts_cache.lock"
  flock "$fonts_lock"
  if [ ! -f "$fonts_cache/.made" ]; then
    echo "setup: cutting the label preview's web fonts"
    rm -rf "$fonts_cache.tmp"
    LABEL_FONTS_OUT="$fonts_cache.tmp" /usr/bin/python3 scripts/build/label-fonts.py
    touch "$fonts_cache.tmp/.made"
    rm -rf "$fonts_cache"
    mv "$fonts_cache.tmp" "$fonts_cache"
  fi
  flock -u "$fonts_lock"
  rm -rf "$fonts_out"
  mkdir -p "$fonts_out"
  cp -a "$fonts_cache/." "$fonts_out/"
  touch "$fonts_out/.made-$fonts_key"
fi

# Go modules are fetched by `go build` and `go test` themselves: they fetch
# only what is imported, where `go mod download` would ask the module proxy
# for every module in the graph.
