package tinrail_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/agentgames/bundle/engines/tinrail"
)

// FuzzUnmarshalBinary: any byte string either decodes to a state that
// re-encodes to the same bytes and can be played, G-Bot replying, without
// panicking, or is refused with ErrBadState.
func FuzzUnmarshalBinary(f *testing.F) {
	for seed := range uint64(4) {
		s := tinrail.New(seed, tinrail.Opponent(seed%2))
		b, _ := s.MarshalBinary()
		f.Add(b)
		s.Place(0, 1)
		if !s.Over() {
			reply(f, s)
		}
		b, _ = s.MarshalBinary()
		f.Add(b)
	}
	f.Add([]byte{})
	f.Add([]byte{tinrail.StateFormat})
	f.Fuzz(func(t *testing.T, data []byte) {
		var s tinrail.State
		if err := s.UnmarshalBinary(data); err != nil {
			if !errors.Is(err, tinrail.ErrBadState) {
				t.Fatalf("error %v does not wrap ErrBadState", err)
			}
			return
		}
		again, _ := s.MarshalBinary()
		if !bytes.Equal(again, data) {
			t.Fatalf("decoded state re-encodes differently")
		}
		for i := range 3 {
			if _, err := s.Place(i%tinrail.HandSize, i); err != nil || s.Over() {
				continue
			}
			reply(t, &s)
		}
	})
}
