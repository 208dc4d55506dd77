package live_test

import (
	engine "github.com/agentgames/bundle/engines/tron"
)

// longPlay plays two cycles on a width x height grid dealt from seed for
// up to rounds rounds, each filling the space it can reach hugging the
// walls, and answers the rounds' moves until one dies.
func longPlay(seed uint64, width, height, rounds int) [][2]engine.Dir {
	s, err := engine.New(seed, width, height, 2)
	if err != nil {
		panic(err)
	}
	var out [][2]engine.Dir
	seen := make([]int, width*height)
	mark := 0
	free := func(x, y int) bool { return x >= 0 && y >= 0 && x < width && y < height && s.Free(x, y) }
	area := func(x, y int) int {
		mark++
		stack := [][2]int{{x, y}}
		seen[y*width+x] = mark
		n := 0
		for len(stack) > 0 {
			c := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			n++
			for d := range engine.Dir(4) {
				nx, ny := engine.Step(c[0], c[1], d)
				if free(nx, ny) && seen[ny*width+nx] != mark {
					seen[ny*width+nx] = mark
					stack = append(stack, [2]int{nx, ny})
				}
			}
		}
		return n
	}
	for range rounds {
		var m [engine.MaxPlayers]engine.Dir
		var pair [2]engine.Dir
		for p := range 2 {
			h := s.Head(p)
			best, bestArea, bestWalls := engine.Dir(0), -1, -1
			for d := range engine.Dir(4) {
				x, y := engine.Step(h.X, h.Y, d)
				if !free(x, y) {
					continue
				}
				walls := 0
				for e := range engine.Dir(4) {
					if nx, ny := engine.Step(x, y, e); !free(nx, ny) {
						walls++
					}
				}
				a := area(x, y)
				if a > bestArea || a == bestArea && walls > bestWalls {
					best, bestArea, bestWalls = d, a, walls
				}
			}
			m[p], pair[p] = best, best
		}
		if died := s.Play(m); len(died) > 0 {
			return out
		}
		out = append(out, pair)
	}
	return out
}
