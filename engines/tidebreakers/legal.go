package tidebreakers

import "github.com/agentgames/bundle/engines/rng"

// Expedition is one route an expedition may take now: from an island of
// the captain to act, to an adjacent island it does not hold, sending any
// whole number from 1 to MaxSend.
type Expedition struct {
	From, To, MaxSend int
}

// Held lists the islands seat holds, in index order.
func (s *State) Held(seat int) []int {
	out := make([]int, 0, WinIslands)
	for i, is := range s.islands {
		if is.Owner == seat {
			out = append(out, i)
		}
	}
	return out
}

// Expeditions lists the routes open to the captain to act, by from then
// to; none outside the sailing phase. A pass is legal whenever sailing is.
func (s *State) Expeditions() []Expedition {
	if s.Over() || s.phase != Sailing {
		return nil
	}
	var out []Expedition
	for from, is := range s.islands {
		if is.Owner != s.turn || is.Strength < 2 {
			continue
		}
		for _, to := range Neighbours(from) {
			if s.islands[to].Owner != s.turn {
				out = append(out, Expedition{From: from, To: to, MaxSend: is.Strength - 1})
			}
		}
	}
	return out
}

// Border reports whether island i, held by its owner, shares an edge with
// an island its owner does not hold.
func (s *State) Border(i int) bool {
	for _, n := range Neighbours(i) {
		if s.islands[n].Owner != s.islands[i].Owner {
			return true
		}
	}
	return false
}

// streamBotBase numbers the streams of bots' decisions: the decision of
// the captain to act draws from stream streamBotBase + round*256 +
// seat*16 + supply left, so no two decisions of a match share a stream.
const streamBotBase = 1 << 32

// BotStream is the random stream for the decision of the captain to act
// now.
func (s *State) BotStream() rng.Stream {
	return rng.New(s.seed, streamBotBase+uint64(s.round)<<8+uint64(s.turn)<<4+uint64(s.supplyLeft))
}
