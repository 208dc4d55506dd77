package live_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"

	engine "github.com/agentgames/bundle/engines/tron"
	"github.com/agentgames/bundle/games/tron/live"
	"github.com/agentgames/bundle/internal/testserver"
	"github.com/agentgames/bundle/play"
	core "github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/play/wire"
	"github.com/agentgames/bundle/store/memory"
)

// longSeed deals a 100x100 match that longPlay's two cycles ride past
// round 3,000 in.
const longSeed = 1

// longMoves are longPlay's moves from longSeed, worked out once.
var longMoves = sync.OnceValue(func() [][2]engine.Dir { return longPlay(longSeed, 100, 100, 3110) })

// BenchmarkRoundAt is a live request late in a long match against the
// same request early in it, on the memory store so that the disk is out
// of it: two agents on a 100x100 grid, seat 0 has moved, and seat 1's
// move resolves the round (resolve); then the same with the public state
// the HTTP answer carries written as the edge writes it, since the round
// before as an agent that keeps the grid reads it (since), or whole, its
// trails growing with the rounds as the grid fills (whole). The match
// is at round 10 or 3,000 when each measured request is made, and the
// server has served the match before (it keeps it decoded).
func BenchmarkRoundAt(b *testing.B) {
	for _, round := range []int{10, 3000} {
		c := &clock{}
		c.advance(time.Hour)
		p := matchAt(b, c, round)
		a, j := p.a, p.j
		next := longMoves()[round]
		for _, answer := range []string{"resolve", "since", "whole"} {
			b.Run(fmt.Sprintf("round=%d/%s", round, answer), func(b *testing.B) {
				ctx := context.Background()
				for b.Loop() {
					b.StopTimer()
					p.reset(b)
					s := live.NewServer(p.store, c.time)
					if _, err := s.Act(ctx, a.Code, a.Token, move(next[0].String())); err != nil {
						b.Fatal(err)
					}
					b.StartTimer()
					m, err := s.Act(ctx, a.Code, j.Token, move(next[1].String()))
					if err != nil {
						b.Fatal(err)
					}
					var st *live.State
					switch answer {
					case "since":
						st = live.PublicSince(m, round)
					case "whole":
						st = live.Public(m)
					}
					if st != nil {
						if _, err := wire.AppendValue(nil, st); err != nil {
							b.Fatal(err)
						}
					}
				}
			})
		}
	}
}

// played is a match played on the memory store: the match as the store
// kept it then, and its two seats.
type played struct {
	store *memory.Store
	data  []byte
	a, j  *live.Joined
}

// reset stores the match as it was played again, over what a request
// made of it since (the chunks of its record it sealed stand).
func (p *played) reset(b testing.TB) {
	ctx := context.Background()
	_, version, err := p.store.Load(ctx, "tron-live", p.a.Code)
	if err == nil {
		_, err = p.store.Save(ctx, "tron-live", p.a.Code, p.data, version, time.Time{})
	}
	if err != nil {
		b.Fatal(err)
	}
}

// matchAt plays a two-agent match from longSeed to round, its moves
// longMoves'.
func matchAt(b testing.TB, c *clock, round int) *played {
	return matchOf(b, c, longMoves(), round)
}

// matchOf plays a two-agent match from longSeed to round with moves.
func matchOf(b testing.TB, c *clock, moves [][2]engine.Dir, round int) *played {
	b.Helper()
	ctx := context.Background()
	store := &memory.Store{Clock: c.time}
	s := live.NewServer(store, c.time).WithCreateLimit(0).WithSeeds(play.FixedSeeds(longSeed))
	a, err := live.Create(ctx, s, live.Setup{Players: 2, Bot: "wise", Width: 100, Height: 100})
	if err != nil {
		b.Fatal(err)
	}
	j, err := s.Join(ctx, a.Code, "b")
	if err != nil {
		b.Fatal(err)
	}
	if len(moves) <= round {
		b.Fatalf("the long match lasts %d rounds, not past %d", len(moves), round)
	}
	for _, mv := range moves[:round] {
		if _, err := s.Act(ctx, a.Code, a.Token, move(mv[0].String())); err != nil {
			b.Fatal(err)
		}
		if _, err := s.Act(ctx, a.Code, j.Token, move(mv[1].String())); err != nil {
			b.Fatal(err)
		}
	}
	m, err := s.Read(ctx, a.Code)
	if err != nil || live.Public(m).Round != round {
		b.Fatalf("the match is at round %d, %v; want %d", live.Public(m).Round, err, round)
	}
	data, _, err := store.Load(ctx, "tron-live", a.Code)
	if err != nil {
		b.Fatal(err)
	}
	return &played{store: store, data: data, a: a, j: j}
}

// BenchmarkTranscriptAt reads the transcript page of the long match that
// begins at frame 0, and the one that begins at frame 3,000, in process
// through the HTTP handler: its first frame whole, the others as patches
// (the trails of frame 3,000 hold 6,002 cells).
func BenchmarkTranscriptAt(b *testing.B) {
	c := &clock{}
	c.advance(time.Hour)
	p := matchAt(b, c, 3000+core.TranscriptPage)
	a := p.a
	h := testserver.New(b)
	h.ServeLive(live.NewServer(p.store, c.time))
	for _, from := range []int{0, 3000} {
		b.Run(fmt.Sprintf("from=%d", from), func(b *testing.B) {
			size, frames := 0, 0
			for b.Loop() {
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/games/tron/matches/"+a.Code+"/transcript?from="+strconv.Itoa(from), nil))
				if rec.Code != http.StatusOK {
					b.Fatalf("%d %.200s", rec.Code, rec.Body)
				}
				size = rec.Body.Len()
				var page struct{ Steps []json.RawMessage }
				if err := json.Unmarshal(rec.Body.Bytes(), &page); err != nil {
					b.Fatal(err)
				}
				frames = len(page.Steps)
			}
			b.ReportMetric(float64(size), "bytes")
			b.ReportMetric(float64(frames), "frames")
		})
	}
}
