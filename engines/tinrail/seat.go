package tinrail

// SeatView is what one side may know when it moves: the position (the board
// and both engines), which side it is, its own hand, the tiles it has not
// seen (the other side's hand and the pile, which it cannot tell apart) and
// how many tiles the other side holds. It never holds the other side's hand
// or the pile order, so two matches that differ only in how the unseen tiles
// are split between the other hand and the pile, or in the pile's order, give
// equal views. A SeatView is a comparable value.
type SeatView struct {
	pos       Position
	seat      Player
	hand      Hand
	unseen    uint64 // bit t is set when tile t is unseen
	theirHand int
}

// SeatView builds the view of side p.
func (s *State) SeatView(p Player) SeatView {
	v := SeatView{pos: s.pos, seat: p, hand: s.hands[p], theirHand: s.hands[p.Other()].Len()}
	v.unseen = 1<<TileCount - 1
	for c := range Cells {
		if pl, ok := s.pos.board.At(c); ok {
			v.unseen &^= 1 << pl.Tile
		}
	}
	for i := range v.hand.Len() {
		v.unseen &^= 1 << v.hand.At(i)
	}
	return v
}

// Position is the board and both engines, as a copy the caller may play on.
func (v *SeatView) Position() Position { return v.pos }

// Seat is the side whose view this is.
func (v *SeatView) Seat() Player { return v.seat }

// Hand is the side's own hand, in order.
func (v *SeatView) Hand() Hand { return v.hand }

// Unseen lists, in ascending order, the tiles the side has not seen: neither
// on the board nor in its hand.
func (v *SeatView) Unseen() []Tile {
	out := make([]Tile, 0, TileCount)
	for t := range Tile(TileCount) {
		if v.unseen&(1<<t) != 0 {
			out = append(out, t)
		}
	}
	return out
}

// TheirHandLen is the number of tiles the other side holds.
func (v *SeatView) TheirHandLen() int { return v.theirHand }
