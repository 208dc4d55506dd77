package egress

import (
	"context"
	"sync"
)

// keyLocks lets one call at a time go to each key (a bot), the others
// waiting their turn; a key no call holds or waits on is forgotten.
type keyLocks struct {
	mu    sync.Mutex
	locks map[string]*keyLock
}

// keyLock is a key's turn, and how many calls hold or wait for it.
type keyLock struct {
	turn  chan struct{}
	users int
}

func newKeyLocks() *keyLocks { return &keyLocks{locks: map[string]*keyLock{}} }

// lock waits for key's turn, within ctx, and answers how to give it
// back.
func (k *keyLocks) lock(ctx context.Context, key string) (func(), error) {
	k.mu.Lock()
	l := k.locks[key]
	if l == nil {
		l = &keyLock{turn: make(chan struct{}, 1)}
		k.locks[key] = l
	}
	l.users++
	k.mu.Unlock()
	done := func() {
		k.mu.Lock()
		if l.users--; l.users == 0 {
			delete(k.locks, key)
		}
		k.mu.Unlock()
	}
	select {
	case l.turn <- struct{}{}:
		return func() { <-l.turn; done() }, nil
	case <-ctx.Done():
		done()
		return nil, ctx.Err()
	}
}
