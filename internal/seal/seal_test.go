package seal

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"testing"
)

func ring(t testing.TB, keys ...Key) *Keyring {
	t.Helper()
	k, err := NewKeyring(keys...)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func TestRoundTrip(t *testing.T) {
	k := ring(t, NewRandomKey(1))
	for _, state := range [][]byte{nil, {0}, bytes.Repeat([]byte{7}, 1000)} {
		tok := k.Seal("tinrail", state)
		got, err := k.Open("tinrail", tok)
		if err != nil || !bytes.Equal(got, state) {
			t.Fatalf("Open(Seal(%d bytes)) = %d bytes, %v", len(state), len(got), err)
		}
	}
	if a, b := k.Seal("tinrail", []byte("x")), k.Seal("tinrail", []byte("x")); a == b {
		t.Error("two seals of one state are identical: the nonce is not fresh")
	}
}

func TestRefusals(t *testing.T) {
	old, current := NewRandomKey(1), NewRandomKey(2)
	k := ring(t, current, old)
	tok := k.Seal("tinrail", []byte("state"))
	raw, _ := base64.RawURLEncoding.DecodeString(tok)
	flip := func(i int) string {
		b := bytes.Clone(raw)
		b[i] ^= 1
		return base64.RawURLEncoding.EncodeToString(b)
	}
	otherSecret := NewRandomKey(2)
	tests := []struct {
		name, game, token string
		opener            *Keyring
		want              error
	}{
		{"empty", "tinrail", "", k, ErrMalformed},
		{"not base64", "tinrail", "!!!" + tok, k, ErrMalformed},
		{"padded base64", "tinrail", tok + "=", k, ErrMalformed},
		{"truncated", "tinrail", tok[:20], k, ErrMalformed},
		{"line break inside", "tinrail", tok[:10] + "\n" + tok[10:], k, ErrMalformed},
		{"carriage return after", "tinrail", tok + "\r", k, ErrMalformed},
		{"old format", "tinrail", flip(0), k, ErrFormat},
		{"unknown key id", "tinrail", flip(1) /* id 3 */, k, ErrUnknownKey},
		{"another key under the same id", "tinrail", tok, ring(t, otherSecret), ErrForged},
		{"another game", "brinebell", tok, k, ErrForged},
		{"one bit of the nonce", "tinrail", flip(5), k, ErrForged},
		{"one bit of the ciphertext", "tinrail", flip(len(raw) - 20), k, ErrForged},
		{"one bit of the tag", "tinrail", flip(len(raw) - 1), k, ErrForged},
		{"cut tag", "tinrail", base64.RawURLEncoding.EncodeToString(raw[:len(raw)-1]), k, ErrForged},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := tt.opener.Open(tt.game, tt.token); !errors.Is(err, tt.want) {
				t.Errorf("Open = %v, want %v", err, tt.want)
			}
		})
	}
}

// respell changes the last character of a token by flipping the bits of
// mask in the six it stands for.
func respell(token string, mask int) string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	last := strings.IndexByte(alphabet, token[len(token)-1])
	return token[:len(token)-1] + string(alphabet[last^mask])
}

// TestOneSpelling: a token opens only as Seal spelt it. Each character
// stands for six bits; when the token's bytes end partway through the last
// one, its unused low bits are zero, and setting any of them spells the same
// bytes another way, which Open must refuse.
func TestOneSpelling(t *testing.T) {
	k := ring(t, NewRandomKey(1))
	tests := []struct {
		stateLen, wantAlternates int
	}{
		{0, 0},  // 42 bytes: no unused bits
		{1, 15}, // 43 bytes: 4 unused bits
		{2, 3},  // 44 bytes: 2 unused bits
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%d-byte state", tt.stateLen), func(t *testing.T) {
			tok := k.Seal("tinrail", make([]byte, tt.stateLen))
			if _, err := k.Open("tinrail", tok); err != nil {
				t.Fatalf("the token as sealed: %v", err)
			}
			rawLen := (len(tok) * 6) / 8
			unused := len(tok)*6 - rawLen*8
			if alternates := 1<<unused - 1; alternates != tt.wantAlternates {
				t.Fatalf("%d bytes leave %d alternate spellings, want %d", rawLen, alternates, tt.wantAlternates)
			}
			for mask := 1; mask < 1<<unused; mask++ {
				alt := respell(tok, mask)
				if _, err := k.Open("tinrail", alt); !errors.Is(err, ErrMalformed) {
					t.Errorf("spelling ending %q instead of %q: Open = %v, want ErrMalformed", alt[len(alt)-1:], tok[len(tok)-1:], err)
				}
			}
		})
	}
}

func TestRotation(t *testing.T) {
	old, current := NewRandomKey(1), NewRandomKey(2)
	before := ring(t, old)
	after := ring(t, current, old)
	oldTok := before.Seal("tinrail", []byte("a"))
	if _, err := after.Open("tinrail", oldTok); err != nil {
		t.Fatalf("a rotated keyring must still open old tokens: %v", err)
	}
	newTok := after.Seal("tinrail", []byte("b"))
	if raw, _ := base64.RawURLEncoding.DecodeString(newTok); raw[1] != 2 {
		t.Errorf("sealed under key %d, want the newest key 2", raw[1])
	}
	if _, err := before.Open("tinrail", newTok); !errors.Is(err, ErrUnknownKey) {
		t.Errorf("a server without the new key answered %v", err)
	}
}

// FuzzOpen: Open never panics; it refuses anything but a token this keyring
// sealed with one of the package's errors, and what it accepts is spelt
// exactly as Seal spells it.
func FuzzOpen(f *testing.F) {
	k := ring(f, NewRandomKey(1))
	tok := k.Seal("tinrail", []byte("state"))
	f.Add(tok)
	f.Add(respell(tok, 1)) // 47 bytes leave the last character 2 unused bits
	f.Add(tok[:10] + "\r\n" + tok[10:])
	f.Add("")
	f.Add("AQE")
	f.Fuzz(func(t *testing.T, token string) {
		_, err := k.Open("tinrail", token)
		switch {
		case err == nil:
			raw, _ := base64.RawURLEncoding.DecodeString(token)
			if canonical := base64.RawURLEncoding.EncodeToString(raw); canonical != token {
				t.Fatalf("Open accepted %q, which Seal spells %q", token, canonical)
			}
		case !errors.Is(err, ErrMalformed) && !errors.Is(err, ErrFormat) &&
			!errors.Is(err, ErrUnknownKey) && !errors.Is(err, ErrForged):
			t.Fatalf("unexpected error %v", err)
		}
	})
}

func BenchmarkSeal(b *testing.B) {
	k := ring(b, NewRandomKey(1))
	state := make([]byte, 100)
	for b.Loop() {
		k.Seal("tinrail", state)
	}
}

func BenchmarkOpen(b *testing.B) {
	k := ring(b, NewRandomKey(1))
	tok := k.Seal("tinrail", make([]byte, 100))
	for b.Loop() {
		k.Open("tinrail", tok)
	}
}
