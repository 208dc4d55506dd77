package tinrail

// Size is the board's side; cells are numbered row*Size + col.
const (
	Size  = 6
	Cells = Size * Size
)

// Notch is where an engine waits: an empty cell and the port it will enter
// that cell by.
type Notch struct {
	Cell int
	Port int
}

// Row is the notch's board row, 0 at the top.
func (n Notch) Row() int { return n.Cell / Size }

// Col is the notch's board column, 0 at the left.
func (n Notch) Col() int { return n.Cell % Size }

// Placed is a tile on the board at a rotation.
type Placed struct {
	Tile     Tile
	Rotation int
}

// Board holds the 36 cells. The zero cell value means empty; otherwise it is
// 1 + tile*4 + rotation, so a Board is a small value that copies cheaply.
type Board [Cells]uint8

// At returns the tile at cell c and whether there is one.
func (b *Board) At(c int) (Placed, bool) {
	v := b[c]
	if v == 0 {
		return Placed{}, false
	}
	return Placed{Tile: Tile((v - 1) / 4), Rotation: int((v - 1) % 4)}, true
}

// Empty reports whether cell c holds no tile.
func (b *Board) Empty(c int) bool { return b[c] == 0 }

// Put places tile t at rotation r on cell c.
func (b *Board) Put(c int, t Tile, r int) { b[c] = 1 + uint8(t)*4 + uint8(r) }

// partner is the port the strand entering cell c at port p leaves by.
func (b *Board) partner(c, p int) int {
	v := b[c] - 1
	return int(tileTable()[v/4][v%4][p])
}

// Neighbour is the cell across the edge holding port p of cell c, or -1 when
// that edge is the table's.
func Neighbour(c, p int) int {
	row, col := c/Size, c%Size
	switch p / 2 {
	case 0:
		row--
	case 1:
		col++
	case 2:
		row++
	default:
		col--
	}
	if row < 0 || row >= Size || col < 0 || col >= Size {
		return -1
	}
	return row*Size + col
}

// Ride is an engine's journey through the track after a placement.
type Ride struct {
	From Notch
	// To is where the engine rests, when it stays on the table.
	To Notch
	// Off reports that the ride left the table.
	Off bool
	// Tiles is the number of tiles the engine crossed (a tile crossed twice
	// counts twice).
	Tiles int
	// entered records, per cell, a bit for each port the ride entered by;
	// with the tile in that cell it names each strand and its direction.
	entered [Cells]uint8
}

// Ride follows an engine from notch n, whose cell must hold a tile, until it
// rests at the edge of an empty cell or leaves the table. Strands are paths
// that never branch or merge, so a ride that starts at the table edge or at
// an empty cell cannot loop; the bound is a guard for corrupted boards only.
func (b *Board) Ride(n Notch) Ride {
	r := Ride{From: n}
	c, p := n.Cell, n.Port
	for range Cells * Ports {
		r.entered[c] |= 1 << p
		r.Tiles++
		q := b.partner(c, p)
		next := Neighbour(c, q)
		if next < 0 {
			r.Off = true
			return r
		}
		c, p = next, Adj(q)
		if b.Empty(c) {
			r.To = Notch{Cell: c, Port: p}
			return r
		}
	}
	r.Off = true
	return r
}

// headOn reports whether two rides crossed some strand in opposite
// directions: one entered a cell by a port the other left it by.
func (b *Board) headOn(x, y *Ride) bool {
	for c := range Cells {
		ex, ey := x.entered[c], y.entered[c]
		if ex == 0 || ey == 0 {
			continue
		}
		for p := range Ports {
			if ex&(1<<p) != 0 && ey&(1<<b.partner(c, p)) != 0 {
				return true
			}
		}
	}
	return false
}
