package play

import (
	"context"
	"fmt"
	"strings"
)

// Indexer is a Store that keeps sorted indexes, a board's standings: each
// index holds members, each with a value and, when it is listed, a key;
// the listed members are read a page at a time in the order of their keys
// (bytewise), from a key on, so that a page costs its rows however many
// the index holds. Every database of the bundle keeps them: the memory
// store in a B-tree, bbolt in buckets of its own, DynamoDB in a global
// secondary index.
type Indexer interface {
	// Index holds member in index with value, listed under key (unlisted
	// when key is ""), in place of what it held before, if seq is above
	// the seq it was last given; an older or equal seq changes nothing, so
	// that writes told out of order, or twice, keep the latest. A member
	// stays held until it is held again; nothing expires.
	Index(ctx context.Context, index, member string, seq uint64, key string, value []byte) error
	// Scan answers up to limit of index's listed members whose keys sort
	// after after (from the first, for ""), in key order, and how many
	// members it holds and lists.
	Scan(ctx context.Context, index, after string, limit int) (IndexPage, error)
}

// IndexPage is a page of an index's listed members, and its counts.
type IndexPage struct {
	Items []IndexItem
	// Members counts the members the index holds, Listed those with a
	// key.
	Members, Listed int
}

// IndexItem is a listed member of an index: its name, key and value.
type IndexItem struct {
	Member, Key string
	Value       []byte
}

// The bounds of an index's names, keys and values, which every store
// holds its callers to (CheckIndex): within DynamoDB's 1,024 bytes of a
// sort key, and far within its item.
const (
	MaxIndexName  = 256
	MaxIndexValue = 4096
	MaxScan       = 1000
)

// CheckIndex refuses an index, member or key (an empty key is allowed)
// that is empty, longer than MaxIndexName or holds a zero byte (stores
// join them with one), and a value past MaxIndexValue, as an error of
// the program (no request names them).
func CheckIndex(index, member, key string, value []byte) error {
	for _, s := range []struct{ what, v string }{{"index", index}, {"member", member}, {"key", key}} {
		if (s.v == "" && s.what != "key") || len(s.v) > MaxIndexName || strings.IndexByte(s.v, 0) >= 0 {
			return fmt.Errorf("store: an index %s must be 1 to %d bytes without a zero byte, not %q", s.what, MaxIndexName, s.v)
		}
	}
	if len(value) > MaxIndexValue {
		return fmt.Errorf("store: an index value holds %d bytes, past %d", len(value), MaxIndexValue)
	}
	return nil
}

// CheckScan refuses a scan of an index name or from a key CheckIndex
// would refuse, or of a limit outside 1 to MaxScan.
func CheckScan(index, after string, limit int) error {
	if limit < 1 || limit > MaxScan {
		return fmt.Errorf("store: a scan answers 1 to %d members, not %d", MaxScan, limit)
	}
	return CheckIndex(index, "-", after, nil)
}
