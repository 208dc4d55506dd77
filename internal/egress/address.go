package egress

import "net/netip"

// Public reports whether a is a public unicast address, one a call to a
// caller's URL may reach: not loopback, private (RFC 1918, IPv6 unique
// local), link-local (the cloud metadata address 169.254.169.254
// included), multicast, unspecified, nor in a range set aside (below).
// An address spelt in IPv6 for an IPv4 one (IPv4-mapped, NAT64, 6to4) is
// judged as that IPv4 address.
func Public(a netip.Addr) bool {
	a = a.Unmap()
	if v4, ok := embedded(a); ok {
		a = v4
	}
	if !a.IsValid() || a.IsLoopback() || a.IsPrivate() || a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast() ||
		a.IsInterfaceLocalMulticast() || a.IsMulticast() || a.IsUnspecified() {
		return false
	}
	for _, p := range setAside {
		if p.Contains(a) {
			return false
		}
	}
	return true
}

// setAside are the ranges no public server is in, besides those netip
// names: RFC 6890's special-purpose registries, as far as a call could
// reach a host through them.
var setAside = func() []netip.Prefix {
	var out []netip.Prefix
	for _, s := range []string{
		"0.0.0.0/8",       // this network
		"100.64.0.0/10",   // shared address space (carrier-grade NAT)
		"192.0.0.0/24",    // IETF protocol assignments
		"192.0.2.0/24",    // documentation (TEST-NET-1)
		"198.18.0.0/15",   // benchmarking
		"198.51.100.0/24", // documentation (TEST-NET-2)
		"203.0.113.0/24",  // documentation (TEST-NET-3)
		"240.0.0.0/4",     // reserved, and the broadcast address
		"::/128",          // unspecified
		"64:ff9b:1::/48",  // local-use NAT64
		"100::/64",        // discard-only
		"2001::/23",       // IETF protocol assignments (Teredo among them)
		"2001:db8::/32",   // documentation
		"fc00::/7",        // unique local
		"fe80::/10",       // link-local
		"fec0::/10",       // site-local, deprecated
	} {
		out = append(out, netip.MustParsePrefix(s))
	}
	return out
}()

// nat64, sixToFour: the prefixes that carry an IPv4 address inside an
// IPv6 one.
var (
	nat64     = netip.MustParsePrefix("64:ff9b::/96")
	sixToFour = netip.MustParsePrefix("2002::/16")
)

// embedded is the IPv4 address an IPv6 address of NAT64's well-known
// prefix or of 6to4 carries.
func embedded(a netip.Addr) (netip.Addr, bool) {
	b := a.As16()
	switch {
	case !a.Is6():
		return netip.Addr{}, false
	case nat64.Contains(a):
		return netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]}), true
	case sixToFour.Contains(a):
		return netip.AddrFrom4([4]byte{b[2], b[3], b[4], b[5]}), true
	}
	return netip.Addr{}, false
}
