// Package egress makes the calls the bundle sends to addresses that
// callers chose (a bot registered by its URL): calls that cannot be turned
// against anyone, the bundle's own network included.
//
// By default a call goes to a public address over HTTPS only. Refused:
// a URL with user info, a scheme but https (http by Policy.AllowHTTP), a
// host spelled as a number otherwise than a.b.c.d (decimal, octal, hex
// or short forms, which some resolvers read as addresses), and any
// address that is not public unicast (see Public): loopback, private,
// link-local (the cloud metadata address 169.254.169.254 included),
// shared (CGNAT), multicast, unspecified, reserved, documentation,
// IPv6 unique-local and link-local, and those spelt in IPv6 (IPv4-mapped,
// NAT64, 6to4). The address is checked where the connection is made,
// after the name is resolved (net.Dialer's Control), so a name cannot
// resolve to one address when checked and to another when dialled. No
// proxy from the environment, no redirect followed (the 3xx is the
// answer), a reply read up to Policy.MaxReply bytes, each call within
// Policy.Timeout, one call at a time to a key (a bot) and
// Policy.MaxInFlight in all.
package egress

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"
)

// Defaults of a Policy.
const (
	// DefaultTimeout is how long a call may take, as the botsArena arena
	// waits for a bot.
	DefaultTimeout = 10 * time.Second
	// DefaultMaxReply bounds a reply read.
	DefaultMaxReply = 64 << 10
	// DefaultMaxInFlight bounds the calls in flight at once.
	DefaultMaxInFlight = 64
)

// Policy is what a Client lets calls do; the zero Policy is the strict
// one, with the defaults.
type Policy struct {
	// AllowHTTP lets a call use plain http:// URLs.
	AllowHTTP bool
	// AllowPrivate lets a call reach addresses that are not public (a
	// local arena, its bots on this machine or its network).
	AllowPrivate bool
	// Timeout bounds a call, from its start to its reply read.
	Timeout time.Duration
	// MaxReply bounds the reply read, in bytes.
	MaxReply int64
	// MaxInFlight bounds the calls in flight at once; a call past it
	// waits for a slot within its time.
	MaxInFlight int
	// TLS configures HTTPS (the roots a test server's certificate has,
	// say); nil is the system's.
	TLS *tls.Config
}

// Client sends calls as its Policy lets them.
type Client struct {
	policy Policy
	dialer *net.Dialer
	http   *http.Client
	slots  chan struct{}
	keys   *keyLocks
}

// New is a Client of policy.
func New(policy Policy) *Client {
	if policy.Timeout <= 0 {
		policy.Timeout = DefaultTimeout
	}
	if policy.MaxReply <= 0 {
		policy.MaxReply = DefaultMaxReply
	}
	if policy.MaxInFlight <= 0 {
		policy.MaxInFlight = DefaultMaxInFlight
	}
	c := &Client{policy: policy, slots: make(chan struct{}, policy.MaxInFlight), keys: newKeyLocks()}
	c.dialer = &net.Dialer{Timeout: policy.Timeout, Control: c.control}
	c.http = &http.Client{
		Transport: &http.Transport{
			Proxy:                 nil, // never a proxy from the environment: it would dial for us
			DialContext:           c.dialer.DialContext,
			TLSClientConfig:       policy.TLS,
			TLSHandshakeTimeout:   policy.Timeout,
			ResponseHeaderTimeout: policy.Timeout,
			MaxIdleConnsPerHost:   2,
			IdleConnTimeout:       90 * time.Second,
			ForceAttemptHTTP2:     true,
		},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	return c
}

// InFlight counts the calls in flight now.
func (c *Client) InFlight() int { return len(c.slots) }

// Timeout is how long a call may take.
func (c *Client) Timeout() time.Duration { return c.policy.Timeout }

// Refusal is a URL or an address a Client will not call, and why.
type Refusal struct {
	URL    string
	Reason string
}

func (r *Refusal) Error() string { return fmt.Sprintf("egress: %s: %s", r.URL, r.Reason) }

// CheckURL reads raw as a URL the Client may call, or answers a *Refusal
// saying why not. An address it names is checked here too; a name is
// checked once resolved, when a call dials it.
func (c *Client) CheckURL(raw string) (*url.URL, error) {
	refuse := func(why string) (*url.URL, error) { return nil, &Refusal{URL: raw, Reason: why} }
	u, err := url.Parse(raw)
	switch {
	case err != nil:
		return refuse("not a URL")
	case u.Scheme != "https" && !(u.Scheme == "http" && c.policy.AllowHTTP):
		if c.policy.AllowHTTP {
			return refuse("the scheme must be https or http")
		}
		return refuse("the scheme must be https")
	case u.User != nil || strings.Contains(u.Host, "@"):
		return refuse("a URL with user info is refused")
	case u.Hostname() == "":
		return refuse("the URL names no host")
	case u.Opaque != "":
		return refuse("not a URL with a host")
	}
	host := u.Hostname()
	if a, err := netip.ParseAddr(host); err == nil {
		if !c.allowed(a) {
			return refuse(fmt.Sprintf("the address %s is not public", a))
		}
		return u, nil
	}
	if numeric(host) {
		return refuse("the host " + host + " is an address spelt as a number: write it a.b.c.d, or name it")
	}
	return u, nil
}

// numeric reports whether host is made of numbers alone (decimal, octal
// or hex, as 2130706433, 0177.0.0.1, 0x7f.1 or 127.1), which resolvers
// may read as an address.
func numeric(host string) bool {
	for _, label := range strings.Split(strings.TrimSuffix(host, "."), ".") {
		l := strings.ToLower(label)
		if strings.HasPrefix(l, "0x") {
			l = l[2:]
			if l == "" || strings.Trim(l, "0123456789abcdef") != "" {
				return false
			}
			continue
		}
		if l == "" || strings.Trim(l, "0123456789") != "" {
			return false
		}
	}
	return true
}

// allowed reports whether the Client may reach a.
func (c *Client) allowed(a netip.Addr) bool { return c.policy.AllowPrivate || Public(a) }

// control checks the address a connection is being made to, once its
// name has been resolved.
func (c *Client) control(network, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return &Refusal{URL: address, Reason: "not an address"}
	}
	if !c.allowed(ap.Addr()) {
		return &Refusal{URL: address, Reason: fmt.Sprintf("the address %s is not public", ap.Addr())}
	}
	return nil
}

// Reply is what a call answered: its status and its body, read whole
// (up to Policy.MaxReply), and how long the call took.
type Reply struct {
	Status int
	Body   []byte
	Took   time.Duration
}

// ErrTooLarge is a reply longer than Policy.MaxReply.
var ErrTooLarge = errors.New("egress: the reply is too large")

// Post sends body (JSON) to raw and answers the reply, one call at a time
// to key (a bot's id: a second call waits for the first) and at most
// Policy.MaxInFlight in all, within Policy.Timeout. A URL it refuses is a
// *Refusal; a reply past Policy.MaxReply is ErrTooLarge; a 3xx is an
// answer like any other (the redirect is not followed).
func (c *Client) Post(ctx context.Context, key, raw string, body []byte) (*Reply, error) {
	u, err := c.CheckURL(raw)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, c.policy.Timeout)
	defer cancel()
	release, err := c.keys.lock(ctx, key)
	if err != nil {
		return nil, err
	}
	defer release()
	select {
	case c.slots <- struct{}{}:
		defer func() { <-c.slots }()
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u.String(), bytes.NewReader(body))
	if err != nil {
		return nil, &Refusal{URL: raw, Reason: "not a URL"}
	}
	req.Header.Set("Content-Type", "application/json")
	start := time.Now()
	resp, err := c.http.Do(req)
	if err != nil {
		var refused *Refusal
		if errors.As(err, &refused) {
			return nil, refused
		}
		return nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, c.policy.MaxReply+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > c.policy.MaxReply {
		return nil, ErrTooLarge
	}
	return &Reply{Status: resp.StatusCode, Body: data, Took: time.Since(start)}, nil
}
