package tron

// This file holds the agents Tron's referee plays with: random and
// adversarial (its illegal actions and the crashes it seeks).

import (
	"slices"
)

// illegal are actions off the grammar the adversarial agent mixes in.
var illegal = []string{
	`{"type":"move","dir":"up"}`,
	`{"type":"move"}`,
	`{"type":"turn","dir":"x+"}`,
	`{"type":"move","dir":"x+","speed":2}`,
	`{"dir":"y-"}`,
	`{"type":"move","dir":"X+"}`,
	`"x+"`,
	`{"type":"move","dir":1}`,
	`{}`,
	`{"type":"Move","dir":"y+"}`,
	`{"type":"move","dir":"x++"}`,
	`{"type":"move","dir":["x-"]}`,
}

// goals are the crashes the adversarial agent seeks, one a match, by
// the kind of move that courts them (see kind): "contest" moves next to
// another head, to meet it in one cell.
var goals = []string{"wall", "own", "trail", "contest", "head"}

// goalWords name the goals in a match's label.
var goalWords = map[string]string{"wall": "the wall", "own": "its own trail", "trail": "another trail",
	"contest": "a head-on meeting", "head": "another head"}

// kind is what moving cycle 0 in dir leads to: "wall", "own", "trail",
// "head" (another cycle's head), "contest" (a free cell next to another
// living head) or "safe".
func (m *match) kind(dir string) string {
	t := Step(m.board[0][0], dir)
	if t[0] < 0 || t[1] < 0 || t[0] >= m.setup.width || t[1] >= m.setup.height {
		return "wall"
	}
	if slices.Contains(m.board[0], t) {
		return "own"
	}
	contest := false
	for p := 1; p < len(m.board); p++ {
		if len(m.board[p]) == 0 {
			continue
		}
		if m.board[p][0] == t {
			return "head"
		}
		if slices.Contains(m.board[p], t) {
			return "trail"
		}
		for _, d := range Directions {
			contest = contest || Step(m.board[p][0], d) == t
		}
	}
	if contest {
		return "contest"
	}
	return "safe"
}

// choose is the agent's next move. The random agent plays a random free
// move, most often one into the largest free region (to outlive bots and
// see them crash), any legal move after round 150; the adversarial agent
// plays the same way until round 15, then seeks its goal's crash (a
// contested cell from the start), and crashes on purpose by round 60.
func (m *match) choose() string {
	by := map[string][]string{}
	for _, d := range Directions {
		k := m.kind(d)
		by[k] = append(by[k], d)
	}
	pick := func(kinds ...string) string {
		var ds []string
		for _, k := range kinds {
			ds = append(ds, by[k]...)
		}
		if len(ds) == 0 {
			return ""
		}
		return ds[m.rng.IntN(len(ds))]
	}
	if m.adversarial {
		if d := pick(m.goal); d != "" && (m.round >= 15 || m.goal == "contest") {
			return d
		}
		if m.round >= 60 {
			if d := pick("wall", "own", "trail", "head"); d != "" {
				return d
			}
		}
	} else if m.round >= 150 {
		return Directions[m.rng.IntN(4)]
	}
	free := append(slices.Clone(by["safe"]), by["contest"]...)
	if len(free) == 0 {
		return Directions[m.rng.IntN(4)]
	}
	if m.rng.IntN(5) == 0 {
		return free[m.rng.IntN(len(free))]
	}
	var best []string
	most := -1
	for _, d := range free {
		switch n := m.region(Step(m.board[0][0], d), most); {
		case n > most:
			best, most = []string{d}, n
		case n == most:
			best = append(best, d)
		}
	}
	return best[m.rng.IntN(len(best))]
}

// region counts the free cells reachable from c, c included, stopping
// past enough (a region larger than enough cells is all the agent needs
// to know of it).
func (m *match) region(c Cell, enough int) int {
	w, h := m.setup.width, m.setup.height
	seen := make([]bool, w*h)
	for _, trail := range m.board {
		for _, t := range trail {
			seen[t[1]*w+t[0]] = true
		}
	}
	seen[c[1]*w+c[0]] = true
	n := 1
	for queue := []Cell{c}; len(queue) > 0 && (enough < 0 || n <= enough+1); queue = queue[1:] {
		for _, d := range Directions {
			if t := Step(queue[0], d); t[0] >= 0 && t[1] >= 0 && t[0] < w && t[1] < h && !seen[t[1]*w+t[0]] {
				seen[t[1]*w+t[0]] = true
				n++
				queue = append(queue, t)
			}
		}
	}
	return n
}
