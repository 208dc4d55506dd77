package play

import (
	"encoding/binary"
	"errors"
)

// record is what the service keeps of a match: the game's state and what
// the service itself must remember about it (the seed, and whether the
// server picked it, which keeps it private until the end). Its bytes are
//
//	format (1 byte, currently 1) | flags (1 byte) | seed (uvarint) | game state
//
// with flag bit 0 set when the server picked the seed.
type record struct {
	seed   uint64
	picked bool
	state  []byte
}

const (
	recordFormat = 1
	flagPicked   = 1
)

func (r *record) marshal() []byte {
	b := make([]byte, 2, 2+binary.MaxVarintLen64+len(r.state))
	b[0] = recordFormat
	if r.picked {
		b[1] |= flagPicked
	}
	b = binary.AppendUvarint(b, r.seed)
	return append(b, r.state...)
}

func (r *record) unmarshal(b []byte) error {
	if len(b) < 3 || b[0] != recordFormat || b[1]&^flagPicked != 0 {
		return errors.New("unknown record format")
	}
	seed, n := binary.Uvarint(b[2:])
	if n <= 0 || seed > MaxSeed {
		return errors.New("bad seed in record")
	}
	r.seed, r.picked, r.state = seed, b[1]&flagPicked != 0, b[2+n:]
	return nil
}
