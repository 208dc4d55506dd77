package live

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/agentgames/bundle/play"
)

// A table whose record grows with its match (a live Tron match's moves,
// a byte a round) would have every request write the whole record again.
// A Chunked table seals the part of its record that can no longer change
// in chunks, which the store keeps apart from the match, each written
// once, by the request whose change seals it: the match then holds what
// it has now and the record's newest part, so a request writes the same
// bytes at round 3,000 as at round 10.
//
// A chunk is sealed only once it lies well behind the rounds a request
// may resolve, so every request that seals it, racing or retried, writes
// the same bytes: a second write finds it there and leaves it. Chunks are
// named after their match's code, its creation and their place, so a
// match dealt later under a code an expired one had finds none of its
// chunks. They outlive their match: each is written to expire a
// play.Retention after the match would, and when the match's expiry
// passes theirs, every chunk is written again to expire later (once a
// Retention at most). Reading a match its server does not keep decoded
// reads its chunks too, in one round trip where the store can.

// Chunked is a Table whose record grows with its match in chunks.
type Chunked interface {
	Table
	// Sealed are the chunks of the record that can no longer change, in
	// order: AppendBinary leaves them out, and Restore takes them back.
	// A chunk, once sealed, is the same bytes in every copy of the match.
	Sealed() [][]byte
}

// chunkKind is the store's kind for the chunks of the rules' matches.
func (s *Server) chunkKind() string { return s.rules.Kind() + ".chunk" }

// chunkRef names chunk i of match m.
func chunkRef(m *Match, i int) string {
	return m.Code + "." + strconv.FormatInt(m.Created, 10) + "." + strconv.Itoa(i)
}

// storeChunks writes the chunks m's table has sealed that the store does
// not hold yet, and keeps every chunk from expiring before m, which
// expires at expires; m then counts them. It is done before m is saved,
// so that a saved match never counts a chunk the store lacks.
func (s *Server) storeChunks(ctx context.Context, m *Match, expires time.Time) error {
	c, ok := m.Table.(Chunked)
	if !ok {
		return nil
	}
	sealed := c.Sealed()
	if len(sealed) == 0 {
		return nil
	}
	from := m.Chunks
	if expires.UnixMilli() > m.ChunksExpire {
		m.ChunksExpire, from = expires.Add(play.Retention).UnixMilli(), 0 // every chunk expires later
	}
	until := time.UnixMilli(m.ChunksExpire)
	for i := from; i < len(sealed); i++ {
		if err := s.putChunk(ctx, chunkRef(m, i), sealed[i], until, i < m.Chunks); err != nil {
			return fmt.Errorf("live: match %s: chunk %d: %w", m.Code, i, err)
		}
	}
	m.Chunks = len(sealed)
	return nil
}

// putChunk writes a chunk to expire at until: a new one once (a chunk
// already there is the same bytes), one stored already over itself.
func (s *Server) putChunk(ctx context.Context, ref string, chunk []byte, until time.Time, stored bool) error {
	var version uint64
	if stored {
		var err error
		if _, version, err = s.store.Load(ctx, s.chunkKind(), ref); err != nil {
			return err
		}
	}
	_, err := s.store.Save(ctx, s.chunkKind(), ref, chunk, version, until)
	if play.IsCode(err, play.CodeConflict) {
		return nil // written already: by a request that raced this one, or tried before
	}
	return err
}

// loadChunks reads the chunks the store keeps of m.
func (s *Server) loadChunks(ctx context.Context, m *Match) ([][]byte, error) {
	if m.Chunks == 0 {
		return nil, nil
	}
	refs := make([]string, m.Chunks)
	for i := range refs {
		refs[i] = chunkRef(m, i)
	}
	var chunks [][]byte
	if many, ok := s.store.(play.ManyLoader); ok {
		var err error
		if chunks, err = many.LoadMany(ctx, s.chunkKind(), refs); err != nil {
			return nil, err
		}
	} else {
		for _, ref := range refs {
			chunk, _, err := s.store.Load(ctx, s.chunkKind(), ref)
			if err != nil {
				return nil, err
			}
			chunks = append(chunks, chunk)
		}
	}
	for i, c := range chunks {
		if c == nil {
			return nil, fmt.Errorf("live: match %s: chunk %d of %d is missing", m.Code, i, m.Chunks)
		}
	}
	return chunks, nil
}
