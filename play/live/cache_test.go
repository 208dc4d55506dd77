package live_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/store/memory"
)

// seenOf is what a request's answer says of a match: its table and log.
func seenOf(m *live.Match) string {
	b, _ := json.Marshal(struct {
		Log   []json.RawMessage
		Table live.Table
	}{m.Log, m.Table})
	return string(b)
}

// TestKeptIsTheStore: two servers over one store (two instances of the
// Lambda function, say), each keeping the matches it serves decoded,
// answer every request of a match played through both in turn, failed
// requests among them, as one server that decodes the stored match every
// time answers the same requests: a kept match stands in for the store
// only while the store holds what it was decoded from.
func TestKeptIsTheStore(t *testing.T) {
	ctx := context.Background()
	c := &clock{}
	g := &live.Game{Slug: "count", Title: "Count", Rules: count{}}
	store := &memory.Store{Clock: c.time}
	a := live.NewServer(g, store, c.time).WithCreateLimit(0).WithSeeds(play.FixedSeeds(7))
	b := live.NewServer(g, store, c.time).WithCreateLimit(0).WithSeeds(play.FixedSeeds(7))
	ref := live.NewServer(g, &memory.Store{Clock: c.time}, c.time).WithCreateLimit(0).WithSeeds(play.FixedSeeds(7)).WithKept(0)
	type world struct {
		servers []*live.Server
		code    string
		tokens  [2]string
	}
	worlds := []*world{{servers: []*live.Server{a, b, a, a, b, b}}, {servers: []*live.Server{ref}}}
	for _, w := range worlds {
		j, err := w.servers[0].Create(ctx, 3, "", 1, "one")
		if err != nil {
			t.Fatal(err)
		}
		k, err := w.servers[len(w.servers)-1].Join(ctx, j.Code, "")
		if err != nil {
			t.Fatal(err)
		}
		w.code, w.tokens = j.Code, [2]string{j.Token, k.Token}
	}
	for i := range 24 {
		var seen [2]string
		for n, w := range worlds {
			s := w.servers[i%len(w.servers)]
			m, err := act(ctx, s, w.code, w.tokens[i%2])
			if err == nil {
				seen[n] = seenOf(m)
			} else if m, err2 := s.Read(ctx, w.code); err2 != nil {
				t.Fatal(err2)
			} else {
				seen[n] = fmt.Sprintf("%s after %s", seenOf(m), strings.ReplaceAll(err.Error(), w.code, "code"))
			}
		}
		if diff := cmp.Diff(seen[1], seen[0]); diff != "" {
			t.Fatalf("request %d answers another match than a server without kept matches:\n%s", i, diff)
		}
	}
}

// TestKeptUnderRace: requests on one match at once, each reading its
// answer while the others play on, change no answer once given (go test
// -race tells a kept match changed under its reader) and lose no move.
func TestKeptUnderRace(t *testing.T) {
	ctx := context.Background()
	c := &clock{}
	s := live.NewServer(&live.Game{Slug: "count", Title: "Count", Rules: count{}}, &memory.Store{Clock: c.time}, c.time).WithCreateLimit(0)
	j, err := s.Create(ctx, 2, "", 1, "one")
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 40)
	for range 20 {
		wg.Go(func() {
			m, err := act(ctx, s, j.Code, j.Token)
			if err != nil {
				if !play.IsCode(err, play.CodeNotYourTurn) && !play.IsCode(err, play.CodeMatchOver) {
					errs <- err
				}
				return
			}
			before := seenOf(m)
			for range 20 {
				if _, err := s.Read(ctx, j.Code); err != nil {
					errs <- err
				}
			}
			if after := seenOf(m); after != before {
				errs <- fmt.Errorf("an answer changed after it was given: %s, then %s", before, after)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	m, err := s.Read(ctx, j.Code)
	if err != nil {
		t.Fatal(err)
	}
	if tl := m.Table.(*tally); tl.Total != 10 || len(m.Log) != 10 {
		t.Errorf("after 20 tries of seat 0 against a bot: total %d, log of %d; want the match played out, 10 moves", tl.Total, len(m.Log))
	}
}
