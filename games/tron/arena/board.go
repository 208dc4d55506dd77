package arena

import (
	"encoding/json"
	"strconv"

	engine "github.com/agentgames/bundle/engines/tron"
)

// Board is the board the arena sends, as its PHP writes it: every trail
// head first as [x,y] pairs, [] for a dead bot, no spaces.
func Board(s *engine.State) json.RawMessage {
	b := []byte{'['}
	for p := range s.Players() {
		if p > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		for i, c := range s.Trail(p) {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, '[')
			b = strconv.AppendInt(b, int64(c.X), 10)
			b = append(b, ',')
			b = strconv.AppendInt(b, int64(c.Y), 10)
			b = append(b, ']')
		}
		b = append(b, ']')
	}
	return append(b, ']')
}
