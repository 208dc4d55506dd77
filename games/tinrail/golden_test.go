package tinrail_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/conformance/conformancetest"
	engine "github.com/agentgames/bundle/engines/tinrail"
	"github.com/agentgames/bundle/engines/tinrail/gbot"
)

var update = flag.Bool("update", false, "rewrite golden/tinrail from the current implementation")

const goldenDir = "../../golden/tinrail"

// goldenCase is one golden match: a seed, G-Bot's level, the policy that
// plays the caller's side, and what the match shows.
type goldenCase struct {
	seed     uint64
	opponent string
	policy   string // "cautious" or "reckless"
	refusals bool   // also send refused actions along the way
	full     bool   // keep every answer, for review
	covers   []string
}

func (c goldenCase) name() string {
	return fmt.Sprintf("%s-seed%03d-%s", c.opponent, c.seed, c.policy)
}

var goldenCases = []goldenCase{
	{1, "easy", "cautious", false, false, []string{"win"}},
	{9, "easy", "cautious", true, true, []string{"win", "refusals"}},
	{2, "easy", "cautious", false, false, []string{"loss"}},
	{3, "easy", "cautious", true, false, []string{"loss", "refusals"}},
	{4, "easy", "cautious", false, false, []string{"draw", "both_off_table"}},
	{53, "easy", "cautious", false, false, []string{"draw", "head_on"}},
	{24, "easy", "cautious", true, false, []string{"draw", "tiles_exhausted", "refusals"}},
	{103, "easy", "cautious", false, false, []string{"draw", "tiles_exhausted"}},
	{53, "easy", "reckless", false, false, []string{"win"}},
	{1, "easy", "reckless", false, true, []string{"loss"}},
	{4, "easy", "reckless", false, false, []string{"draw", "both_off_table"}},
	{37, "easy", "reckless", false, false, []string{"draw", "head_on"}},
	{7, "wise", "cautious", false, false, []string{"loss"}},
	{10, "wise", "cautious", false, false, []string{"win"}},
	{31, "wise", "cautious", true, false, []string{"win", "refusals"}},
	{1, "wise", "cautious", false, false, []string{"loss"}},
	{2, "wise", "cautious", true, false, []string{"loss", "refusals"}},
	{5, "wise", "cautious", false, false, []string{"draw", "both_off_table"}},
	{99, "wise", "cautious", false, false, []string{"draw", "head_on"}},
	{159, "wise", "cautious", false, false, []string{"draw", "head_on"}},
	{1, "wise", "reckless", false, false, []string{"loss"}},
	{2, "wise", "reckless", false, false, []string{"loss"}},
}

// TestGolden plays every golden case through the play core in process (no
// HTTP) and compares each with its file in golden/tinrail. With -update it
// rewrites the files instead; read the diff before committing them.
func TestGolden(t *testing.T) {
	t.Parallel()
	ref := conformancetest.Reference(t)
	endings := map[string]bool{}
	for _, c := range goldenCases {
		gc := conformance.Case{Game: "tinrail", Name: c.name(), Covers: c.covers, Full: c.full,
			Query: map[string]string{"seed": fmt.Sprint(c.seed), "opponent": c.opponent}}
		answers := conformancetest.Check(t, ref, goldenDir, &gc, policy(t, c), nil, *update)
		checkCovers(t, c.name(), answers, c.covers, endings)
	}
	conformancetest.Require(t, endings, "win", "loss", "draw", "head_on", "both_off_table", "tiles_exhausted", "refusals")
}

// checkCovers verifies that a match shows what its case claims.
func checkCovers(t *testing.T, name string, answers []json.RawMessage, covers []string, seen map[string]bool) {
	t.Helper()
	var last struct {
		Result struct{ Outcome, Ending string }
	}
	shown := map[string]bool{}
	for _, answer := range answers {
		var a struct {
			OK   *bool
			Code string
		}
		json.Unmarshal(answer, &a)
		if a.OK != nil && !*a.OK {
			shown["refusals"] = true
			shown["refusal:"+a.Code] = true
		} else {
			json.Unmarshal(answer, &last)
		}
	}
	shown[last.Result.Outcome] = true
	shown[last.Result.Ending] = true
	for _, c := range covers {
		if !shown[c] {
			t.Errorf("%s claims %s but shows %v", name, c, shown)
		}
		seen[c] = true
	}
	if shown["refusals"] {
		for _, code := range []string{"refusal:invalid_action", "refusal:game_over"} {
			if !shown[code] {
				t.Errorf("%s: refusals do not include %s", name, code)
			}
		}
	}
}

// policy plays the caller's side. It follows the match in its own engine,
// which deals the same from the seed, with G-Bot's policy replying; it
// decides from what the caller may see only (its hand, and Preview of its
// own placements).
//
// cautious: a winning placement if any; else the (step mod n)-th of the n
// placements that keep its engine on the table; else a drawing one; else
// the first. reckless: legal action (seed + 7*step) mod 12, whatever it does.
// With refusals it also sends, before its first placement, an action outside
// the grammar and one of an unknown type; once its hand is down to two
// tiles, a placement of the missing third tile; and after the end, one more
// placement.
func policy(t *testing.T, c goldenCase) conformancetest.Policy {
	opp := engine.Wise
	if c.opponent == "easy" {
		opp = engine.Easy
	}
	s := engine.New(c.seed, opp)
	var pending *[2]int
	placed := 0
	sentShrunk, sentAfter := false, false
	return func(step int, a *client.Answer) (json.RawMessage, bool) {
		if pending != nil && a.OK {
			play(t, s, pending[0], pending[1])
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

// play lays the caller's placement in the policy's engine, and G-Bot's
// reply as its policy chooses it.
func play(t *testing.T, s *engine.State, i, r int) {
	if _, err := s.Place(i, r); err != nil {
		t.Fatalf("policy engine out of step: %v", err)
	}
	if !s.Over() {
		v, rs := s.SeatView(engine.GBot), s.BotStream()
		gi, gr := gbot.Choose(s.Opponent(), &v, &rs)
		if _, err := s.Place(gi, gr); err != nil {
			t.Fatalf("G-Bot's reply refused: %v", err)
		}
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
	t.Parallel()
	var names []string
	for _, c := range goldenCases {
		names = append(names, c.name())
	}
	if err := conformancetest.CheckCases(goldenDir, names); err != nil {
		t.Error(err)
	}
}

// TestDocsTileTable: the tile table in docs/tinrail.md is the engine's deck.
func TestDocsTileTable(t *testing.T) {
	t.Parallel()
	doc, err := os.ReadFile("../../docs/tinrail.md")
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
