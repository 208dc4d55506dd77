package seal

import (
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/crypto/chacha20poly1305"
)

// KeySize is the length of a key in bytes.
const KeySize = chacha20poly1305.KeySize

// minDistinctBytes is the fewest distinct byte values a key may hold. A
// random key holds fewer with probability below 2^-120; a key typed by hand
// or filled with one byte, zero included, holds fewer.
const minDistinctBytes = 8

// Keyring holds the keys that open tokens and names the one that seals.
type Keyring struct {
	newest byte
	aeads  [256]cipher.AEAD
}

// Key is one key and its id.
type Key struct {
	ID     byte
	Secret []byte
}

// NewKeyring builds a keyring. The first key seals; every key opens. It
// refuses a weak key: one with fewer than 8 distinct byte values, as a key
// typed by hand or filled with one byte is. Its errors name the faulty key
// by position and never quote it.
func NewKeyring(keys ...Key) (*Keyring, error) {
	if len(keys) == 0 {
		return nil, errors.New("seal: a keyring needs at least one key")
	}
	k := &Keyring{newest: keys[0].ID}
	for i, key := range keys {
		if k.aeads[key.ID] != nil {
			return nil, keyError(i, "has the same id as an earlier key")
		}
		aead, err := chacha20poly1305.NewX(key.Secret)
		if err != nil {
			return nil, keyError(i, fmt.Sprintf("has a secret that is not %d bytes", KeySize))
		}
		if weak(key.Secret) {
			return nil, keyError(i, fmt.Sprintf("has a weak secret, with fewer than %d distinct byte values (make one with: head -c32 /dev/urandom | base64)", minDistinctBytes))
		}
		k.aeads[key.ID] = aead
	}
	return k, nil
}

// ParseKeyring reads keys written as comma-separated "id:base64" pairs,
// newest first, each secret 32 bytes in standard or URL base64; for example
// "2:3q2+7w...,1:AAEC...". Its errors name the faulty key by position and
// never quote the spec, which holds secrets and may be mistyped.
func ParseKeyring(spec string) (*Keyring, error) {
	var keys []Key
	for part := range strings.SplitSeq(spec, ",") {
		i := len(keys)
		idText, secretText, ok := strings.Cut(strings.TrimSpace(part), ":")
		if !ok {
			return nil, keyError(i, "has no colon between id and secret")
		}
		id, err := strconv.ParseUint(idText, 10, 8)
		if err != nil {
			return nil, keyError(i, "has an id that is not a number from 0 to 255")
		}
		secret, err := decodeSecret(secretText)
		if err != nil || len(secret) != KeySize {
			return nil, keyError(i, fmt.Sprintf("has a secret that is not %d bytes in base64", KeySize))
		}
		keys = append(keys, Key{ID: byte(id), Secret: secret})
	}
	return NewKeyring(keys...)
}

// keyError says what is wrong with the key at index i, and the form
// expected, without quoting the key: errors end up in logs.
func keyError(i int, problem string) error {
	return fmt.Errorf("seal: the %s key %s; write each key as id:base64, an id from 0 to 255 and a %d-byte secret, keys comma-separated, newest first",
		ordinal(i+1), problem, KeySize)
}

// ordinal writes n as "1st", "2nd", "3rd", "4th", ..., "11th", ..., "21st".
func ordinal(n int) string {
	suffix := "th"
	if n%100/10 != 1 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return strconv.Itoa(n) + suffix
}

// weak reports whether secret holds fewer than minDistinctBytes distinct
// byte values.
func weak(secret []byte) bool {
	var seen [256]bool
	distinct := 0
	for _, b := range secret {
		if !seen[b] {
			seen[b] = true
			distinct++
		}
	}
	return distinct < minDistinctBytes
}

func decodeSecret(s string) ([]byte, error) {
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding, base64.RawStdEncoding, base64.RawURLEncoding} {
		if b, err := enc.DecodeString(s); err == nil {
			return b, nil
		}
	}
	return nil, errors.New("not base64")
}

// NewRandomKey makes a fresh random key with the given id, for a server
// that has no key configured or for generating one to configure.
func NewRandomKey(id byte) Key {
	secret := make([]byte, KeySize)
	rand.Read(secret)
	return Key{ID: id, Secret: secret}
}
