package tinrail_test

import (
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/agentgames/bundle/engines/rng"
	"github.com/agentgames/bundle/engines/tinrail"
)

// firstNotLosing is the fixed player of the regression trace: the first
// placement, in hand order then rotation order, whose Preview is not Loss;
// else tile 0 at rotation 0.
func firstNotLosing(s *tinrail.State) (int, int) {
	for i := range s.HandLen(tinrail.You) {
		for r := range tinrail.Rotations {
			if s.Preview(i, r) != tinrail.Loss {
				return i, r
			}
		}
	}
	return 0, 0
}

// anyNotLosing is the random player of the regression trace: a uniformly
// random placement among those whose Preview is not Loss, else any, drawn
// from rs.
func anyNotLosing(s *tinrail.State, rs *rng.Stream) (int, int) {
	var ok [][2]int
	n := s.HandLen(tinrail.You)
	for i := range n {
		for r := range tinrail.Rotations {
			if s.Preview(i, r) != tinrail.Loss {
				ok = append(ok, [2]int{i, r})
			}
		}
	}
	if len(ok) == 0 {
		k := rs.Intn(n * tinrail.Rotations)
		return k / tinrail.Rotations, k % tinrail.Rotations
	}
	o := ok[rs.Intn(len(ok))]
	return o[0], o[1]
}

// traceMatch plays seed against opp, the player choosing with
// firstNotLosing or, when random, anyNotLosing, and answers the match as
// a line of text: the level, the seed and the player, then every
// placement (seat, tile, rotation, cell, "!" for a head-on meeting, and
// each ride: the rider, "off" when it left the table, else the cell and
// port it reached, and the tiles it rode), then the result, the ending,
// the placements, the tiles survived and the score.
func traceMatch(t *testing.T, seed uint64, opp tinrail.Opponent, random bool) string {
	s := tinrail.New(seed, opp)
	rs := rng.New(seed, 99)
	var b strings.Builder
	fmt.Fprintf(&b, "opponent %d seed %d random %v:", opp, seed, random)
	for !s.Over() {
		var pl tinrail.Placement
		if s.Turn() == tinrail.You {
			i, r := firstNotLosing(s)
			if random {
				i, r = anyNotLosing(s, &rs)
			}
			var err error
			if pl, err = s.Place(i, r); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		} else {
			pl = reply(t, s)
		}
		fmt.Fprintf(&b, " p%d:t%d/r%d@%d", pl.Player, pl.Tile, pl.Rotation, pl.Cell)
		if pl.HeadOn {
			b.WriteString("!")
		}
		for k, rd := range pl.Rides {
			if rd.Off {
				fmt.Fprintf(&b, ",ride%d-off/%d", pl.Riders[k], rd.Tiles)
			} else {
				fmt.Fprintf(&b, ",ride%d-%d.%d/%d", pl.Riders[k], rd.To.Cell, rd.To.Port, rd.Tiles)
			}
		}
	}
	fmt.Fprintf(&b, " = result %d ending %d placements %d survived %d score %d", s.Result(), s.Ending(), s.Placements(), s.TilesSurvived(), s.Score())
	return b.String()
}

// asBefore is the file of the matches of seeds 0..299 against Easy and
// Wise, each with both players: a line a match, its placements by a
// SHA-256 digest of their trace and its end in clear (see entry). It was
// written (go test -run GBotPlaysAsBefore -update) from the engine as it
// was when the test kept only one SHA-256 fingerprint of all the traces,
// which pinned them to the engine before G-Bot left the rules (commit
// 200e0e1, when (*State).Play chose G-Bot's reply inside the engine); that
// fingerprint still held when it was written.
const asBefore = "testdata/gbot-as-before.txt"

var update = flag.Bool("update", false, "rewrite "+asBefore+" from the current engine")

// entry is a match's line of asBefore: what names the match, the digest of
// its placements, and its end.
func entry(trace string) string {
	name, rest, _ := strings.Cut(trace, ": ")
	placements, end, _ := strings.Cut(rest, " = ")
	sum := sha256.Sum256([]byte(placements))
	return name + ": placements " + hex.EncodeToString(sum[:8]) + " = " + end
}

// TestGBotPlaysAsBefore: for every seed 0..299 and both levels, G-Bot, a
// policy outside the rules choosing from its SeatView and BotStream,
// makes exactly the placements it made when the engine chose them itself.
// A change names the first match that differs, how it ended before and
// now, and prints its placements now.
func TestGBotPlaysAsBefore(t *testing.T) {
	var traces, got []string
	for _, random := range []bool{false, true} {
		for _, opp := range []tinrail.Opponent{tinrail.Easy, tinrail.Wise} {
			for seed := range uint64(300) {
				tr := traceMatch(t, seed, opp, random)
				traces, got = append(traces, tr), append(got, entry(tr))
			}
		}
	}
	if *update {
		if err := os.WriteFile(asBefore, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(asBefore)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(want) != len(got) {
		t.Fatalf("%s holds %d matches, the test plays %d", asBefore, len(want), len(got))
	}
	for i := range want {
		if want[i] != got[i] {
			t.Fatalf("G-Bot no longer plays as before:\nbefore: %s\nnow:    %s\nits placements now: %s", want[i], got[i], traces[i])
		}
	}
}
