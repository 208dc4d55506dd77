package mutation

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	engine "github.com/agentgames/bundle/engines/tron"
)

// TestTronMutants: the Tron referee catches engines that break one rule
// each: a step, a crash, the erasure, the scoring, a bot's policy, the
// grammar, a refusal.
func TestTronMutants(t *testing.T) {
	t.Parallel()
	mutants := []Mutant{
		tronRewrite("a cycle moves two cells a round", func(r *tronRound) bool {
			for p := range r.board {
				if r.died[p] != 0 || len(r.before[p]) == 0 {
					continue
				}
				if c := tronStep(r.board[p][0], *r.moves[p]); r.free(c) {
					r.board[p] = append([][2]int{c}, r.board[p]...)
					return true
				}
			}
			return false
		}),
		tronRewrite("the grid wraps around: leaving it is no crash", func(r *tronRound) bool {
			for p := range r.board {
				t := r.target(p)
				if r.died[p] != r.round || r.onGrid(t) {
					continue
				}
				if w := [2]int{(t[0] + r.width) % r.width, (t[1] + r.height) % r.height}; r.free(w) {
					r.revive(p, w)
					return true
				}
			}
			return false
		}),
		tronRewrite("a cycle may cross its own trail", func(r *tronRound) bool {
			for p := range r.board {
				if t := r.target(p); r.died[p] == r.round && slices.Contains(r.before[p], t) {
					r.revive(p, t)
					return true
				}
			}
			return false
		}),
		tronRewrite("a head-on meeting kills only the later seat", func(r *tronRound) bool {
			for p := range r.board {
				for q := p + 1; q < len(r.board); q++ {
					t := r.target(p)
					if r.died[p] == r.round && r.died[q] == r.round && t == r.target(q) && r.free(t) {
						r.revive(p, t)
						return true
					}
				}
			}
			return false
		}),
		tronRewrite("a crashed cycle's trail stays until the next round", func(r *tronRound) bool {
			changed := false
			for p := range r.board {
				if r.died[p] == r.round {
					r.board[p] = r.before[p]
					changed = true
				}
			}
			return changed
		}),
		tronRewrite("the crash round counts as survived", func(r *tronRound) bool {
			r.scoreCrashRound = r.died[0] != 0
			return r.scoreCrashRound
		}),
		tronRewrite("crashes in one round do not tie: the lower seat places first", func(r *tronRound) bool {
			r.rankBySeat = true
			return true
		}),
		tronRewrite("an easy bot breaks ties the other way", func(r *tronRound) bool {
			if r.opponent != "easy" {
				return false
			}
			for p := 1; p < len(r.board); p++ {
				if r.died[p] != 0 {
					continue
				}
				best, run := "", -1
				for _, d := range tronDirs {
					n := 0
					for c := tronStep(r.before[p][0], d); r.freeBefore(c); c = tronStep(c, d) {
						n++
					}
					if n >= run {
						best, run = d, n
					}
				}
				t := tronStep(r.before[p][0], best)
				if best != *r.moves[p] && r.free(t) && !r.entered(t) {
					r.moves[p] = &best
					r.board[p] = append([][2]int{t}, r.before[p]...)
					return true
				}
			}
			return false
		}),
		{Name: "an unknown direction is read as x+", Wrap: Proxy(Edit{Request: func(r *http.Request, body []byte) []byte {
			var req map[string]json.RawMessage
			var act map[string]any
			if json.Unmarshal(body, &req) != nil || json.Unmarshal(req["action"], &act) != nil {
				return body
			}
			if d, ok := act["dir"].(string); ok && act["type"] == "move" && !slices.Contains(tronDirs, d) {
				req["action"] = json.RawMessage(`{"type":"move","dir":"x+"}`)
				body, _ = json.Marshal(req)
			}
			return body
		}})},
		{Name: "a refused action still plays a round", Wrap: refusalPlays("tron", tronRefusalPlays)},
	}
	mustCatch(t, "tron", mutants)
}

// tronDirs are the four moves in the arena's order.
var tronDirs = []string{"x+", "x-", "y+", "y-"}

// tronStep is the cell one move in dir leads to from c, by the engine's
// step.
func tronStep(c [2]int, dir string) [2]int {
	d, _ := engine.ParseDir(dir)
	x, y := engine.Step(c[0], c[1], d)
	return [2]int{x, y}
}

// tronRound is a Tron round as a buggy engine would have played it: the
// board at its start (as the real server showed it), and the board, the
// crash rounds and the moves the mutant's answer will show.
type tronRound struct {
	width, height, round int
	opponent             string
	before, board        [][][2]int
	died                 []int
	moves                []*string
	// scoreCrashRound counts your crash round as survived; rankBySeat
	// breaks one round's ties by seat.
	scoreCrashRound, rankBySeat bool
}

// tronMatchView is what a mutant reads of an answer's view.
type tronMatchView struct {
	Width    int        `json:"width"`
	Height   int        `json:"height"`
	Opponent string     `json:"opponent"`
	Round    int        `json:"round"`
	Board    [][][2]int `json:"board"`
	Cycles   []struct {
		Died *int `json:"died"`
	} `json:"cycles"`
}

func (r *tronRound) target(p int) [2]int {
	if len(r.before[p]) == 0 || r.moves[p] == nil {
		return [2]int{-1, -1}
	}
	return tronStep(r.before[p][0], *r.moves[p])
}

func (r *tronRound) onGrid(c [2]int) bool {
	return c[0] >= 0 && c[1] >= 0 && c[0] < r.width && c[1] < r.height
}

func tronTaken(board [][][2]int, c [2]int) bool {
	for _, t := range board {
		if slices.Contains(t, c) {
			return true
		}
	}
	return false
}

// free: on the grid and in no trail, at the start of the round and after.
func (r *tronRound) free(c [2]int) bool {
	return r.onGrid(c) && !tronTaken(r.before, c) && !tronTaken(r.board, c)
}

func (r *tronRound) freeBefore(c [2]int) bool { return r.onGrid(c) && !tronTaken(r.before, c) }

// entered reports whether another cycle's move this round targets c.
func (r *tronRound) entered(c [2]int) bool {
	for p := range r.board {
		if r.moves[p] != nil && r.target(p) == c {
			return true
		}
	}
	return false
}

// revive keeps cycle p alive on cell c.
func (r *tronRound) revive(p int, c [2]int) {
	r.died[p] = 0
	r.board[p] = append([][2]int{c}, r.before[p]...)
}

func (r *tronRound) rank(p int) int {
	n := 1
	for q, d := range r.died {
		if q != p && r.died[p] != 0 && (d == 0 || d > r.died[p] || r.rankBySeat && d == r.died[p] && q < p) {
			n++
		}
	}
	return n
}

// tronRewrite is a mutant whose engine plays a round wrong as edit says:
// it rewrites each accepted action answer from the board its last answer
// showed, and keeps every field that shows the round consistent (the
// board, the cycles, the event, the end, score, result); the observation
// text is left as served: no check reads its wording.
func tronRewrite(name string, edit func(r *tronRound) bool) Mutant {
	before := map[string][][][2]int{} // the board each token's answer showed
	return Mutant{Name: name, Wrap: Proxy(Edit{Answer: func(req *http.Request, body []byte, _ *int, a map[string]any) bool {
		if !accepted("tron", req, a) {
			return false
		}
		var v tronMatchView
		if jsonRecode(a["view"], &v) != nil {
			return false
		}
		state, _ := a["state"].(string)
		if strings.HasSuffix(req.URL.Path, "/init") {
			before[state] = v.Board
			return false
		}
		prev, ok := before[requestToken(body)]
		before[state] = v.Board
		var events []struct {
			Moves []*string `json:"moves"`
		}
		if !ok || jsonRecode(a["events"], &events) != nil || len(events) != 1 {
			return false
		}
		r := &tronRound{width: v.Width, height: v.Height, round: v.Round, opponent: v.Opponent,
			before: prev, board: v.Board, died: make([]int, len(v.Cycles)), moves: events[0].Moves}
		for p, c := range v.Cycles {
			if c.Died != nil {
				r.died[p] = *c.Died
			}
		}
		if !edit(r) {
			return false
		}
		tronShow(r, a)
		return true
	}})}
}

// tronCycleShown is a cycle as the answer shows it.
type tronCycleShown struct {
	Seat   int     `json:"seat"`
	Name   string  `json:"name"`
	Alive  bool    `json:"alive"`
	Length int     `json:"length"`
	Head   *[2]int `json:"head"`
	Died   *int    `json:"died"`
}

// tronShow writes the round r into the answer a, every field that shows it.
func tronShow(r *tronRound, a map[string]any) {
	view := a["view"].(map[string]any)
	ev := a["events"].([]any)[0].(map[string]any)
	cycles := make([]tronCycleShown, len(r.board))
	died, living := []int{}, 0
	for p, trail := range r.board {
		name, _ := view["opponent"].(string)
		if p == 0 {
			name = "you"
		}
		c := tronCycleShown{Seat: p, Name: name, Alive: r.died[p] == 0, Length: len(trail)}
		if c.Alive {
			living++
			c.Head = &trail[0]
		} else {
			c.Died = &r.died[p]
		}
		if r.died[p] == r.round {
			died = append(died, p)
		}
		cycles[p] = c
	}
	view["board"], view["cycles"] = r.board, cycles
	ev["died"], ev["moves"] = died, r.moves
	over := r.died[0] != 0 || living < 2
	score := r.round
	if r.died[0] != 0 {
		score = r.died[0] - 1
		if r.scoreCrashRound {
			score++
		}
	}
	a["gameOver"], a["score"], a["turn"], a["result"] = over, score, "you", nil
	a["legalActions"] = []map[string]string{}
	if !over {
		for _, d := range tronDirs {
			a["legalActions"] = append(a["legalActions"].([]map[string]string), map[string]string{"type": "move", "dir": d})
		}
	} else {
		ranks := make([]int, len(r.board))
		outcome := "win"
		for p := range ranks {
			ranks[p] = r.rank(p)
			if p > 0 && ranks[p] == 1 {
				outcome = "draw"
			}
		}
		if ranks[0] > 1 {
			outcome = "loss"
		}
		a["turn"] = "over"
		a["result"] = map[string]any{"outcome": outcome, "rank": ranks[0], "rounds": score, "ranks": ranks}
	}
}

// tronRefusalPlays is an engine that applies a move before it validates
// it: a refused action still plays a round (as y+), and the refusal
// answers the token of that round.
func tronRefusalPlays(_ []byte, refusal map[string]any) any {
	if refusal["code"] != "invalid_action" {
		return nil
	}
	return map[string]string{"type": "move", "dir": "y+"}
}
