package tinrail

import (
	"bytes"
	"errors"
	"testing"
)

// FuzzUnmarshalBinary: any byte string either decodes to a state that
// re-encodes to the same bytes and can be played without panicking, or is
// refused with ErrBadState.
func FuzzUnmarshalBinary(f *testing.F) {
	for seed := range uint64(4) {
		s := New(seed, Opponent(seed%2))
		b, _ := s.MarshalBinary()
		f.Add(b)
		s.Play(0, 1)
		b, _ = s.MarshalBinary()
		f.Add(b)
	}
	f.Add([]byte{})
	f.Add([]byte{stateFormat})
	f.Fuzz(func(t *testing.T, data []byte) {
		var s State
		if err := s.UnmarshalBinary(data); err != nil {
			if !errors.Is(err, ErrBadState) {
				t.Fatalf("error %v does not wrap ErrBadState", err)
			}
			return
		}
		again, _ := s.MarshalBinary()
		if !bytes.Equal(again, data) {
			t.Fatalf("decoded state re-encodes differently")
		}
		for i := range 3 {
			s.Play(i%HandSize, i)
		}
	})
}
