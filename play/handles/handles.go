// Package handles keeps matches behind handles: short secrets that stand
// for a match's newest state (a loop match's sealed token) or for a seat
// of a live match (its code and token), so that a client sends 20 symbols
// instead of copying a state token out of every answer. The MCP edge
// answers them today; any edge may.
package handles

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"time"

	"github.com/agentgames/bundle/play"
	core "github.com/agentgames/bundle/play/live"
)

// A handle stands for a match, so that a model sends 20 symbols
// instead of copying a state token (hundreds of characters, thousands in
// Tron) out of every answer into the next call. Behind it the store keeps
// the match's newest token, sealed as the service sealed it, or a live
// seat's code and token; every write is conditional on the version read,
// so two acts racing on one handle play once.
//
// A handle is Length symbols of Crockford's base 32: 100 random
// bits. It is the only credential of its match, so it must not be found
// by trying: with a million handles alive, a billion guesses find one
// with a chance of 2^-50. The store never sees a handle: an entry is kept
// under a digest of it and sealed (AES-256-GCM) under a key drawn from it,
// so that reading the store gives nobody a match to act in.

// Length is how many symbols a handle has.
const Length = 20

// Lifetime is how long a handle lives after its match's last
// action (or start): a ranked match's time to play, shorter than its
// ledger's keeping.
const Lifetime = play.RankedLifetime

// kind names the handles among a store's entries (they were the MCP
// edge's first).
const kind = "mcp-handle"

// draws is how many handles a create draws before it gives up: with
// 2^100 handles, a second draw is never needed.
const draws = 4

// Handles keeps matches behind handles in a store.
type Handles struct {
	store play.Store
	clock play.Clock
	quota *play.Quota
}

// New keeps handles in store, each client (see play.ClientOf) making at
// most perMinute a minute (0: no limit).
func New(store play.Store, clock play.Clock, perMinute int) *Handles {
	if clock == nil {
		clock = time.Now
	}
	return &Handles{store: store, clock: clock, quota: &play.Quota{Store: store, Clock: clock,
		Kind: "mcp-handle", What: "match handles", Limit: perMinute, Window: time.Minute}}
}

// Held is what a handle stands for: a match of Game, either the sealed
// token of a match against the server (State) or a live match's code and
// the caller's seat token.
type Held struct {
	Game  string `json:"game"`
	State string `json:"state,omitempty"`
	Code  string `json:"code,omitempty"`
	Seat  string `json:"seat,omitempty"`
}

// Admit counts a handle the client ctx names is about to make, or
// answers rate_limited; a start, a live create or a join asks before it
// starts or seats anything.
func (h *Handles) Admit(ctx context.Context) error { return h.quota.Take(ctx) }

// Create keeps m behind a new handle and answers it.
func (h *Handles) Create(ctx context.Context, m Held) (string, error) {
	for range draws {
		handle := core.Symbols(Length)
		err := h.Save(ctx, handle, m, 0)
		if !play.IsCode(err, play.CodeConflict) {
			return handle, err
		}
	}
	return "", play.Errorf(play.CodeUnavailable, "no free match handle was found; try again")
}

// Load answers what handle stands for and the version of its entry.
func (h *Handles) Load(ctx context.Context, handle string) (Held, uint64, error) {
	handle, _ = Canonical(handle)
	ref, aead := handleKeys(handle)
	sealed, version, err := h.store.Load(ctx, kind, ref)
	if play.IsCode(err, play.CodeNoMatch) {
		return Held{}, 0, play.Errorf(play.CodeNoMatch, "no match has handle %s (a handle expires %d hours after its match's last action)", handle, int(Lifetime.Hours()))
	}
	if err != nil {
		return Held{}, 0, err
	}
	var m Held
	n := aead.NonceSize()
	if len(sealed) < n {
		err = errors.New("it is shorter than a nonce")
	} else if plain, e := aead.Open(nil, sealed[:n], sealed[n:], []byte(ref)); e != nil {
		err = e
	} else {
		err = json.Unmarshal(plain, &m)
	}
	if err != nil {
		slog.Error("a handle's entry does not open", "game", kind, "ref", ref, "err", err)
		return Held{}, 0, play.Errorf(play.CodeStoreDamaged, "the server's store is damaged where this handle's entry is; the server logged where, and its operator must restore the store")
	}
	return m, version, nil
}

// Save writes m behind handle at version (0 creates it), for Lifetime
// from now; a lost race answers conflict.
func (h *Handles) Save(ctx context.Context, handle string, m Held, version uint64) error {
	handle, _ = Canonical(handle)
	ref, aead := handleKeys(handle)
	plain, err := json.Marshal(m)
	if err != nil {
		return err
	}
	nonce := make([]byte, aead.NonceSize(), aead.NonceSize()+len(plain)+aead.Overhead())
	rand.Read(nonce)
	_, err = h.store.Save(ctx, kind, ref, aead.Seal(nonce, nonce, plain, []byte(ref)), version, h.clock().Add(Lifetime))
	return err
}

// handleKeys are the store's ref of handle's entry and the cipher that
// seals it, both drawn from the handle alone.
func handleKeys(handle string) (string, cipher.AEAD) {
	ref, _ := hkdf.Key(sha256.New, []byte(handle), nil, "agentgames mcp handle ref", 16)
	key, _ := hkdf.Key(sha256.New, []byte(handle), nil, "agentgames mcp handle key", 32)
	block, _ := aes.NewCipher(key)
	aead, _ := cipher.NewGCM(block)
	return hex.EncodeToString(ref), aead
}

// Canonical answers handle in capitals, and whether it can be a handle
// at all; as Crockford reads, I and L are 1 and O is 0.
func Canonical(handle string) (string, bool) {
	if len(handle) != Length {
		return handle, false
	}
	b := []byte(strings.ToUpper(handle))
	for i, c := range b {
		switch c {
		case 'I', 'L':
			b[i] = '1'
		case 'O':
			b[i] = '0'
		}
		if strings.IndexByte(core.Crockford, b[i]) < 0 {
			return handle, false
		}
	}
	return string(b), true
}
