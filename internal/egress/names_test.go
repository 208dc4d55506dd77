package egress

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"

	"golang.org/x/net/dns/dnsmessage"
)

// TestNamesResolvedThenChecked: a name a DNS server resolves to an
// address that is not public (the metadata address, a private one, IPv6
// unique-local, loopback spelt IPv4-mapped, or one such among public-
// looking others) is refused where the connection is made, and the
// server behind it is never reached; the same name, with private
// addresses allowed, reaches it, so the names do resolve through the
// server.
func TestNamesResolvedThenChecked(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { hits.Add(1) }))
	defer srv.Close()
	port := srv.URL[strings.LastIndex(srv.URL, ":"):]
	zone := map[string][]string{
		"loopback.test.": {"127.0.0.1"},
		"metadata.test.": {"169.254.169.254"},
		"private.test.":  {"10.0.0.1"},
		"ula.test.":      {"fd00:ec2::254"},
		"mapped.test.":   {"::ffff:127.0.0.1"},
		"many.test.":     {"10.0.0.1", "127.0.0.1", "::1"},
	}
	resolver, queries := serveDNS(t, zone)
	strict := New(Policy{AllowHTTP: true})
	strict.dialer.Resolver = resolver
	for name, addrs := range zone {
		raw := "http://" + strings.TrimSuffix(name, ".") + port + "/"
		_, err := strict.Post(context.Background(), "b", raw, nil)
		if !isRefusal(err) || !strings.Contains(err.Error(), "is not public") {
			t.Errorf("Post(%s), the name resolving to %v: %v, want a refusal of the address", raw, addrs, err)
		}
	}
	if hits.Load() != 0 {
		t.Fatalf("the server behind the names was reached %d times", hits.Load())
	}
	if queries.Load() == 0 {
		t.Fatal("no name was asked of the DNS server")
	}
	lax := New(Policy{AllowHTTP: true, AllowPrivate: true})
	lax.dialer.Resolver = resolver
	if r, err := lax.Post(context.Background(), "b", "http://loopback.test"+port+"/", nil); err != nil || r.Status != 200 || hits.Load() != 1 {
		t.Fatalf("with private addresses allowed, loopback.test: %+v, %v, %d hits", r, err, hits.Load())
	}
}

// serveDNS answers A and AAAA questions from zone (a name, dot-ended, to
// its addresses; any other name does not exist) on a UDP port of
// loopback, and answers a resolver that asks it alone, with the count of
// questions it was asked.
func serveDNS(t *testing.T, zone map[string][]string) (*net.Resolver, *atomic.Int32) {
	t.Helper()
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pc.Close() })
	var queries atomic.Int32
	go func() {
		buf := make([]byte, 512)
		for {
			n, from, err := pc.ReadFrom(buf)
			if err != nil {
				return
			}
			queries.Add(1)
			if answer, err := answerDNS(buf[:n], zone); err == nil {
				pc.WriteTo(answer, from)
			}
		}
	}()
	return &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, _, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "udp", pc.LocalAddr().String())
	}}, &queries
}

// answerDNS answers the one question of query from zone.
func answerDNS(query []byte, zone map[string][]string) ([]byte, error) {
	var p dnsmessage.Parser
	h, err := p.Start(query)
	if err != nil {
		return nil, err
	}
	q, err := p.Question()
	if err != nil {
		return nil, err
	}
	addrs, known := zone[q.Name.String()]
	rcode := dnsmessage.RCodeSuccess
	if !known {
		rcode = dnsmessage.RCodeNameError
	}
	b := dnsmessage.NewBuilder(nil, dnsmessage.Header{ID: h.ID, Response: true, Authoritative: true, RecursionDesired: h.RecursionDesired, RCode: rcode})
	if err := b.StartQuestions(); err != nil {
		return nil, err
	}
	if err := b.Question(q); err != nil {
		return nil, err
	}
	if err := b.StartAnswers(); err != nil {
		return nil, err
	}
	rh := dnsmessage.ResourceHeader{Name: q.Name, Class: dnsmessage.ClassINET}
	for _, s := range addrs {
		a := netip.MustParseAddr(s)
		switch {
		case q.Type == dnsmessage.TypeA && a.Is4():
			err = b.AResource(rh, dnsmessage.AResource{A: a.As4()})
		case q.Type == dnsmessage.TypeAAAA && !a.Is4():
			err = b.AAAAResource(rh, dnsmessage.AAAAResource{AAAA: a.As16()})
		}
		if err != nil {
			return nil, err
		}
	}
	return b.Finish()
}
