package arena

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/internal/egress"
	"github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/play/ratings"
	"github.com/agentgames/bundle/store/memory"
)

// BenchmarkLadderWorst reads the largest ladder a game can hold, as GET
// /api/arena/{game}/ladder does: MaxBots bots ranked, the roster full,
// the first PairsShown's records against each other: what a request
// costs at worst. The ladder's entry stays under 300 KB (DynamoDB holds
// 400 KB an item), each bot's records against the others kept apart.
//
//	go test ./play/arena -run X -bench LadderWorst -benchmem
func BenchmarkLadderWorst(b *testing.B) {
	store := &memory.Store{Clock: time.Now}
	var servers []*live.Server
	for _, g := range games.Live() {
		servers = append(servers, live.NewServer(g, store, time.Now))
	}
	a := New(servers, store, time.Now, egress.New(egress.Policy{}), Settings{})
	ctx := context.Background()
	var l Ladder
	var r Roster
	for i := range MaxBots {
		id := fmt.Sprintf("B%09d", i)
		l.Standings = append(l.Standings, Standing{Bot: id, Elo: 1500 + float64(i), Rating: ratings.New(), Fights: 1000, Wins: 500, Draws: 10, Losses: 490})
		r.Bots = append(r.Bots, Entry{ID: id, Name: fmt.Sprintf("a bot named %d with room", i), Owner: "agentidagentid01", State: Active, Created: 1})
	}
	for i := range MaxApplied {
		l.Applied = append(l.Applied, fmt.Sprintf("CODE%06d", i))
	}
	l.Shown = map[string]map[string]Pair{}
	for i := MaxBots - PairsShown; i < MaxBots; i++ {
		l.Shown[fmt.Sprintf("B%09d", i)] = map[string]Pair{}
		for j := MaxBots - PairsShown; j < MaxBots; j++ {
			if j != i {
				l.Shown[fmt.Sprintf("B%09d", i)][fmt.Sprintf("B%09d", j)] = Pair{Wins: 3, Draws: 1, Losses: 2}
			}
		}
	}
	data, _ := json.Marshal(&l)
	if len(data) > 300<<10 {
		b.Fatalf("the largest ladder's entry is %d bytes", len(data))
	}
	b.Logf("the largest ladder's entry: %d bytes", len(data))
	store.Save(ctx, kindLadder, ladderRef("tron", 2), data, 0, time.Time{})
	roster, _ := json.Marshal(&r)
	store.Save(ctx, kindRoster, "tron", roster, 0, time.Time{})
	b.ResetTimer()
	for range b.N {
		info, err := a.LadderInfo(ctx, "tron", 2)
		if err != nil || len(info.Standings) != MaxBots || len(info.Pairs) != PairsShown || len(info.Pairs[info.Standings[0].Bot]) != PairsShown-1 {
			b.Fatalf("%d standings, %d pairs: %v", len(info.Standings), len(info.Pairs), err)
		}
		if _, err := json.Marshal(info); err != nil {
			b.Fatal(err)
		}
	}
}
