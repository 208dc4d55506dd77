package play

import (
	"encoding/binary"
	"errors"
)

// record is what the service keeps of a match: the game's state and what
// the service itself must remember about it (the seed, whether the server
// picked it, which keeps it private until the end, and for a ranked match
// its ledger id and how many of its actions are spent). Its bytes are
//
//	format (1 byte, currently 1) | flags (1 byte) | seed (uvarint)
//	  [| ranked id (16 bytes) | spent (uvarint)] | game state
//
// with flag bit 0 set when the server picked the seed, bit 1 for a ranked
// match, which carries the bracketed fields, and bits 2-3 the shape of
// the answers the caller asked for (see AnswerOption).
type record struct {
	seed   uint64
	picked bool
	ranked *rankedRef
	shape  shape
	state  []byte
}

// rankedRef places a ranked match's token in its ledger: the match's id,
// and how many actions were spent before this token.
type rankedRef struct {
	id    [16]byte
	spent uint64
}

const (
	recordFormat = 1
	flagPicked   = 1
	flagRanked   = 2
	shapeShift   = 2
	flagsShape   = 3 << shapeShift
)

func (r *record) marshal() []byte {
	b := make([]byte, 2, 2+binary.MaxVarintLen64*2+16+len(r.state))
	b[0] = recordFormat
	if r.picked {
		b[1] |= flagPicked
	}
	b[1] |= byte(r.shape) << shapeShift
	b = binary.AppendUvarint(b, r.seed)
	if r.ranked != nil {
		b[1] |= flagRanked
		b = append(b, r.ranked.id[:]...)
		b = binary.AppendUvarint(b, r.ranked.spent)
	}
	return append(b, r.state...)
}

func (r *record) unmarshal(b []byte) error {
	if len(b) < 3 || b[0] != recordFormat || b[1]&^(flagPicked|flagRanked|flagsShape) != 0 || shape(b[1]&flagsShape>>shapeShift) > shapeView {
		return errors.New("unknown record format")
	}
	flags := b[1]
	r.shape = shape(flags & flagsShape >> shapeShift)
	seed, n := binary.Uvarint(b[2:])
	if n <= 0 || seed > MaxSeed {
		return errors.New("bad seed in record")
	}
	r.seed, r.picked, b = seed, flags&flagPicked != 0, b[2+n:]
	r.ranked = nil
	if flags&flagRanked != 0 {
		if len(b) < 17 {
			return errors.New("bad ranked id in record")
		}
		rr := &rankedRef{}
		copy(rr.id[:], b)
		spent, n := binary.Uvarint(b[16:])
		if n <= 0 {
			return errors.New("bad ranked step in record")
		}
		rr.spent, b = spent, b[16+n:]
		r.ranked = rr
	}
	r.state = b
	return nil
}
