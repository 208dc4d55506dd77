package httpapi_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/agentgames/bundle/internal/testserver"
	"github.com/agentgames/bundle/transport/httpapi"
)

// worstMessages are the costliest arena messages we know how to build
// within the bot endpoint's 256 KiB limit.
func worstMessages() map[string]string {
	const head = `{"game-id":"1","action":"play-turn","game":"tron","player-index":0,"players":2,"board":[[`
	fill := func(unit, suffix string) string {
		n := (httpapi.MaxMessage - len(head) - len(suffix)) / len(unit)
		return head + strings.Repeat(unit, n) + suffix
	}
	var full strings.Builder // every cell of the 100x100 grid, in two trails
	full.WriteString(head)
	for y := range 100 {
		if y == 50 {
			full.WriteString(`,[0,0]],[`)
		}
		for x := range 100 {
			if y == 0 && x == 0 {
				continue
			}
			if x > 0 || y != 50 {
				full.WriteString(",")
			}
			full.WriteString("[" + strconv.Itoa(x) + "," + strconv.Itoa(y) + "]")
		}
	}
	full.WriteString("]]}")
	return map[string]string{
		"empty cells":        fill("[],", "[]],[]]}"),
		"one cell repeated":  fill("[1,1],", "[1,1]],[[2,2]]]}"),
		"long numbers":       fill("[1,1e99999],", "[1,1]],[[2,2]]]}"),
		"the whole grid":     strings.Replace(full.String(), "[[,", "[[", 1),
		"deep arrays":        head + strings.Repeat("[", 40000) + strings.Repeat("]", 40000) + "]]}",
		"many empty strings": fill(`"",`, `""]]}`),
		// As many cells as a board may hold, all off the board as the
		// arena writes them: read, and answered by the wise bot from the
		// corner of an open grid.
		"null cells":                             head + strings.Repeat("[null,null],", 100*100-2) + "[null,null]],[[50,50]]]}",
		"null cells past the most a board holds": fill("[null,null],", "[null,null]],[[50,50]]]}"),
	}
}

// TestWorstCaseMessagesStayCheap holds every worst-case arena message to
// a few MB allocated (the message itself is 256 KiB);
// BenchmarkWorstCaseMessage measures their time.
func TestWorstCaseMessagesStayCheap(t *testing.T) {
	holdCheap(t, testserver.New(t), "/api/bots/tron", worstMessages(), 4<<20)
}

// BenchmarkWorstCaseMessage: go test ./transport/httpapi -bench WorstCaseMessage
func BenchmarkWorstCaseMessage(b *testing.B) {
	benchBodies(b, testserver.New(b), "/api/bots/tron", worstMessages())
}
