package mcpedge

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

// A handle stands for a match over MCP, so that a model sends 20 symbols
// instead of copying a state token (hundreds of characters, thousands in
// Tron) out of every answer into the next call. Behind it the store keeps
// the match's newest token, sealed as the service sealed it, or a live
// seat's code and token; every write is conditional on the version read,
// so two acts racing on one handle play once.
//
// A handle is HandleLength symbols of Crockford's base 32: 100 random
// bits. It is the only credential of its match, so it must not be found
// by trying: with a million handles alive, a billion guesses find one
// with a chance of 2^-50. The store never sees a handle: an entry is kept
// under a digest of it and sealed (AES-256-GCM) under a key drawn from it,
// so that reading the store gives nobody a match to act in.

// HandleLength is how many symbols a handle has.
const HandleLength = 20

// HandleLifetime is how long a handle lives after its match's last
// action (or start): a ranked match's time to play, shorter than its
// ledger's keeping.
const HandleLifetime = play.RankedLifetime

// handleGame names the handles among a store's entries.
const handleGame = "mcp-handle"

// handleDraws is how many handles a start draws before it gives up: with
// 2^100 handles, a second draw is never needed.
const handleDraws = 4

// Handles keeps the matches MCP callers started behind handles.
type Handles struct {
	store play.Store
	clock play.Clock
	quota *play.Quota
	// acts are the act tools of the live games, by slug, for a refusal
	// of a handle sent to another game's tool to name (New sets them).
	acts map[string]string
}

// NewHandles keeps handles in store, each client (see play.ClientOf)
// making at most perMinute a minute (0: no limit).
func NewHandles(store play.Store, clock play.Clock, perMinute int) *Handles {
	if clock == nil {
		clock = time.Now
	}
	return &Handles{store: store, clock: clock, acts: map[string]string{}, quota: &play.Quota{Store: store, Clock: clock,
		Kind: "mcp-handle", What: "match handles", Limit: perMinute, Window: time.Minute}}
}

// held is what a handle stands for: a match of Game, either the sealed
// token of a match against the server (State) or a live match's code and
// the caller's seat token.
type held struct {
	Game  string `json:"game"`
	State string `json:"state,omitempty"`
	Code  string `json:"code,omitempty"`
	Seat  string `json:"seat,omitempty"`
}

// admit counts a handle the client ctx names is about to make, or
// answers rate_limited; a start, a live create or a join asks before it
// starts or seats anything. Without handles it admits every request.
func (h *Handles) admit(ctx context.Context) error {
	if h == nil {
		return nil
	}
	return h.quota.Take(ctx)
}

// create keeps m behind a new handle and answers it.
func (h *Handles) create(ctx context.Context, m held) (string, error) {
	for range handleDraws {
		handle := core.Symbols(HandleLength)
		err := h.save(ctx, handle, m, 0)
		if !play.IsCode(err, play.CodeConflict) {
			return handle, err
		}
	}
	return "", play.Errorf(play.CodeUnavailable, "no free match handle was found; try again")
}

// load answers what handle stands for and the version of its entry.
func (h *Handles) load(ctx context.Context, handle string) (held, uint64, error) {
	handle, _ = canonicalHandle(handle)
	ref, aead := handleKeys(handle)
	sealed, version, err := h.store.Load(ctx, handleGame, ref)
	if play.IsCode(err, play.CodeNoMatch) {
		return held{}, 0, play.Errorf(play.CodeNoMatch, "no match has handle %s (a handle expires %d hours after its match's last action)", handle, int(HandleLifetime.Hours()))
	}
	if err != nil {
		return held{}, 0, err
	}
	var m held
	n := aead.NonceSize()
	if len(sealed) < n {
		err = errors.New("it is shorter than a nonce")
	} else if plain, e := aead.Open(nil, sealed[:n], sealed[n:], []byte(ref)); e != nil {
		err = e
	} else {
		err = json.Unmarshal(plain, &m)
	}
	if err != nil {
		slog.Error("a handle's entry does not open", "game", handleGame, "ref", ref, "err", err)
		return held{}, 0, play.Errorf(play.CodeStoreDamaged, "the server's store is damaged where this handle's entry is; the server logged where, and its operator must restore the store")
	}
	return m, version, nil
}

// save writes m behind handle at version (0 creates it), for
// HandleLifetime from now; a lost race answers conflict.
func (h *Handles) save(ctx context.Context, handle string, m held, version uint64) error {
	handle, _ = canonicalHandle(handle)
	ref, aead := handleKeys(handle)
	plain, err := json.Marshal(m)
	if err != nil {
		return err
	}
	nonce := make([]byte, aead.NonceSize(), aead.NonceSize()+len(plain)+aead.Overhead())
	rand.Read(nonce)
	_, err = h.store.Save(ctx, handleGame, ref, aead.Seal(nonce, nonce, plain, []byte(ref)), version, h.clock().Add(HandleLifetime))
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

// canonicalHandle answers handle in capitals, and whether it can be a
// handle at all; as Crockford reads, I and L are 1 and O is 0.
func canonicalHandle(handle string) (string, bool) {
	if len(handle) != HandleLength {
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
