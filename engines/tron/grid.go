package tron

// The grid holds the trails: one byte a cell, 0 when the cell is free,
// else its mark, which says whose trail holds it and how the trail came
// into it, so that a trail is walked back from its head and costs the
// cells walked, and a copy of the match costs the grid, not its rounds:
//
//	bits 0-2  the owner + 1 (1 to 4)
//	bits 3-4  the direction of the move that entered the cell
//	bit 5     the trail's first cell: no cell comes before it
//	bit 6     a jump: the cell before is no neighbour, and is kept in the
//	          state's jumps (only FromBoard lays jumps, whose board may
//	          hold any cells)
//
// A first cell or a jump has direction 0.
const (
	ownerBits = 0b111
	dirShift  = 3
	firstCell = 1 << 5
	jumpCell  = 1 << 6
)

// entered is the mark of a cell of cycle p's trail that a move in d
// entered.
func entered(p int, d Dir) byte { return byte(p+1) | byte(d)<<dirShift }

// enteredBy is the direction a mark says its cell was entered by.
func enteredBy(m byte) Dir { return Dir(m >> dirShift & 3) }

// before is the cell before c in the trail that holds c, which is not
// the trail's first cell.
func (s *State) before(c Cell) Cell {
	m := s.grid[c.Y*s.width+c.X]
	if m&jumpCell != 0 {
		return s.jumps[c]
	}
	switch enteredBy(m) {
	case XPlus:
		c.X--
	case XMinus:
		c.X++
	case YPlus:
		c.Y--
	default:
		c.Y++
	}
	return c
}

// start lays cycle p's first cell c, answering false when c is off the
// grid or taken.
func (s *State) start(p int, c Cell) bool {
	if !s.Free(c.X, c.Y) {
		return false
	}
	s.grid[c.Y*s.width+c.X] = byte(p+1) | firstCell
	s.heads[p], s.length[p] = c, 1
	return true
}

// grow lays the cell c that a move in d from cycle p's head leads to as
// its new head.
func (s *State) grow(p int, c Cell, d Dir) {
	s.grid[c.Y*s.width+c.X] = entered(p, d)
	s.heads[p] = c
	s.length[p]++
}

// erase frees every cell of cycle p's trail, walking it back from its
// head, and leaves p with none.
func (s *State) erase(p int) {
	c := s.heads[p]
	for n := s.length[p]; n > 0; n-- {
		i := c.Y*s.width + c.X
		if n > 1 {
			c = s.before(c)
		}
		s.grid[i] = 0
	}
	s.heads[p], s.length[p] = Cell{}, 0
}

// dirOf is the direction of the move from a to b, and whether b is a's
// neighbour (when it is not, the direction means nothing).
func dirOf(a, b Cell) (Dir, bool) {
	switch dx, dy := b.X-a.X, b.Y-a.Y; {
	case dx == 1 && dy == 0:
		return XPlus, true
	case dx == -1 && dy == 0:
		return XMinus, true
	case dx == 0 && dy == 1:
		return YPlus, true
	case dx == 0 && dy == -1:
		return YMinus, true
	}
	return 0, false
}
