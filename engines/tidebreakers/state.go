package tidebreakers

import (
	"fmt"
	"slices"

	"github.com/agentgames/bundle/engines/rng"
)

// streamOpening is the random stream that draws the opening seat.
const streamOpening = 1

// Island is one island: its holder (a seat, or Wild) and its garrison.
type Island struct {
	Owner    int
	Strength int
}

// Phase is the part of a turn.
type Phase uint8

// The two parts of a turn.
const (
	// Supplying: the captain places its supply.
	Supplying Phase = iota
	// Sailing: the captain sends one expedition or passes.
	Sailing
)

// Ending says how a match ended.
type Ending uint8

// Ways a match ends.
const (
	NotEnded Ending = iota
	// Conquest: a captain holds WinIslands islands.
	Conquest
	// LastStanding: every other captain has lost all its islands.
	LastStanding
	// RoundCap: round MaxRounds is over; islands, then strength, decide.
	RoundCap
	// TimeLimit: the live server's elapsed-time limit; scored as RoundCap.
	TimeLimit
)

// State is a whole match.
type State struct {
	seed       uint64
	players    int
	islands    [Islands]Island
	opener     int
	turn       int
	round      int
	supplyLeft int
	phase      Phase
	out        [MaxPlayers]bool
	ending     Ending
	winner     int // Wild when 1st place is shared, or while the match is open
	log        []Entry
	recorded   int // entries the last Apply added to log; not encoded
}

// New sets up a match of players captains (2 to 4) from the seed.
func New(seed uint64, players int) (*State, error) {
	if players < MinPlayers || players > MaxPlayers {
		return nil, fmt.Errorf("tidebreakers: %d captains, want %d to %d", players, MinPlayers, MaxPlayers)
	}
	s := &State{seed: seed, players: players, round: 1, winner: Wild}
	for i := range s.islands {
		s.islands[i] = Island{Owner: Wild, Strength: WildStrength}
	}
	for seat, c := range corners[players] {
		s.islands[c] = Island{Owner: seat, Strength: StartStrength}
	}
	rs := rng.New(seed, streamOpening)
	s.opener = rs.Intn(players)
	s.turn = s.opener
	s.supplyLeft = SupplyIn(1)
	return s, nil
}

// Clone returns an independent copy of s.
func (s *State) Clone() *State {
	c := *s
	c.log = append([]Entry(nil), s.log...)
	return &c
}

// Seed is the seed the match was set up from.
func (s *State) Seed() uint64 { return s.seed }

// Players is the number of captains.
func (s *State) Players() int { return s.players }

// Island is island i.
func (s *State) Island(i int) Island { return s.islands[i] }

// Opener is the seat that opened round 1.
func (s *State) Opener() int { return s.opener }

// Turn is the seat to act; after the end, the seat that acted last.
func (s *State) Turn() int { return s.turn }

// Round is the current round, from 1.
func (s *State) Round() int { return s.round }

// SupplyLeft is the supply the captain to act has still to place.
func (s *State) SupplyLeft() int { return s.supplyLeft }

// Phase is the part of the turn.
func (s *State) Phase() Phase { return s.phase }

// Out reports whether seat has lost all its islands.
func (s *State) Out(seat int) bool { return s.out[seat] }

// Over reports whether the match has ended.
func (s *State) Over() bool { return s.ending != NotEnded }

// Ending says how the match ended.
func (s *State) Ending() Ending { return s.ending }

// Winner is the winning seat, or Wild when captains share 1st place (see
// Outcome: they draw, the others lose) or the match is open.
func (s *State) Winner() int { return s.winner }

// Log is the recent match log, oldest first: at most LogKept entries.
func (s *State) Log() []Entry { return slices.Clone(s.log) }

// Count answers how many islands seat holds and their total strength.
func (s *State) Count(seat int) (islands, strength int) {
	for _, is := range s.islands {
		if is.Owner == seat {
			islands++
			strength += is.Strength
		}
	}
	return islands, strength
}
