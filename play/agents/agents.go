// Package agents keeps the agents that play under a name: an agent
// registers a name and receives a key, shown once and kept only as its
// SHA-256; it adds keys (at most MaxKeys in use at once) and revokes
// them. Names are unique once normalized (see Fold). An agent is kept in
// a play.Store under its id, and its name is claimed by an entry of its
// own, both written with the store's conditional create, so two agents
// never hold one name. A key names its agent, so checking one costs one
// read.
package agents

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base32"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/agentgames/bundle/play"
)

// MaxKeys is how many keys an agent may have in use at once: enough to
// rotate them (add the new, move every player to it, revoke the old).
const MaxKeys = 5

// KeptRevoked is how many revoked keys an agent's record keeps, the
// latest, so that its owner sees what it revoked last; older ones are
// dropped (a key not in the record is refused as a revoked one is). A
// record so holds at most MaxKeys+KeptRevoked keys, whatever the
// number of keys ever added, and checking a key costs as much.
const KeptRevoked = 5

// Unplayed is how long an agent that has played no match is kept after
// it registered: names registered and never used come free again. An
// agent that has played (see Player) is kept for good, and so is the
// claim of its name: its boards, ratings and replays may name it as long
// as they are kept, and no other agent may take the name meanwhile.
const Unplayed = 30 * 24 * time.Hour

// DefaultCreatesPerHour is how many agents one client may register in an
// hour unless the registry is told otherwise (WithCreateLimit).
const DefaultCreatesPerHour = 10

// Agent is an agent as the store keeps it.
type Agent struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Created int64  `json:"created"` // unix milliseconds
	// Played is when the agent first played (unix milliseconds), 0 until
	// then; from then on it never expires.
	Played int64 `json:"played,omitempty"`
	// Claim is where the claim of its name is kept (nameRef), so that
	// the claim is found again whatever later versions fold names to.
	Claim string `json:"claim,omitempty"`
	Keys  []Key  `json:"keys"`
}

// Key is one of an agent's keys: its id, shown to its agent to name it,
// and the SHA-256 of its secret.
type Key struct {
	ID      string `json:"id"`
	Hash    []byte `json:"hash"`
	Created int64  `json:"created"`           // unix milliseconds
	Revoked int64  `json:"revoked,omitempty"` // unix milliseconds; 0 while in use
}

// active counts the keys in use.
func (a *Agent) active() int {
	n := 0
	for _, k := range a.Keys {
		if k.Revoked == 0 {
			n++
		}
	}
	return n
}

// dropRevoked drops the keys revoked first while more than KeptRevoked
// are revoked.
func (a *Agent) dropRevoked() {
	for len(a.Keys)-a.active() > KeptRevoked {
		oldest := -1
		for i, k := range a.Keys {
			if k.Revoked != 0 && (oldest < 0 || k.Revoked < a.Keys[oldest].Revoked) {
				oldest = i
			}
		}
		a.Keys = slices.Delete(a.Keys, oldest, oldest+1)
	}
}

// Kinds of entries in the store.
const (
	kindAgent = "agent"
	kindName  = "agent-name"
)

// Registry keeps agents in a store.
type Registry struct {
	store   play.Store
	clock   play.Clock
	creates *play.Quota
}

// New keeps agents in store and tells the time with clock. It limits
// registration to DefaultCreatesPerHour agents a client.
func New(store play.Store, clock play.Clock) *Registry {
	return (&Registry{store: store, clock: clock}).WithCreateLimit(DefaultCreatesPerHour)
}

// WithCreateLimit lets one client register at most perHour agents an
// hour; 0 sets no limit.
func (r *Registry) WithCreateLimit(perHour int) *Registry {
	r.creates = &play.Quota{Store: r.store, Clock: r.clock, Kind: "agent-create", What: "agents registered", Limit: perHour, Window: time.Hour}
	return r
}

// encoding writes ids and secrets: lower-case base 32, no padding.
var encoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// random is n random bytes, written in encoding.
func random(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return encoding.EncodeToString(b)
}

// KeyPrefix starts every key, so that a key found in a log or a
// repository is known for one, and an edge refuses one sent as an id
// without quoting it.
const KeyPrefix = "agk_"

// idBytes is how many random bytes an agent's id writes: 16 symbols.
const idBytes = 10

// IsID reports whether id can be an agent's public id: 16 of a-z and 2-7.
func IsID(id string) bool {
	return len(id) == encoding.EncodedLen(idBytes) && strings.Trim(id, "abcdefghijklmnopqrstuvwxyz234567") == ""
}

// newKey makes a key of agent id: the key to show once, and what the
// agent keeps of it.
func newKey(id string, now time.Time) (string, Key) {
	secret := random(32)
	sum := sha256.Sum256([]byte(secret))
	return KeyPrefix + id + "_" + secret, Key{ID: random(5), Hash: sum[:], Created: now.UnixMilli()}
}

// Registered is what Register and AddKey answer: the agent and a key,
// shown this once.
type Registered struct {
	Agent *Agent
	KeyID string
	Key   string
}

// Register registers an agent under name, normalized as Fold says; a
// name another agent holds is refused with CodeNameTaken, and a client
// past its registration limit with CodeRateLimited.
func (r *Registry) Register(ctx context.Context, name string) (*Registered, error) {
	display, folded, err := Fold(name)
	if err != nil {
		return nil, play.Errorf(play.CodeInvalidRequest, "%v", err)
	}
	// A name held already is refused before the limit counts the try:
	// the limit counts registrations, and those that lose a race for
	// their name to another one.
	taken := play.Errorf(play.CodeNameTaken, "the name %q is taken, or one that looks like it (names are compared by their Unicode confusable skeleton, whatever their case or width)", display)
	if _, _, err := r.store.Load(ctx, kindName, nameRef(folded)); err == nil {
		return nil, taken
	} else if !play.IsCode(err, play.CodeNoMatch) {
		return nil, err
	}
	if err := r.creates.Take(ctx); err != nil {
		return nil, err
	}
	now := r.clock()
	a := &Agent{ID: random(idBytes), Name: display, Created: now.UnixMilli(), Claim: nameRef(folded)}
	key, k := newKey(a.ID, now)
	a.Keys = []Key{k}
	expires := now.Add(Unplayed)
	// The agent first, under an id nobody has: should the name be taken,
	// it stays unreachable (its key is never shown) until it expires.
	if err := r.save(ctx, a, 0, expires); err != nil {
		return nil, err
	}
	claim, _ := json.Marshal(a.ID)
	if _, err := r.store.Save(ctx, kindName, a.Claim, claim, 0, expires); play.IsCode(err, play.CodeConflict) {
		return nil, taken
	} else if err != nil {
		return nil, err
	}
	return &Registered{Agent: a, KeyID: k.ID, Key: key}, nil
}

// nameRef is where the claim of a name, as Fold writes it, is kept: a
// hash, so that a store's keys are short ASCII whatever the script.
func nameRef(folded string) string {
	sum := sha256.Sum256([]byte(folded))
	return hex.EncodeToString(sum[:16])
}

// save writes agent a, conditional on version (0 to create it).
func (r *Registry) save(ctx context.Context, a *Agent, version uint64, expires time.Time) error {
	data, err := json.Marshal(a)
	if err != nil {
		return err
	}
	_, err = r.store.Save(ctx, kindAgent, a.ID, data, version, expires)
	return err
}

// Get answers the agent id names; CodeNotFound when none does.
func (r *Registry) Get(ctx context.Context, id string) (*Agent, error) {
	a, _, err := r.load(ctx, id)
	return a, err
}

func (r *Registry) load(ctx context.Context, id string) (*Agent, uint64, error) {
	if len(id) != 16 || strings.Trim(id, "abcdefghijklmnopqrstuvwxyz234567") != "" {
		return nil, 0, play.Errorf(play.CodeNotFound, "no agent has the id %q", id)
	}
	data, version, err := r.store.Load(ctx, kindAgent, id)
	if play.IsCode(err, play.CodeNoMatch) {
		return nil, 0, play.Errorf(play.CodeNotFound, "no agent has the id %q", id)
	}
	if err != nil {
		return nil, 0, err
	}
	a := &Agent{}
	if err := json.Unmarshal(data, a); err != nil {
		return nil, 0, fmt.Errorf("agents: agent %s: %w", id, err)
	}
	return a, version, nil
}

// Named answers the agent that holds name (normalized as Fold says);
// CodeNotFound when none does.
func (r *Registry) Named(ctx context.Context, name string) (*Agent, error) {
	_, folded, err := Fold(name)
	if err != nil {
		return nil, play.Errorf(play.CodeNotFound, "no agent is called %q: %v", name, err)
	}
	data, _, err := r.store.Load(ctx, kindName, nameRef(folded))
	if play.IsCode(err, play.CodeNoMatch) {
		return nil, play.Errorf(play.CodeNotFound, "no agent is called %q", name)
	}
	if err != nil {
		return nil, err
	}
	var id string
	if err := json.Unmarshal(data, &id); err != nil {
		return nil, fmt.Errorf("agents: name %q: %w", folded, err)
	}
	return r.Get(ctx, id)
}

// Authenticate answers the agent key belongs to and the key's id, if the
// key is in use; CodeUnauthorized otherwise, saying no more than that.
func (r *Registry) Authenticate(ctx context.Context, key string) (*Agent, string, error) {
	a, _, id, err := r.authenticate(ctx, key)
	return a, id, err
}

func (r *Registry) authenticate(ctx context.Context, key string) (*Agent, uint64, string, error) {
	refused := play.Errorf(play.CodeUnauthorized, "the key is not one of an agent's keys in use")
	rest, ok := strings.CutPrefix(key, KeyPrefix)
	id, secret, ok2 := strings.Cut(rest, "_")
	if !ok || !ok2 || len(secret) != 52 {
		return nil, 0, "", refused
	}
	a, version, err := r.load(ctx, id)
	if play.IsCode(err, play.CodeNotFound) {
		return nil, 0, "", refused
	}
	if err != nil {
		return nil, 0, "", err
	}
	sum := sha256.Sum256([]byte(secret))
	found := ""
	for _, k := range a.Keys {
		if subtle.ConstantTimeCompare(k.Hash, sum[:]) == 1 && k.Revoked == 0 {
			found = k.ID
		}
	}
	if found == "" {
		return nil, 0, "", refused
	}
	return a, version, found, nil
}

// AddKey gives the agent key belongs to a new key, refused with
// CodeConflict when it has MaxKeys in use.
func (r *Registry) AddKey(ctx context.Context, key string) (*Registered, error) {
	var out *Registered
	err := r.update(ctx, key, func(a *Agent, _ string) error {
		if a.active() >= MaxKeys {
			return play.Errorf(play.CodeConflict, "the agent has %d keys in use, as many as it may: revoke one first", MaxKeys)
		}
		secret, k := newKey(a.ID, r.clock())
		a.Keys = append(a.Keys, k)
		out = &Registered{Agent: a, KeyID: k.ID, Key: secret}
		return nil
	})
	return out, err
}

// RevokeKey revokes the key of id of the agent key belongs to (key
// itself too), refused with CodeConflict when it is the agent's last key
// in use: an agent without keys could never be used again.
func (r *Registry) RevokeKey(ctx context.Context, key, id string) (*Agent, error) {
	var out *Agent
	err := r.update(ctx, key, func(a *Agent, _ string) error {
		for i := range a.Keys {
			k := &a.Keys[i]
			if k.ID != id || k.Revoked != 0 {
				continue
			}
			if a.active() == 1 {
				return play.Errorf(play.CodeConflict, "key %s is the agent's last key in use: add another before revoking it", id)
			}
			k.Revoked = r.clock().UnixMilli()
			a.dropRevoked()
			out = a
			return nil
		}
		return play.Errorf(play.CodeNotFound, "the agent has no key %q in use", id)
	})
	return out, err
}

// update applies f to the agent key belongs to and saves it, conditional
// on the version it read (a lost race plays it again: play.Retry).
func (r *Registry) update(ctx context.Context, key string, f func(*Agent, string) error) error {
	return play.Retry(ctx, "the agent is busy; try again", func() (bool, error) {
		a, version, keyID, err := r.authenticate(ctx, key)
		if err != nil {
			return false, err
		}
		if err := f(a, keyID); err != nil {
			return false, err
		}
		err = r.save(ctx, a, version, r.expires(a))
		return play.IsCode(err, play.CodeConflict), err
	})
}

// expires is when the store may drop agent a, written now: never once
// it has played.
func (r *Registry) expires(a *Agent) time.Time {
	if a.Played != 0 {
		return time.Time{}
	}
	return time.UnixMilli(a.Created).Add(Unplayed)
}

// Player answers the agent key belongs to, as Authenticate does, for a
// request that plays as it (a ranked start, a seat of a live match): the
// first time, the agent and the claim of its name are made permanent,
// two conditional writes; later it costs one read, as Authenticate.
func (r *Registry) Player(ctx context.Context, key string) (play.AgentRef, error) {
	a, _, err := r.Authenticate(ctx, key)
	if err != nil || a.Played != 0 {
		return ref(a), err
	}
	err = r.update(ctx, key, func(a *Agent, _ string) error {
		if a.Played == 0 {
			a.Played = r.clock().UnixMilli()
		}
		return nil
	})
	if err != nil {
		return play.AgentRef{}, err
	}
	if err := r.keepName(ctx, a); err != nil {
		return play.AgentRef{}, err
	}
	return ref(a), nil
}

// ref is how a request names agent a (nil: none).
func ref(a *Agent) play.AgentRef {
	if a == nil {
		return play.AgentRef{}
	}
	return play.AgentRef{ID: a.ID, Name: a.Name}
}

// keepName writes the claim of a's name again, never to expire.
func (r *Registry) keepName(ctx context.Context, a *Agent) error {
	claim := a.Claim
	if claim == "" { // registered before agents kept their claim's place
		_, folded, err := Fold(a.Name)
		if err != nil {
			return fmt.Errorf("agents: agent %s holds the name %q that no longer folds: %w", a.ID, a.Name, err)
		}
		claim = nameRef(folded)
	}
	return play.Retry(ctx, "the agent is busy; try again", func() (bool, error) {
		data, version, err := r.store.Load(ctx, kindName, claim)
		if err != nil {
			return false, err
		}
		var id string
		if err := json.Unmarshal(data, &id); err != nil || id != a.ID {
			return false, fmt.Errorf("agents: the claim %s of %q names %q, not agent %s", claim, a.Name, data, a.ID)
		}
		_, err = r.store.Save(ctx, kindName, claim, data, version, time.Time{})
		return play.IsCode(err, play.CodeConflict), err
	})
}
