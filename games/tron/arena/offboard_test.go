package arena_test

import (
	"slices"
	"testing"

	engine "github.com/agentgames/bundle/engines/tron"
	"github.com/agentgames/bundle/games/tron/arena"
)

// TestPosition: a board's cells off the board are put in the corner, held
// once, by the claim the doc comment of Position gives first.
func TestPosition(t *testing.T) {
	o, c := arena.OffBoard, engine.Cell{}
	a, b, d := engine.Cell{X: 5, Y: 5}, engine.Cell{X: 0, Y: 7}, engine.Cell{X: 8, Y: 8}
	tests := []struct {
		name   string
		me     int
		trails [][]engine.Cell
		want   [][]engine.Cell // the engine's trails, head first; nil: refused
	}{
		{"none off the board", 0, [][]engine.Cell{{a, d}, {b}}, [][]engine.Cell{{a, d}, {b}}},
		{"a rival's head off the board", 0, [][]engine.Cell{{a}, {o, b}}, [][]engine.Cell{{a}, {c, b}}},
		{"our head off the board", 0, [][]engine.Cell{{o, b}, {a}}, [][]engine.Cell{{c, b}, {a}}},
		{"off the board inside a trail", 0, [][]engine.Cell{{a}, {d, o, b}}, [][]engine.Cell{{a}, {d, c, b}}},
		{"twice in a trail: the first holds the corner", 0, [][]engine.Cell{{a}, {o, d, o, b}}, [][]engine.Cell{{a}, {c, d, b}}},
		{"in two trails: the first seat holds it", 0, [][]engine.Cell{{a}, {d, o}, {o, b}}, [][]engine.Cell{{a}, {d, c}, {b}}},
		{"our head holds it before an earlier seat", 1, [][]engine.Cell{{d, o}, {o, b}}, [][]engine.Cell{{d}, {c, b}}},
		{"a [0,0] holds it", 0, [][]engine.Cell{{a}, {o, b}, {c, d}}, [][]engine.Cell{{a}, {b}, {c, d}}},
		{"our head takes it from a [0,0]", 0, [][]engine.Cell{{o, a}, {c, d}}, [][]engine.Cell{{c, a}, {d}}},
		{"a rival wholly off the board, as we are, reads as dead", 0, [][]engine.Cell{{o, a}, {o, o}}, [][]engine.Cell{{c, a}, {}}},
		{"a [0,0] in two trails is still refused", 0, [][]engine.Cell{{c, a}, {c}}, nil},
		{"a [0,0] in two trails beside null cells too", 0, [][]engine.Cell{{c, a}, {o, c}}, nil},
	}
	for _, tt := range tests {
		s, err := arena.Position(10, 10, tt.trails, tt.me)
		if tt.want == nil {
			if err == nil {
				t.Errorf("%s: read, want refused", tt.name)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		for p, want := range tt.want {
			if got := s.Trail(p); !slices.Equal(got, want) {
				t.Errorf("%s: trail %d is %v, want %v", tt.name, p, got, want)
			}
		}
	}
}
