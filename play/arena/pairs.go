package arena

import (
	"context"
	"encoding/json"
	"maps"
	"slices"
	"strconv"

	"github.com/agentgames/bundle/play"
)

// kindPairs names the entries of every bot's record against the others:
// one a bot and ladder, ref "<game>.<seats>.<bot>".
const kindPairs = "arena-pairs"

// PairsShown is how many of a ladder's best bots its answer gives every
// pair's record of (LadderInfo): the table a page draws.
const PairsShown = 20

// PairsOf is one bot's record against every bot it has met on a ladder,
// as the store keeps it apart from the ladder, and the last MaxApplied
// fights added to it, so that each adds once.
type PairsOf struct {
	Against map[string]Pair `json:"against"`
	Applied []string        `json:"applied"`
}

// pairsRef is the ref of bot's record on game's ladder of seats seats.
func pairsRef(game string, seats int, bot string) string {
	return game + "." + strconv.Itoa(seats) + "." + bot
}

// addPairs adds the pairs fight recorded (recorded, as Ladder.Record
// counts them) to the records of the registered bots in it, once.
func (a *Arena) addPairs(ctx context.Context, game string, seats int, fight string, recorded map[string]map[string]Pair) error {
	for _, bot := range slices.Sorted(maps.Keys(recorded)) {
		if _, ok := house(bot); ok {
			continue
		}
		err := update(ctx, a, kindPairs, pairsRef(game, seats, bot), func(p *PairsOf, _ bool) error {
			if slices.Contains(p.Applied, fight) {
				return errSkip
			}
			if p.Against == nil {
				p.Against = map[string]Pair{}
			}
			for other, add := range recorded[bot] {
				was := p.Against[other]
				p.Against[other] = Pair{Wins: was.Wins + add.Wins, Draws: was.Draws + add.Draws, Losses: was.Losses + add.Losses}
			}
			p.Applied = append(p.Applied, fight)
			p.Applied = p.Applied[max(0, len(p.Applied)-MaxApplied):]
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// loadMany reads the entries of kind under refs, nil for none, in one
// round trip where the store can (play.ManyLoader).
func (a *Arena) loadMany(ctx context.Context, kind string, refs []string) ([][]byte, error) {
	if m, ok := a.store.(play.ManyLoader); ok {
		return m.LoadMany(ctx, kind, refs)
	}
	out := make([][]byte, len(refs))
	for i, ref := range refs {
		data, _, err := a.store.Load(ctx, kind, ref)
		if err != nil && !play.IsCode(err, play.CodeNoMatch) {
			return nil, err
		}
		out[i] = data
	}
	return out, nil
}

// pairsAmong reads the records of bots on game's ladder of seats seats
// against each other, in one round trip where the store can.
func (a *Arena) pairsAmong(ctx context.Context, game string, seats int, bots []string) (map[string]map[string]Pair, error) {
	out := map[string]map[string]Pair{}
	refs := make([]string, len(bots))
	for i, b := range bots {
		refs[i] = pairsRef(game, seats, b)
	}
	datas, err := a.loadMany(ctx, kindPairs, refs)
	if err != nil {
		return nil, err
	}
	for i, data := range datas {
		var p PairsOf
		if data == nil || json.Unmarshal(data, &p) != nil {
			continue
		}
		for other, rec := range p.Against {
			if slices.Contains(bots, other) {
				if out[bots[i]] == nil {
					out[bots[i]] = map[string]Pair{}
				}
				out[bots[i]][other] = rec
			}
		}
	}
	for a, m := range out { // a house bot's record, which it does not keep, is its opponents' mirrored
		for b, rec := range m {
			if _, ok := house(b); ok {
				if out[b] == nil {
					out[b] = map[string]Pair{}
				}
				out[b][a] = Pair{Wins: rec.Losses, Draws: rec.Draws, Losses: rec.Wins}
			}
		}
	}
	return out, nil
}
