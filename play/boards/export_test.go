package boards

import (
	"context"
	"encoding/json"
	"strconv"
	"sync"
)

// Fill writes rows straight into a board's index, from workers at once
// (so that a store that commits in groups takes them in groups), for
// benchmarks that need a board of many agents faster than their runs
// would make it.
func (b *Boards) Fill(ctx context.Context, game, board string, rows map[string]Row) error {
	type job struct {
		agent string
		row   Row
	}
	jobs := make(chan job)
	errs := make(chan error, 64)
	var wg sync.WaitGroup
	for range 64 {
		wg.Go(func() {
			for j := range jobs {
				r := j.row
				if err := writeRow(ctx, b.store, boardIndex(game, board), j.agent, seqOf(r.Since, r.Seq), standingKey(j.agent, r), r.Runs >= Listed, r); err != nil {
					select {
					case errs <- err:
					default:
					}
				}
			}
		})
	}
	for agent, r := range rows {
		jobs <- job{agent, r}
	}
	close(jobs)
	wg.Wait()
	select {
	case err := <-errs:
		return err
	default:
		return nil
	}
}

// FillShards writes rows into the shards an earlier server kept a board
// in (legacy.go).
func (b *Boards) FillShards(ctx context.Context, game, board string, rows map[string]Row) error {
	shards := make([]struct {
		Rows map[string]Row `json:"rows"`
	}, legacyShards)
	i := 0
	for agent, r := range rows {
		s := &shards[i%legacyShards]
		if s.Rows == nil {
			s.Rows = map[string]Row{}
		}
		s.Rows[agent] = r
		i++
	}
	for i, s := range shards {
		data, _ := json.Marshal(s)
		if _, err := b.store.Save(ctx, kindShard, ref(game, board, strconv.Itoa(i)), data, 0, b.clock().Add(Kept)); err != nil {
			return err
		}
	}
	return nil
}
