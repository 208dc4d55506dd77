package tron

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// stateFormat is the version byte that starts every encoded state;
// stateFormatV1, whose seed was a uvarint, is still read.
const (
	stateFormat   = 2
	stateFormatV1 = 1
)

// ErrBadState is wrapped by every UnmarshalBinary failure.
var ErrBadState = errors.New("tron: bad state encoding")

// MarshalBinary encodes the match as its setup and its moves, not its
// grid:
//
//	format | seed (8 bytes, little endian) | width | height | players |
//	rounds (uvarint) | the moves, 2 bits each (x+ 0, x- 1, y+ 2, y- 3),
//	packed from the low bits up, round by round, for the cycles alive at
//	the start of each round
//
// The seed, the one hidden value, has a fixed width; the rounds and the
// moves, whose count varies, are public, so an encoding's length tells
// nothing hidden.
//
// A move grows a trail or ends it, and erased trails free their cells: at
// the start of round r the k living trails hold k*r cells, so a match holds
// at most about 1.58 x width x height moves: under 4 KB at 100x100, and
// 2 to 2.7 KB for the longest matches bots play there.
func (s *State) MarshalBinary() ([]byte, error) {
	if s.putOut {
		return nil, errors.New("tron: a match where a cycle was put out does not encode")
	}
	if s.restored {
		return nil, errors.New("tron: a match read from a snapshot does not encode: its moves are not kept")
	}
	b := []byte{stateFormat}
	b = binary.LittleEndian.AppendUint64(b, s.seed)
	b = append(b, byte(s.width), byte(s.height), byte(s.players))
	b = binary.AppendUvarint(b, uint64(len(s.moves)))
	var acc byte
	n := 0
	alive := [MaxPlayers]bool{}
	for p := range s.players {
		alive[p] = true
	}
	for r, m := range s.moves {
		for p := range s.players {
			if !alive[p] {
				continue
			}
			acc |= byte(m[p]) << (2 * (n % 4))
			if n++; n%4 == 0 {
				b, acc = append(b, acc), 0
			}
		}
		for p := range s.players {
			if alive[p] && s.died[p] == r+1 {
				alive[p] = false
			}
		}
	}
	if n%4 != 0 {
		b = append(b, acc)
	}
	return b, nil
}

// UnmarshalBinary decodes a state written by MarshalBinary, or in format 1
// (the seed as a canonical uvarint, the rest alike), by playing its moves
// again. Any other byte string, including moves past the end of the match
// or stray bits, answers an error wrapping ErrBadState and leaves s
// unchanged.
func (s *State) UnmarshalBinary(data []byte) error {
	if len(data) < 1 || (data[0] != stateFormat && data[0] != stateFormatV1) {
		return fmt.Errorf("%w: unknown format", ErrBadState)
	}
	seed, n := readSeed(data)
	pos := 1 + n
	if n == 0 || len(data) < pos+3 {
		return fmt.Errorf("%w: truncated", ErrBadState)
	}
	m, err := New(seed, int(data[pos]), int(data[pos+1]), int(data[pos+2]))
	if err != nil {
		return fmt.Errorf("%w: %v", ErrBadState, err)
	}
	pos += 3
	rounds, n := binary.Uvarint(data[pos:])
	if n <= 0 || n != len(binary.AppendUvarint(nil, rounds)) || rounds > MaxSide*MaxSide {
		return fmt.Errorf("%w: bad round count", ErrBadState)
	}
	bits, k := data[pos+n:], 0
	for range rounds {
		if m.Over() {
			return fmt.Errorf("%w: moves after the end", ErrBadState)
		}
		var moves [MaxPlayers]Dir
		for p := range m.players {
			if !m.alive[p] {
				continue
			}
			if k/4 >= len(bits) {
				return fmt.Errorf("%w: truncated moves", ErrBadState)
			}
			moves[p] = Dir(bits[k/4] >> (2 * (k % 4)) & 3)
			k++
		}
		m.Play(moves)
	}
	if (k+3)/4 != len(bits) || (k%4 != 0 && bits[len(bits)-1]>>(2*(k%4)) != 0) {
		return fmt.Errorf("%w: stray bytes or bits", ErrBadState)
	}
	*s = *m
	return nil
}

// readSeed reads the seed that follows the format byte: 8 bytes, or in
// format 1 a canonical uvarint. It answers the seed and the bytes it took,
// 0 when they are missing or malformed.
func readSeed(data []byte) (uint64, int) {
	if data[0] == stateFormatV1 {
		seed, n := binary.Uvarint(data[1:])
		if n <= 0 || n != len(binary.AppendUvarint(nil, seed)) {
			return 0, 0
		}
		return seed, n
	}
	if len(data) < 1+8 {
		return 0, 0
	}
	return binary.LittleEndian.Uint64(data[1:]), 8
}
