#!/usr/bin/env bash
# Proves that the station window's calls to Go are checked against the Go
# side (scripts/station/bindings.sh): in a copy of the station module and
# of the frontend, one bound struct's field (its JSON name, which the window
# reads) and one bound method are renamed, the bindings are generated again
# from the copy, and the frontend's type check must fail, naming both. The
# unchanged tree passes the same check in `npm run typecheck`.
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$PWD"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cp -R station "$tmp/station"
# The station module replaces pkg with ../pkg; the frontend reads ../pkg too.
ln -s "$root/pkg" "$tmp/pkg"
mkdir "$tmp/frontend"
tar -C frontend --exclude=./node_modules --exclude=./dist --exclude=./dist-ssr --exclude=./test-results \
  --exclude=./playwright-report --exclude=./src/wailsjs -cf - . | tar -C "$tmp/frontend" -xf -
ln -s "$root/frontend/node_modules" "$tmp/frontend/node_modules"

# The renames: Session.State's cloudUrl, and the bound method Session.SignOut.
sed -i 's/`json:"cloudUrl"`/`json:"cloudAddress"`/' "$tmp/station/app_session.go"
sed -i 's/^func (s \*Session) SignOut(/func (s *Session) LogOut(/' "$tmp/station/app_session.go"
if ! grep -q 'json:"cloudAddress"' "$tmp/station/app_session.go" || ! grep -q 'Session) LogOut(' "$tmp/station/app_session.go"; then
  echo "station bindings test: the renames did not apply to station/app_session.go; update this test" >&2
  exit 1
fi

# The copy is a module of its own, outside the repository's go.work.
GOWORK=off STATION_DIR="$tmp/station" scripts/station/bindings.sh
out="$tmp/tsc.log"
if (cd "$tmp/frontend" && npx tsc --noEmit) >"$out" 2>&1; then
  echo "station bindings test: the type check passed with a bound field and method renamed in Go" >&2
  exit 1
fi
for name in cloudUrl SignOut; do
  if ! grep -q "'$name'\|\"$name\"" "$out"; then
    echo "station bindings test: the type check failed, but not on the renamed $name:" >&2
    cat "$out" >&2
    exit 1
  fi
done
echo "station bindings: a Go field and method renamed fail the window's type check:"
grep -E "cloudUrl|SignOut" "$out" | sed 's/^/  /' | head -5
