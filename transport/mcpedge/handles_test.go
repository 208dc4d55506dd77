package mcpedge_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgames/bundle/client/inproc"
	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/golden"
	"github.com/agentgames/bundle/internal/assemble"
	"github.com/agentgames/bundle/internal/assemble/mcpassemble"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/store/memory"
	"github.com/agentgames/bundle/transport/mcpedge"
	"github.com/agentgames/bundle/transport/mcpedge/mcptest"
)

// TestGoldenByHandle replays golden cases through the tools by handle
// only: every case in process, the first of each game over HTTP. Each
// act sends the handle its start answered and never a token, every
// answer's digest must be the case's, and every open match's text names
// its handle and prints no token (mcptest.Answer checks the texts).
func TestGoldenByHandle(t *testing.T) {
	cases, err := golden.Load(golden.Files, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, conn := range connectors {
		t.Run(conn.name, func(t *testing.T) {
			b := newBench(t)
			byHandle := mcptest.Transport{Session: conn.connect(b, t), Handles: &mcptest.Handles{}}
			ref := inproc.Service{Service: b.svc}
			played := map[string]int{}
			for _, c := range cases {
				if conn.name == "http" && played[c.Game] > 0 {
					continue
				}
				played[c.Game]++
				t.Run(c.Ref(), func(t *testing.T) {
					t.Parallel()
					if err := conformance.Replay(context.Background(), &c, byHandle, ref, true); err != nil {
						t.Fatal(err)
					}
				})
			}
			for _, g := range games.All() {
				if played[g.Info().Slug] == 0 {
					t.Errorf("no %s case was played by handle", g.Info().Slug)
				}
			}
		})
	}
}

// handled is a loop tool's structured result with its handle.
type handled struct {
	Handle       string            `json:"handle"`
	OK           bool              `json:"ok"`
	State        string            `json:"state"`
	Ranked       string            `json:"ranked"`
	GameOver     bool              `json:"gameOver"`
	LegalActions []json.RawMessage `json:"legalActions"`
	Error        struct {
		Code    play.Code `json:"code"`
		Message string    `json:"message"`
	} `json:"error"`
}

// decode reads a result's structured content and text.
func decode(t *testing.T, res *mcp.CallToolResult) (handled, string) {
	t.Helper()
	raw, _ := json.Marshal(res.StructuredContent)
	var h handled
	if err := json.Unmarshal(raw, &h); err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
	text, err := mcptest.Text(res)
	if err != nil {
		t.Fatal(err)
	}
	return h, text
}

// TestHandleRace: eight acts on one handle that all read it before any
// writes it (a store that holds the reads back until then) play once,
// in a casual and in a ranked match. Each of the others is refused with
// conflict (a ranked one may instead find the state spent while the
// winner's write is under way: token_spent), and a conflict's text shows
// the match as the winner left it (a Brinebell run started), its legal
// actions and its handle, and no token. The ranked ledger records one
// start, and the handle plays on from the winner's state.
func TestHandleRace(t *testing.T) {
	const racers = 8
	for _, ranked := range []bool{false, true} {
		g := &gate{Store: &memory.Store{}, n: racers, all: make(chan struct{})}
		b := benchWith(t, assemble.Config{Games: games.All(), Live: games.Live(), Ledger: &memory.Store{}, Matches: g})
		cs := b.overHTTP(t)
		args := map[string]any{"seed": 3}
		if ranked {
			args = map[string]any{"ranked": true}
		}
		start, _ := decode(t, call(t, cs, "start_brinebell", args))
		if start.Handle == "" {
			t.Fatalf("the start answered no handle")
		}
		results := make([]*mcp.CallToolResult, racers)
		var wg sync.WaitGroup
		for i := range racers {
			wg.Go(func() {
				results[i] = call(t, cs, "act_brinebell", map[string]any{"handle": start.Handle, "action": map[string]any{"type": "start"}})
			})
		}
		wg.Wait()
		var won handled
		wins, conflicts := 0, 0
		for _, res := range results {
			h, text := decode(t, res)
			switch {
			case !res.IsError && h.OK:
				wins++
				won = h
			case h.Error.Code == play.CodeConflict:
				conflicts++
				if !strings.Contains(text, "The match now:") || !strings.Contains(text, `Legal actions (send one as "action" to act_brinebell, exactly as listed): [{"type":"advance","ticks":30}`) ||
					!strings.Contains(text, "Handle (send it as \"handle\"") {
					t.Errorf("a lost race's text does not show the match as it is now: %q", text)
				}
				if strings.Contains(text, start.State) {
					t.Errorf("a lost race's text prints a token: %q", text)
				}
			case ranked && h.Error.Code == play.CodeTokenSpent:
			default:
				t.Errorf("a racing act answered %+v: %q", h, text)
			}
		}
		if wins != 1 || conflicts == 0 {
			t.Fatalf("ranked %v: %d of %d racing acts played, %d lost with conflict", ranked, wins, racers, conflicts)
		}
		next, _ := decode(t, call(t, cs, "act_brinebell", map[string]any{"handle": start.Handle, "action": map[string]any{"type": "advance", "ticks": 30}}))
		if !next.OK || next.Handle != won.Handle {
			t.Errorf("the handle does not play on from the winner's state: %+v", next)
		}
		if ranked {
			rec, err := b.svc.Ranked(context.Background(), "brinebell", start.Ranked)
			if err != nil {
				t.Fatal(err)
			}
			if len(rec.Actions) != 2 {
				t.Errorf("the ledger holds %d actions, not the winner's and the next: %s", len(rec.Actions), rec.Actions)
			}
		}
	}
}

// gate is a store whose first n reads of handles, once read, wait for
// one another, so that n acts on one handle read it before any of them
// writes it.
type gate struct {
	play.Store
	n     int
	mu    sync.Mutex
	loads int
	all   chan struct{}
}

func (g *gate) Load(ctx context.Context, game, ref string) ([]byte, uint64, error) {
	state, version, err := g.Store.Load(ctx, game, ref)
	if game == "mcp-handle" {
		g.mu.Lock()
		g.loads++
		first := g.loads <= g.n
		if g.loads == g.n {
			close(g.all)
		}
		g.mu.Unlock()
		if first {
			select {
			case <-g.all:
			case <-time.After(5 * time.Second):
			}
		}
	}
	return state, version, err
}

// benchWith is a bench of the server c describes.
func benchWith(t *testing.T, c assemble.Config) *bench {
	t.Helper()
	p, err := mcpassemble.New(c, nil)
	if err != nil {
		t.Fatal(err)
	}
	return &bench{svc: p.Service, lives: p.Live, agents: mcpedge.Agents{Registry: p.Agents, Boards: p.Boards, Raters: p.Raters}, handles: p.Handles, http: p.HTTP()}
}

// clockBench is a bench whose clock the test moves, whose clients may
// make limit handles a minute.
func clockBench(t *testing.T, now *time.Time, limit int) *bench {
	t.Helper()
	var mu sync.Mutex
	clock := func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		return *now
	}
	return benchWith(t, assemble.Config{Clock: clock, Games: games.All(), Live: games.Live(), Ledger: &memory.Store{Clock: clock}, Matches: &memory.Store{Clock: clock}, CreatesPerMinute: limit})
}

// TestHandleLifetime: a handle lives HandleLifetime after its match's
// last action, each action renewing it; after that it is no_match, and
// its token still plays.
func TestHandleLifetime(t *testing.T) {
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	b := clockBench(t, &now, 0)
	cs := b.inMemory(t)
	start, _ := decode(t, call(t, cs, "start_brinebell", map[string]any{"seed": 4}))
	now = now.Add(mcpedge.HandleLifetime - time.Minute)
	step, _ := decode(t, call(t, cs, "act_brinebell", map[string]any{"handle": start.Handle, "action": map[string]any{"type": "start"}}))
	if !step.OK {
		t.Fatalf("an act a minute before the handle expires: %+v", step)
	}
	now = now.Add(mcpedge.HandleLifetime - time.Minute)
	if h, _ := decode(t, call(t, cs, "act_brinebell", map[string]any{"handle": start.Handle, "action": map[string]any{"type": "advance", "ticks": 30}})); !h.OK {
		t.Fatalf("an act renews the handle; a minute before it expires again: %+v", h)
	}
	now = now.Add(mcpedge.HandleLifetime)
	res := call(t, cs, "act_brinebell", map[string]any{"handle": start.Handle, "action": map[string]any{"type": "advance", "ticks": 30}})
	if h, text := decode(t, res); !res.IsError || h.Error.Code != play.CodeNoMatch || !strings.Contains(text, "24 hours") {
		t.Errorf("an expired handle: %+v %q", h, text)
	}
}

// TestHandleRefused: a guessed handle, a malformed one, one of another
// game or of a live seat (and a seat's where a match's is due), a handle
// sent with a state or a code, and a handle on a server without handles
// are refused with the codes the contract lists, each saying why.
func TestHandleRefused(t *testing.T) {
	b := newBench(t)
	cs := b.inMemory(t)
	tron, _ := decode(t, call(t, cs, "start_tron", map[string]any{"seed": 1}))
	seat := handleOf(t, call(t, cs, "live_create", map[string]any{"players": 2, "bots": 1}))
	place := map[string]any{"type": "place", "tileIndex": 0, "rotation": 0}
	for _, c := range []struct {
		tool string
		name string
		args map[string]any
		code play.Code
		says string
	}{
		{"live_state", "a match's", map[string]any{"handle": tron.Handle}, play.CodeInvalidRequest, "is a match of tron; act in it with act_tron"},
		{"live_act", "with code", map[string]any{"handle": seat, "code": "0000000000", "action": map[string]any{"type": "pass"}}, play.CodeInvalidRequest, "not both"},
		{"tron_live_move", "another live game's", map[string]any{"handle": seat, "dir": "x+"}, play.CodeInvalidRequest, "is a seat in live tidebreakers match"},
		{"act_tinrail", "a seat's", map[string]any{"handle": seat, "action": place}, play.CodeInvalidRequest, "act in it with live_act"},
		{"act_tinrail", "guessed", map[string]any{"handle": "0123456789ABCDEFGHJK", "action": place}, play.CodeNoMatch, "no match has handle 0123456789ABCDEFGHJK"},
		{"act_tinrail", "lower case, O for 0", map[string]any{"handle": "o123456789abcdefghjk", "action": place}, play.CodeNoMatch, "no match has handle 0123456789ABCDEFGHJK"},
		{"act_tinrail", "too short", map[string]any{"handle": "0123456789", "action": place}, play.CodeInvalidRequest, "20 letters and digits"},
		{"act_tinrail", "not base 32", map[string]any{"handle": "0123456789ABCDEFGHJ!", "action": place}, play.CodeInvalidRequest, "20 letters and digits"},
		{"act_tinrail", "a number", map[string]any{"handle": 12, "action": place}, play.CodeInvalidRequest, "must be a string"},
		{"act_tinrail", "another game's", map[string]any{"handle": tron.Handle, "action": place}, play.CodeInvalidRequest, "is a match of tron; act in it with act_tron"},
		{"act_tinrail", "with a state", map[string]any{"handle": tron.Handle, "state": tron.State, "action": place}, play.CodeInvalidRequest, "not both"},
		{"act_tinrail", "no action", map[string]any{"handle": tron.Handle}, play.CodeInvalidRequest, "no \"action\""},
	} {
		res := call(t, cs, c.tool, c.args)
		h, text := decode(t, res)
		if !res.IsError || h.Error.Code != c.code || !strings.Contains(text, c.says) {
			t.Errorf("%s: %s %q, want %s saying %q", c.name, h.Error.Code, text, c.code, c.says)
		}
	}
	plain := mcpedge.New(b.svc, nil, mcpedge.Agents{}, nil)
	ct, st := mcp.NewInMemoryTransports()
	ss, err := plain.Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	tokens := connect(t, ct)
	start, text := decode(t, call(t, tokens, "start_tinrail", map[string]any{"seed": 2}))
	if start.Handle != "" || !strings.Contains(text, start.State) {
		t.Errorf("a server without handles answered a handle, or no token in the text: %+v %q", start, text)
	}
	res := call(t, tokens, "act_tinrail", map[string]any{"handle": tron.Handle, "action": place})
	if h, _ := decode(t, res); !res.IsError || h.Error.Code != play.CodeInvalidRequest {
		t.Errorf("a handle sent to a server without handles: %+v", h)
	}
}

// TestHandleQuota: over HTTP, where each client is its address, starts
// past the limit a minute are refused (rate_limited) before any match is
// started, and the next minute starts again.
func TestHandleQuota(t *testing.T) {
	now := time.Date(2026, 12, 1, 12, 0, 30, 0, time.UTC)
	b := clockBench(t, &now, 3)
	cs := b.overHTTP(t)
	for i := range 3 {
		if res := call(t, cs, "start_tinrail", map[string]any{"seed": i}); res.IsError {
			h, _ := decode(t, res)
			t.Fatalf("start %d: %+v", i, h)
		}
	}
	res := call(t, cs, "start_tinrail", map[string]any{"seed": 9})
	if h, text := decode(t, res); !res.IsError || h.Error.Code != play.CodeRateLimited || !strings.Contains(text, "match handles") {
		t.Errorf("a fourth start in a minute: %+v %q", h, text)
	}
	now = now.Add(time.Minute)
	if res := call(t, cs, "start_tinrail", map[string]any{"seed": 9}); res.IsError {
		t.Errorf("a start the next minute was refused")
	}
}

// handleOf is the handle of a result's structured content, failing the
// test if it has none.
func handleOf(t *testing.T, res *mcp.CallToolResult) string {
	t.Helper()
	h, _ := decode(t, res)
	if h.Handle == "" {
		t.Fatalf("the result names no handle: %v", res.StructuredContent)
	}
	return h.Handle
}

// TestHandleBytes plays the same match of every game (seeded, the last
// action again while it is legal, else the first legal one, at most 400
// turns) by token and by handle, and
// counts the bytes a model writes (act's arguments as JSON) and reads
// (the result's text) a turn. By handle it must write less every turn
// and read less overall; go test -v prints the figures.
func TestHandleBytes(t *testing.T) {
	b := newBench(t)
	cs := b.inMemory(t)
	for _, g := range games.All() {
		slug := g.Info().Slug
		var wrote, read [2]int
		turns := 0
		for mode, byHandle := range []bool{false, true} {
			start, text := decode(t, call(t, cs, "start_"+slug, map[string]any{"seed": 11}))
			read[mode] += len(text)
			at := start
			var last json.RawMessage
			for turns = 0; !at.GameOver && turns < 400; turns++ {
				action := at.LegalActions[0]
				for _, a := range at.LegalActions {
					if string(a) == string(last) {
						action = a
					}
				}
				last = action
				args := map[string]any{"state": at.State, "action": action}
				if byHandle {
					args = map[string]any{"handle": start.Handle, "action": action}
				}
				raw, _ := json.Marshal(args)
				wrote[mode] += len(raw)
				next, text := decode(t, call(t, cs, "act_"+slug, args))
				read[mode] += len(text)
				if !next.OK {
					t.Fatalf("%s: %q", slug, text)
				}
				at = next
			}
		}
		t.Logf("%-12s %3d turns: a turn writes %5d bytes by token, %4d by handle; reads %6d by token, %6d by handle",
			slug, turns, wrote[0]/turns, wrote[1]/turns, read[0]/(turns+1), read[1]/(turns+1))
		if wrote[1] >= wrote[0] || read[1] >= read[0] {
			t.Errorf("%s: by handle a model writes %d and reads %d bytes, by token %d and %d", slug, wrote[1], read[1], wrote[0], read[0])
		}
	}
}

// BenchmarkStartAndAct is a Brinebell start and its first action through
// the tools in process, by token and by handle: what the handle's store
// round trips and sealing add to a turn.
func BenchmarkStartAndAct(b *testing.B) {
	for _, byHandle := range []bool{false, true} {
		name := map[bool]string{false: "token", true: "handle"}[byHandle]
		b.Run(name, func(b *testing.B) {
			cs := newBench(b).inMemory(b)
			ctx := context.Background()
			for b.Loop() {
				res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "start_brinebell", Arguments: map[string]any{"seed": 4}})
				if err != nil || res.IsError {
					b.Fatal(err, res)
				}
				raw, _ := json.Marshal(res.StructuredContent)
				var h handled
				json.Unmarshal(raw, &h)
				args := map[string]any{"state": h.State, "action": map[string]any{"type": "start"}}
				if byHandle {
					args = map[string]any{"handle": h.Handle, "action": map[string]any{"type": "start"}}
				}
				if res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "act_brinebell", Arguments: args}); err != nil || res.IsError {
					b.Fatal(err, res)
				}
			}
		})
	}
}
