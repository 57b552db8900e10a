// Package version is the one version number of Lifetag's programs: the
// cloud (its /api/health), the desktop print station (its About, the
// User-Agent it sends with every request, the Windows exe's version
// resource, the MSI, the NSIS installer and the .deb) and pkg/client.
//
// The number is the VERSION file beside this one, or, for a build of a
// tagged commit, the tag: scripts/version.sh prints it, and the build
// scripts pass it as -ldflags "-X github.com/lifetag/lifetag/pkg/version.tag=X.Y.Z".
package version

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
)

//go:embed VERSION
var file string

// tag is the git tag's number, set by the build scripts; "" for none.
var tag string

// String is this build's version, X.Y.Z.
func String() string {
	if tag != "" {
		return tag
	}
	return strings.TrimSpace(file)
}

// Parse reads X.Y.Z (each part a decimal number below 65536, as Windows
// version resources and MSI ProductVersion need).
func Parse(s string) ([3]int, error) {
	var v [3]int
	parts := strings.Split(s, ".")
	if len(parts) != 3 {
		return v, fmt.Errorf("version %q is not X.Y.Z", s)
	}
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || n > 65535 || p != strconv.Itoa(n) {
			return v, fmt.Errorf("version %q is not X.Y.Z", s)
		}
		v[i] = n
	}
	return v, nil
}

// Older reports whether a is an older version than b (both X.Y.Z).
func Older(a, b [3]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// StationUserAgentPrefix starts the User-Agent the print station (and
// pkg/client) sends: "lifetag-station/X.Y.Z". The cloud reads the version
// from it to refuse a station older than it supports.
const StationUserAgentPrefix = "lifetag-station/"

// StationUserAgent is this build's User-Agent for the station and pkg/client.
func StationUserAgent() string { return StationUserAgentPrefix + String() }

// StationFromUserAgent is the version a station's User-Agent carries; ok is
// false for any other User-Agent, or one whose version cannot be read.
func StationFromUserAgent(ua string) (v [3]int, ok bool) {
	rest, found := strings.CutPrefix(ua, StationUserAgentPrefix)
	if !found {
		return v, false
	}
	// A build suffix ("+abc123") or a comment (" (Windows)") is not part of the number.
	if i := strings.IndexAny(rest, "+ "); i >= 0 {
		rest = rest[:i]
	}
	v, err := Parse(rest)
	return v, err == nil
}

// NewerStationHeader is the header the cloud adds to its API answers to a
// station older than the cloud itself, naming the cloud's version: one
// version for every program (above), so the cloud's version is the newest
// station release. The station shows that a newer version is out.
const NewerStationHeader = "X-Lifetag-Newer-Station"
