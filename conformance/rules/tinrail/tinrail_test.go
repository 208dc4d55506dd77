package tinrail

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/conformance/rules"
	"github.com/agentgames/bundle/conformance/rules/rulestest"
	"github.com/agentgames/bundle/internal/testserver"
)

// TestTinrailRefereePasses: every Tinrail rules check passes against this
// bundle's server with the default seeds.
func TestTinrailRefereePasses(t *testing.T) {
	rulestest.Run(t, check.HandlerTarget(testserver.New(t)), Referee(rules.DefaultSeeds))
}

// TestTinrailTileTable: the referee's tile table is the one the docs
// define: of the 105 pairings of 8 ports, each rotation class's smallest
// partner sequence, in ascending order.
func TestTinrailTileTable(t *testing.T) {
	var reps []string
	var pair func(partner []int)
	pair = func(partner []int) {
		first := slices.Index(partner, -1)
		if first < 0 {
			rep := ""
			for r := range 4 {
				var seq [8]int
				for p, q := range partner {
					seq[(p+2*r)%8] = (q + 2*r) % 8
				}
				if s := fmt.Sprint(seq); rep == "" || s < rep {
					rep = s
				}
			}
			if !slices.Contains(reps, rep) {
				reps = append(reps, rep)
			}
			return
		}
		for q := first + 1; q < 8; q++ {
			if partner[q] < 0 {
				partner[first], partner[q] = q, first
				pair(partner)
				partner[first], partner[q] = -1, -1
			}
		}
	}
	pair([]int{-1, -1, -1, -1, -1, -1, -1, -1})
	slices.Sort(reps)
	if len(reps) != 35 {
		t.Fatalf("%d rotation classes, want 35", len(reps))
	}
	for id, rep := range reps {
		var seq [8]int
		fmt.Sscan(strings.Trim(rep, "[]"), &seq[0], &seq[1], &seq[2], &seq[3], &seq[4], &seq[5], &seq[6], &seq[7])
		var strands []string
		for p, q := range seq {
			if p < q {
				strands = append(strands, fmt.Sprintf("%d-%d", p, q))
			}
		}
		if want := strings.Join(strands, " "); tiles[id] != want {
			t.Errorf("tile %d: the table says %q, the definition %q", id, tiles[id], want)
		}
		if partners[id][0] != seq {
			t.Errorf("tile %d at rotation 0: partners %v, want %v", id, partners[id][0], seq)
		}
	}
}

// TestTinrailPolicy: at its start notch (cell 3, entering by its top
// port 0) G-Bot laying tile 1 at rotation 0 (0-1) rides off the top edge,
// while rotation 1 (0-6) keeps it on the table. Easy must not take the
// first; Wise may (a move that lets the match go on can be worth as
// little to it as an immediate loss).
func TestTinrailPolicy(t *testing.T) {
	for _, c := range []struct {
		opponent string
		rotation int
		fails    bool
	}{
		{"easy", 0, true},
		{"easy", 1, false},
		{"wise", 0, false},
	} {
		m := &match{Match: &rules.Match{Where: rules.Where{Name: "test"}}, w: newWorld(c.opponent)}
		err := m.policy(event{By: "gbot", Tile: 1, Rotation: c.rotation, Cell: 3})
		if (err != nil) != c.fails {
			t.Errorf("%s G-Bot laying tile 1 at rotation %d: %v, want a failure: %v", c.opponent, c.rotation, err, c.fails)
		}
	}
}
