package play

import (
	"context"
	"net/netip"
)

// clientKey keys the client in a context.
type clientKey struct{}

// WithClient records in ctx who sent the request: the network address an
// edge read it from (an IP address, with or without a port). Quotas count
// requests by it; the address is read when they ask (ClientOf), not for
// every request.
func WithClient(ctx context.Context, addr string) context.Context {
	return context.WithValue(ctx, clientKey{}, addr)
}

// HasClient reports whether WithClient recorded a client in ctx (an empty
// address recording none).
func HasClient(ctx context.Context) bool {
	addr, _ := ctx.Value(clientKey{}).(string)
	return addr != ""
}

// ClientOf answers the client WithClient recorded, "" if none was: an
// IPv4 address, or an IPv6 address cut to its /64 network (one host
// commonly holds a whole /64); an address that does not parse stands for
// itself.
func ClientOf(ctx context.Context) string {
	addr, ok := ctx.Value(clientKey{}).(string)
	if !ok {
		return ""
	}
	return clientOf(addr)
}

// clientOf is the client an address counts as.
func clientOf(addr string) string {
	ap, err := netip.ParseAddrPort(addr)
	a := ap.Addr()
	if err != nil {
		if a, err = netip.ParseAddr(addr); err != nil {
			return addr
		}
	}
	a = a.Unmap()
	if a.Is6() {
		p, _ := a.Prefix(64)
		return p.String()
	}
	return a.String()
}
