// Package tinrail holds the rules of Tinrail, a tile-laying duel between the
// player and G-Bot on a 6x6 board.
//
// A State is a plain value with two seats: You (seat 0, the player, who moves
// first) and GBot (seat 1). Place lays a tile from the hand of the side to
// move, settles the match and answers what happened; the sides then
// alternate. The rules never choose a placement. G-Bot's policies live
// outside them, in package gbot: a bot chooses from its seat's SeatView
// (what that side may know, never the other hand or the pile order) and the
// random stream BotStream gives it, and its seat plays the choice with Place.
//
// Every random choice (the deal and a bot's tie-breaks) comes from the game's
// seed through package rng:
//
//   - the deck is stream 1: the 35 tile ids in canonical order are shuffled
//     with rng's Fisher–Yates; the player is dealt deck[0..2], G-Bot
//     deck[3..5], and deck[6..34] is the pile with deck[6] on top;
//   - a bot's stream is 2^32 + tiles placed: its decision when k tiles are
//     already on the board draws from stream 2^32 + k, so a bot's randomness
//     never shifts the deck.
//
// A hand keeps its order: placing tile i removes it and closes the gap, and a
// drawn tile goes to the end.
package tinrail

import (
	"fmt"

	"github.com/agentgames/bundle/engines"
	"github.com/agentgames/bundle/engines/rng"
)

// Stream numbers of the game's random streams (see the package comment).
const (
	streamDeck    = 1
	streamBotBase = 1 << 32
)

// HandSize is the number of tiles each side holds while the pile lasts.
const (
	HandSize = 3
	PileSize = TileCount - 2*HandSize
)

// Player is one of the two sides.
type Player uint8

// The two sides; the player moves first.
const (
	You Player = iota
	GBot
)

// Other is the opposing side.
func (p Player) Other() Player { return 1 - p }

// Opponent is G-Bot's level.
type Opponent uint8

// G-Bot's levels; the score multiplier is 0.6 against Easy and 1.0 against
// Wise.
const (
	Easy Opponent = iota
	Wise
)

// Result is the match outcome from the player's side.
type Result uint8

// Outcomes. Ongoing until the match ends.
const (
	Ongoing Result = iota
	Win
	Loss
	Draw
)

// Ending says how a finished match ended.
type Ending uint8

// Ways a match ends.
const (
	NotEnded Ending = iota
	// GBotOff: G-Bot's engine left the table and the player's did not.
	GBotOff
	// YouOff: the player's engine left the table and G-Bot's did not.
	YouOff
	// BothOff: one placement sent both engines off the table.
	BothOff
	// HeadOn: both engines rode a common strand in opposite directions.
	HeadOn
	// TilesExhausted: all 35 tiles were placed with both engines riding,
	// leaving the side to move with no tile.
	TilesExhausted
)

// Hand is a side's tiles, in order.
type Hand struct {
	n     uint8
	tiles [HandSize]Tile
}

// Len is the number of tiles in the hand.
func (h Hand) Len() int { return int(h.n) }

// At is the i-th tile of the hand.
func (h Hand) At(i int) Tile { return h.tiles[i] }

// Tiles lists the hand in order.
func (h Hand) Tiles() []Tile { return append([]Tile(nil), h.tiles[:h.n]...) }

// Without is the hand with its i-th tile (0 <= i < Len) taken out, the
// rest keeping their order, as placing that tile leaves it.
func (h Hand) Without(i int) Hand {
	h.remove(i)
	return h
}

// remove takes out the i-th tile. The freed slot is zeroed, so hands holding
// the same tiles in the same order are equal values.
func (h *Hand) remove(i int) Tile {
	t := h.tiles[i]
	copy(h.tiles[i:], h.tiles[i+1:h.n])
	h.n--
	h.tiles[h.n] = 0
	return t
}

func (h *Hand) add(t Tile) {
	h.tiles[h.n] = t
	h.n++
}

// Position is what a placement changes: the board and where both engines
// are. It is a small value: copy it to try placements without touching the
// original.
type Position struct {
	board Board
	at    [2]Notch
	out   [2]bool
}

// Board is the position's board.
func (p *Position) Board() *Board { return &p.board }

// At is the notch where a side's engine waits (its last notch once it is
// out).
func (p *Position) At(side Player) Notch { return p.at[side] }

// Out reports whether a side's engine has left the table.
func (p *Position) Out(side Player) bool { return p.out[side] }

// Place lays tile t at rotation r into the cell the engine of side who faces,
// and rides every engine still on the table that faces that cell, exactly as a
// placement in a match does: an engine that rides off the table is out, and
// two rides that meet head on put both out. Draws, turns and results are the
// State's business, not the position's. who's engine must be on the table.
func (p *Position) Place(who Player, t Tile, r int) {
	var rides [2]Ride
	p.place(who, t, r, &rides)
}

// Fate is what a settled position means for one side, worst first, so that
// fates compare by how good they are.
type Fate uint8

// Fates of a side.
const (
	// FateLoses: the side's engine is out and the other's is not.
	FateLoses Fate = iota
	// FateDraws: both engines are out.
	FateDraws
	// FateSurvives: both engines are on the table.
	FateSurvives
	// FateWins: the other side's engine is out and this side's is not.
	FateWins
)

// Fate is the outcome of the position for side me.
func (p *Position) Fate(me Player) Fate {
	switch {
	case p.out[me] && p.out[me.Other()]:
		return FateDraws
	case p.out[me]:
		return FateLoses
	case p.out[me.Other()]:
		return FateWins
	}
	return FateSurvives
}

// Placement is one tile laid by one side and what it caused.
type Placement struct {
	Player   Player
	Tile     Tile
	Rotation int
	Cell     int
	// Rides has one entry per engine that faced the cell, in player order.
	Rides []Ride
	// Riders names the side of each ride.
	Riders []Player
	// HeadOn reports that the two rides met head on.
	HeadOn bool
}

// place lays tile t at rotation r into the cell the given side faces and
// rides every surviving engine facing that cell.
func (p *Position) place(who Player, t Tile, r int, rides *[2]Ride) (rode [2]bool, headOn bool) {
	c := p.at[who].Cell
	p.board.Put(c, t, r)
	for i := range 2 {
		if !p.out[i] && p.at[i].Cell == c {
			rides[i] = p.board.Ride(p.at[i])
			rode[i] = true
		}
	}
	if rode[0] && rode[1] && p.board.headOn(&rides[0], &rides[1]) {
		p.out = [2]bool{true, true}
		return rode, true
	}
	for i := range 2 {
		if rode[i] {
			if rides[i].Off {
				p.out[i] = true
			} else {
				p.at[i] = rides[i].To
			}
		}
	}
	return rode, false
}

// State is a whole match.
type State struct {
	seed       uint64
	opponent   Opponent
	pos        Position
	hands      [2]Hand
	pile       []Tile // top first
	turn       Player
	placements int
	survived   int
	result     Result
	ending     Ending
}

// Start is where a side's engine waits when the match begins: the player's
// below cell 32 (bottom row, third column), entering by its bottom port 4;
// G-Bot's above cell 3 (top row, fourth column), entering by its top port 0.
func Start(p Player) Notch {
	if p == You {
		return Notch{Cell: 32, Port: 4}
	}
	return Notch{Cell: 3, Port: 0}
}

// New deals a match from the seed against the given G-Bot level.
func New(seed uint64, opponent Opponent) *State {
	deck := make([]Tile, TileCount)
	for i := range deck {
		deck[i] = Tile(i)
	}
	rs := rng.New(seed, streamDeck)
	rs.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	s := &State{
		seed:     seed,
		opponent: opponent,
		pos:      Position{at: [2]Notch{Start(You), Start(GBot)}},
		pile:     deck[2*HandSize:],
	}
	for i := range HandSize {
		s.hands[You].add(deck[i])
		s.hands[GBot].add(deck[HandSize+i])
	}
	return s
}

// Clone returns an independent copy of s.
func (s *State) Clone() *State {
	c := *s
	c.pile = append([]Tile(nil), s.pile...)
	return &c
}

// Seed is the seed the match was dealt from.
func (s *State) Seed() uint64 { return s.seed }

// Opponent is G-Bot's level.
func (s *State) Opponent() Opponent { return s.opponent }

// Board is the board.
func (s *State) Board() *Board { return &s.pos.board }

// Engine returns where a side's engine waits and whether it is still on the
// table.
func (s *State) Engine(p Player) (Notch, bool) { return s.pos.at[p], !s.pos.out[p] }

// Hand is the player's hand. G-Bot's hand is private: only its size is shown.
func (s *State) Hand() []Tile { return s.hands[You].Tiles() }

// HandLen is the number of tiles a side holds.
func (s *State) HandLen(p Player) int { return s.hands[p].Len() }

// PileLen is the number of tiles left in the draw pile.
func (s *State) PileLen() int { return len(s.pile) }

// Turn is the side to move; after the end it is the side that would have.
func (s *State) Turn() Player { return s.turn }

// Placements is the number of tiles on the board.
func (s *State) Placements() int { return s.placements }

// TilesSurvived is the number of placements after which the player's engine
// was still on the table.
func (s *State) TilesSurvived() int { return s.survived }

// Result is the outcome so far.
func (s *State) Result() Result { return s.result }

// Ending says how the match ended.
func (s *State) Ending() Ending { return s.ending }

// Over reports whether the match has ended.
func (s *State) Over() bool { return s.result != Ongoing }

// MaxScore is the best score a match can give.
const MaxScore = 275

// Score is the card's score: 0 until the end; then win 100 + 5 per tile
// survived, draw 50 + 2 per tile survived, loss 2 per tile survived, times
// 1.0 against Wise or 0.6 against Easy, rounded down.
func (s *State) Score() int {
	var total int
	switch s.result {
	case Ongoing:
		return 0
	case Win:
		total = 100 + 5*s.survived
	case Draw:
		total = 50 + 2*s.survived
	default:
		total = 2 * s.survived
	}
	if s.opponent == Easy {
		return total * 6 / 10
	}
	return total
}

// Place lays a tile for the side to move (Turn): the tile at tileIndex of
// that side's live hand, turned rotation (0..3) quarter turns, into the cell
// its engine faces. It then settles the match (eliminations, the placer's
// draw, the turn, and the draw when the next side has no tile) and answers
// the placement. A refused action returns *engines.Illegal and changes
// nothing: CodeGameOver once the match is over, CodeIllegalAction for an
// index outside the mover's hand or a rotation outside 0..3.
func (s *State) Place(tileIndex, rotation int) (Placement, error) {
	if s.Over() {
		return Placement{}, &engines.Illegal{Code: engines.CodeGameOver, Reason: "the match is over; no action is legal"}
	}
	if n := s.hands[s.turn].Len(); tileIndex < 0 || tileIndex >= n {
		return Placement{}, &engines.Illegal{Code: engines.CodeIllegalAction,
			Reason: fmt.Sprintf("tileIndex %d is outside your hand: it holds %d tiles, indices 0..%d", tileIndex, n, n-1)}
	}
	if rotation < 0 || rotation >= Rotations {
		return Placement{}, &engines.Illegal{Code: engines.CodeIllegalAction,
			Reason: fmt.Sprintf("rotation %d is not one of 0, 1, 2, 3", rotation)}
	}
	return s.apply(tileIndex, rotation), nil
}

// BotStream is the random stream for the decision of the side to move now:
// stream 2^32 + the number of tiles on the board (see the package comment).
// A bot draws its tie-breaks from it and from nothing else.
func (s *State) BotStream() rng.Stream {
	return rng.New(s.seed, streamBotBase+uint64(s.placements))
}

// apply lays the mover's tile and settles the match: eliminations, the
// placer's draw, the turn, and the draw when the next side has no tile.
func (s *State) apply(tileIndex, rotation int) Placement {
	who := s.turn
	t := s.hands[who].remove(tileIndex)
	pl := Placement{Player: who, Tile: t, Rotation: rotation, Cell: s.pos.at[who].Cell}
	// The rides and their sides share one allocation.
	var out struct {
		rides  [2]Ride
		riders [2]Player
	}
	rode, headOn := s.pos.place(who, t, rotation, &out.rides)
	n := 0
	for i := range 2 {
		if rode[i] {
			out.rides[n], out.riders[n] = out.rides[i], Player(i)
			n++
		}
	}
	pl.Rides, pl.Riders = out.rides[:n:n], out.riders[:n:n]
	pl.HeadOn = headOn
	s.placements++
	if !s.pos.out[You] {
		s.survived++
	}
	switch out := s.pos.out; {
	case out[You] && out[GBot]:
		s.result, s.ending = Draw, BothOff
		if headOn {
			s.ending = HeadOn
		}
	case out[GBot]:
		s.result, s.ending = Win, GBotOff
	case out[You]:
		s.result, s.ending = Loss, YouOff
	}
	if s.Over() {
		return pl
	}
	if len(s.pile) > 0 {
		s.hands[who].add(s.pile[0])
		s.pile = s.pile[1:]
	}
	s.turn = who.Other()
	if s.hands[s.turn].Len() == 0 {
		s.result, s.ending = Draw, TilesExhausted
	}
	return pl
}

// Preview answers what laying the player's hand tile at tileIndex, turned
// rotation, would do at once, before any draw or reply: the result would be
// Ongoing, Win, Loss or Draw. It uses only what the player sees. A bad index
// or rotation previews as Ongoing.
func (s *State) Preview(tileIndex, rotation int) Result {
	if s.Over() || tileIndex < 0 || tileIndex >= s.hands[You].Len() || rotation < 0 || rotation >= Rotations {
		return Ongoing
	}
	p := s.pos
	p.Place(You, s.hands[You].At(tileIndex), rotation)
	switch p.Fate(You) {
	case FateWins:
		return Win
	case FateLoses:
		return Loss
	case FateDraws:
		return Draw
	}
	return Ongoing
}
