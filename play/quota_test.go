package play_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/store/memory"
	"github.com/agentgames/bundle/store/storetest"
)

// TestClientOf: a client is its IP address without the port; an IPv6
// client is its /64 network, an IPv4-mapped one its IPv4 address.
func TestClientOf(t *testing.T) {
	for addr, want := range map[string]string{
		"203.0.113.7:5123":                 "203.0.113.7",
		"203.0.113.7":                      "203.0.113.7",
		"[2001:db8:1:2:3:4:5:6]:443":       "2001:db8:1:2::/64",
		"2001:db8:1:2:ffff:ffff:ffff:ffff": "2001:db8:1:2::/64",
		"[::ffff:192.0.2.1]:80":            "192.0.2.1",
		"pipe":                             "pipe",
	} {
		if got := play.ClientOf(play.WithClient(context.Background(), addr)); got != want {
			t.Errorf("%s: %q, want %q", addr, got, want)
		}
	}
	if got := play.ClientOf(context.Background()); got != "" {
		t.Errorf("no client: %q", got)
	}
}

// TestQuota: a client may make Limit requests in a window, then is refused
// with rate_limited and the time left in the window, until the next
// window; other clients count apart, and a request without a client is
// never counted.
func TestQuota(t *testing.T) {
	clock := &storetest.Clock{At: time.Unix(1_800_000_000, 0).Add(15 * time.Second)}
	store := &memory.Store{Clock: clock.Now}
	q := &play.Quota{Store: store, Clock: clock.Now, Kind: "test", Limit: 3, Window: time.Minute}
	a := play.WithClient(context.Background(), "192.0.2.1:1000")
	b := play.WithClient(context.Background(), "192.0.2.2:1000")
	for i := range 3 {
		if err := q.Take(a); err != nil {
			t.Fatalf("request %d: %v", i+1, err)
		}
	}
	err := q.Take(a)
	var pe *play.Error
	if !errors.As(err, &pe) || pe.Code != play.CodeRateLimited || pe.RetryAfter != 45*time.Second {
		t.Errorf("the fourth request: %#v, want rate_limited, retry after 45s", err)
	}
	if err := q.Take(b); err != nil {
		t.Errorf("another client: %v", err)
	}
	for range 10 {
		if err := q.Take(context.Background()); err != nil {
			t.Errorf("a request without a client: %v", err)
		}
	}
	clock.Add(45 * time.Second)
	if err := q.Take(a); err != nil {
		t.Errorf("in the next window: %v", err)
	}
}

// TestQuotaRace: of many requests of one client at once, exactly Limit
// pass.
func TestQuotaRace(t *testing.T) {
	q := &play.Quota{Store: &memory.Store{}, Clock: time.Now, Kind: "test", Limit: 10, Window: time.Hour}
	ctx := play.WithClient(context.Background(), "192.0.2.1")
	var passed atomic.Int32
	var wg sync.WaitGroup
	for range 50 {
		wg.Go(func() {
			if err := q.Take(ctx); err == nil {
				passed.Add(1)
			} else if !play.IsCode(err, play.CodeRateLimited) {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if passed.Load() != 10 {
		t.Errorf("%d of 50 requests passed a limit of 10", passed.Load())
	}
}
