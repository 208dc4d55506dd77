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
	"crypto/rand"
	"encoding/base64"
	"errors"

	"golang.org/x/crypto/chacha20poly1305"
)

// Format is the token format this package writes.
const Format = 1

const headerLen = 2

// encoding spells tokens. Being strict, it refuses nonzero unused bits in the
// last character, so each token has one spelling; Open refuses the line
// breaks that even a strict decoder skips.
var encoding = base64.RawURLEncoding.Strict()

// Errors that Open answers. Each says why a token was refused.
var (
	// ErrMalformed: not unpadded base64url in its one canonical spelling, or
	// too short to be a token.
	ErrMalformed = errors.New("the state token is not a token: expected the base64url string a previous answer carried")
	// ErrFormat: a token of a format this server does not read.
	ErrFormat = errors.New("the state token has an unsupported format version")
	// ErrUnknownKey: sealed under a key this server does not hold.
	ErrUnknownKey = errors.New("the state token was sealed under a key this server does not hold")
	// ErrForged: the token does not authenticate: changed, cut, made for
	// another game, or sealed under another key with the same id.
	ErrForged = errors.New("the state token failed authentication: it was altered, or made for another game or key")
)

// Seal encrypts a game's state under the newest key.
func (k *Keyring) Seal(game string, state []byte) string {
	aead := k.aeads[k.newest]
	buf := make([]byte, headerLen+aead.NonceSize(), headerLen+aead.NonceSize()+len(state)+aead.Overhead())
	buf[0], buf[1] = Format, k.newest
	nonce := buf[headerLen:]
	rand.Read(nonce)
	sealed := aead.Seal(buf, nonce, state, additionalData(buf[:headerLen], game))
	// A token of a few hundred bytes is spelt on the stack, so that the
	// string is its one allocation (EncodeToString makes two).
	var spelt [1024]byte
	if n := encoding.EncodedLen(len(sealed)); n <= len(spelt) {
		encoding.Encode(spelt[:n], sealed)
		return string(spelt[:n])
	}
	return encoding.EncodeToString(sealed)
}

// Open decrypts and authenticates a token made by Seal for the same game,
// spelt exactly as Seal spelt it. It answers one of the package's errors for
// anything else.
func (k *Keyring) Open(game, token string) ([]byte, error) {
	raw, err := encoding.DecodeString(token)
	if err != nil || len(token) != encoding.EncodedLen(len(raw)) ||
		len(raw) < headerLen+chacha20poly1305.NonceSizeX+chacha20poly1305.Overhead {
		return nil, ErrMalformed
	}
	if raw[0] != Format {
		return nil, ErrFormat
	}
	aead := k.aeads[raw[1]]
	if aead == nil {
		return nil, ErrUnknownKey
	}
	nonce, sealed := raw[headerLen:headerLen+aead.NonceSize()], raw[headerLen+aead.NonceSize():]
	// The state is opened in place, over the ciphertext it came from.
	state, err := aead.Open(sealed[:0], nonce, sealed, additionalData(raw[:headerLen], game))
	if err != nil {
		return nil, ErrForged
	}
	return state, nil
}

func additionalData(header []byte, game string) []byte {
	return append(append(make([]byte, 0, len(header)+len(game)), header...), game...)
}
