package mutation

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/conformance/livewire"
)

// TestTronLiveMutants: each broken live Tron server fails the live check
// named with it. Each mutant is the real server with one bug of the kind
// a live Tron server could have: in hiding the moves of a round, in when
// a round resolves, in a second move, in a collision, in a refusal's code,
// in the deadline or in the places.
func TestTronLiveMutants(t *testing.T) {
	t.Parallel()
	cs, err := conformance.Checks(conformance.Options{Games: []string{"tron"}, Levels: []string{check.Protocol, check.Rules}, Only: "live/"})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range tronLiveMutants(t) {
		t.Run(m.Name, func(t *testing.T) {
			t.Parallel()
			i := slices.IndexFunc(cs, func(c check.Check) bool { return c.Name == "live/"+m.by })
			if i < 0 {
				t.Fatalf("tron has no check live/%s", m.by)
			}
			err := cs[i].Run(context.Background(), m.target(t))
			var f *check.Failure
			if !errors.As(err, &f) {
				t.Fatalf("%s does not catch the mutant %q: %v", cs[i].Ref(), m.Name, err)
			}
			t.Logf("caught by %s: %v", cs[i].Ref(), f)
		})
	}
}

// tronLiveMutantBy is a live Tron mutant and the check (after live/)
// that must catch it.
type tronLiveMutantBy struct {
	Mutant
	by string
}

// tronLiveMutants are the live Tron server's mutants.
func tronLiveMutants(t *testing.T) []tronLiveMutantBy {
	return []tronLiveMutantBy{
		{Mutant{Name: "a pending move shows in its cycle's trail", Wrap: tronLiveMutant(tronRevealsMoves())}, "hidden-moves"},
		{Mutant{Name: "a round resolves at its first move, the cycles yet to move going y+", Wrap: tronLiveMutant(tronResolvesEarly)}, "hidden-moves"},
		{Mutant{Name: "a second move in a round replaces the first, answered 200", Wrap: tronLiveMutant(tronLastMoveWins())}, "already-moved"},
		{Mutant{Name: "a second move in a round answers not_your_turn", Wrap: tronLiveMutant(tronAlreadyMovedCode)}, "already-moved"},
		{Mutant{Name: "two cycles entering one cell both live on", Wrap: tronLiveMutant(tronHeadOnSpared())}, "head-on"},
		{Mutant{Name: "cycles dying in one round get places by seat, not one shared", Wrap: tronLiveMutant(tronEditState(tronPlacesBySeat))}, "head-on"},
		{Mutant{Name: "the deadline is in seconds, not milliseconds", Wrap: tronLiveMutant(tronEditState(tronDeadlineSeconds))}, "join"},
		{Mutant{Name: "a state read since a round holds every cell of every trail", Wrap: tronLiveMutant(tronSinceCut(func(n, whole int) int { return whole }))}, "since"},
		{Mutant{Name: "a state read since a round holds that round's cells too", Wrap: tronLiveMutant(tronSinceCut(func(n, whole int) int { return n + 1 }))}, "since"},
		{Mutant{Name: "the server's clock stands still: no deadline ever passes", Clock: func(now func() time.Time) func() time.Time {
			start := now()
			return func() time.Time { return start }
		}}, "deadline"},
	}
}

// tronRevealsMoves: the public state shows a pending move's cell at the
// head of its cycle's trail, to anyone, before the round resolves.
func tronRevealsMoves() func(*tronLive, *tronCall) (int, []byte) {
	pending := map[string]map[int]string{} // match -> seat -> its move this round
	return func(l *tronLive, c *tronCall) (int, []byte) {
		status, body := l.pass(c)
		s := tronStateOf(status, body)
		if s == nil {
			return status, body
		}
		if pending[c.code] == nil {
			pending[c.code] = map[int]string{}
		}
		if c.op == "move" && c.seat >= 0 {
			pending[c.code][c.seat] = c.dir
		}
		for p, dir := range pending[c.code] {
			head, ok := s.Seats[p].Head()
			if !s.Seats[p].Moved || !ok {
				delete(pending[c.code], p) // its round resolved
				continue
			}
			s.Seats[p].Trail = append([][2]int{tronStep(head, dir)}, s.Seats[p].Trail...)
		}
		return status, tronEncode(s)
	}
}

// tronResolvesEarly: a round resolves at the first move, the cycles of
// the match yet to move going y+ (as a server filling in moves it has not
// received would).
func tronResolvesEarly(l *tronLive, c *tronCall) (int, []byte) {
	status, body := l.pass(c)
	s := tronStateOf(status, body)
	if c.op != "move" || s == nil {
		return status, body
	}
	for p, seat := range s.Seats {
		if seat.Alive && !seat.Moved && l.holds(c.code, p) {
			l.move(c.code, p, "y+")
		}
	}
	return status, tronEncode(l.state(c.code))
}

// tronLastMoveWins: the edge holds each player's move until every
// player's cycle has moved, a second move replacing the first (answered
// 200), then sends them on.
func tronLastMoveWins() func(*tronLive, *tronCall) (int, []byte) {
	held := map[string]map[int]string{} // match -> seat -> its move this round
	shown := func(s *livewire.TronState, code string) []byte {
		for p := range held[code] {
			s.Seats[p].Moved = true
		}
		return tronEncode(s)
	}
	return func(l *tronLive, c *tronCall) (int, []byte) {
		s := l.state(c.code)
		if c.op == "get" && s != nil {
			return http.StatusOK, shown(s, c.code)
		}
		if c.op != "move" || c.seat < 0 || !tronValidMove(c.body) || s == nil || s.Phase != "playing" || !s.Seats[c.seat].Alive {
			return l.pass(c)
		}
		if held[c.code] == nil {
			held[c.code] = map[int]string{}
		}
		held[c.code][c.seat] = c.dir
		for p, seat := range s.Seats {
			if _, ok := held[c.code][p]; seat.Alive && !seat.Bot && !seat.Moved && !ok {
				return http.StatusOK, shown(s, c.code) // a player's cycle yet to move
			}
		}
		status, body := 0, []byte(nil)
		for _, p := range slices.Sorted(maps.Keys(held[c.code])) {
			status, body = l.move(c.code, p, held[c.code][p])
		}
		delete(held, c.code)
		return status, body
	}
}

// tronAlreadyMovedCode: a second move in a round is refused as
// not_your_turn, not already_moved.
func tronAlreadyMovedCode(l *tronLive, c *tronCall) (int, []byte) {
	status, body := l.pass(c)
	var e livewire.Error
	if json.Unmarshal(body, &e) == nil && e.Error.Code == "already_moved" {
		e.Error.Code = "not_your_turn"
		body, _ = json.Marshal(e)
	}
	return status, body
}

// tronHeadOnSpared: cycles that die entering one cell together live on,
// both heads in that cell (from then on the state shown is that lie, until
// the next round resolves).
func tronHeadOnSpared() func(*tronLive, *tronCall) (int, []byte) {
	before := map[string]*livewire.TronState{} // match -> its state as the round began
	moves := map[string]map[int]string{}       // match -> seat -> its move this round
	lies := map[string]*livewire.TronState{}   // match -> the state it shows for a round
	return func(l *tronLive, c *tronCall) (int, []byte) {
		if c.op == "move" && c.seat >= 0 && moves[c.code] == nil {
			before[c.code], moves[c.code] = l.state(c.code), map[int]string{}
		}
		status, body := l.pass(c)
		s := tronStateOf(status, body)
		if s == nil {
			return status, body
		}
		if c.op == "move" && c.seat >= 0 {
			moves[c.code][c.seat] = c.dir
		}
		if b := before[c.code]; b != nil && s.Round > b.Round {
			lies[c.code] = tronSpare(b, moves[c.code], s)
			delete(before, c.code)
			delete(moves, c.code)
		}
		if lie := lies[c.code]; lie != nil && lie.Round == s.Round {
			return status, tronEncode(lie)
		}
		return status, body
	}
}

// tronSpare is s, the state after a round that began in state b with
// moves, with the cycles that died entering one cell alive in it; nil
// when none did.
func tronSpare(b *livewire.TronState, moves map[int]string, s *livewire.TronState) *livewire.TronState {
	target := func(p int) ([2]int, bool) {
		head, ok := b.Seats[p].Head()
		dir, moved := moves[p]
		return tronStep(head, dir), ok && moved
	}
	if len(s.Log) == 0 || s.Log[len(s.Log)-1].Round != s.Round {
		return nil
	}
	last := &s.Log[len(s.Log)-1]
	var spared []int
	for _, p := range last.Died {
		for _, q := range last.Died {
			t, ok := target(p)
			u, ok2 := target(q)
			if p != q && ok && ok2 && t == u && !slices.Contains(spared, p) {
				spared = append(spared, p)
			}
		}
	}
	if spared == nil {
		return nil
	}
	alive := 0
	for p := range s.Seats {
		seat := &s.Seats[p]
		if t, _ := target(p); slices.Contains(spared, p) {
			seat.Alive, seat.Died, seat.Trail = true, 0, append([][2]int{t}, b.Seats[p].Trail...)
		}
		if seat.Alive {
			alive++
		}
	}
	last.Died = slices.DeleteFunc(last.Died, func(p int) bool { return slices.Contains(spared, p) })
	if len(last.Died) == 0 {
		s.Log = s.Log[:len(s.Log)-1]
	}
	if alive >= 2 && s.Over {
		deadline := time.Now().Add(time.Duration(s.RoundMillis) * time.Millisecond).UnixMilli()
		s.Phase, s.Over, s.Places, s.Deadline = "playing", false, nil, &deadline
	}
	return s
}

// tronPlacesBySeat: cycles that died in one round get places in seat
// order, the lower seat the better, instead of sharing one.
func tronPlacesBySeat(s *livewire.TronState) {
	shared := slices.Clone(s.Places)
	for p := range s.Places {
		for q := range p {
			if shared[q] == shared[p] {
				s.Places[p]++
			}
		}
	}
}

// tronDeadlineSeconds: the deadline is given in unix seconds.
func tronDeadlineSeconds(s *livewire.TronState) {
	if s.Deadline != nil {
		seconds := *s.Deadline / 1000
		s.Deadline = &seconds
	}
}

// tronSinceCut: a state read since a round holds cells(n, whole) cells of
// each trail (n is how many it should hold, whole how many it has),
// where the real server cuts it to the cells laid after the round.
func tronSinceCut(cells func(n, whole int) int) func(*tronLive, *tronCall) (int, []byte) {
	return func(l *tronLive, c *tronCall) (int, []byte) {
		status, body := l.pass(c)
		s := tronStateOf(status, body)
		if s == nil || s.Since == nil {
			return status, body
		}
		whole := l.state(c.code)
		for p := range s.Seats {
			t := whole.Seats[p].Trail
			s.Seats[p].Trail = t[:min(len(t), cells(len(s.Seats[p].Trail), len(t)))]
		}
		return status, tronEncode(s)
	}
}
