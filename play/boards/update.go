package boards

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/agentgames/bundle/play"
)

// update reads the entry kind keeps under key into a fresh *T (made by
// fresh, left as made when there is none), lets f change it, and saves it
// under the store's conditional write, playing it all again on a lost
// race (play.Retry). f answers whether to save. update answers whether the entry was
// new and was saved.
func update[T any](ctx context.Context, store play.Store, clock play.Clock, kind, key string, fresh func() *T, f func(*T) (bool, error)) (created bool, err error) {
	err = play.Retry(ctx, "the board is busy; try again", func() (bool, error) {
		data, version, err := store.Load(ctx, kind, key)
		v := fresh()
		switch {
		case err == nil:
			if err := json.Unmarshal(data, v); err != nil {
				return false, fmt.Errorf("boards: %s %s: %w", kind, key, err)
			}
		case play.IsCode(err, play.CodeNoMatch):
			version = 0
		default:
			return false, err
		}
		save, err := f(v)
		if err != nil || !save {
			return false, err
		}
		next, err := json.Marshal(v)
		if err != nil {
			return false, err
		}
		_, err = store.Save(ctx, kind, key, next, version, clock().Add(Kept))
		if play.IsCode(err, play.CodeConflict) {
			return true, nil
		}
		created = err == nil && version == 0
		return false, err
	})
	return created, err
}

// A sequenced row says how many times its entry changed, so that a shard
// keeps the latest copy of it.
type sequenced interface{ sequence() int64 }

// shard is one of a board's shards: rows by agent id.
type shard[R sequenced] struct {
	Rows map[string]R `json:"rows"`
}

// copyRow puts agent's row in shard i of a board unless the shard holds a
// later one.
func copyRow[R sequenced](ctx context.Context, store play.Store, clock play.Clock, kind, key, agent string, row R) error {
	_, err := update(ctx, store, clock, kind, key, func() *shard[R] { return &shard[R]{Rows: map[string]R{}} }, func(s *shard[R]) (bool, error) {
		if old, ok := s.Rows[agent]; ok && old.sequence() >= row.sequence() {
			return false, nil
		}
		s.Rows[agent] = row
		return true, nil
	})
	return err
}

// readShards reads a board's shards, refs, in one call to the store and
// answers their rows by agent.
func readShards[R sequenced](ctx context.Context, store play.Ledger, kind string, refs []string) (map[string]R, error) {
	found, err := store.LoadMany(ctx, kind, refs)
	if err != nil {
		return nil, err
	}
	rows := map[string]R{}
	for i, data := range found {
		if data == nil {
			continue
		}
		var s shard[R]
		if err := json.Unmarshal(data, &s); err != nil {
			return nil, fmt.Errorf("boards: shard %s: %w", refs[i], err)
		}
		for agent, r := range s.Rows {
			rows[agent] = r
		}
	}
	return rows, nil
}
