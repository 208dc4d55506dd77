package boards

import (
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"

	"github.com/agentgames/bundle/play"
)

// A board stays sorted as runs land: every agent's row is a member of the
// board's index in the store (play.Indexer), listed under a key that
// sorts as the board does, and written after the agent's entry, so that a
// page of a board is one scan from a key, whatever the number of agents
// and wherever the page starts. The index counts its members (the board's
// listed and unlisted agents) as it goes. A row is written with its
// entry's seq, so that two writes of one agent's row that arrive out of
// order keep the latest; an entry made anew (its last expired) starts
// from the second it was made, above any seq of the one before.

// Page is the page of a board a request asks for: Limit lines from the
// one after After (the Next of an earlier page), or, without After, from
// the Offset'th (0 the best; at most MaxOffset).
type Page struct {
	Offset int
	After  string
	Limit  int
}

// FirstPage is the page a request that says nothing asks for.
var FirstPage = Page{Limit: DefaultLimit}

// seqOf is the seq an entry's row is indexed with: the second its entry
// was made, then its count of changes.
func seqOf(since, seq int64) uint64 { return uint64(since)<<32 | uint64(seq)&math.MaxUint32 }

// descending encodes f as 16 hex digits that sort bytewise from the
// greatest f to the least.
func descending(f float64) string {
	bits := math.Float64bits(f)
	if bits>>63 == 1 {
		bits = ^bits
	} else {
		bits |= 1 << 63
	}
	return fmt.Sprintf("%016x", ^bits)
}

// standingKey is the key of an agent's row on a board: the best mean
// first (rounded, as the board shows it), then the most runs, then the
// agent's id.
func standingKey(agent string, r Row) string {
	return descending(round(float64(r.Sum)/float64(r.Runs))) + fmt.Sprintf("%016x", ^uint64(r.Runs)) + agent
}

// ratingKey is the key of a line of a board of ratings: the best ordinal
// first (rounded), then the agent's id or the bot's name.
func ratingKey(name string, ordinal float64) string { return descending(round(ordinal)) + name }

// next is the cursor of the page after the line of rank that has key.
func next(rank int, key string) string {
	b := binary.AppendUvarint(nil, uint64(rank))
	return base64.RawURLEncoding.EncodeToString(append(b, key...))
}

// readCursor reads a page's After into the rank and key of the line
// before it.
func readCursor(after string) (rank int, key string, err error) {
	bad := play.Errorf(play.CodeInvalidRequest, "after must be the next of an earlier page of the board, as it answered it")
	b, err := base64.RawURLEncoding.DecodeString(after)
	if err != nil || len(after) > 2*play.MaxIndexName {
		return 0, "", bad
	}
	r, n := binary.Uvarint(b)
	if n <= 0 || r == 0 || r > math.MaxInt32 || len(b) == n || play.CheckScan("-", string(b[n:]), 1) != nil {
		return 0, "", bad
	}
	return int(r), string(b[n:]), nil
}

// scan reads page p of index: the lines it answers (one more, when there
// are more, to tell), the rank of the line before them, and the index's
// counts. A page from an offset reads the lines before it too, at most
// MaxOffset.
func scan(ctx context.Context, store play.Indexer, index string, p Page) (items []play.IndexItem, before int, counts play.IndexPage, err error) {
	after, want := "", p.Offset+p.Limit+1
	if p.After != "" {
		if before, after, err = readCursor(p.After); err != nil {
			return nil, 0, counts, err
		}
		want = p.Limit + 1
	}
	for len(items) < want {
		ask := min(want-len(items), play.MaxScan)
		page, err := store.Scan(ctx, index, after, ask)
		if err != nil {
			return nil, 0, counts, err
		}
		counts, items = page, append(items, page.Items...)
		if len(page.Items) < ask {
			break
		}
		after = items[len(items)-1].Key
	}
	if p.After == "" {
		before = p.Offset
		items = items[min(p.Offset, len(items)):]
	}
	return items, before, counts, nil
}

// writeRow indexes row as agent's on a board, with the entry's seq: listed
// under key when listed, held unlisted otherwise.
func writeRow(ctx context.Context, store play.Indexer, index, agent string, seq uint64, key string, listed bool, row any) error {
	value, err := json.Marshal(row)
	if err != nil {
		return err
	}
	if !listed {
		key = ""
	}
	return store.Index(ctx, index, agent, seq, key, value)
}

// boardIndex and ratingIndex name the index of a board, and of a board
// of ratings.
func boardIndex(game, board string) string { return "board/" + ref(game, board) }

func ratingIndex(game, board string) string { return "rating/" + ref(game, board) }

// pageOf answers the items of a page, but the one past its limit, and the
// next page's cursor (empty when it is the last), of lines ranked from
// before+1; key is each item's key.
func pageOf[T any](items []T, limit, before int, key func(T) string) ([]T, string) {
	if len(items) <= limit {
		return items, ""
	}
	items = items[:limit]
	return items, next(before+limit, key(items[limit-1]))
}
