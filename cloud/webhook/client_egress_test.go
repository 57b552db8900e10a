package webhook

import (
	"context"
	"errors"
	"net"
	"net/url"
	"testing"
	"time"
)

// The IPv6 spellings of internal IPv4 addresses, and carrier NAT.
var internalSpellings = []string{
	"https://[64:ff9b::a9fe:a9fe]/h", // NAT64 of 169.254.169.254, the metadata service
	"https://[64:ff9b::7f00:1]/h",    // NAT64 of 127.0.0.1
	"https://[::127.0.0.1]/h",        // IPv4-compatible 127.0.0.1
	"https://[2002:7f00:1::1]/h",     // 6to4 of 127.0.0.1
	"https://[::ffff:0:7f00:1]/h",    // IPv4-translated 127.0.0.1
	"https://[64:ff9b:1::a9fe:a9fe]/h",
	"https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/h", // Teredo
	"https://100.64.0.1/h",
}

// TestGuardRefusesEmbeddedIPv4: the guard refuses each spelling when the
// address is typed, and its dialer refuses each as the address actually
// connected (what a host name resolving there meets).
func TestGuardRefusesEmbeddedIPv4(t *testing.T) {
	g := Guard{Lookup: publicDNS}
	for _, raw := range internalSpellings {
		if _, err := g.Check(context.Background(), raw); !errors.Is(err, ErrNotPublic) {
			t.Errorf("Check(%s) = %v, want %v", raw, err, ErrNotPublic)
		}
		u, _ := url.Parse(raw)
		address := net.JoinHostPort(u.Hostname(), "443")
		if err := g.control("tcp", address, nil); !errors.Is(err, ErrNotPublic) {
			t.Errorf("connecting to %s: %v, want %v", address, err, ErrNotPublic)
		}
	}
	// A delivery to an endpoint saved at such an address before is refused
	// as well, without a connection.
	c := NewClient(Guard{}, time.Second)
	for _, raw := range internalSpellings {
		if a := c.Post(context.Background(), raw, nil, []byte("{}"), 1024); !errors.Is(a.Err, ErrNotPublic) {
			t.Errorf("delivery to %s: %+v, want %v", raw, a, ErrNotPublic)
		}
	}
	// Public IPv4 addresses behind NAT64 or 6to4 are reached.
	for _, address := range []string{"[64:ff9b::808:808]:443", "[2002:808:808::1]:443", "93.184.216.34:443"} {
		if err := g.control("tcp", address, nil); err != nil {
			t.Errorf("connecting to %s: %v", address, err)
		}
	}
	// Development's switch still reaches this machine.
	if err := (Guard{AllowPrivate: true}).control("tcp", "127.0.0.1:8080", nil); err != nil {
		t.Errorf("AllowPrivate: %v", err)
	}
}
