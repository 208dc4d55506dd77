package play

import (
	"context"
	"time"
)

// Retention is how long the bundle keeps what it stores once nothing more
// can happen to it: a live match after its last action, a ranked ledger
// after the last moment its match could be played.
const Retention = 7 * 24 * time.Hour

// Store is where matches live between requests. A sealed token is one
// store (the ref is the token itself and nothing is kept server-side);
// a database is another, keyed by match id, with versions for conditional
// writes.
type Store interface {
	// Load answers the state saved under ref for a game, and its version.
	// A ref the store cannot resolve, or whose entry has expired, answers
	// an *Error of KindRequest.
	Load(ctx context.Context, game, ref string) (state []byte, version uint64, err error)
	// Save writes a game's state and answers the ref to load it by next.
	// An empty ref saves a new match under a ref the store picks. Version 0
	// with a ref creates the match under that ref, if no match has it (or
	// the one that had it has expired). Otherwise the write succeeds only
	// if the match is still at version, the one Load answered. A lost
	// race, or a ref already taken, answers an *Error with CodeConflict.
	// A create leaves the entry at version 1, a write at version v at v+1.
	// The entry expires at expires: from then on it loads as no entry, and
	// the store deletes it in time. The zero time never expires. A store
	// that keeps nothing (sealed tokens) ignores it.
	Save(ctx context.Context, game, ref string, state []byte, version uint64, expires time.Time) (next string, err error)
}

// ManyLoader is a Store that reads many matches in one round trip.
type ManyLoader interface {
	// LoadMany answers the states saved under refs, in order, nil for a
	// ref no match has (or whose entry has expired).
	LoadMany(ctx context.Context, game string, refs []string) ([][]byte, error)
}

// Clock tells the time to games whose rules read it.
type Clock func() time.Time
