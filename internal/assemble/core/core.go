// Package core is the play core as every program of the bundle assembles
// it: the games over state tokens sealed under a keyring, with a ledger
// for ranked play. It imports no edge, so that the conformance command,
// which serves the games in process, links no more of the server than
// this; package assemble adds live matches and the HTTP handler over it.
package core

import (
	"time"

	"github.com/agentgames/bundle/internal/seal"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/store/token"
)

// Config is what tells one program's play core from another's.
type Config struct {
	// Keys seal the state tokens; nil seals them under a random key made
	// for the run.
	Keys *seal.Keyring
	// Clock tells the time; nil is time.Now.
	Clock play.Clock
	// Games are the games served, in the order the index lists them.
	Games []play.Game
	// Ledger keeps the ledgers of ranked matches; nil offers no ranked
	// play.
	Ledger play.Ledger
}

// Service is the play core c describes. It fails only when it cannot
// make a random key.
func Service(c Config) (*play.Service, error) {
	keys := c.Keys
	if keys == nil {
		var err error
		if keys, err = seal.NewKeyring(seal.NewRandomKey(1)); err != nil {
			return nil, err
		}
	}
	clock := c.Clock
	if clock == nil {
		clock = time.Now
	}
	return play.NewService(token.Store{Keys: keys}, clock, c.Games...).WithLedger(c.Ledger), nil
}
