package protocol

import (
	"encoding/base64"
	"testing"
)

// TestFlipBit: flipBit changes one character of a token into another of
// the base64url alphabet, and the bytes the token decodes to, wherever the
// character sits (the last one's spare bits included).
func TestFlipBit(t *testing.T) {
	t.Parallel()
	for _, n := range []int{30, 31, 32, 33} {
		raw := make([]byte, n)
		for i := range raw {
			raw[i] = byte(i*37 + 11)
		}
		token := base64.RawURLEncoding.EncodeToString(raw)
		for i := range token {
			flipped := flipBit(token, i)
			if len(flipped) != len(token) || flipped[:i] != token[:i] || flipped[i+1:] != token[i+1:] || flipped[i] == token[i] {
				t.Fatalf("flipBit(%q, %d) = %q: not one character changed", token, i, flipped)
			}
			got, err := base64.RawURLEncoding.Strict().DecodeString(flipped)
			if err != nil {
				t.Fatalf("flipBit(%q, %d) = %q: not base64url: %v", token, i, flipped, err)
			}
			if string(got) == string(raw) {
				t.Errorf("flipBit(%q, %d) = %q decodes to the same bytes", token, i, flipped)
			}
		}
	}
}
