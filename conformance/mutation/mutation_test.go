package mutation

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/conformance/protocol"
	"github.com/agentgames/bundle/internal/testserver"
)

// seeds is how many seeds each referee plays against a mutant: enough
// for every mutant here to show, few enough to keep the tests quick.
const seeds = 6

// Mutant is a broken variant of the server: Wrap puts it in front of the
// real handler, and Clock, when set, is the clock the server reads its
// time through.
type Mutant struct {
	Name  string
	Wrap  func(http.Handler) http.Handler
	Clock func(now func() time.Time) func() time.Time
}

// target is the server m breaks, reached in process on a clock that
// jumps (check.Jump): a check's waits on the server's clock take no real
// time. The zero Mutant is the real server.
func (m Mutant) target(t *testing.T) check.Target {
	j := &check.Jump{}
	clock := j.Now
	if m.Clock != nil {
		clock = m.Clock(clock)
	}
	var h http.Handler = testserver.WithLive(t, clock)
	if m.Wrap != nil {
		h = m.Wrap(h)
	}
	target := check.HandlerTarget(h)
	target.Clock = j
	return target
}

// Edit is a mutant's change to one exchange. Request may rewrite the
// request body before the server reads it; Answer may rewrite the answer,
// decoded as a JSON object (nil when it is not one), and its status. Both
// are optional. Returning changed false from Answer leaves the bytes as
// the server wrote them.
type Edit struct {
	Request func(r *http.Request, body []byte) []byte
	Answer  func(r *http.Request, body []byte, status *int, answer map[string]any) (changed bool)
}

// Proxy wraps h with an edit. Exchanges go through one at a time, so an
// edit may keep state (count answers, remember a token) without locks.
func Proxy(e Edit) func(http.Handler) http.Handler {
	return func(h http.Handler) http.Handler {
		var mu sync.Mutex
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			defer mu.Unlock()
			body, _ := io.ReadAll(r.Body)
			if e.Request != nil {
				body = e.Request(r, body)
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
			r.ContentLength = int64(len(body))
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, r)
			status, out := rec.Code, rec.Body.Bytes()
			if e.Answer != nil {
				var answer map[string]any
				d := json.NewDecoder(bytes.NewReader(out))
				d.UseNumber()
				if d.Decode(&answer) != nil {
					answer = nil
				}
				if e.Answer(r, body, &status, answer) && answer != nil {
					out, _ = json.Marshal(answer)
				}
			}
			for k, v := range rec.Header() {
				w.Header()[k] = v
			}
			w.Header().Set("Content-Length", strconv.Itoa(len(out)))
			w.WriteHeader(status)
			w.Write(out)
		})
	}
}

// checks are game's protocol and rules checks, the levels a mutant must
// fail without golden files; those that wait on the server's clock come
// last, so a mutant caught before them costs no wait.
func checks(t *testing.T, game string) []check.Check {
	t.Helper()
	g, ok := conformance.GameOf(game)
	if !ok {
		t.Fatalf("the suite knows no game %q", game)
	}
	cs := append(protocol.Checks(g.Protocol), g.Referee(seeds)...)
	slices.SortStableFunc(cs, func(a, b check.Check) int { return cmp.Compare(a.Wait, b.Wait) })
	return cs
}

// firstFailure runs checks against target in order and answers the first
// failure, or nil when every check passes (or is skipped).
func firstFailure(target check.Target, cs []check.Check) (string, error) {
	var skip *check.Skip
	for _, c := range cs {
		if err := c.Run(context.Background(), target); err != nil && !errors.As(err, &skip) {
			return c.Ref(), err
		}
	}
	return "", nil
}

// mustCatch requires that some protocol or rules check of game fails
// against each mutant, and reports which one and how.
func mustCatch(t *testing.T, game string, mutants []Mutant) {
	t.Helper()
	if len(mutants) < 5 {
		t.Errorf("%s has %d mutants; the suite is proved on at least five a game", game, len(mutants))
	}
	mustCatchWith(t, game, mutants, checks(t, game))
}

// mustCatchWith requires that one of cs, checks of game, fails against
// each mutant, and reports which one and how.
func mustCatchWith(t *testing.T, game string, mutants []Mutant, cs []check.Check) {
	t.Helper()
	for _, m := range mutants {
		t.Run(m.Name, func(t *testing.T) {
			t.Parallel()
			ref, err := firstFailure(m.target(t), cs)
			if err == nil {
				t.Fatalf("no %s protocol or rules check fails against the mutant %q: the checker passes a broken server", game, m.Name)
			}
			var f *check.Failure
			if !errors.As(err, &f) {
				t.Errorf("%s fails with %T, not a *check.Failure a person can act on: %v", ref, err, err)
			}
			t.Logf("caught by %s: %v", ref, err)
		})
	}
}

// TestTheRealServerPasses: every protocol and rules check passes against
// the unbroken server, so what the mutants fail is theirs.
func TestTheRealServerPasses(t *testing.T) {
	t.Parallel()
	for _, game := range conformance.Slugs() {
		t.Run(game, func(t *testing.T) {
			t.Parallel()
			cs := checks(t, game)
			if len(cs) == 0 {
				t.Fatalf("%s has no protocol or rules checks", game)
			}
			if ref, err := firstFailure(Mutant{}.target(t), cs); err != nil {
				t.Fatalf("%s fails against the real server: %v", ref, err)
			}
		})
	}
}
