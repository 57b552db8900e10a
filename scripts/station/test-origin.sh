#!/usr/bin/env bash
# What IT checks before deploying a station build, run as docs/station.md gives it
# ("Where the station comes from"), on a signed build:
#  - docs/station.md's Linux commands, taken from that page itself (the block after
#    the comment naming "station-verify-linux") and run in the build's folder: the
#    checksums, the MSI's signature, and the signing certificate's subject
#    and SHA-1 thumbprint, which must be the certificate's own (openssl);
#  - the MSI's Upgrade table: the row that removes older versions also
#    finds this version (VersionMaxInclusive), so a rebuilt MSI of the same
#    version replaces the installed one instead of installing beside it.
#
#   scripts/station/test-origin.sh DIR    a build in DIR (scripts/station/build.sh),
#       signed with the certificate SIGN_CERT (timestamped by the server
#       whose certificate is TSA_CERT, if it was)
#
# docs/station.md's commands trust Debian's CA bundle, which a throwaway certificate
# is not in: the test gives them the certificate instead, and changes
# nothing else.
set -euo pipefail
cd "$(dirname "$0")/../.."

dir="$(realpath "${1:?usage: test-origin.sh DIR (a signed build)}")"
cert="$(realpath "${SIGN_CERT:?give SIGN_CERT, the certificate DIR was signed with}")"
fail() { echo "origin: $*" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

block="$(awk '/^<!-- .*station-verify-linux.* -->$/ { on = 1; next } on && /^```sh$/ { code = 1; next } code && /^```$/ { exit } code' docs/station.md)"
[ -n "$block" ] || fail "docs/station.md has no block of Linux commands after <!-- station-verify-linux -->"
grep -F /etc/ssl/certs/ca-certificates.crt <<<"$block" >/dev/null || fail "docs/station.md's commands no longer name the CA bundle this test replaces"

# The build's files, as IT downloads them, in a folder of their own.
cp "$dir"/lifetag-station.msi "$dir"/lifetag-station-setup.exe "$dir"/lifetag-station.exe "$dir"/SHA256SUMS "$work/"
# A timestamped build's timestamp is checked against its TSA's certificate
# (TSA_CERT), which a real timestamp server's is in the bundle.
ca="$cert${TSA_CERT:+ -TSA-CAfile $(realpath "$TSA_CERT")}"
run_block() { (cd "$work" && bash -euo pipefail -c "${block//\/etc\/ssl\/certs\/ca-certificates.crt/$ca}" 2>&1); }
out="$(run_block)" ||
  fail "docs/station.md's commands failed: $out"
for want in "lifetag-station.msi: OK" "Signature verification: ok"; do
  grep -F "$want" <<<"$out" >/dev/null || fail "docs/station.md's commands did not print \"$want\": $out"
done
subject="$(openssl x509 -in "$cert" -noout -subject -nameopt RFC2253,-dn_rev,sep_comma_plus_space | sed 's/^subject=//')"
thumb="$(openssl x509 -in "$cert" -noout -fingerprint -sha1 | sed 's/^.*=//; s/://g')"
# The subject and thumbprint docs/station.md tells IT to pin: the certificate's.
grep -F "subject=$subject" <<<"$out" >/dev/null || fail "docs/station.md's commands do not show the subject $subject: $out"
grep -F "thumbprint=$thumb" <<<"$out" >/dev/null || fail "docs/station.md's commands do not show the thumbprint $thumb: $out"
echo "   docs/station.md's Linux commands: checksums OK, the MSI's signature verified, subject $subject, thumbprint $thumb"

# A corrupted download is caught by the same commands.
printf 'x' >>"$work/lifetag-station.msi"
if run_block >/dev/null; then
  fail "docs/station.md's commands accept an MSI that does not match SHA256SUMS"
fi
echo "   docs/station.md's Linux commands: a changed MSI refused"

version="$(msiinfo export "$dir/lifetag-station.msi" Property | tr -d '\r' | awk -F'\t' '$1 == "ProductVersion" {print $2}')"
row="$(msiinfo export "$dir/lifetag-station.msi" Upgrade | tr -d '\r' | awk -F'\t' '$7 == "WIX_UPGRADE_DETECTED" {print $2 "|" $3 "|" $5}')"
# VersionMin empty, VersionMax this version, MigrateFeatures (1) + VersionMaxInclusive (512).
[ "$row" = "|$version|513" ] || fail "the MSI's upgrade row is [$row], want [|$version|513]: a rebuilt MSI of $version would install beside the old one"
echo "   lifetag-station.msi: a rebuilt MSI of $version replaces the one installed (Upgrade: up to $version inclusive)"
