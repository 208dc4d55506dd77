package tinrail_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/agentgames/bundle/conformance"
	engine "github.com/agentgames/bundle/engines/tinrail"
	"github.com/agentgames/bundle/internal/testserver"
)

var update = flag.Bool("update", false, "rewrite golden/tinrail from the current implementation")

const goldenDir = "../../../golden/tinrail"

// goldenCase is one golden match: a seed, G-Bot's level, the policy that
// plays the agent's side, and what the match shows.
type goldenCase struct {
	seed     uint64
	opponent string
	policy   string // "cautious" or "reckless"
	refusals bool   // also send refused actions along the way
	covers   []string
}

func (c goldenCase) name() string {
	return fmt.Sprintf("%s-seed%03d-%s", c.opponent, c.seed, c.policy)
}

var goldenCases = []goldenCase{
	{1, "easy", "cautious", false, []string{"win"}},
	{9, "easy", "cautious", true, []string{"win", "refusals"}},
	{2, "easy", "cautious", false, []string{"loss"}},
	{3, "easy", "cautious", true, []string{"loss", "refusals"}},
	{4, "easy", "cautious", false, []string{"draw", "both_off_table"}},
	{53, "easy", "cautious", false, []string{"draw", "head_on"}},
	{24, "easy", "cautious", true, []string{"draw", "tiles_exhausted", "refusals"}},
	{103, "easy", "cautious", false, []string{"draw", "tiles_exhausted"}},
	{53, "easy", "reckless", false, []string{"win"}},
	{1, "easy", "reckless", false, []string{"loss"}},
	{4, "easy", "reckless", false, []string{"draw", "both_off_table"}},
	{37, "easy", "reckless", false, []string{"draw", "head_on"}},
	{7, "wise", "cautious", false, []string{"loss"}},
	{10, "wise", "cautious", false, []string{"win"}},
	{31, "wise", "cautious", true, []string{"win", "refusals"}},
	{1, "wise", "cautious", false, []string{"loss"}},
	{2, "wise", "cautious", true, []string{"loss", "refusals"}},
	{5, "wise", "cautious", false, []string{"draw", "both_off_table"}},
	{99, "wise", "cautious", false, []string{"draw", "head_on"}},
	{159, "wise", "cautious", false, []string{"draw", "head_on"}},
	{1, "wise", "reckless", false, []string{"loss"}},
	{2, "wise", "reckless", false, []string{"loss"}},
}

// TestGolden plays every golden case through the real handler and compares
// each transcript with golden/tinrail, field by field. With -update it
// rewrites the files instead; read the diff before committing them.
func TestGolden(t *testing.T) {
	client := conformance.HandlerClient{Handler: testserver.New(t)}
	endings := map[string]bool{}
	for _, c := range goldenCases {
		t.Run(c.name(), func(t *testing.T) {
			tr := conformance.Transcript{Game: "tinrail", Name: c.name(), Covers: c.covers,
				Query: map[string]string{"seed": fmt.Sprint(c.seed), "opponent": c.opponent}}
			if err := conformance.Record(&tr, client, policy(t, c)); err != nil {
				t.Fatal(err)
			}
			checkCovers(t, &tr, c.covers, endings)
			diff, err := conformance.Golden(goldenDir, &tr, *update)
			if err != nil {
				t.Fatal(err)
			}
			if diff != "" {
				t.Errorf("transcript differs from golden/tinrail/%s.json (-golden +now):\n%s", tr.Name, diff)
			}
		})
	}
	for _, want := range []string{"win", "loss", "draw", "head_on", "both_off_table", "tiles_exhausted", "refusals"} {
		if !endings[want] {
			t.Errorf("no golden match shows %s", want)
		}
	}
}

// checkCovers verifies that a transcript shows what its case claims.
func checkCovers(t *testing.T, tr *conformance.Transcript, covers []string, seen map[string]bool) {
	t.Helper()
	var last struct {
		Result struct{ Outcome, Ending string }
	}
	shown := map[string]bool{}
	for _, st := range tr.Steps {
		var a struct {
			OK   *bool
			Code string
		}
		json.Unmarshal(st.Answer, &a)
		if a.OK != nil && !*a.OK {
			shown["refusals"] = true
			shown["refusal:"+a.Code] = true
		} else {
			json.Unmarshal(st.Answer, &last)
		}
	}
	shown[last.Result.Outcome] = true
	shown[last.Result.Ending] = true
	for _, c := range covers {
		if !shown[c] {
			t.Errorf("claims %s but shows %v", c, shown)
		}
		seen[c] = true
	}
	if shown["refusals"] {
		for _, code := range []string{"refusal:invalid_action", "refusal:game_over"} {
			if !shown[code] {
				t.Errorf("refusals do not include %s", code)
			}
		}
	}
}

// policy plays the agent's side. It follows the match in its own engine,
// which deals the same from the seed; it decides from what the agent may
// see only (its hand, and Preview of its own placements).
//
// cautious: a winning placement if any; else the (step mod n)-th of the n
// placements that keep its engine on the table; else a drawing one; else
// the first. reckless: legal action (seed + 7*step) mod 12, whatever it does.
// With refusals it also sends, before its first placement, an action outside
// the grammar and one of an unknown type; once its hand is down to two
// tiles, a placement of the missing third tile; and after the end, one more
// placement.
func policy(t *testing.T, c goldenCase) conformance.Policy {
	opp := engine.Wise
	if c.opponent == "easy" {
		opp = engine.Easy
	}
	s := engine.New(c.seed, opp)
	var pending *[2]int
	placed := 0
	sentShrunk, sentAfter := false, false
	return func(step int, answer []byte) (json.RawMessage, bool) {
		var a struct {
			OK       bool `json:"ok"`
			GameOver bool `json:"gameOver"`
		}
		json.Unmarshal(answer, &a)
		if pending != nil && a.OK {
			if _, err := s.Play(pending[0], pending[1]); err != nil {
				t.Fatalf("policy engine out of step: %v", err)
			}
			placed++
		}
		pending = nil
		if a.GameOver {
			if c.refusals && !sentAfter {
				sentAfter = true
				return json.RawMessage(`{"type":"place","tileIndex":0,"rotation":0}`), false
			}
			return nil, true
		}
		if c.refusals {
			switch {
			case step == 0:
				return json.RawMessage(`{"type":"place","tileIndex":3,"rotation":0}`), false
			case step == 1:
				return json.RawMessage(`{"type":"spin","tileIndex":0,"rotation":0}`), false
			case len(s.Hand()) == 2 && !sentShrunk:
				sentShrunk = true
				return json.RawMessage(`{"type":"place","tileIndex":2,"rotation":1}`), false
			}
		}
		i, r := choose(s, c.policy, c.seed, placed)
		pending = &[2]int{i, r}
		return json.RawMessage(fmt.Sprintf(`{"type":"place","tileIndex":%d,"rotation":%d}`, i, r)), false
	}
}

func choose(s *engine.State, policy string, seed uint64, step int) (int, int) {
	n := len(s.Hand())
	if policy == "reckless" {
		k := int((seed + uint64(step)*7) % uint64(n*engine.Rotations))
		return k / engine.Rotations, k % engine.Rotations
	}
	var safe, draws [][2]int
	for i := range n {
		for r := range engine.Rotations {
			switch s.Preview(i, r) {
			case engine.Win:
				return i, r
			case engine.Ongoing:
				safe = append(safe, [2]int{i, r})
			case engine.Draw:
				draws = append(draws, [2]int{i, r})
			}
		}
	}
	switch {
	case len(safe) > 0:
		return safe[step%len(safe)][0], safe[step%len(safe)][1]
	case len(draws) > 0:
		return draws[0][0], draws[0][1]
	}
	return 0, 0
}

// TestGoldenFilesAreAllCases: no stray golden file outlives its case.
func TestGoldenFilesAreAllCases(t *testing.T) {
	var names []string
	for _, c := range goldenCases {
		names = append(names, c.name())
	}
	if err := conformance.CheckCases(goldenDir, names); err != nil {
		t.Error(err)
	}
}

// TestDocsTileTable: the tile table in docs/tinrail.md is the engine's deck.
func TestDocsTileTable(t *testing.T) {
	doc, err := os.ReadFile("../../../docs/tinrail.md")
	if err != nil {
		t.Fatal(err)
	}
	for id := range engine.Tile(engine.TileCount) {
		m := id.At(0)
		distinct := map[engine.Matching]bool{}
		for r := range engine.Rotations {
			distinct[id.At(r)] = true
		}
		var strands []string
		for _, s := range m.Strands() {
			strands = append(strands, fmt.Sprintf("%d-%d", s[0], s[1]))
		}
		row := fmt.Sprintf("| %d | %s | %d |", id, strings.Join(strands, " "), len(distinct))
		if !strings.Contains(string(doc), row+"\n") {
			t.Errorf("docs/tinrail.md lacks the row %q", row)
		}
	}
}
