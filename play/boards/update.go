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
