package tinrail

import "testing"

func TestAdjIsAnInvolution(t *testing.T) {
	for p := range Ports {
		if Adj(Adj(p)) != p || Adj(p) == p || Adj(p) < 0 || Adj(p) >= Ports {
			t.Errorf("Adj(%d) = %d, Adj(Adj(%d)) = %d", p, Adj(p), p, Adj(Adj(p)))
		}
	}
}

func TestAdjFollowsTheCard(t *testing.T) {
	// The port across each edge, as the card draws it.
	want := [Ports]int{5, 4, 7, 6, 1, 0, 3, 2}
	for p := range Ports {
		if got := Adj(p); got != want[p] {
			t.Errorf("Adj(%d) = %d, want %d", p, got, want[p])
		}
	}
}

func TestDeckHas35DistinctTilesCoveringAll105Matchings(t *testing.T) {
	if n := len(allMatchings()); n != 105 {
		t.Fatalf("allMatchings = %d, want 105", n)
	}
	owner := map[Matching]Tile{}
	for id := range Tile(TileCount) {
		for r := range Rotations {
			m := id.At(r)
			for p := range Ports {
				if q := m[p]; q == uint8(p) || m[q] != uint8(p) {
					t.Fatalf("tile %d rot %d is not a perfect matching: %v", id, r, m)
				}
			}
			if prev, ok := owner[m]; ok && prev != id {
				t.Fatalf("matching %v belongs to tiles %d and %d", m, prev, id)
			}
			owner[m] = id
		}
	}
	if len(owner) != 105 {
		t.Fatalf("tiles cover %d matchings, want 105", len(owner))
	}
}

func TestRotationFollowsTheCard(t *testing.T) {
	// Strand [a,b] at rotation r becomes [(a+2r)%8, (b+2r)%8].
	for id := range Tile(TileCount) {
		base := id.At(0)
		for r := range Rotations {
			got := id.At(r)
			for a := range Ports {
				b := int(base[a])
				if int(got[(a+2*r)%8]) != (b+2*r)%8 {
					t.Fatalf("tile %d rot %d: strand [%d,%d] not rotated", id, r, a, b)
				}
			}
		}
	}
}

func TestCanonicalOrder(t *testing.T) {
	tests := []struct {
		tile Tile
		want [4]Strand
	}{
		{0, [4]Strand{{0, 1}, {2, 3}, {4, 5}, {6, 7}}},
		{34, [4]Strand{{0, 7}, {1, 2}, {3, 4}, {5, 6}}},
	}
	for _, tt := range tests {
		if got := tt.tile.At(0).Strands(); got != tt.want {
			t.Errorf("tile %d = %v, want %v", tt.tile, got, tt.want)
		}
	}
	for id := Tile(1); id < TileCount; id++ {
		if !lessMatching(Tile(id-1).At(0), id.At(0)) {
			t.Fatalf("tiles %d and %d out of order", id-1, id)
		}
		for r := 1; r < Rotations; r++ {
			if lessMatching(id.At(r), id.At(0)) {
				t.Fatalf("tile %d: rotation %d is smaller than its representative", id, r)
			}
		}
	}
}
