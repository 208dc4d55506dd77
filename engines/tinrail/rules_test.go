package tinrail

import (
	"bytes"
	"errors"
	"testing"

	"github.com/agentgames/bundle/engines"
)

// laid finds the tile and rotation that lay exactly the given strands.
func laid(t *testing.T, strands ...Strand) (Tile, int) {
	t.Helper()
	var want Matching
	for _, s := range strands {
		want[s[0]], want[s[1]] = uint8(s[1]), uint8(s[0])
	}
	for id := range Tile(TileCount) {
		for r := range Rotations {
			if id.At(r) == want {
				return id, r
			}
		}
	}
	t.Fatalf("no tile lays %v", strands)
	return 0, 0
}

var (
	straight = []Strand{{0, 5}, {1, 4}, {2, 7}, {3, 6}} // every strand crosses the cell
	uturns   = []Strand{{0, 1}, {2, 3}, {4, 5}, {6, 7}} // every strand returns to its edge
	corners  = []Strand{{0, 7}, {1, 2}, {3, 4}, {5, 6}} // every strand turns a corner
)

func TestNeighbour(t *testing.T) {
	tests := []struct{ cell, port, want int }{
		{14, 0, 8}, {14, 1, 8}, {14, 2, 15}, {14, 3, 15},
		{14, 4, 20}, {14, 5, 20}, {14, 6, 13}, {14, 7, 13},
		{3, 0, -1}, {5, 2, -1}, {32, 4, -1}, {30, 6, -1}, {0, 7, -1}, {35, 3, -1},
	}
	for _, tt := range tests {
		if got := Neighbour(tt.cell, tt.port); got != tt.want {
			t.Errorf("Neighbour(%d, %d) = %d, want %d", tt.cell, tt.port, got, tt.want)
		}
	}
}

func TestRide(t *testing.T) {
	type tile struct {
		cell    int
		strands []Strand
	}
	tests := []struct {
		name  string
		board []tile
		from  Notch
		want  Notch
		off   bool
		tiles int
	}{
		{"straight up to the next empty cell", []tile{{32, straight}}, Notch{32, 4}, Notch{26, 4}, false, 1},
		{"u-turn back off the bottom edge", []tile{{32, uturns}}, Notch{32, 4}, Notch{}, true, 1},
		{"corner to the right neighbour", []tile{{32, corners}}, Notch{32, 4}, Notch{33, 6}, false, 1},
		{"chain through two tiles", []tile{{32, straight}, {26, straight}}, Notch{32, 4}, Notch{20, 4}, false, 2},
		{"chain then off the left edge", []tile{{31, corners}, {30, straight}}, Notch{31, 5}, Notch{}, true, 2},
		{"down from the top", []tile{{3, straight}}, Notch{3, 0}, Notch{9, 0}, false, 1},
		{"corner off the top", []tile{{2, corners}}, Notch{2, 1}, Notch{3, 7}, false, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b Board
			for _, tl := range tt.board {
				id, r := laid(t, tl.strands...)
				b.Put(tl.cell, id, r)
			}
			got := b.Ride(tt.from)
			if got.Off != tt.off || (!tt.off && got.To != tt.want) || got.Tiles != tt.tiles {
				t.Errorf("ride = off %v to %v over %d tiles; want off %v to %v over %d",
					got.Off, got.To, got.Tiles, tt.off, tt.want, tt.tiles)
			}
		})
	}
}

// staged builds an open match by hand: the given tiles on the board, the
// engines where given, hands as given and every other tile in the pile.
func staged(t *testing.T, opp Opponent, you, gbot Notch, yours, theirs []Tile, board map[int]Placed) *State {
	t.Helper()
	s := &State{opponent: opp, pos: Position{at: [2]Notch{you, gbot}}}
	var used [TileCount]bool
	for c, pl := range board {
		s.pos.board.Put(c, pl.Tile, pl.Rotation)
		used[pl.Tile] = true
		s.placements++
		s.survived++
	}
	for _, tl := range yours {
		s.hands[You].add(tl)
		used[tl] = true
	}
	for _, tl := range theirs {
		s.hands[GBot].add(tl)
		used[tl] = true
	}
	for tl := range Tile(TileCount) {
		if !used[tl] {
			s.pile = append(s.pile, tl)
		}
	}
	if err := s.check(); err != nil {
		t.Fatalf("staged state: %v", err)
	}
	return s
}

func TestPlacementOutcomes(t *testing.T) {
	st, sr := laid(t, straight...)
	ut, ur := laid(t, uturns...)
	ct, cr := laid(t, corners...)
	// kt sends an engine entering by the top left back up, and one entering
	// by the right bottom down.
	kt, kr := laid(t, Strand{0, 1}, Strand{2, 7}, Strand{3, 4}, Strand{5, 6})
	other := func(exclude ...Tile) []Tile {
		var out []Tile
		for tl := range Tile(TileCount) {
			skip := false
			for _, e := range exclude {
				skip = skip || e == tl
			}
			if !skip && len(out) < 2 {
				out = append(out, tl)
			}
		}
		return out
	}
	tests := []struct {
		name      string
		you, gbot Notch
		tile      Tile
		rot       int
		board     map[int]Placed
		result    Result
		ending    Ending
		youAt     Notch
	}{
		{"you ride on, the match goes on", Start(You), Start(GBot), st, sr, nil, Ongoing, NotEnded, Notch{26, 4}},
		{"your own placement sends you off: loss", Start(You), Start(GBot), ut, ur, nil, Loss, YouOff, Start(You)},
		{"both face the cell, G-Bot rides off: win",
			Notch{30, 0}, Notch{30, 3}, kt, kr, nil, Win, GBotOff, Notch{24, 4}},
		{"your ride continues through a tile",
			Start(You), Start(GBot), ct, cr, map[int]Placed{33: {st, sr}}, Ongoing, NotEnded, Notch{34, 6}},
		{"both face the cell and meet head on: draw",
			Notch{14, 4}, Notch{14, 1}, st, sr, nil, Draw, HeadOn, Notch{8, 4}},
		{"both face the cell and both ride off: draw",
			Notch{30, 5}, Notch{30, 6}, ut, ur, nil, Draw, BothOff, Notch{30, 5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			yours := append([]Tile{tt.tile}, other(tt.tile, st)...)
			theirs := other(append(yours, st)...)
			theirs = append(theirs, other(append(append(yours, theirs...), st)...)[0])
			s := staged(t, Wise, tt.you, tt.gbot, yours, theirs, tt.board)
			pile := s.PileLen()
			pl, err := s.Place(0, tt.rot)
			if err != nil {
				t.Fatal(err)
			}
			if s.Result() != tt.result || s.Ending() != tt.ending {
				t.Fatalf("result %v ending %v, want %v %v", s.Result(), s.Ending(), tt.result, tt.ending)
			}
			if pl.Player != You || pl.Tile != tt.tile || pl.Rotation != tt.rot || pl.Cell != tt.you.Cell {
				t.Errorf("placement %+v, want yours of tile %d at rotation %d in cell %d", pl, tt.tile, tt.rot, tt.you.Cell)
			}
			if r := pl.Rides[0]; !r.Off && r.To != tt.youAt {
				t.Errorf("your engine rode to %v, want %v", r.To, tt.youAt)
			}
			if tt.result != Ongoing {
				if s.PileLen() != pile || s.HandLen(You) != HandSize-1 {
					t.Errorf("a finished match must not draw: pile %d -> %d, hand %d", pile, s.PileLen(), s.HandLen(You))
				}
				if _, err := s.Place(0, 0); err == nil {
					t.Error("G-Bot may place after the end")
				}
			} else if s.Turn() != GBot || s.HandLen(You) != HandSize || s.PileLen() != pile-1 {
				t.Errorf("you must draw and G-Bot must move: turn %v, hand %d, pile %d -> %d", s.Turn(), s.HandLen(You), pile, s.PileLen())
			}
		})
	}
}

func TestScore(t *testing.T) {
	tests := []struct {
		result   Result
		survived int
		opp      Opponent
		want     int
	}{
		{Ongoing, 10, Wise, 0},
		{Win, 0, Wise, 100},
		{Win, 35, Wise, MaxScore},
		{Win, 12, Easy, 96},  // (100+60)*0.6
		{Draw, 7, Easy, 38},  // (50+14)*0.6 = 38.4
		{Draw, 17, Wise, 84}, // 50+34
		{Loss, 9, Wise, 18},
		{Loss, 9, Easy, 10}, // 18*0.6 = 10.8
	}
	for _, tt := range tests {
		s := State{result: tt.result, survived: tt.survived, opponent: tt.opp}
		if got := s.Score(); got != tt.want {
			t.Errorf("Score(%v, %d survived, opp %v) = %d, want %d", tt.result, tt.survived, tt.opp, got, tt.want)
		}
	}
}

func TestRefusedActionsChangeNothing(t *testing.T) {
	s := New(7, Wise)
	over := New(7, Easy)
	for !over.Over() {
		over.Place(0, 0)
	}
	tests := []struct {
		name       string
		s          *State
		index, rot int
		code       string
	}{
		{"tileIndex below the hand", s, -1, 0, engines.CodeIllegalAction},
		{"tileIndex past the hand", s, 3, 0, engines.CodeIllegalAction},
		{"rotation too large", s, 0, 4, engines.CodeIllegalAction},
		{"negative rotation", s, 0, -1, engines.CodeIllegalAction},
		{"acting after the end", over, 0, 0, engines.CodeGameOver},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before, _ := tt.s.MarshalBinary()
			pl, err := tt.s.Place(tt.index, tt.rot)
			var ill *engines.Illegal
			if !errors.As(err, &ill) || ill.Code != tt.code || pl.Rides != nil {
				t.Fatalf("Place = %+v, %v; want refusal %q", pl, err, tt.code)
			}
			if after, _ := tt.s.MarshalBinary(); !bytes.Equal(before, after) {
				t.Error("a refused action changed the state")
			}
		})
	}
}

func TestTileIndexOutsideAShrunkHand(t *testing.T) {
	// Once the pile is empty hands shrink, and an index that was valid is not.
	s := shrunk(t, You)
	n := s.HandLen(You)
	if _, err := s.Place(n, 0); err == nil {
		t.Fatalf("tileIndex %d accepted with a hand of %d", n, n)
	}
}

// shrunk answers an open match where side p is to move with fewer than
// HandSize tiles, both sides playing safeOption.
func shrunk(t *testing.T, p Player) *State {
	t.Helper()
	for seed := range uint64(100) {
		s := New(seed, Easy)
		for !s.Over() {
			if s.Turn() == p && s.HandLen(p) < HandSize {
				return s
			}
			v := s.SeatView(s.Turn())
			if _, err := s.Place(safeOption(&v)); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatalf("no match reached a shrunk hand for side %d", p)
	return nil
}

// safeOption is the first placement that keeps the mover's engine on the
// table, or the first placement.
func safeOption(v *SeatView) (tileIndex, rotation int) {
	hand, pos := v.Hand(), v.Position()
	for i := range hand.Len() {
		for r := range Rotations {
			p := pos
			p.Place(v.Seat(), hand.At(i), r)
			if !p.Out(v.Seat()) {
				return i, r
			}
		}
	}
	return 0, 0
}

func TestDeal(t *testing.T) {
	a, b := New(7, Wise), New(7, Easy)
	if a.HandLen(You) != 3 || a.HandLen(GBot) != 3 || a.PileLen() != 29 {
		t.Fatalf("deal %d/%d/%d, want 3/3/29", a.HandLen(You), a.HandLen(GBot), a.PileLen())
	}
	if !slicesEqual(a.Hand(), b.Hand()) || !slicesEqual(a.pile, b.pile) || a.hands[GBot] != b.hands[GBot] {
		t.Error("the deal must not depend on G-Bot's level")
	}
	if c := New(8, Wise); slicesEqual(c.Hand(), a.Hand()) && slicesEqual(c.pile, a.pile) {
		t.Error("seeds 7 and 8 deal the same")
	}
	if at, _ := a.Engine(You); at != (Notch{32, 4}) {
		t.Errorf("your engine starts at %v", at)
	}
	if at, _ := a.Engine(GBot); at != (Notch{3, 0}) {
		t.Errorf("G-Bot's engine starts at %v", at)
	}
}

func slicesEqual(a, b []Tile) bool {
	return bytes.Equal(tilesBytes(a), tilesBytes(b))
}

func tilesBytes(ts []Tile) []byte {
	out := make([]byte, len(ts))
	for i, t := range ts {
		out[i] = byte(t)
	}
	return out
}
