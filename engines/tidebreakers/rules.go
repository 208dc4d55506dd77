// Package tidebreakers holds the rules of Tidebreakers: 2 to 4 captains on
// a 5x5 grid of islands take turns to supply their islands and send one
// expedition, until one holds 13 islands, one is the last with islands, or
// the 60-round cap decides by islands and then strength.
//
// Everything is public and combat is deterministic. The seed decides one
// thing only: which seat opens the match, drawn from stream 1 of package
// rng as Intn(players). Turns then follow seat order, skipping captains
// with no island left.
//
// What the card leaves open, decided here (docs/tidebreakers.md):
//   - Seats take corners clockwise from the top-left: 2 captains hold 0 and
//     24 (opposite corners), 3 hold 0, 4 and 24, 4 hold 0, 4, 24 and 20.
//   - A turn is first a supply phase: the captain places its supply, one
//     Supply{tile, amount} at a time, on islands it owns, split as it
//     likes; the expedition phase begins only when none is left. Then one
//     Attack or a Pass ends the turn.
//   - An expedition goes from an owned island to an orthogonally adjacent
//     island the captain does not own, sends 1 to strength-1 (at least 1
//     stays behind): sent > garrison captures it with sent - garrison;
//     otherwise the garrison loses sent. A garrison may be left at 0; an
//     island at 0 still belongs to its holder (or stays wild), and any
//     expedition takes it.
//   - A captain left with no island is out: its turns are skipped and it
//     can win nothing (at the cap it ranks below every captain with
//     islands).
//   - A round is one turn of every captain still in, counted from the
//     opening seat: round 1 is everyone's first turn. Supply is 3 in rounds
//     1-10, 4 in 11-20, 5 in 21-30 and 6 from round 31. When round 60 is
//     over the match ends by scoring.
//   - The win checks come after each expedition: 13 islands wins at once;
//     a captain that takes another's last island may leave a single
//     captain with islands, who wins.
//   - At the end every seat has a place (Place), by islands and then total
//     strength whatever the ending; seats tied on both share it and the
//     next places are skipped (1, 1, 3). A seat wins when it places 1st
//     alone, draws when it shares 1st place, and loses otherwise, even
//     when the match has no winner (Outcome).
package tidebreakers

// Fixed numbers of the rules.
const (
	// Size is the side of the grid; islands are numbered row*Size + col.
	Size = 5
	// Islands is the number of islands.
	Islands = Size * Size
	// MinPlayers and MaxPlayers bound the captains of a match.
	MinPlayers = 2
	MaxPlayers = 4
	// StartStrength is the garrison of each captain's first island.
	StartStrength = 4
	// WildStrength is the garrison of every island nobody holds at the start.
	WildStrength = 2
	// BaseSupply is the supply of a turn in rounds 1 to SupplyEvery.
	BaseSupply = 3
	// SupplyEvery is how many rounds pass between two supply steps of +1.
	SupplyEvery = 10
	// MaxExtraSupply is the most the steps add.
	MaxExtraSupply = 3
	// WinIslands is the count of islands that wins at once.
	WinIslands = 13
	// MaxRounds is the round after which the match ends by scoring.
	MaxRounds = 60
	// Wild is the owner of an island nobody holds.
	Wild = -1
)

// corners lists, for each count of captains, the island each seat starts on.
var corners = [MaxPlayers + 1][]int{
	2: {0, 24},
	3: {0, 4, 24},
	4: {0, 4, 24, 20},
}

// Corner is the island seat starts on in a match of players captains.
func Corner(players, seat int) int { return corners[players][seat] }

// SupplyIn is the supply of a turn in round r.
func SupplyIn(r int) int { return BaseSupply + min(MaxExtraSupply, (r-1)/SupplyEvery) }

// Adjacent reports whether islands a and b share an edge.
func Adjacent(a, b int) bool {
	ra, ca, rb, cb := a/Size, a%Size, b/Size, b%Size
	return (ra == rb && (ca-cb == 1 || cb-ca == 1)) || (ca == cb && (ra-rb == 1 || rb-ra == 1))
}

// Neighbours lists the islands that share an edge with i, in index order.
func Neighbours(i int) []int {
	out := make([]int, 0, 4)
	r, c := i/Size, i%Size
	if r > 0 {
		out = append(out, i-Size)
	}
	if c > 0 {
		out = append(out, i-1)
	}
	if c < Size-1 {
		out = append(out, i+1)
	}
	if r < Size-1 {
		out = append(out, i+Size)
	}
	return out
}
