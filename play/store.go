package play

import (
	"context"
	"time"
)

// Retention is how long the bundle keeps what it stores once nothing more
// can happen to it: a live match after its last action, a ranked ledger
// after the last moment its match could be played.
const Retention = 7 * 24 * time.Hour

// Store is where entries live between requests, each under a kind and a
// ref: a game's matches (kind the game's slug, or its live matches'
// Rules.Kind), and the agents, their names, the boards' entries and
// shards, the rate counters and the MCP handles, each a kind of its own.
// A sealed token is one store (the ref is the token itself and nothing
// is kept server-side); a database is another, keyed by kind and ref,
// with versions for conditional writes (see Retry for the policy on a
// lost race).
type Store interface {
	// Load answers the entry saved under kind and ref, and its version.
	// A ref the store cannot resolve, or whose entry has expired, answers
	// an *Error of KindRequest.
	Load(ctx context.Context, kind, ref string) (state []byte, version uint64, err error)
	// Save writes an entry and answers the ref to load it by next. An
	// empty ref saves a new entry under a ref the store picks. Version 0
	// with a ref creates the entry under that ref, if no entry has it (or
	// the one that had it has expired). Otherwise the write succeeds only
	// if the entry is still at version, the one Load answered. A lost
	// race, or a ref already taken, answers an *Error with CodeConflict.
	// A create leaves the entry at version 1, a write at version v at v+1.
	// The entry expires at expires: from then on it loads as no entry, and
	// the store deletes it in time. The zero time never expires. A store
	// that keeps nothing (sealed tokens) ignores it.
	Save(ctx context.Context, kind, ref string, state []byte, version uint64, expires time.Time) (next string, err error)
}

// ManyLoader is a Store that reads many entries of a kind in one round
// trip.
type ManyLoader interface {
	// LoadMany answers the states saved under refs, in order, nil for a
	// ref no entry has (or whose entry has expired).
	LoadMany(ctx context.Context, kind string, refs []string) ([][]byte, error)
}

// Clock tells the time to games whose rules read it.
type Clock func() time.Time
