#!/usr/bin/env bash
# scripts/build/image.sh BIN [OUT]: the cloud's container image, by buildah,
# as an OCI archive (default build/lifetag-cloud-image_VERSION.tar; `make
# image`). No registry is needed: the image starts FROM scratch and this
# script puts in it, from this machine, all it holds:
#   /usr/local/bin/lifetag-cloud     BIN, which must be static (no C library here)
#   /etc/ssl/certs/ca-certificates.crt  for SMTP, Stripe and webhooks over TLS
#   /usr/share/zoneinfo              time zone data
#   /etc/passwd, /etc/group          the user 10001 "lifetag", which runs it
#   /data                            the only path that user may write
# No shell and no other program. Load it with
# `podman load -i OUT` or `docker load -i OUT`, or `skopeo copy
# oci-archive:OUT docker://REGISTRY/lifetag-cloud:VERSION`.
set -euo pipefail
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: scripts/build/image.sh BIN [OUT]" >&2; exit 2; }
cd "$(dirname "$0")/../.."
# buildah needs root, or a user namespace of its own as any other user.
if [ "$(id -u)" -ne 0 ] && [ -z "${_LIFETAG_IN_UNSHARE:-}" ]; then
  exec env _LIFETAG_IN_UNSHARE=1 buildah unshare "$0" "$@"
fi

bin="$(realpath "$1")"
version="$(scripts/version.sh)"
out="$(realpath -m "${2:-build/lifetag-cloud-image_${version}.tar}")"
name="lifetag-cloud:$version"
uid=10001 # numeric, so a runtime can refuse root without reading /etc/passwd

# The image has no C library: a binary linked against one would not start.
if ! go version -m "$bin" | grep -q 'CGO_ENABLED=0' || ! file -b "$bin" | grep -q 'statically linked'; then
  echo "image: $bin is not a static build (scripts/build/cloud.sh builds with CGO_ENABLED=0)" >&2
  exit 1
fi

# A store of buildah's own for this build (vfs: no overlay or FUSE needed),
# deleted afterwards, so nothing is left in /var/lib/containers and two
# builds at once do not meet.
work="$(mktemp -d /tmp/lifetag-image.XXXXXX)"
bh() { buildah --root "$work/storage" --runroot "$work/run" --storage-driver vfs "$@"; }
container=""
cleanup() {
  if [ -n "$container" ]; then bh rm "$container" >/dev/null 2>&1 || true; fi
  bh rmi --all --force >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

echo "== image: $name from scratch"
container="$(bh from --name lifetag-cloud-build scratch)"
root="$(bh mount "$container")"
install -d -m 0755 "$root/usr/local/bin" "$root/etc/ssl/certs" "$root/usr/share"
install -m 0755 "$bin" "$root/usr/local/bin/lifetag-cloud"
install -m 0644 /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
cp -a /usr/share/zoneinfo "$root/usr/share/zoneinfo"
chown -R 0:0 "$root/usr/share/zoneinfo"
printf 'root:x:0:0:root:/:/nonexistent\nlifetag:x:%d:%d:Lifetag cloud:/data:/nonexistent\n' "$uid" "$uid" >"$root/etc/passwd"
printf 'root:x:0:\nlifetag:x:%d:\n' "$uid" >"$root/etc/group"
chmod 0644 "$root/etc/passwd" "$root/etc/group"
install -d -m 0700 -o "$uid" -g "$uid" "$root/data"
bh umount "$container" >/dev/null

# Settings: only where the image's paths differ from the binary's defaults.
# Secrets (DATA_KEY, DATABASE_URL, SMTP, Stripe) come from the runtime.
bh config \
  --os linux --arch amd64 \
  --user "$uid:$uid" \
  --entrypoint '["/usr/local/bin/lifetag-cloud"]' --cmd '["serve"]' \
  --workingdir /data \
  --env DATA_DIR=/data --env HOST=0.0.0.0 --env PORT=8080 \
  --port 8080/tcp --volume /data \
  --stop-signal SIGTERM \
  --created-by "scripts/build/image.sh (buildah, FROM scratch)" \
  --label org.opencontainers.image.title=lifetag-cloud \
  --label org.opencontainers.image.description="Lifetag cloud: the site and API" \
  --label org.opencontainers.image.version="$version" \
  --label org.opencontainers.image.revision="$(git rev-parse HEAD 2>/dev/null || true)" \
  --label io.lifetag.port=8080 \
  --label io.lifetag.health=/api/health \
  --label io.lifetag.ready=/api/ready \
  "$container"
bh commit --quiet --format oci --rm "$container" "$name" >/dev/null
container=""
mkdir -p "$(dirname "$out")"
rm -f "$out"
bh push --quiet "$name" "oci-archive:$out:$name"
echo "== image: $out ($(du -m "$out" | cut -f1) MB)"
