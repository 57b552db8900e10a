#!/usr/bin/env bash
# The cloud's Debian package (scripts/build/deb.sh), in a root directory of
# its own: installed there by dpkg (--root, maintainer scripts run outside
# it with DPKG_ROOT, so nothing of this machine's changes and two runs do
# not meet), its unit checked by `systemd-analyze verify` and scored by
# `systemd-analyze security --offline` ("OK" or better), then started in
# the foreground as systemd would start the unit: the environment of its
# Environment= and EnvironmentFile= and no other, the file read by root,
# as a user of DynamicUser's range without capabilities, supplementary
# groups or new privileges, its umask, from its StateDirectory, with the
# rest of the package's root read-only (ProtectSystem=strict). On
# PostgreSQL, in production, it must answer health and readiness. Then
# removed (the settings and data stay) and purged: no file of it is left.
# Adds a `deb:` line to make test's figures.
# Needs root (dpkg, chroot, mounts), PostgreSQL ($LIFETAG_TEST_DATABASE_URL)
# and the cloud binary ($LIFETAG_CLOUD_BIN, or it builds one).
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/lib.sh

fail() { echo "test-deb: $1" >&2; [ -z "${2:-}" ] || tail -20 "$2" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "needs root (dpkg, chroot and mounts)"
[ -n "${LIFETAG_TEST_DATABASE_URL:-}" ] || fail "LIFETAG_TEST_DATABASE_URL is not set (make test starts PostgreSQL)"

work=$(mktemp -d /tmp/lifetag-deb-test.XXXXXX)
pid=""
stop() {
  [ -n "$pid" ] || return 0
  stop_unshared "$pid"
  pid=""
}
cleanup() {
  stop
  rm -rf "$work"
}
trap cleanup EXIT

bin=$(test_cloud_binary "$work")
deb="$work/lifetag-cloud.deb"
scripts/build/deb.sh "$bin" "$deb"

echo "== deb: installed into a root of its own"
root="$work/root"
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates"
touch "$root/var/lib/dpkg/status"
dpkg_root() { dpkg --root="$root" --force-script-chrootless "$@"; }
dpkg_root -i "$deb" >"$work/dpkg.log" 2>&1 || fail "dpkg -i failed" "$work/dpkg.log"
env_file="$root/etc/lifetag/cloud.env"
[ "$(stat -c '%U %G %a' "$env_file")" = "root root 600" ] || fail "cloud.env is $(stat -c '%U %G %a' "$env_file"), not root's alone"
grep -qx /etc/lifetag/cloud.env "$root/var/lib/dpkg/info/lifetag-cloud.conffiles" || fail "cloud.env is not a conffile"
unit="$root/lib/systemd/system/lifetag-cloud.service"

echo "== deb: systemd-analyze verify, security"
# verify loads the targets every service depends on: lent from this
# machine for the check, then taken away again.
lent=()
for target in /lib/systemd/system/*.target; do
  [ -e "$root$target" ] || { cp -a "$target" "$root$target"; lent+=("$root$target"); }
done
verify_ok=1
systemd-analyze verify --root="$root" /lib/systemd/system/lifetag-cloud.service >"$work/verify.log" 2>&1 || verify_ok=""
rm -f "${lent[@]}"
[ -n "$verify_ok" ] && [ ! -s "$work/verify.log" ] || fail "systemd-analyze verify:" "$work/verify.log"
systemd-analyze security --offline=true --no-pager "$unit" >"$work/security.log" 2>&1 || true
score=$(sed -n 's/.*Overall exposure level for lifetag-cloud.service: \([0-9.]* [A-Z]*\).*/\1/p' "$work/security.log")
case "${score#* }" in OK | SAFE | PERFECT) ;; *) fail "systemd-analyze security scores \"$score\", not OK or better" "$work/security.log" ;; esac
echo "verify: clean; security: $score"

echo "== deb: started as the unit starts it (production, PostgreSQL)"
unit_value() { sed -n "s/^$1=//p" "$unit"; }
[ "$(unit_value DynamicUser)" = yes ] || fail "the unit has no DynamicUser=yes"
state="/var/lib/$(unit_value StateDirectory)"
[ "$state" = /var/lib/lifetag-cloud ] || fail "StateDirectory is $state"
# The operator's part: the settings systemd reads.
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
sed -i -e "s|^DATA_KEY=.*|DATA_KEY=$(head -c 32 /dev/urandom | base64)|" -e "s|^SMTP_HOST=.*|SMTP_HOST=127.0.0.1|" \
  -e "s|^PORT=.*|PORT=$port|" -e "s|^STRIPE_SECRET_KEY=.*|STRIPE_SECRET_KEY=sk_test_deb|" \
  -e "s|^STRIPE_PUBLISHABLE_KEY=.*|STRIPE_PUBLISHABLE_KEY=pk_test_deb|" -e "s|^STRIPE_WEBHOOK_SECRET=.*|STRIPE_WEBHOOK_SECRET=whsec_deb|" "$env_file"
printf 'DATABASE_URL=%s\nMETRICS_ADDR=off\nLOG_LEVEL=warn\n' "$LIFETAG_TEST_DATABASE_URL" >>"$env_file"
# systemd's part. DynamicUser: a free uid of its range (61184-65519) and
# the state directory under /var/lib/private, reached by a link.
uid=$((61184 + RANDOM % 4000))
while getent passwd "$uid" >/dev/null || getent group "$uid" >/dev/null; do uid=$((uid + 1)); done
install -d -m 0700 "$root/var/lib/private"
install -d -m "$(unit_value StateDirectoryMode)" -o "$uid" -g "$uid" "$root/var/lib/private/lifetag-cloud"
ln -s private/lifetag-cloud "$root$state"
# Environment= first, then the file's lines (which win), read by root;
# comments and blank lines skipped as systemd skips them.
env_args=()
while IFS= read -r line; do env_args+=("$line"); done < <(unit_value Environment)
while IFS= read -r line; do
  case "$line" in '' | '#'*) continue ;; esac
  env_args+=("$line")
done <"$env_file"
read -r -a exec_start <<<"$(unit_value ExecStart)"
umask_value=$(unit_value UMask)
# ProtectSystem=strict: everything read-only but the state directory, in
# a mount namespace of this run alone; then the root directory, the
# working directory and the user, and no way back to privileges.
(
  umask "$umask_value"
  exec env -i "${env_args[@]}" unshare --mount --pid --ipc --uts --fork -- \
    /bin/sh -c 'mount --bind "$1" "$1" && mount --bind "$1/var/lib/private/lifetag-cloud" "$1/var/lib/private/lifetag-cloud" &&
      mount -o remount,bind,ro "$1" && root="$1" wd="$2" uid="$3" && shift 3 &&
      exec setpriv --clear-groups --no-new-privs unshare --root="$root" --wd="$wd" --setuid "$uid" --setgid "$uid" "$@"' \
    sh "$root" "$(unit_value WorkingDirectory)" "$uid" "${exec_start[@]}"
) >"$work/cloud.log" 2>&1 &
pid=$!
base="http://127.0.0.1:$port"
wait_until "$pid" curl -fsS "$base/api/ready" || fail "the cloud stopped or never became ready" "$work/cloud.log"
health=$(curl -fsS "$base/api/health") || fail "no answer from /api/health" "$work/cloud.log"
case "$health" in '{"status":"ok"'*) ;; *) fail "health answered $health" "$work/cloud.log" ;; esac
stop
echo "health ok, as uid $uid from $state"

echo "== deb: removed, then purged"
dpkg_root --remove lifetag-cloud >>"$work/dpkg.log" 2>&1 || fail "dpkg --remove failed" "$work/dpkg.log"
[ -f "$env_file" ] && [ -d "$root/var/lib/private/lifetag-cloud" ] || fail "remove took the settings or the data"
[ ! -e "$root/usr/bin/lifetag-cloud" ] && [ ! -e "$unit" ] || fail "remove left the binary or the unit"
dpkg_root --purge lifetag-cloud >>"$work/dpkg.log" 2>&1 || fail "dpkg --purge failed" "$work/dpkg.log"
# /var/lib/private is systemd's (made above as systemd makes it): purge
# must have emptied it.
rmdir "$root/var/lib/private" 2>/dev/null || fail "purge left data in /var/lib/private: $(ls -A "$root/var/lib/private")"
left=$(cd "$root" && find . -mindepth 1 ! -path './var/lib/dpkg' ! -path './var/lib/dpkg/*' ! -path ./var ! -path ./var/lib | sort)
[ -z "$left" ] || fail "purge left: $(echo $left)"
line="deb: lifetag-cloud $(scripts/version.sh) ($(du -m "$deb" | cut -f1) MB), systemd-analyze verify clean, security $score; installed (dpkg --root), health ok as its unit runs it, purged: 0 files left"
echo "$line"
[ -z "${LIFETAG_TEST_REPORT:-}" ] || echo "$line" >>"$LIFETAG_TEST_REPORT"
