package seal

import (
	"bytes"
	"encoding/base64"
	"errors"
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

func TestParseKeyring(t *testing.T) {
	secret := base64.StdEncoding.EncodeToString(bytes.Repeat([]byte{9}, KeySize))
	good := []string{"1:" + secret, "2:" + secret + ", 1:" + secret, "0:" + strings.TrimRight(base64.URLEncoding.EncodeToString(bytes.Repeat([]byte{1}, KeySize)), "=")}
	for _, spec := range good {
		if _, err := ParseKeyring(spec); err != nil {
			t.Errorf("ParseKeyring(%q) = %v", spec, err)
		}
	}
	bad := []string{"", "1", "x:" + secret, "256:" + secret, "1:short", "1:" + secret + ",1:" + secret}
	for _, spec := range bad {
		if _, err := ParseKeyring(spec); err == nil {
			t.Errorf("ParseKeyring(%q) accepted", spec)
		}
	}
}

// FuzzOpen: any string is either refused with one of the package's errors or
// is a token this keyring sealed.
func FuzzOpen(f *testing.F) {
	k := ring(f, Key{ID: 1, Secret: bytes.Repeat([]byte{3}, KeySize)})
	f.Add(k.Seal("tinrail", []byte("state")))
	f.Add("")
	f.Add("AQE")
	f.Fuzz(func(t *testing.T, token string) {
		_, err := k.Open("tinrail", token)
		if err != nil && !errors.Is(err, ErrMalformed) && !errors.Is(err, ErrFormat) &&
			!errors.Is(err, ErrUnknownKey) && !errors.Is(err, ErrForged) {
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
