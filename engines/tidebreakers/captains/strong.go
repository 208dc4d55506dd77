package captains

import (
	"github.com/agentgames/bundle/engines/rng"
	tb "github.com/agentgames/bundle/engines/tidebreakers"
)

// Strong is the strongest captain. While three or four captains are in,
// it searches one turn ahead against greedy replies (crowd); once two are
// left, it plays its choices out against the strategies it may be facing
// and keeps the one that holds best against all of them (duel). The
// rollouts' view, every rival playing one strategy against it, is too
// cautious in a crowd, where rivals also fight each other.
func Strong(s *tb.State, rs *rng.Stream) tb.Action {
	in := 0
	for p := range s.Players() {
		if !s.Out(p) {
			in++
		}
	}
	if in == 2 {
		return duel(s, rs)
	}
	return crowd(s, rs)
}

// board is the part of a state the captains' search plays on.
type board struct {
	players  int
	opener   int
	owner    [tb.Islands]int
	strength [tb.Islands]int
}

func boardOf(s *tb.State) board {
	b := board{players: s.Players(), opener: s.Opener()}
	for i := range tb.Islands {
		is := s.Island(i)
		b.owner[i], b.strength[i] = is.Owner, is.Strength
	}
	return b
}

// attacks are the expeditions the searches weigh for me: from each of its
// islands of strength 2 or more to each neighbour it does not hold,
// sending just enough to take it (when that is less than all it can) and
// all it can (all but one).
func (b *board) attacks(me int) []tb.Action {
	var out []tb.Action
	for from := range tb.Islands {
		if b.owner[from] != me || b.strength[from] < 2 {
			continue
		}
		for _, to := range tb.Neighbours(from) {
			if b.owner[to] == me {
				continue
			}
			small, all := b.strength[to]+1, b.strength[from]-1
			if small < all {
				out = append(out, tb.Action{Kind: tb.Attack, From: from, To: to, Send: small})
			}
			out = append(out, tb.Action{Kind: tb.Attack, From: from, To: to, Send: all})
		}
	}
	return out
}

// attack sends send from island from to island to for seat.
func (b *board) attack(seat, from, to, send int) {
	b.strength[from] -= send
	if send > b.strength[to] {
		b.owner[to], b.strength[to] = seat, send-b.strength[to]
	} else {
		b.strength[to] -= send
	}
}

// count answers how many islands each seat holds, and their strength.
func (b *board) count() (islands, strength [tb.MaxPlayers]int) {
	for i, o := range b.owner {
		if o != tb.Wild {
			islands[o]++
			strength[o] += b.strength[i]
		}
	}
	return islands, strength
}

func (b *board) onBorder(i int) bool {
	for _, n := range tb.Neighbours(i) {
		if b.owner[n] != b.owner[i] {
			return true
		}
	}
	return false
}

// lead is me's lead on b: perIsland per island plus strength, against
// the strongest rival's; decided, winValue or -winValue, when the board
// is a win (13 islands, or no rival left) or a loss (none left, or a
// rival with 13).
func (b *board) lead(me, perIsland int) (v int, decided bool) {
	islands, strength := b.count()
	switch {
	case islands[me] >= tb.WinIslands:
		return winValue, true
	case islands[me] == 0:
		return -winValue, true
	}
	rival, rivalsIn := 0, 0
	for p := range b.players {
		if p != me && islands[p] > 0 {
			if islands[p] >= tb.WinIslands {
				return -winValue, true
			}
			rival = max(rival, perIsland*islands[p]+strength[p])
			rivalsIn++
		}
	}
	if rivalsIn == 0 {
		return winValue, true
	}
	return perIsland*islands[me] + strength[me] - rival, false
}

// winValue outweighs every other value.
const winValue = 10000
