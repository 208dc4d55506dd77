package seal

import (
	"bytes"
	"encoding/base64"
	"strings"
	"testing"
)

// Two fixed secrets from /dev/urandom, in standard base64.
const (
	secretA = "mF68pkUX4uW9y08zlMUQ1OU2NXFhXYsdu+o8u5fBZSw="
	secretB = "57MqxF7mGxRIYu6y2JPV50X0xkB0vJwYmRTlFc4M65w="
)

func TestParseKeyring(t *testing.T) {
	urlA := strings.TrimRight(strings.NewReplacer("+", "-", "/", "_").Replace(secretA), "=")
	for _, spec := range []string{"1:" + secretA, "2:" + secretB + ", 1:" + secretA, "2:" + secretA + ",1:" + secretA, "0:" + urlA} {
		if _, err := ParseKeyring(spec); err != nil {
			t.Errorf("ParseKeyring(%q) = %v", spec, err)
		}
	}
}

// TestParseKeyringErrors: a refused spec is named by the position of its
// faulty key and the form expected, never by quoting it, since it may hold a
// secret anywhere, even where the id belongs.
func TestParseKeyringErrors(t *testing.T) {
	zero := base64.StdEncoding.EncodeToString(make([]byte, KeySize))
	tests := []struct {
		name, spec, secret, wantEntry string
	}{
		{"empty", "", secretB, "1st"},
		{"reversed", secretB + ":1", secretB, "1st"},
		{"no id", secretB, secretB, "1st"},
		{"empty id", ":" + secretB, secretB, "1st"},
		{"id out of range", "256:" + secretB, secretB, "1st"},
		{"secret not base64", "1:" + secretB + "!", secretB, "1st"},
		{"secret too long", "1:" + strings.TrimRight(secretB, "=") + "AAAA", secretB, "1st"},
		{"secret cut", "1:" + secretB[:40], secretB, "1st"},
		{"second key reversed", "1:" + secretA + "," + secretB + ":2", secretB, "2nd"},
		{"third key without id", "2:" + secretA + ",1:" + secretA + "," + secretB, secretB, "3rd"},
		{"repeated id", "1:" + secretB + ",1:" + secretB, secretB, "2nd"},
		{"weak secret", "2:" + secretA + ",1:" + zero, zero, "2nd"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseKeyring(tt.spec)
			if err == nil {
				t.Fatal("accepted")
			}
			msg := err.Error()
			for i := 0; i+8 <= len(tt.secret); i++ {
				if strings.Contains(msg, tt.secret[i:i+8]) {
					t.Fatalf("the error quotes the secret (%q): %s", tt.secret[i:i+8], msg)
				}
			}
			if !strings.Contains(msg, "the "+tt.wantEntry+" key") || !strings.Contains(msg, "id:base64") {
				t.Errorf("the error should name the %s key and the form id:base64: %s", tt.wantEntry, msg)
			}
		})
	}
}

// TestWeakKeys: a secret of few distinct byte values is refused with a way
// to make a good one; random secrets pass.
func TestWeakKeys(t *testing.T) {
	cycle := func(n int) []byte {
		b := make([]byte, KeySize)
		for i := range b {
			b[i] = byte(i % n * 37)
		}
		return b
	}
	tests := []struct {
		name   string
		secret []byte
		weak   bool
	}{
		{"all zero", make([]byte, KeySize), true},
		{"all 0x01", bytes.Repeat([]byte{1}, KeySize), true},
		{"all 0xff", bytes.Repeat([]byte{0xff}, KeySize), true},
		{"two values", cycle(2), true},
		{"seven values", cycle(7), true},
		{"eight values", cycle(8), false},
		{"random", NewRandomKey(1).Secret, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := NewKeyring(Key{ID: 1, Secret: tt.secret})
			switch {
			case tt.weak && err == nil:
				t.Fatal("accepted")
			case tt.weak && !strings.Contains(err.Error(), "head -c32 /dev/urandom | base64"):
				t.Errorf("the error should say how to make a key: %v", err)
			case !tt.weak && err != nil:
				t.Errorf("refused: %v", err)
			}
		})
	}
	for range 1000 {
		if _, err := NewKeyring(NewRandomKey(1)); err != nil {
			t.Fatalf("a random key was refused: %v", err)
		}
	}
}

func TestOrdinal(t *testing.T) {
	for n, want := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 102: "102nd", 111: "111th"} {
		if got := ordinal(n); got != want {
			t.Errorf("ordinal(%d) = %q, want %q", n, got, want)
		}
	}
}
