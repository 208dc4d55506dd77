package boards_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/boards"
	"github.com/agentgames/bundle/store/memory"
	"github.com/agentgames/bundle/store/storetest"
)

// ledgers stands for the ranked ledgers the boards read expired runs
// from: the last score of each run, and whether it is over.
type ledgers struct {
	mu    sync.Mutex
	score map[string]int
	over  map[string]bool
}

func (l *ledgers) last(_ context.Context, _, id string) (int, bool, json.RawMessage, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	s, ok := l.score[id]
	if !ok {
		return 0, false, nil, play.Errorf(play.CodeNoMatch, "no ledger %s", id)
	}
	var result json.RawMessage
	if l.over[id] {
		result = json.RawMessage(`{"outcome":"win"}`)
	}
	return s, l.over[id], result, nil
}

func run(i int, agent string, deadline time.Time) play.RankedRun {
	return play.RankedRun{ID: fmt.Sprintf("run%03d", i), Game: "tinrail", Board: "opponent=wise", Agent: play.AgentRef{ID: agent, Name: "Agent " + agent}, Deadline: deadline}
}

// TestHundredAtOnce, on every store: an agent starts 100 ranked runs at
// once and they all end at once, each end sent twice: every run is counted
// once from its start and its end once, in the agent's entry and in the
// board read whole.
func TestHundredAtOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, store play.Store) {
		ctx := context.Background()
		b := boards.New(store.(play.Ledger), time.Now, (&ledgers{}).last)
		deadline := time.Now().Add(time.Hour)
		var wg sync.WaitGroup
		at := func(f func(i int) error) {
			for i := range 100 {
				wg.Go(func() {
					if err := f(i); err != nil {
						t.Error(err)
					}
				})
			}
			wg.Wait()
		}
		at(func(i int) error { return b.Open(ctx, run(i, "a", deadline)) })
		board, err := b.Read(ctx, "tinrail", "opponent=wise", boards.FirstPage)
		if err != nil || len(board.Standings) != 1 || board.Standings[0].Runs != 100 || board.Standings[0].Unfinished != 100 {
			t.Fatalf("after 100 starts: %+v %v", board, err)
		}
		outcomes := []string{"win", "draw", "loss"}
		at(func(i int) error {
			result := json.RawMessage(`{"outcome":"` + outcomes[i%3] + `"}`)
			if err := b.Finish(ctx, run(i, "a", deadline), i, result); err != nil {
				return err
			}
			return b.Finish(ctx, run(i, "a", deadline), 1000, result) // a second end of the run counts for nothing
		})
		board, err = b.Read(ctx, "tinrail", "opponent=wise", boards.FirstPage)
		if err != nil || len(board.Standings) != 1 {
			t.Fatalf("after 100 ends: %+v %v", board, err)
		}
		s := board.Standings[0]
		if s.Runs != 100 || s.Unfinished != 0 || s.Mean != 49.5 || s.Best != 99 || s.BestRun != "run099" || *s.WinRate != 0.34 || *s.DrawRate != 0.33 || *s.LossRate != 0.33 {
			t.Errorf("after 100 ends: %+v", s)
		}
		mine, err := b.Agent(ctx, "a")
		if err != nil || len(mine.Entries) != 1 || mine.Entries[0].Runs != 100 || mine.Entries[0].Open != 0 || len(mine.Entries[0].Recent) != boards.KeptRuns || len(mine.Ratings) != 0 {
			t.Errorf("the agent's entries: %+v %v", mine, err)
		}
	})
}

// TestAbandoning: a run counts from its start as unfinished, scored 0;
// once its tokens expire unfinished, the agent's next start on the board
// counts it scored 0 whatever its last score, still unfinished (a loss in
// the rates);
// one whose ledger says it ended is counted as finished. An agent with
// MaxOpen unfinished runs is refused another. Agents are listed from
// Listed runs.
func TestAbandoning(t *testing.T) {
	clock := &storetest.Clock{At: time.Unix(1_700_000_000, 0)}
	l := &ledgers{score: map[string]int{}, over: map[string]bool{}}
	b := boards.New(&memory.Store{Clock: clock.Now}, clock.Now, l.last)
	ctx := context.Background()
	deadline := clock.Now().Add(24 * time.Hour)
	for i := range boards.Listed - 1 {
		if err := b.Open(ctx, run(i, "a", deadline)); err != nil {
			t.Fatal(err)
		}
		l.score[run(i, "a", deadline).ID] = 7
	}
	l.over["run000"] = true
	board, _ := b.Read(ctx, "tinrail", "opponent=wise", boards.FirstPage)
	if len(board.Standings) != 0 || board.Unlisted != 1 {
		t.Fatalf("%d runs: %+v", boards.Listed-1, board)
	}
	clock.Add(25 * time.Hour)
	if err := b.Open(ctx, run(100, "a", clock.Now().Add(24*time.Hour))); err != nil {
		t.Fatal(err)
	}
	board, _ = b.Read(ctx, "tinrail", "opponent=wise", boards.FirstPage)
	if len(board.Standings) != 1 {
		t.Fatalf("%d runs: %+v", boards.Listed, board)
	}
	s := board.Standings[0]
	// run000 finished (a win, 7), run001-008 expired at 0 (their last
	// score was 7), run100 open at 0.
	if s.Runs != 10 || s.Unfinished != 9 || s.Mean != 0.7 || *s.WinRate != 0.1 || *s.LossRate != 0.9 || s.BestRun != "run000" {
		t.Errorf("after the expired runs: %+v", s)
	}
	for i := range boards.MaxOpen - 1 {
		if err := b.Open(ctx, run(200+i, "a", clock.Now().Add(time.Hour))); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.Open(ctx, run(999, "a", clock.Now().Add(time.Hour))); !play.IsCode(err, play.CodeRateLimited) {
		t.Errorf("past %d unfinished runs: %v", boards.MaxOpen, err)
	}
}

// counting counts calls to a store.
type counting struct {
	*memory.Store
	calls int
}

func (c *counting) Load(ctx context.Context, game, ref string) ([]byte, uint64, error) {
	c.calls++
	return c.Store.Load(ctx, game, ref)
}

func (c *counting) LoadMany(ctx context.Context, game string, refs []string) ([][]byte, error) {
	c.calls++
	return c.Store.LoadMany(ctx, game, refs)
}

func (c *counting) Index(ctx context.Context, index, member string, seq uint64, key string, value []byte) error {
	c.calls++
	return c.Store.Index(ctx, index, member, seq, key, value)
}

func (c *counting) Scan(ctx context.Context, index, after string, limit int) (play.IndexPage, error) {
	c.calls++
	return c.Store.Scan(ctx, index, after, limit)
}

// TestStoreCalls pins what counting costs the store: a run's start on a
// board new to its agent 7 calls (its entry, the game's and the agent's
// lists of boards, each read and written, and its row in the board's
// index), a start or an end after that 3 (the entry read and written, its
// row), a page of a board 1 (a scan; an empty board looks for the shards
// of an earlier server too).
func TestStoreCalls(t *testing.T) {
	store := &counting{Store: &memory.Store{}}
	b := boards.New(store, time.Now, (&ledgers{}).last)
	ctx := context.Background()
	deadline := time.Now().Add(time.Hour)
	for _, c := range []struct {
		what  string
		do    func() error
		calls int
	}{
		{"an empty board's page", func() error { _, err := b.Read(ctx, "tinrail", "opponent=wise", boards.FirstPage); return err }, 2},
		{"the first start", func() error { return b.Open(ctx, run(1, "a", deadline)) }, 7},
		{"a second start", func() error { return b.Open(ctx, run(2, "a", deadline)) }, 3},
		{"an end", func() error { return b.Finish(ctx, run(1, "a", deadline), 5, json.RawMessage(`{"outcome":"win"}`)) }, 3},
		{"the same end again", func() error { return b.Finish(ctx, run(1, "a", deadline), 5, nil) }, 1},
		{"a board read", func() error { _, err := b.Read(ctx, "tinrail", "opponent=wise", boards.FirstPage); return err }, 1},
	} {
		store.calls = 0
		if err := c.do(); err != nil || store.calls != c.calls {
			t.Errorf("%s: %d store calls, %v; want %d", c.what, store.calls, err, c.calls)
		}
	}
}

func (c *counting) Save(ctx context.Context, game, ref string, state []byte, version uint64, expires time.Time) (string, error) {
	c.calls++
	return c.Store.Save(ctx, game, ref, state, version, expires)
}
