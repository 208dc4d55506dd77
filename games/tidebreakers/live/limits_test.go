package live_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentgames/bundle/games/tidebreakers/live"
	"github.com/agentgames/bundle/internal/contracttest"
	"github.com/agentgames/bundle/internal/testserver"
	"github.com/agentgames/bundle/play"
	core "github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/store/memory"
	"github.com/agentgames/bundle/store/storetest"
)

// create opens a match against one captain for the client ctx names.
func create(ctx context.Context, s *core.Server) (*live.Joined, error) {
	answer, err := s.Serve(ctx, "create", "", []byte(`{"players":2,"bots":1}`), core.Whole)
	if err != nil {
		return nil, err
	}
	return answer.(*live.Joined), nil
}

func client(addr string) context.Context { return play.WithClient(context.Background(), addr) }

// TestCodes: codes are 10 symbols of Crockford's base 32, all different;
// a code is read without regard to case; a path that cannot hold a code
// finds no match without reading the store.
func TestCodes(t *testing.T) {
	store := &countingStore{}
	s := live.NewServer(store, time.Now)
	pattern := regexp.MustCompile(`^[0-9A-HJKMNP-TV-Z]{10}$`)
	seen := map[string]bool{}
	for range 300 {
		j, err := create(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		if !pattern.MatchString(j.Code) || seen[j.Code] {
			t.Fatalf("code %q (seen before: %v)", j.Code, seen[j.Code])
		}
		seen[j.Code] = true
	}
	j, _ := create(context.Background(), live.NewServer(store, time.Now))
	if err := serve(t, s, "get", strings.ToLower(j.Code), nil, nil); err != nil {
		t.Errorf("the code in small letters: %v", err)
	}
	loads := store.loads
	for _, bad := range []string{"", "AB-CD", "ÄBCD", strings.Repeat("A", 33), strings.Repeat("A", 1<<12), "A B", "ABCD/join"} {
		if err := serve(t, s, "get", bad, nil, nil); code(err) != play.CodeNoMatch || len(err.Error()) > 200 {
			t.Errorf("code %.40q: %v", bad, err)
		}
	}
	if store.loads != loads {
		t.Errorf("codes that cannot be codes read the store %d times", store.loads-loads)
	}
}

// countingStore counts the reads of a memory store.
type countingStore struct {
	memory.Store
	mu    sync.Mutex
	loads int
}

func (c *countingStore) Load(ctx context.Context, game, ref string) ([]byte, uint64, error) {
	c.mu.Lock()
	c.loads++
	c.mu.Unlock()
	return c.Store.Load(ctx, game, ref)
}

// TestCreateLimit: a client creates DefaultCreatesPerMinute matches in a
// minute, then is refused (rate_limited, with the time to wait) until the
// next minute; meanwhile every other client creates as before, also while
// the first floods at once; a server told so takes another limit.
func TestCreateLimit(t *testing.T) {
	s, c := newServer(t)
	flooder := client("198.51.100.7:40000")
	for i := range live.DefaultCreatesPerMinute {
		if _, err := create(flooder, s); err != nil {
			t.Fatalf("match %d: %v", i+1, err)
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, 400)
	for i := range 200 {
		wg.Go(func() {
			_, err := create(flooder, s)
			errs <- err
		})
		wg.Go(func() {
			_, err := create(client(fmt.Sprintf("203.0.113.%d:1", i)), s)
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	limited := 0
	for err := range errs {
		var pe *play.Error
		switch {
		case err == nil:
		case errors.As(err, &pe) && pe.Code == play.CodeRateLimited && pe.RetryAfter > 0 && pe.RetryAfter <= time.Minute:
			limited++
		default:
			t.Errorf("during the flood: %v", err)
		}
	}
	if limited != 200 {
		t.Errorf("%d of the flooder's 200 creations were refused, want all; the others' all pass", limited)
	}
	c.advance(time.Minute)
	if _, err := create(flooder, s); err != nil {
		t.Errorf("a minute later: %v", err)
	}
	open := live.NewServer(&memory.Store{}, time.Now).WithCreateLimit(0)
	for range 3 * live.DefaultCreatesPerMinute {
		if _, err := create(flooder, open); err != nil {
			t.Fatalf("without a limit: %v", err)
		}
	}
}

// TestUnplayedMatchesExpire: a match nobody joined and nobody played is
// kept an hour from its creation, however often it is read; one its
// creator played, or another player joined, is kept a week after its last
// write.
func TestUnplayedMatchesExpire(t *testing.T) {
	c := &clock{}
	c.now.Store(1_700_000_000_000)
	s := live.NewServer(&memory.Store{Clock: c.time}, c.time)
	left, _ := create(context.Background(), s)
	played, _ := create(context.Background(), s)
	var st live.State
	serve(t, s, "get", played.Code, nil, &st)
	if err := serve(t, s, "supply", played.Code, map[string]any{"token": played.Token, "tile": 0, "amount": 1}, nil); err != nil {
		t.Fatal(err)
	}
	var lobby live.Joined
	serve(t, s, "create", "", map[string]any{"players": 2}, &lobby)
	if err := serve(t, s, "join", lobby.Code, map[string]any{"name": "Bo"}, nil); err != nil {
		t.Fatal(err)
	}
	for range 59 {
		c.advance(time.Minute)
		if err := serve(t, s, "get", left.Code, nil, nil); err != nil {
			t.Fatalf("a left match within the hour: %v", err)
		}
	}
	c.advance(time.Minute)
	if err := serve(t, s, "get", left.Code, nil, nil); code(err) != play.CodeNoMatch {
		t.Errorf("a left match after an hour: %v", err)
	}
	for _, m := range []*live.Joined{played, &lobby} {
		if err := serve(t, s, "get", m.Code, nil, nil); err != nil {
			t.Errorf("match %s after an hour: %v", m.Code, err)
		}
	}
	c.advance(play.Retention)
	for _, m := range []*live.Joined{played, &lobby} {
		if err := serve(t, s, "get", m.Code, nil, nil); code(err) != play.CodeNoMatch {
			t.Errorf("match %s a week after its last write: %v", m.Code, err)
		}
	}
}

// TestCreateOverHTTP: past its limit a client is answered 429 with
// Retry-After; when no code can be had, 503 with Retry-After; both are
// JSON errors the contract describes.
func TestCreateOverHTTP(t *testing.T) {
	h := testserver.New(t)
	h.ServeLive(live.NewServer(&memory.Store{}, time.Now).WithCreateLimit(2))
	for i := range 3 {
		e := contracttest.Do(t, h, http.MethodPost, "/api/matches", `{"players":2,"bots":1}`)
		if i < 2 && e.Status != 200 {
			t.Fatalf("create %d: %d %s", i+1, e.Status, e.Body)
		}
		if i == 2 && (e.Status != 429 || e.Code(t) != "rate_limited" || e.Header.Get("Retry-After") == "") {
			t.Errorf("the third create: %d %v %s", e.Status, e.Header, e.Body)
		}
	}
	full := testserver.New(t)
	full.ServeLive(live.NewServer(&storetest.Taken{}, time.Now).WithCreateLimit(0))
	e := contracttest.Do(t, full, http.MethodPost, "/api/matches", `{"players":2,"bots":1}`)
	if e.Status != 503 || e.Code(t) != "unavailable" || e.Header.Get("Retry-After") != "1" {
		t.Errorf("no free code: %d %v %s", e.Status, e.Header, e.Body)
	}
}
