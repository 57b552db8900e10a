#!/usr/bin/env bash
# The container image (scripts/build/image.sh) as a runtime would see it,
# on a machine that may not run containers: its config is read from the OCI
# archive (a numeric user other than root, the entrypoint, the port and
# health labels, no secret in its environment), its root filesystem is
# unpacked (one program and no shell; only /data writable by its user), and
# the binary is started from it as the image says: chrooted into that
# filesystem, mounted read-only but for /data, in PID, mount, IPC and UTS
# namespaces of its own, as user 10001, with only the image's environment
# plus a database. Against PostgreSQL it must answer health and readiness,
# seed an admin and sign them in. Adds an `image:` line to make test's
# figures.
# Needs root (chroot, mounts), PostgreSQL ($LIFETAG_TEST_DATABASE_URL) and
# the cloud binary ($LIFETAG_CLOUD_BIN, or it builds one).
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/lib.sh

fail() { echo "test-image: $1" >&2; [ -z "${2:-}" ] || tail -20 "$2" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "needs root (chroot and mounts)"
[ -n "${LIFETAG_TEST_DATABASE_URL:-}" ] || fail "LIFETAG_TEST_DATABASE_URL is not set (make test starts PostgreSQL)"

work=$(mktemp -d /tmp/lifetag-image-test.XXXXXX)
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
scripts/build/image.sh "$bin" "$work/image.tar"

echo "== image: its config"
mkdir "$work/oci" "$work/root"
tar -xf "$work/image.tar" -C "$work/oci"
# Prints the layers' blobs in order, then the environment, one a line.
python3 - "$work/oci" >"$work/config.txt" <<'PY'
import json, re, sys
oci = sys.argv[1]
blob = lambda d: json.load(open(f"{oci}/blobs/sha256/{d.split(':')[1]}"))
index = json.load(open(f"{oci}/index.json"))
assert len(index["manifests"]) == 1, "one image in the archive"
manifest = blob(index["manifests"][0]["digest"])
config = blob(manifest["config"]["digest"])["config"]
problems = []
user = config.get("User", "")
if not re.fullmatch(r"[1-9][0-9]*:[1-9][0-9]*", user):
    problems.append(f"User is {user!r}, not a numeric user and group other than root")
if config.get("Entrypoint") != ["/usr/local/bin/lifetag-cloud"] or config.get("Cmd") != ["serve"]:
    problems.append(f"Entrypoint {config.get('Entrypoint')} Cmd {config.get('Cmd')}")
labels = config.get("Labels", {})
for key, want in {"io.lifetag.port": "8080", "io.lifetag.health": "/api/health", "io.lifetag.ready": "/api/ready"}.items():
    if labels.get(key) != want:
        problems.append(f"label {key} is {labels.get(key)!r}, not {want!r}")
if "8080/tcp" not in config.get("ExposedPorts", {}):
    problems.append("port 8080/tcp is not exposed")
if list(config.get("Volumes", {})) != ["/data"]:
    problems.append(f"volumes {list(config.get('Volumes', {}))}, not /data alone")
env = config.get("Env", [])
names = sorted(e.split("=", 1)[0] for e in env)
if names != ["DATA_DIR", "HOST", "PORT"]:
    problems.append(f"environment {names}: only DATA_DIR, HOST and PORT belong in the image (secrets come from the runtime)")
if problems:
    sys.exit("test-image: " + "; ".join(problems))
for layer in manifest["layers"]:
    print("layer", layer["digest"].split(":")[1])
for e in env:
    print("env", e)
print("user", user)
PY
user=$(sed -n 's/^user //p' "$work/config.txt")
uid=${user%%:*}
echo "user $user, entrypoint /usr/local/bin/lifetag-cloud serve, labels port 8080 and /api/health, environment DATA_DIR HOST PORT"

echo "== image: its root filesystem"
while read -r kind digest; do
  [ "$kind" = layer ] && tar -xf "$work/oci/blobs/sha256/$digest" -C "$work/root"
done <"$work/config.txt"
root="$work/root"
# One program: the cloud. No shell, no package manager, no busybox.
programs=$(cd "$root" && find . -type f -perm /111 | sort)
[ "$programs" = "./usr/local/bin/lifetag-cloud" ] || fail "programs in the image other than the cloud: $programs"
for shell in bin/sh bin/bash bin/ash bin/busybox usr/bin/sh; do
  [ ! -e "$root/$shell" ] && [ ! -L "$root/$shell" ] || fail "the image has /$shell"
done
file -b "$root/usr/local/bin/lifetag-cloud" | grep -q 'statically linked' || fail "the binary is not static"
[ -s "$root/etc/ssl/certs/ca-certificates.crt" ] || fail "no CA certificates"
[ -f "$root/usr/share/zoneinfo/Europe/London" ] || fail "no time zone data"
# Only /data is the user's, or writable by anyone but root.
writable=$(cd "$root" && find . -path ./data -prune -o ! -type l \( -user "$uid" -o -perm /022 \) -print)
[ -z "$writable" ] || fail "writable by user $uid outside /data: $writable"
[ "$(stat -c '%u %a' "$root/data")" = "$uid 700" ] || fail "/data is not user $uid's alone: $(stat -c '%u %a' "$root/data")"
version=$(chroot --userspec="$user" "$root" /usr/local/bin/lifetag-cloud --version)
echo "one program (static), CA certificates, time zone data, /data ($uid, 0700) the only writable path; $version"

echo "== image: the cloud started from it (chroot, read-only but /data, user $uid)"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
EMAIL=image@lifetag.test
PASSWORD=image-password-1
# The image's environment and no other, as a runtime gives it, plus what
# an operator adds: the database, an admin, a port on loopback only (this
# shares the machine's network).
env_args=()
while read -r kind value; do [ "$kind" = env ] && env_args+=("$value"); done <"$work/config.txt"
env_args+=("DATABASE_URL=$LIFETAG_TEST_DATABASE_URL" "ADMIN_EMAILS=$EMAIL" "HOST=127.0.0.1" "PORT=$port" "LOG_LEVEL=warn")
# The root filesystem bound read-only on itself with /data bound writable
# inside it, in a mount namespace of this run alone; then chroot, as the
# image's user, from its working directory.
env -i "${env_args[@]}" unshare --mount --pid --ipc --uts --fork --kill-child=SIGTERM -- \
  /bin/sh -c 'mount --bind "$1" "$1" && mount --bind "$1/data" "$1/data" &&
    mount -o remount,bind,ro "$1" && cd "$1/data" &&
    exec /usr/sbin/chroot --userspec="$2" "$1" /usr/local/bin/lifetag-cloud serve' \
  sh "$root" "$user" >"$work/cloud.log" 2>&1 &
pid=$!
base="http://127.0.0.1:$port"
wait_until "$pid" curl -fsS "$base/api/ready" || fail "the cloud from the image stopped or never became ready" "$work/cloud.log"
health=$(curl -fsS "$base/api/health") || fail "no answer from /api/health" "$work/cloud.log"
case "$health" in '{"status":"ok"'*) ;; *) false ;; esac || fail "health answered $health" "$work/cloud.log"
# Its writes went to /data and nowhere else (the rest is read-only).
[ -f "$root/data/data.key" ] || fail "no development key in /data" "$work/cloud.log"
# The admin that ADMIN_EMAILS seeded: the set-password link from the
# development outbox in /data, then a sign-in. Passwords go to curl on
# its standard input.
token=$(mailed_token "$pid" "" "$root/data/outbox") || fail "no set-password mail in /data/outbox" "$work/cloud.log"
printf '{"email":"%s","token":"%s","password":"%s"}' "$EMAIL" "$token" "$PASSWORD" |
  curl -fsS -o /dev/null -X POST "$base/api/auth/set-password" -H 'Content-Type: application/json' --data @- ||
  fail "set-password refused" "$work/cloud.log"
session=$(printf '{"email":"%s","password":"%s"}' "$EMAIL" "$PASSWORD" |
  curl -fsS -X POST "$base/api/auth/login" -H 'Content-Type: application/json' -H 'X-Lifetag-Session: bearer' --data @- |
  grep -o '"sessionToken":"[^"]*"' | cut -d'"' -f4) || true
[ -n "$session" ] || fail "sign-in refused" "$work/cloud.log"
stop
size=$(du -m "$work/image.tar" | cut -f1)
line="image: ${version%% (*} (${size} MB), user $user, no shell; from its root filesystem (chroot, read-only but /data) on PostgreSQL: health ok, sign-in ok"
echo "$line"
[ -z "${LIFETAG_TEST_REPORT:-}" ] || echo "$line" >>"$LIFETAG_TEST_REPORT"
