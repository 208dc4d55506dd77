// Package seal turns a game's private state into an opaque token and back.
//
// A token is the unpadded base64url encoding of
//
//	format (1 byte, currently 1) | key id (1 byte) | nonce (24 bytes) | ciphertext and tag
//
// sealed with XChaCha20-Poly1305. The additional data is the format, the key
// id and the game's slug, so a token opens only for the game that made it.
// Nonces are random: 192 bits make collisions negligible however many
// instances seal under one key, with no coordination between them.
//
// A Keyring holds every key that may open tokens, each under a one-byte id;
// new tokens are sealed under its newest key, so a key is rotated by adding
// a new one first and removing the old one once its tokens have expired from
// use.
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

// Format is the token format this package writes.
const Format = 1

const headerLen = 2

// Errors that Open answers. Each says why a token was refused.
var (
	// ErrMalformed: not base64url, or too short to be a token.
	ErrMalformed = errors.New("the state token is not a token: expected the base64url string a previous answer carried")
	// ErrFormat: a token of a format this server does not read.
	ErrFormat = errors.New("the state token has an unsupported format version")
	// ErrUnknownKey: sealed under a key this server does not hold.
	ErrUnknownKey = errors.New("the state token was sealed under a key this server does not hold")
	// ErrForged: the token does not authenticate: changed, cut, made for
	// another game, or sealed under another key with the same id.
	ErrForged = errors.New("the state token failed authentication: it was altered, or made for another game or key")
)

// KeySize is the length of a key in bytes.
const KeySize = chacha20poly1305.KeySize

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

// NewKeyring builds a keyring. The first key seals; every key opens.
func NewKeyring(keys ...Key) (*Keyring, error) {
	if len(keys) == 0 {
		return nil, errors.New("seal: a keyring needs at least one key")
	}
	k := &Keyring{newest: keys[0].ID}
	for _, key := range keys {
		if k.aeads[key.ID] != nil {
			return nil, fmt.Errorf("seal: key id %d appears twice", key.ID)
		}
		aead, err := chacha20poly1305.NewX(key.Secret)
		if err != nil {
			return nil, fmt.Errorf("seal: key %d: %w", key.ID, err)
		}
		k.aeads[key.ID] = aead
	}
	return k, nil
}

// ParseKeyring reads keys written as comma-separated "id:base64" pairs,
// newest first, each secret 32 bytes in standard or URL base64; for example
// "2:3q2+7w...,1:AAEC...".
func ParseKeyring(spec string) (*Keyring, error) {
	var keys []Key
	for part := range strings.SplitSeq(spec, ",") {
		idText, secretText, ok := strings.Cut(strings.TrimSpace(part), ":")
		if !ok {
			return nil, errors.New(`seal: each key must be written "id:base64secret"`)
		}
		id, err := strconv.ParseUint(idText, 10, 8)
		if err != nil {
			return nil, fmt.Errorf("seal: key id %q is not a number from 0 to 255", idText)
		}
		secret, err := decodeSecret(secretText)
		if err != nil || len(secret) != KeySize {
			return nil, fmt.Errorf("seal: key %d must be %d bytes in base64", id, KeySize)
		}
		keys = append(keys, Key{ID: byte(id), Secret: secret})
	}
	return NewKeyring(keys...)
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

// Seal encrypts a game's state under the newest key.
func (k *Keyring) Seal(game string, state []byte) string {
	aead := k.aeads[k.newest]
	buf := make([]byte, headerLen+aead.NonceSize(), headerLen+aead.NonceSize()+len(state)+aead.Overhead())
	buf[0], buf[1] = Format, k.newest
	nonce := buf[headerLen:]
	rand.Read(nonce)
	sealed := aead.Seal(buf, nonce, state, additionalData(buf[:headerLen], game))
	return base64.RawURLEncoding.EncodeToString(sealed)
}

// Open decrypts and authenticates a token made by Seal for the same game.
// It answers one of the package's errors for anything else.
func (k *Keyring) Open(game, token string) ([]byte, error) {
	raw, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil || len(raw) < headerLen+chacha20poly1305.NonceSizeX+chacha20poly1305.Overhead {
		return nil, ErrMalformed
	}
	if raw[0] != Format {
		return nil, ErrFormat
	}
	aead := k.aeads[raw[1]]
	if aead == nil {
		return nil, ErrUnknownKey
	}
	nonce := raw[headerLen : headerLen+aead.NonceSize()]
	state, err := aead.Open(nil, nonce, raw[headerLen+aead.NonceSize():], additionalData(raw[:headerLen], game))
	if err != nil {
		return nil, ErrForged
	}
	return state, nil
}

func additionalData(header []byte, game string) []byte {
	return append(append(make([]byte, 0, len(header)+len(game)), header...), game...)
}
