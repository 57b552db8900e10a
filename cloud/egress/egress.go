// Package egress decides which addresses the cloud may connect to when it
// makes a request on a customer's behalf, to an address a customer typed:
// a webhook endpoint, a single sign-on provider. Left unguarded such a
// request is a way into the cloud's own network (its database, a cloud
// provider's metadata service handing out credentials).
//
// The rule: only an ordinary public unicast address is reached. Every
// block of the IANA IPv4 and IPv6 Special-Purpose Address Registries is
// refused, even the few the registries call globally reachable (anycast
// relays, AS112, AMT, ORCHID): no customer's endpoint lives there. So are
// multicast, the deprecated IPv6 site-local block, and IPv6 outside
// 2000::/3, the only block IANA hands out for global unicast. The
// exception is an IPv6 address that carries an IPv4 address the network
// really delivers to, judged by that IPv4 address:
//
//   - IPv4-mapped ::ffff:0:0/96 is the IPv4 address itself (a socket to
//     it is an IPv4 connection);
//   - NAT64's well-known prefix 64:ff9b::/96 and 6to4 2002::/16 reach the
//     embedded IPv4 address through a translator or relay, so a public
//     IPv4 address behind DNS64/NAT64 on an IPv6-only network still
//     works, and 64:ff9b::a9fe:a9fe (169.254.169.254) does not.
//
// Every other form that carries an IPv4 address is refused whatever it
// carries: NAT64's local-use prefix 64:ff9b:1::/48 (the operator's own
// translator, embedding at an offset of its choosing), Teredo 2001::/32
// (an obfuscated client address behind a relay), IPv4-compatible ::/96
// and IPv4-translated ::ffff:0:0:0/96 (both deprecated, neither routed).
//
// The registries are a dated list: a block IANA adds later is refused only
// once it is added here (testdata holds the registries this list is tested
// against).
package egress

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"syscall"
)

var (
	// ErrNotPublic: the address is not an ordinary public internet address.
	ErrNotPublic = errors.New("not a public internet address")
	// ErrUnresolved: the host name could not be found.
	ErrUnresolved = errors.New("the host name could not be found")
)

// refused4 is every IPv4 block of the special-purpose registry, and
// multicast.
var refused4 = prefixes(
	"0.0.0.0/8",       // "This network", and "this host on this network"
	"10.0.0.0/8",      // private use
	"100.64.0.0/10",   // shared address space (carrier NAT; some clouds' metadata)
	"127.0.0.0/8",     // loopback
	"169.254.0.0/16",  // link local, where most clouds' metadata service lives
	"172.16.0.0/12",   // private use
	"192.0.0.0/24",    // IETF protocol assignments (service continuity, dummy, PCP and TURN anycast, NAT64 discovery)
	"192.0.2.0/24",    // documentation (TEST-NET-1)
	"192.31.196.0/24", // AS112-v4
	"192.52.193.0/24", // AMT
	"192.88.99.0/24",  // 6to4 relay anycast (deprecated), 6a44 relay anycast
	"192.168.0.0/16",  // private use
	"192.175.48.0/24", // direct delegation AS112 service
	"198.18.0.0/15",   // benchmarking
	"198.51.100.0/24", // documentation (TEST-NET-2)
	"203.0.113.0/24",  // documentation (TEST-NET-3)
	"224.0.0.0/4",     // multicast
	"240.0.0.0/4",     // reserved, and the limited broadcast 255.255.255.255
)

// refused6 is every IPv6 block of the special-purpose registry, multicast,
// and the deprecated forms that embed an IPv4 address. Most lie outside
// 2000::/3, which is refused as a whole anyway; they are listed so that
// each registry entry has its line.
var refused6 = prefixes(
	"::/96",             // IPv4-compatible (deprecated), with the unspecified ::/128 and loopback ::1/128
	"::ffff:0:0:0/96",   // IPv4-translated (deprecated SIIT)
	"64:ff9b:1::/48",    // NAT64 local use
	"100::/64",          // discard only
	"100:0:0:1::/64",    // dummy prefix
	"2001::/23",         // IETF protocol assignments: Teredo, anycast, benchmarking, AMT, AS112, ORCHID, DETs
	"2001:db8::/32",     // documentation
	"2620:4f:8000::/48", // direct delegation AS112 service
	"3fff::/20",         // documentation
	"5f00::/16",         // segment routing (SRv6) SIDs
	"fc00::/7",          // unique local (AWS's metadata service fd00:ec2::254 among them)
	"fe80::/10",         // link local
	"fec0::/10",         // site local (deprecated; not in the registry)
	"ff00::/8",          // multicast
)

var (
	// globalUnicast6 is the only IPv6 block allocated for global unicast.
	globalUnicast6 = netip.MustParsePrefix("2000::/3")
	// nat64 is NAT64's well-known prefix: the IPv4 address is its last 32 bits.
	nat64 = netip.MustParsePrefix("64:ff9b::/96")
	// sixToFour is 6to4: the IPv4 address is bits 16 to 47.
	sixToFour = netip.MustParsePrefix("2002::/16")
)

func prefixes(list ...string) []netip.Prefix {
	out := make([]netip.Prefix, len(list))
	for i, p := range list {
		out[i] = netip.MustParsePrefix(p)
	}
	return out
}

// Public reports whether addr is an ordinary public internet address,
// under the rule of the package's comment.
func Public(addr netip.Addr) bool {
	// A zone names one of this machine's interfaces: never a public
	// address (and a zoned address matches no prefix).
	if !addr.IsValid() || addr.Zone() != "" {
		return false
	}
	if addr.Is4In6() {
		addr = addr.Unmap()
	}
	if addr.Is4() {
		return !within(addr, refused4)
	}
	b := addr.As16()
	switch {
	case nat64.Contains(addr):
		return Public(netip.AddrFrom4([4]byte(b[12:16])))
	case sixToFour.Contains(addr):
		return Public(netip.AddrFrom4([4]byte(b[2:6])))
	}
	return globalUnicast6.Contains(addr) && !within(addr, refused6)
}

func within(addr netip.Addr, list []netip.Prefix) bool {
	for _, p := range list {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}

// Control is a net.Dialer's Control: the last word on every connection,
// given the address actually being connected to, so that whatever a host
// name resolved to at an earlier check (DNS rebinding), a socket to an
// address that is not public is never opened.
func Control(network, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil || !Public(ap.Addr()) {
		return fmt.Errorf("%w: %s %s", ErrNotPublic, network, address)
	}
	return nil
}

// Lookup resolves a host name to its addresses.
type Lookup func(ctx context.Context, host string) ([]netip.Addr, error)

// CheckHost refuses host unless every address it stands for is public: an
// address literal is itself, a name is resolved with lookup (the system's
// resolver when nil). It tells someone typing an address at once; Control
// is what holds at the connection.
func CheckHost(ctx context.Context, host string, lookup Lookup) error {
	addrs := []netip.Addr{}
	if a, err := netip.ParseAddr(host); err == nil {
		addrs = append(addrs, a)
	} else {
		if lookup == nil {
			lookup = func(ctx context.Context, host string) ([]netip.Addr, error) {
				return net.DefaultResolver.LookupNetIP(ctx, "ip", host)
			}
		}
		if addrs, err = lookup(ctx, host); err != nil || len(addrs) == 0 {
			return ErrUnresolved
		}
	}
	for _, a := range addrs {
		if !Public(a) {
			return fmt.Errorf("%w: %s", ErrNotPublic, a)
		}
	}
	return nil
}
