package play

import (
	"encoding/binary"
	"errors"
	"time"
)

// record is what the service keeps of a match: the game's state and what
// the service itself must remember about it (the seed, whether the server
// picked it, which keeps it private until the end, and for a ranked match
// its ledger id, until when it may be played and how many of its actions
// are spent). Its bytes are
//
//	format (1 byte, currently 2) | flags (1 byte) | seed (8 bytes)
//	  [| ranked id (16 bytes) | deadline (8 bytes) | spent (uvarint)] | game state
//
// with flag bit 0 set when the server picked the seed, bit 1 for a ranked
// match, which carries the bracketed fields, and bits 2-3 the shape of
// the answers the caller asked for (see AnswerOption). Numbers of 8 bytes
// are little endian; the deadline is in unix seconds. The seed has a
// fixed width so that a token's length tells nothing of it; spent, the
// only number of varying width, is public.
//
// Format 1, which tokens made before ranked matches had a deadline carry,
// wrote the seed as a uvarint and had no deadline; it is still read, and
// its ranked matches have expired.
type record struct {
	seed   uint64
	picked bool
	ranked *rankedRef
	shape  shape
	state  []byte
}

// rankedRef places a ranked match's token in its ledger: the match's id,
// the moment from which its tokens are refused, and how many actions were
// spent before this token.
type rankedRef struct {
	id       [16]byte
	deadline time.Time
	spent    uint64
}

const (
	recordFormat   = 2
	recordFormatV1 = 1
	flagPicked     = 1
	flagRanked     = 2
	shapeShift     = 2
	flagsShape     = 3 << shapeShift
)

func (r *record) marshal() []byte {
	b := make([]byte, 2, 2+8+16+8+binary.MaxVarintLen64+len(r.state))
	b[0] = recordFormat
	if r.picked {
		b[1] |= flagPicked
	}
	b[1] |= byte(r.shape) << shapeShift
	b = binary.LittleEndian.AppendUint64(b, r.seed)
	if r.ranked != nil {
		b[1] |= flagRanked
		b = append(b, r.ranked.id[:]...)
		b = binary.LittleEndian.AppendUint64(b, uint64(r.ranked.deadline.Unix()))
		b = binary.AppendUvarint(b, r.ranked.spent)
	}
	return append(b, r.state...)
}

func (r *record) unmarshal(b []byte) error {
	if len(b) < 3 || (b[0] != recordFormat && b[0] != recordFormatV1) || b[1]&^(flagPicked|flagRanked|flagsShape) != 0 || shape(b[1]&flagsShape>>shapeShift) > shapeView {
		return errors.New("unknown record format")
	}
	format, flags := b[0], b[1]
	r.shape = shape(flags & flagsShape >> shapeShift)
	var seed uint64
	n := 8
	if format == recordFormatV1 {
		seed, n = binary.Uvarint(b[2:])
	} else if len(b) >= 2+8 {
		seed = binary.LittleEndian.Uint64(b[2:])
	} else {
		n = 0
	}
	if n <= 0 || seed > MaxSeed {
		return errors.New("bad seed in record")
	}
	r.seed, r.picked, b = seed, flags&flagPicked != 0, b[2+n:]
	r.ranked = nil
	if flags&flagRanked != 0 {
		rr := &rankedRef{}
		if len(b) < 16 {
			return errors.New("bad ranked id in record")
		}
		copy(rr.id[:], b)
		b = b[16:]
		if format == recordFormat {
			if len(b) < 8 {
				return errors.New("bad ranked deadline in record")
			}
			rr.deadline, b = time.Unix(int64(binary.LittleEndian.Uint64(b)), 0), b[8:]
		}
		spent, n := binary.Uvarint(b)
		if n <= 0 {
			return errors.New("bad ranked step in record")
		}
		rr.spent, b = spent, b[n:]
		r.ranked = rr
	}
	r.state = b
	return nil
}
