// Package token keeps matches in sealed state tokens: the match travels
// with the caller, encrypted and authenticated (package seal), and nothing
// is kept on the server, so any instance answers any request.
package token

import (
	"context"
	"errors"
	"time"

	"github.com/agentgames/bundle/internal/seal"
	"github.com/agentgames/bundle/play"
)

// Store is the stateless play.Store: a ref is a sealed token. Tokens carry
// no version and nothing is kept, so Save ignores the version and the
// expiry.
type Store struct {
	Keys *seal.Keyring
}

// Load opens a token sealed for game.
func (s Store) Load(_ context.Context, game, ref string) ([]byte, uint64, error) {
	state, err := s.Keys.Open(game, ref)
	if err != nil {
		return nil, 0, openError(err)
	}
	return state, 0, nil
}

// Save seals state into a new token for game.
func (s Store) Save(_ context.Context, game, _ string, state []byte, _ uint64, _ time.Time) (string, error) {
	return s.Keys.Seal(game, state), nil
}

// openError names why a token did not open.
func openError(err error) error {
	code := play.CodeTokenForged
	switch {
	case errors.Is(err, seal.ErrMalformed):
		code = play.CodeTokenMalformed
	case errors.Is(err, seal.ErrFormat):
		code = play.CodeTokenFormat
	case errors.Is(err, seal.ErrUnknownKey):
		code = play.CodeTokenUnknownKey
	}
	return &play.Error{Code: code, Message: err.Error()}
}
