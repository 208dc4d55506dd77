package tinrail

import (
	"slices"
	"sync"
)

// Ports 0..7 run clockwise around a cell from its top-left: top edge 0 (left
// third) and 1 (right third), right edge 2 (top) and 3 (bottom), bottom edge
// 4 (right) and 5 (left), left edge 6 (bottom) and 7 (top).
const (
	Ports = 8
	// TileCount is the size of the deck: the 105 perfect matchings of eight
	// ports fall into 35 classes under rotation.
	TileCount = 35
	// Rotations is the number of quarter turns a tile can be placed at.
	Rotations = 4
)

// Adj maps a port (0..7) to the port it lines up with on the neighbour
// across the same edge: 0, 1 on the top edge meet 5, 4 on the bottom edge of
// the cell above, and 2, 3 on the right edge meet 7, 6 on the left edge of
// the cell to the right. Read as a table, 0..7 map to 5, 4, 7, 6, 1, 0, 3, 2,
// which is p XOR 5.
func Adj(p int) int { return p ^ 5 }

// Matching is a tile at one rotation, as a partner table: Matching[p] is the
// port that the strand starting at p ends at.
type Matching [Ports]uint8

// Strand is one rail of a tile, written with its lower port first.
type Strand [2]int

// Strands lists m's four strands, each lower port first, ordered by that
// lower port.
func (m Matching) Strands() [4]Strand {
	var out [4]Strand
	n := 0
	for p := range Ports {
		if q := int(m[p]); p < q {
			out[n] = Strand{p, q}
			n++
		}
	}
	return out
}

// rotate turns m r quarter turns clockwise: strand [a,b] becomes
// [(a+2r)%8, (b+2r)%8].
func (m Matching) rotate(r int) Matching {
	var out Matching
	for p := range Ports {
		out[(p+2*r)%Ports] = uint8((int(m[p]) + 2*r) % Ports)
	}
	return out
}

// Tile is a deck tile id, 0..34.
type Tile uint8

// At returns the tile's strands at rotation r (0..3).
func (t Tile) At(r int) Matching {
	return tileTable()[t][r]
}

// tileTable builds the deck once. Tile ids follow this canonical order:
// enumerate every perfect matching of the ports; for each, take the rotation
// whose partner table, read as eight digits, is smallest (that rotation is
// the tile's representative, its rotation 0); keep each representative once;
// number the representatives in ascending order of their partner tables.
var tileTable = sync.OnceValue(func() *[TileCount][Rotations]Matching {
	var reps []Matching
	seen := map[Matching]bool{}
	for _, m := range allMatchings() {
		rep := m
		for r := 1; r < Rotations; r++ {
			if c := m.rotate(r); lessMatching(c, rep) {
				rep = c
			}
		}
		if !seen[rep] {
			seen[rep] = true
			reps = append(reps, rep)
		}
	}
	slices.SortFunc(reps, func(a, b Matching) int {
		if lessMatching(a, b) {
			return -1
		}
		return 1
	})
	if len(reps) != TileCount {
		panic("tinrail: the deck does not have 35 tiles")
	}
	var table [TileCount][Rotations]Matching
	for i, rep := range reps {
		for r := range Rotations {
			table[i][r] = rep.rotate(r)
		}
	}
	return &table
})

func lessMatching(a, b Matching) bool {
	return slices.Compare(a[:], b[:]) < 0
}

// allMatchings lists the 105 perfect matchings of the eight ports.
func allMatchings() []Matching {
	var out []Matching
	var m Matching
	var used [Ports]bool
	var rec func()
	rec = func() {
		p := slices.Index(used[:], false)
		if p < 0 {
			out = append(out, m)
			return
		}
		used[p] = true
		for q := p + 1; q < Ports; q++ {
			if used[q] {
				continue
			}
			used[q] = true
			m[p], m[q] = uint8(q), uint8(p)
			rec()
			used[q] = false
		}
		used[p] = false
	}
	rec()
	return out
}
