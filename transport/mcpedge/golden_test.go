package mcpedge_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/client/inproc"
	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/golden"
	"github.com/agentgames/bundle/transport/mcpedge/mcptest"
)

// TestGoldenThroughMCP replays every game's golden cases through the
// tools, in process: every answer's digest (everything an agent sees but
// the tokens, the spec and the reason's wording) must be the case's, so
// the tools answer exactly what the HTTP edge answered when the cases were
// recorded. Refusals among them come back as results, not errors. The
// cases share one session, as calls of concurrent agents would.
func TestGoldenThroughMCP(t *testing.T) {
	b := newBench(t)
	mcpT := mcptest.Transport{Session: b.inMemory(t)}
	ref := inproc.Service{Service: b.svc}
	for _, g := range games.All() {
		slug := g.Info().Slug
		cases, err := golden.Load(golden.Files, slug)
		if err != nil {
			t.Fatal(err)
		}
		if len(cases) == 0 {
			t.Fatalf("no golden cases for %s", slug)
		}
		for _, c := range cases {
			t.Run(c.Ref(), func(t *testing.T) {
				t.Parallel()
				if err := conformance.Replay(context.Background(), &c, mcpT, ref, true); err != nil {
					t.Fatal(err)
				}
			})
		}
	}
}

// TestWholeMatchesAsOverHTTP plays a whole Tinrail match and a whole
// Brinebell run (golden cases with refusals on the way) through MCP, over
// both transports, and the same through the HTTP edge: at every step the
// two answers are the same JSON (tokens and spec aside, which differ from
// match to match; the reason's wording included), and the last ends the
// match.
func TestWholeMatchesAsOverHTTP(t *testing.T) {
	for _, conn := range connectors {
		t.Run(conn.name, func(t *testing.T) {
			b := newBench(t)
			mcpT := mcptest.Transport{Session: conn.connect(b, t)}
			for _, ref := range []string{"tinrail/easy-seed009-cautious", "brinebell/seed001-dispatch"} {
				c := goldenCase(t, ref)
				overMCP := playCase(t, &c, mcpT)
				overHTTP := playCase(t, &c, inproc.Handler{Handler: b.http})
				if len(overMCP) != len(c.Steps) || len(overHTTP) != len(c.Steps) {
					t.Fatalf("%s: %d answers through MCP, %d over HTTP, for %d steps", ref, len(overMCP), len(overHTTP), len(c.Steps))
				}
				for i := range overMCP {
					if d := cmp.Diff(recorded(t, overHTTP[i]), recorded(t, overMCP[i])); d != "" {
						t.Fatalf("%s step %d: MCP answers otherwise than HTTP (-http +mcp):\n%s", ref, i, d)
					}
				}
				var last struct {
					GameOver bool `json:"gameOver"`
				}
				json.Unmarshal(overMCP[len(overMCP)-1], &last)
				if !last.GameOver {
					t.Errorf("%s: the last answer does not end the match: %s", ref, overMCP[len(overMCP)-1])
				}
			}
		})
	}
}

// goldenCase loads the golden case game/name.
func goldenCase(t *testing.T, ref string) conformance.Case {
	t.Helper()
	cases, err := golden.Load(golden.Files, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		if c.Ref() == ref {
			return c
		}
	}
	t.Fatalf("no golden case %s", ref)
	return conformance.Case{}
}

// playCase plays a case's actions through tr and answers every answer.
func playCase(t *testing.T, c *conformance.Case, tr client.Transport) [][]byte {
	t.Helper()
	var answers [][]byte
	err := conformance.Play(context.Background(), c, tr, func(_ int, answer []byte) (bool, error) {
		answers = append(answers, answer)
		return true, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return answers
}

// recorded is an answer without its tokens and spec, decoded.
func recorded(t *testing.T, answer []byte) any {
	t.Helper()
	r, err := golden.Recorded(answer)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	json.Unmarshal(r, &v)
	return v
}
