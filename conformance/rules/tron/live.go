package tron

import (
	"encoding/json"
	"maps"
	"slices"

	"github.com/agentgames/bundle/conformance/livewire"
)

// LiveOpen is what of the live Tron checks the cards leave open: all of
// it.
const LiveOpen = "live Tron matches are this bundle's extension: the Tron card has none"

// Next is the state the rules make of a live match's public state s once
// its round resolves with moves (by seat; a living seat without one did
// not move in time and is out, logged silent): each survivor's trail
// grown by the cell it enters, head first; the dead out, their trails
// gone, logged; bots moved at once in the next round; under two alive,
// the match over with its places. A match going on has a new deadline,
// which is left as s had it.
func Next(s *livewire.TronState, moves map[int]string) *livewire.TronState {
	n := Clone(s)
	board, dirs := make([][]Cell, len(s.Seats)), make([]string, len(s.Seats))
	for p, seat := range s.Seats {
		if seat.Alive {
			for _, c := range seat.Trail {
				board[p] = append(board[p], Cell(c))
			}
			dirs[p] = moves[p]
		}
	}
	fate, targets := Resolve(board, dirs, s.Width, s.Height)
	n.Round++
	entry := livewire.TronEntry{Round: n.Round}
	alive := 0
	for p := range n.Seats {
		seat := &n.Seats[p]
		switch {
		case !seat.Alive:
		case fate[p] != "":
			seat.Alive, seat.Died, seat.Trail = false, n.Round, [][2]int{}
			entry.Died = append(entry.Died, p)
			if dirs[p] == "" {
				entry.Silent = append(entry.Silent, p)
			}
		default:
			seat.Trail = append([][2]int{[2]int(targets[p])}, seat.Trail...)
			alive++
		}
	}
	if entry.Died != nil {
		n.Log = append(n.Log, entry)
	}
	over := alive < 2
	for p := range n.Seats {
		n.Seats[p].Moved = !over && n.Seats[p].Bot && n.Seats[p].Alive // bots move at once
	}
	if over {
		n.Phase, n.Over, n.Deadline, n.Places = "over", true, nil, places(n.Seats)
	}
	return n
}

// places are the places the rules give: 1 plus the cycles that outlived
// a cycle (the living outlive the dead; cycles dying in one round share a
// place).
func places(seats []livewire.TronSeat) []int {
	out := make([]int, len(seats))
	for p, a := range seats {
		out[p] = 1
		for q, b := range seats {
			if q != p && a.Died != 0 && (b.Died == 0 || b.Died > a.Died) {
				out[p]++
			}
		}
	}
	return out
}

// Clone is a copy of s sharing nothing with it.
func Clone(s *livewire.TronState) *livewire.TronState {
	b, _ := json.Marshal(s)
	var out livewire.TronState
	json.Unmarshal(b, &out)
	return &out
}

// Inside reports whether c is a cell of s's grid.
func Inside(s *livewire.TronState, c [2]int) bool {
	return c[0] >= 0 && c[1] >= 0 && c[0] < s.Width && c[1] < s.Height
}

// MovesText writes moves by seat, for a failure.
func MovesText(moves map[int]string) string {
	var out string
	for _, p := range slices.Sorted(maps.Keys(moves)) {
		if out != "" {
			out += ", "
		}
		out += "seat " + string(rune('0'+p)) + " " + moves[p]
	}
	return out
}
