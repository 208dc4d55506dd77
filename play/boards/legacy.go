package boards

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
)

// Before the boards were sorted indexes, each board's rows were copied
// into 16 shard entries, read whole. A board whose index holds nobody is
// read from its shards once, if it has any, into its index: a store
// written by an earlier server keeps its boards. Each row goes in with its
// seq, below any write since.

// Kinds of the shard entries an earlier server wrote.
const (
	kindShard       = "board-shard"
	kindRatingShard = "rating-shard"
)

// legacyShards is how many shard entries held a board.
const legacyShards = 16

// migrate copies the rows of the shards of kind that held game's board
// into its index through put, and answers whether there were any.
func (b *Boards) migrate(ctx context.Context, kind, game, board string, put func(agent string, row json.RawMessage) error) (bool, error) {
	refs := make([]string, legacyShards)
	for i := range refs {
		refs[i] = ref(game, board, strconv.Itoa(i))
	}
	found, err := b.store.LoadMany(ctx, kind, refs)
	if err != nil {
		return false, err
	}
	moved := false
	for i, data := range found {
		if data == nil {
			continue
		}
		var s struct {
			Rows map[string]json.RawMessage `json:"rows"`
		}
		if err := json.Unmarshal(data, &s); err != nil {
			return false, fmt.Errorf("boards: shard %s: %w", refs[i], err)
		}
		for agent, row := range s.Rows {
			if err := put(agent, row); err != nil {
				return false, err
			}
			moved = true
		}
	}
	return moved, nil
}
