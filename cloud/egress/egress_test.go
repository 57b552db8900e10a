package egress_test

import (
	"context"
	"encoding/csv"
	"errors"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lifetag/lifetag/cloud/egress"
)

// registryEntry is one row of an IANA special-purpose address registry.
type registryEntry struct {
	Blocks            []netip.Prefix
	Name, RFC         string
	GloballyReachable string
}

// footnote is a registry's footnote mark, as in "192.0.0.0/24 [2]".
var footnote = regexp.MustCompile(`\s*\[\d+\]`)

// readRegistry reads a registry as IANA publishes it in CSV.
func readRegistry(t *testing.T, file string) []registryEntry {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	header := []string{"Address Block", "Name", "RFC", "Allocation Date", "Termination Date", "Source",
		"Destination", "Forwardable", "Globally Reachable", "Reserved-by-Protocol"}
	if strings.Join(rows[0], ",") != strings.Join(header, ",") {
		t.Fatalf("%s: the columns are %q, not the registry's", file, rows[0])
	}
	var out []registryEntry
	for _, row := range rows[1:] {
		e := registryEntry{Name: row[1], RFC: strings.Join(strings.Fields(row[2]), " "),
			GloballyReachable: footnote.ReplaceAllString(row[8], "")}
		// One cell may hold several blocks: "192.0.0.170/32, 192.0.0.171/32".
		for _, b := range strings.Split(footnote.ReplaceAllString(row[0], ""), ",") {
			p, err := netip.ParsePrefix(strings.TrimSpace(b))
			if err != nil {
				t.Fatalf("%s: %q: %v", file, row[0], err)
			}
			e.Blocks = append(e.Blocks, p)
		}
		out = append(out, e)
	}
	return out
}

// last is the last address of p.
func last(p netip.Prefix) netip.Addr {
	a := p.Masked().Addr()
	bits := a.BitLen()
	n := new(big.Int).SetBytes(a.AsSlice())
	host := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(bits-p.Bits())), big.NewInt(1))
	n.Or(n, host)
	b := make([]byte, bits/8)
	n.FillBytes(b)
	out, _ := netip.AddrFromSlice(b)
	return out
}

// wantRefused asserts that the first and the last address of each block
// are refused.
func wantRefused(t *testing.T, what string, blocks ...netip.Prefix) {
	t.Helper()
	for _, p := range blocks {
		for _, a := range []netip.Addr{p.Masked().Addr(), last(p)} {
			if egress.Public(a) {
				t.Errorf("%s: %s (%s) is let through", what, a, p)
			}
		}
	}
}

// TestSpecialPurposeRegistries: the first and the last address of every
// block of the IANA IPv4 and IPv6 Special-Purpose Address Registries are
// refused, the blocks the registries call globally reachable too (anycast
// relays, AS112, AMT, ORCHIDv2: no customer endpoint lives there), and so
// are multicast and the IPv6 forms that embed an IPv4 address outside the
// registries.
func TestSpecialPurposeRegistries(t *testing.T) {
	registries := map[string]int{ // file: its number of rows
		"testdata/iana-ipv4-special-registry-1.csv": 25,
		"testdata/iana-ipv6-special-registry-1.csv": 25,
	}
	seen := map[netip.Prefix]bool{}
	for file, rows := range registries {
		entries := readRegistry(t, file)
		if len(entries) != rows {
			t.Fatalf("%s: %d rows, want %d", file, len(entries), rows)
		}
		for _, e := range entries {
			wantRefused(t, e.Name+" "+e.RFC+", globally reachable: "+e.GloballyReachable, e.Blocks...)
			for _, b := range e.Blocks {
				seen[b] = true
			}
		}
	}
	// The registries' additions of 2024 and 2025 are in the files read.
	for _, p := range []string{"3fff::/20", "5f00::/16", "100:0:0:1::/64", "2001:1::3/128"} {
		if !seen[netip.MustParsePrefix(p)] {
			t.Errorf("%s is not in testdata: an old registry?", p)
		}
	}
	for what, p := range map[string]string{
		"IPv4 multicast (RFC 5771)":              "224.0.0.0/4",
		"IPv6 multicast (RFC 4291)":              "ff00::/8",
		"IPv4-compatible (RFC 4291, deprecated)": "::/96",
		"IPv4-translated (RFC 2765, deprecated)": "::ffff:0:0:0/96",
		"site-local (RFC 3879, deprecated)":      "fec0::/10",
		"IPv6 reserved by the IETF":              "4000::/2",
		"IPv6 reserved by the IETF, low":         "200::/7",
	} {
		wantRefused(t, what, netip.MustParsePrefix(p))
	}
}

// TestEmbeddedIPv4: an IPv6 address that carries an IPv4 address is
// judged by it where the network delivers to it (IPv4-mapped, NAT64's
// well-known prefix, 6to4), and refused whatever it carries elsewhere.
func TestEmbeddedIPv4(t *testing.T) {
	refused := []string{
		"64:ff9b::a9fe:a9fe", // NAT64 of 169.254.169.254, the metadata service
		"64:ff9b::7f00:1",    // NAT64 of 127.0.0.1
		"64:ff9b::a00:1",     // NAT64 of 10.0.0.1
		"64:ff9b::6440:1",    // NAT64 of 100.64.0.1
		"64:ff9b::e000:1",    // NAT64 of 224.0.0.1
		"::127.0.0.1",        // IPv4-compatible 127.0.0.1
		"::8.8.8.8",          // IPv4-compatible, even of a public address: deprecated, not routed
		"::ffff:0:7f00:1",    // IPv4-translated 127.0.0.1
		"::ffff:0:808:808",   // IPv4-translated, even of a public address
		"::ffff:127.0.0.1",   // IPv4-mapped 127.0.0.1
		"::ffff:169.254.169.254",
		"::ffff:100.64.0.1",
		"2002:7f00:1::1",                       // 6to4 of 127.0.0.1
		"2002:a9fe:a9fe::1",                    // 6to4 of 169.254.169.254
		"2002:c0a8:101::1",                     // 6to4 of 192.168.1.1
		"64:ff9b:1::808:808",                   // NAT64 local use, even of a public address
		"64:ff9b:1:7f00:1::",                   // NAT64 local use, 127.0.0.1 at /48
		"2001:0:4136:e378:8000:63bf:3fff:fdd2", // Teredo
		"2001::a9fe:a9fe",                      // Teredo
		"fd00:ec2::254",                        // AWS's metadata service
		"100.64.0.1",                           // shared address space (carrier NAT)
		"100.100.100.200",                      // Alibaba's metadata service, in shared address space
		"fe80::1%eth0",                         // a zone names this machine's interface
		"2606:4700::1111%eth0",
	}
	for _, s := range refused {
		if egress.Public(netip.MustParseAddr(s)) {
			t.Errorf("%s is let through", s)
		}
	}
	allowed := []string{
		"8.8.8.8", "1.1.1.1", "9.9.9.9", "93.184.216.34", "11.0.0.1", "223.255.255.255",
		"100.63.255.255", "100.128.0.0", "172.15.255.255", "172.32.0.0", "192.0.1.1", "192.167.255.255", "198.20.0.1",
		"2606:4700:4700::1111", "2001:4860:4860::8888", "2a00:1450:4001:82b::200e", "2620:fe::fe",
		"2001:200::1", "2c0f:fb50:4003::1",
		"::ffff:8.8.8.8",   // IPv4-mapped: the IPv4 address itself
		"64:ff9b::808:808", // NAT64 of 8.8.8.8: an IPv6-only network reaches a public IPv4 endpoint
		"64:ff9b::1.1.1.1",
		"2002:808:808::1",     // 6to4 of 8.8.8.8
		"2002:5db8:d822:1::1", // 6to4 of 93.184.216.34
	}
	for _, s := range allowed {
		if !egress.Public(netip.MustParseAddr(s)) {
			t.Errorf("%s is refused", s)
		}
	}
	if egress.Public(netip.Addr{}) {
		t.Error("the zero address is let through")
	}
}

// TestControl: the dialer's check, given the address actually connected,
// refuses before any socket reaches a non-public address.
func TestControl(t *testing.T) {
	for _, address := range []string{"[64:ff9b::a9fe:a9fe]:443", "[64:ff9b::7f00:1]:443", "[::7f00:1]:443",
		"[2002:7f00:1::1]:443", "[::ffff:0:7f00:1]:443", "100.64.0.1:443", "169.254.169.254:80", "not an address"} {
		if err := egress.Control("tcp", address, nil); !errors.Is(err, egress.ErrNotPublic) {
			t.Errorf("Control(%s) = %v, want refused", address, err)
		}
	}
	for _, address := range []string{"8.8.8.8:443", "[64:ff9b::808:808]:443", "[2606:4700:4700::1111]:443"} {
		if err := egress.Control("tcp", address, nil); err != nil {
			t.Errorf("Control(%s) = %v, want allowed", address, err)
		}
	}
	t.Run("NoSocketReachesLoopback", func(t *testing.T) {
		var reached atomic.Int32
		srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { reached.Add(1) }))
		defer srv.Close()
		dialer := &net.Dialer{Timeout: time.Second, Control: egress.Control}
		conn, err := dialer.Dial("tcp", srv.Listener.Addr().String())
		if err == nil {
			conn.Close()
		}
		if !errors.Is(err, egress.ErrNotPublic) {
			t.Fatalf("dial = %v, want refused", err)
		}
		if reached.Load() != 0 {
			t.Fatal("the server was reached")
		}
	})
}

// TestCheckHost: a typed host is refused unless every address it stands
// for is public; a name that cannot be found is told apart.
func TestCheckHost(t *testing.T) {
	dns := map[string][]netip.Addr{
		"public.example": {netip.MustParseAddr("93.184.216.34"), netip.MustParseAddr("64:ff9b::808:808")},
		"nat64.example":  {netip.MustParseAddr("93.184.216.34"), netip.MustParseAddr("64:ff9b::a9fe:a9fe")},
	}
	lookup := func(_ context.Context, host string) ([]netip.Addr, error) {
		if a, ok := dns[host]; ok {
			return a, nil
		}
		return nil, errors.New("no such host")
	}
	ctx := context.Background()
	for host, want := range map[string]error{
		"public.example":     nil,
		"8.8.8.8":            nil,
		"nat64.example":      egress.ErrNotPublic,
		"64:ff9b::a9fe:a9fe": egress.ErrNotPublic,
		"100.64.0.1":         egress.ErrNotPublic,
		"nowhere.example":    egress.ErrUnresolved,
	} {
		if err := egress.CheckHost(ctx, host, lookup); !errors.Is(err, want) || (want == nil && err != nil) {
			t.Errorf("CheckHost(%s) = %v, want %v", host, err, want)
		}
	}
}
