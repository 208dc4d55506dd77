package egress

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestPublic: the addresses a call may reach, and those it may not, each
// class with an example, IPv4 ones spelt in IPv6 too.
func TestPublic(t *testing.T) {
	for _, c := range []struct {
		addr   string
		public bool
	}{
		{"93.184.215.14", true}, {"8.8.8.8", true}, {"2606:4700:4700::1111", true}, {"2001:4860:4860::8888", true},
		{"127.0.0.1", false}, {"127.255.0.9", false}, {"::1", false}, // loopback
		{"10.1.2.3", false}, {"172.16.0.1", false}, {"172.31.255.255", false}, {"192.168.1.1", false}, // private
		{"169.254.169.254", false}, {"169.254.0.1", false}, {"fe80::1", false}, // link-local, the metadata address
		{"fd00:ec2::254", false}, {"fc00::1", false}, // unique local (the metadata address on IPv6)
		{"224.0.0.1", false}, {"239.255.255.250", false}, {"ff02::1", false}, {"ff0e::1", false}, // multicast
		{"0.0.0.0", false}, {"::", false}, {"0.1.2.3", false}, // unspecified, this network
		{"100.64.0.1", false}, {"100.127.255.254", false}, // shared (CGNAT)
		{"192.0.0.8", false}, {"192.0.2.1", false}, {"198.18.0.1", false}, {"198.51.100.1", false}, {"203.0.113.1", false},
		{"240.0.0.1", false}, {"255.255.255.255", false},
		{"2001:db8::1", false}, {"2001::1", false}, {"100::1", false}, {"fec0::1", false},
		{"::ffff:127.0.0.1", false}, {"::ffff:169.254.169.254", false}, {"::ffff:8.8.8.8", true}, // IPv4-mapped
		{"64:ff9b::7f00:1", false}, {"64:ff9b::808:808", true}, // NAT64
		{"2002:7f00:1::", false}, {"2002:a9fe:a9fe::1", false}, {"2002:808:808::1", true}, // 6to4
	} {
		if got := Public(netip.MustParseAddr(c.addr)); got != c.public {
			t.Errorf("Public(%s) = %v, want %v", c.addr, got, c.public)
		}
	}
}

// TestCheckURL: the URLs a strict client refuses before any call, and
// what the settings allow.
func TestCheckURL(t *testing.T) {
	strict, lax := New(Policy{}), New(Policy{AllowHTTP: true, AllowPrivate: true})
	for _, raw := range []string{
		"http://example.com/bot",            // plain HTTP
		"ftp://example.com/bot",             // another scheme
		"https://user:pass@example.com/bot", // user info
		"https://user@example.com/bot",      // user info
		"https:///bot",                      // no host
		"mailto:bot@example.com",            // no host
		"https://127.0.0.1/bot",             // loopback
		"https://[::1]:8443/bot",            // loopback
		"https://10.0.0.5/bot",              // private
		"https://169.254.169.254/latest/",   // the metadata address
		"https://[::ffff:169.254.169.254]/", // the same, IPv4-mapped
		"https://[fd00:ec2::254]/",          // unique local
		"https://[fe80::1%25eth0]/",         // link-local, zoned
		"https://224.0.0.1/",                // multicast
		"https://0.0.0.0/",                  // unspecified
		"https://2130706433/",               // 127.0.0.1 in decimal
		"https://0177.0.0.1/",               // in octal
		"https://0x7f.0.0.1/",               // in hex
		"https://0x7f000001/",               // in hex, whole
		"https://127.1/",                    // short
		"https://10.1/",                     // short, private
		"https://017700000001/",             // octal, whole
		"%zz",                               // not a URL
	} {
		if _, err := strict.CheckURL(raw); !isRefusal(err) {
			t.Errorf("strict CheckURL(%q) = %v, want a refusal", raw, err)
		}
	}
	for _, raw := range []string{"https://example.com/bot", "https://bots.example.com:8443/tron?x=1", "https://93.184.215.14/", "https://[2606:4700:4700::1111]/", "https://1example.com/"} {
		if _, err := strict.CheckURL(raw); err != nil {
			t.Errorf("strict CheckURL(%q) = %v", raw, err)
		}
	}
	for _, raw := range []string{"http://127.0.0.1:8080/bot", "http://localhost/bot", "https://10.0.0.5/bot"} {
		if _, err := lax.CheckURL(raw); err != nil {
			t.Errorf("with http and private addresses allowed, CheckURL(%q) = %v", raw, err)
		}
	}
	for _, raw := range []string{"https://user@localhost/", "ftp://localhost/", "https://0x7f.1/"} {
		if _, err := lax.CheckURL(raw); !isRefusal(err) {
			t.Errorf("with http and private addresses allowed, CheckURL(%q) = %v, want a refusal", raw, err)
		}
	}
}

func isRefusal(err error) bool {
	var r *Refusal
	return errors.As(err, &r)
}

// TestDialChecksTheAddress: a name that resolves to an address that is
// not public is refused where the connection is made, after the name is
// resolved, and no proxy from the environment is asked to dial instead.
func TestDialChecksTheAddress(t *testing.T) {
	var called atomic.Bool
	srv := httptest.NewTLSServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { called.Store(true) }))
	defer srv.Close()
	t.Setenv("HTTPS_PROXY", "http://proxy.invalid:3128")
	port := srv.URL[strings.LastIndex(srv.URL, ":"):]
	c := New(Policy{TLS: tlsOf(srv)})
	for _, raw := range []string{"https://localhost" + port + "/"} {
		if _, err := c.Post(context.Background(), "b", raw, []byte("{}")); !isRefusal(err) {
			t.Errorf("Post(%s) = %v, want a refusal at the dial", raw, err)
		}
	}
	if called.Load() {
		t.Error("the server behind localhost was reached")
	}
}

// tlsOf trusts the certificate of a test server.
func tlsOf(srv *httptest.Server) *tls.Config {
	roots := x509.NewCertPool()
	roots.AddCert(srv.Certificate())
	return &tls.Config{RootCAs: roots}
}

// TestPost: on a local arena's settings, a call answers the bot's reply
// and its status; a redirect is answered, not followed; a reply past the
// bound, a bot slower than the call's time and one that closes the
// connection fail the call.
func TestPost(t *testing.T) {
	var followed atomic.Bool
	mux := http.NewServeMux()
	mux.HandleFunc("/ok", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		w.Write(append([]byte(`{"got":`), append(b, '}')...))
	})
	mux.HandleFunc("/redirect", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/followed", http.StatusFound) })
	mux.HandleFunc("/followed", func(http.ResponseWriter, *http.Request) { followed.Store(true) })
	mux.HandleFunc("/large", func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte(strings.Repeat("x", 2000))) })
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(2 * time.Second):
		case <-r.Context().Done():
		}
	})
	mux.HandleFunc("/hang-up", func(w http.ResponseWriter, _ *http.Request) {
		conn, _, _ := w.(http.Hijacker).Hijack()
		conn.Close()
	})
	srv := httptest.NewTLSServer(mux)
	defer srv.Close()
	c := New(Policy{AllowPrivate: true, TLS: tlsOf(srv), Timeout: 300 * time.Millisecond, MaxReply: 1000})
	ctx := context.Background()
	r, err := c.Post(ctx, "b", srv.URL+"/ok", []byte(`{"a":1}`))
	if err != nil || r.Status != 200 || string(r.Body) != `{"got":{"a":1}}` || r.Took <= 0 {
		t.Fatalf("a call: %+v, %v", r, err)
	}
	if r, err := c.Post(ctx, "b", srv.URL+"/redirect", nil); err != nil || r.Status != http.StatusFound || followed.Load() {
		t.Errorf("a redirect: %+v, %v, followed %v; want the 302 itself", r, err, followed.Load())
	}
	if _, err := c.Post(ctx, "b", srv.URL+"/large", nil); !errors.Is(err, ErrTooLarge) {
		t.Errorf("a reply of 2,000 bytes past a bound of 1,000: %v", err)
	}
	start := time.Now()
	if _, err := c.Post(ctx, "b", srv.URL+"/slow", nil); !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > time.Second {
		t.Errorf("a bot slower than the call's 300 ms: %v after %v", err, time.Since(start))
	}
	if _, err := c.Post(ctx, "b", srv.URL+"/hang-up", nil); err == nil {
		t.Error("a bot that closes the connection answered")
	}
	if _, err := New(Policy{AllowPrivate: true}).Post(ctx, "b", strings.Replace(srv.URL, "https", "http", 1)+"/ok", nil); !isRefusal(err) {
		t.Errorf("plain HTTP without AllowHTTP: %v", err)
	}
}

// TestOneCallAKey: calls to one key go one at a time, calls to others
// alongside, and no more than MaxInFlight in all.
func TestOneCallAKey(t *testing.T) {
	var inFlight, most atomic.Int32
	perKey := map[string]*atomic.Int32{"a": {}, "b": {}, "c": {}, "d": {}}
	var mu sync.Mutex
	mostPerKey := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		k := r.URL.Query().Get("k")
		n := perKey[k].Add(1)
		mu.Lock()
		mostPerKey = max(mostPerKey, int(n))
		mu.Unlock()
		if now := inFlight.Add(1); now > most.Load() {
			most.Store(now)
		}
		time.Sleep(20 * time.Millisecond)
		inFlight.Add(-1)
		perKey[k].Add(-1)
	}))
	defer srv.Close()
	c := New(Policy{AllowHTTP: true, AllowPrivate: true, MaxInFlight: 3})
	var wg sync.WaitGroup
	for i := range 16 {
		k := string(rune('a' + i%4))
		wg.Go(func() {
			if _, err := c.Post(context.Background(), k, srv.URL+"/?k="+k, nil); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if mostPerKey != 1 || most.Load() > 3 || most.Load() < 2 {
		t.Errorf("at most %d calls to one key and %d in all at once; want 1, and 2 to 3", mostPerKey, most.Load())
	}
	if n := len(c.keys.locks); n != 0 {
		t.Errorf("%d keys remembered once no call holds them", n)
	}
}
