package arena

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/live"
)

// A bot's states: pending until it has proved its owner controls its URL
// (Verify), active while it may fight, paused by its owner or by the
// arena (Why says which and why).
const (
	Pending = "pending"
	Active  = "active"
	Paused  = "paused"
)

// Bounds of what a bot's owner writes.
const (
	MaxName        = live.MaxName
	MaxDescription = 500
	MaxURL         = 500
	// KeptTimes is how many reply times a bot keeps, the latest.
	KeptTimes = 50
	// KeptFights is how many of its fights a bot lists, the latest.
	KeptFights = 20
)

// Bot is a bot registered for a game, as the store keeps it.
type Bot struct {
	ID          string        `json:"id"`
	Game        string        `json:"game"`
	Name        string        `json:"name"`
	URL         string        `json:"url"`
	Description string        `json:"description"`
	Owner       play.AgentRef `json:"owner"`
	State       string        `json:"state"`
	// Plays is what it plays: PlaysFights or PlaysRuns.
	Plays string `json:"plays"`
	// Why is why the bot is paused, for its owner.
	Why string `json:"why,omitempty"`
	// Failures counts the fights it has failed in a row.
	Failures int   `json:"failures"`
	Created  int64 `json:"created"` // unix milliseconds
	// Answered is when it last answered the arena well (unix
	// milliseconds), 0 never.
	Answered int64 `json:"answered,omitempty"`
	// Times are its latest replies' times, in milliseconds, oldest
	// first.
	Times []int64 `json:"times,omitempty"`
	// Fights are the codes of its latest fights, oldest first.
	Fights []string `json:"fights,omitempty"`
	// Challenge is the SHA-256 of the secret its owner was given.
	Challenge []byte `json:"challenge"`
}

// Info is what anyone may read of a bot: not its URL, nor why it is
// paused, which are its owner's (Mine).
type Info struct {
	ID          string        `json:"id"`
	Game        string        `json:"game"`
	Name        string        `json:"name"`
	Description string        `json:"description"`
	Owner       play.AgentRef `json:"owner"`
	State       string        `json:"state"`
	Plays       string        `json:"plays"`
	Created     int64         `json:"created"`
	Answered    int64         `json:"answered,omitempty"`
	Times       []int64       `json:"times"`
	Fights      []string      `json:"fights"`
}

// Mine is what a bot's owner reads of it: Info, its URL, why it is
// paused and the fights it has failed in a row.
type Mine struct {
	Info
	URL      string `json:"url"`
	Why      string `json:"why,omitempty"`
	Failures int    `json:"failures"`
}

// Info is what anyone may read of b.
func (b *Bot) Info() Info {
	return Info{ID: b.ID, Game: b.Game, Name: b.Name, Description: b.Description, Owner: b.Owner, State: b.State, Plays: b.plays(),
		Created: b.Created, Answered: b.Answered, Times: nonNil(b.Times), Fights: nonNil(b.Fights)}
}

// Mine is what b's owner reads of it.
func (b *Bot) Mine() Mine { return Mine{Info: b.Info(), URL: b.URL, Why: b.Why, Failures: b.Failures} }

// nonNil is s, or an empty slice for nil, so that JSON lists it as [].
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// Registered is what registration answers: the bot, and the secret its
// init reply must return, shown once.
type Registered struct {
	Bot       Mine   `json:"bot"`
	Challenge string `json:"challenge"`
}

// Roster is every bot registered for a game, in the order they were
// registered: what the arena lists, and counts to bound registrations.
type Roster struct {
	Bots []Entry `json:"bots"`
}

// Entry is a bot as its game's roster lists it.
type Entry struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Owner   string `json:"owner"` // the owner agent's id
	State   string `json:"state"`
	Plays   string `json:"plays,omitempty"` // PlaysRuns, or empty for fights`
	Created int64  `json:"created"`         // unix milliseconds
}

// The kinds of the arena's entries in the store.
const (
	kindBot    = "arena-bot"
	kindRoster = "arena-roster"
)

// Register registers a bot of game for the request's agent, to play what
// r.Plays says, pending until it proves its owner controls r.URL
// (Verify). The URL must be one the arena may call (its Caller's
// CheckURL); it is called only then.
func (a *Arena) Register(ctx context.Context, game string, r Registration) (*Registered, error) {
	name, url, description := r.Name, r.URL, r.Description
	owner, ok := play.AgentOf(ctx)
	if !ok {
		return nil, play.Errorf(play.CodeUnauthorized, "registering a bot needs an agent's key (Authorization: Bearer <key>): the bot is its")
	}
	plays, err := a.plays(game, r.Plays)
	if err != nil {
		return nil, err
	}
	if err := a.checkBot(name, url, description); err != nil {
		return nil, err
	}
	secret := make([]byte, 18)
	rand.Read(secret)
	challenge := base64.RawURLEncoding.EncodeToString(secret)
	h := sha256.Sum256([]byte(challenge))
	b := &Bot{ID: live.Symbols(10), Game: game, Name: name, URL: url, Description: description, Owner: owner, State: Pending,
		Plays: plays, Created: a.clock().UnixMilli(), Challenge: h[:]}
	err = update(ctx, a, kindRoster, game, func(r *Roster, _ bool) error {
		r.Bots = slices.DeleteFunc(r.Bots, func(e Entry) bool { return a.lapsed(e.State, e.Created) })
		switch {
		case len(r.Bots) >= MaxBots:
			return play.Errorf(play.CodeTooManyBots, "the arena holds %d bots of %s, as many as it keeps", MaxBots, game)
		case countOwned(r, owner.ID) >= MaxBotsPerAgent:
			return play.Errorf(play.CodeTooManyBots, "agent %s has %d bots of %s registered, as many as an agent may; delete one first", owner.ID, MaxBotsPerAgent, game)
		}
		r.Bots = append(r.Bots, Entry{ID: b.ID, Name: b.Name, Owner: owner.ID, State: b.State, Plays: entryPlays(plays), Created: b.Created})
		return nil
	})
	if err != nil {
		return nil, err
	}
	if err := a.saveBot(ctx, b, 0); err != nil {
		return nil, err
	}
	return &Registered{Bot: b.Mine(), Challenge: challenge}, nil
}

// PendingFor is how long a bot may stay pending: one that has not proved
// its URL by then is dropped (its roster entry at the next registration
// of its game), so that bots registered and never verified do not fill
// the game's roster.
const PendingFor = 24 * time.Hour

// lapsed reports whether a bot in state, registered at created (unix
// milliseconds), has been pending longer than PendingFor.
func (a *Arena) lapsed(state string, created int64) bool {
	return state == Pending && a.clock().Sub(time.UnixMilli(created)) > PendingFor
}

// countOwned counts the bots of r that owner registered.
func countOwned(r *Roster, owner string) int {
	n := 0
	for _, e := range r.Bots {
		if e.Owner == owner {
			n++
		}
	}
	return n
}

// checkBot refuses a name, URL or description out of bounds.
func (a *Arena) checkBot(name, url, description string) error {
	switch {
	case strings.TrimSpace(name) == "" || utf8.RuneCountInString(name) > MaxName:
		return play.Errorf(play.CodeInvalidRequest, "name must be 1 to %d characters", MaxName)
	case utf8.RuneCountInString(description) > MaxDescription:
		return play.Errorf(play.CodeInvalidRequest, "description must be at most %d characters", MaxDescription)
	case len(url) > MaxURL:
		return play.Errorf(play.CodeURLRefused, "url must be at most %d bytes", MaxURL)
	}
	if _, err := a.caller.CheckURL(url); err != nil {
		return play.Errorf(play.CodeURLRefused, "the arena does not call that URL: %v", err)
	}
	return nil
}

// saveBot writes b, created when version is 0.
func (a *Arena) saveBot(ctx context.Context, b *Bot, version uint64) error {
	data, err := json.Marshal(b)
	if err != nil {
		return err
	}
	_, err = a.store.Save(ctx, kindBot, b.ID, data, version, noExpiry)
	return err
}

// Bot is the bot registered under id for game, or no_bot.
func (a *Arena) Bot(ctx context.Context, game, id string) (*Bot, error) {
	var b Bot
	_, found, err := a.load(ctx, kindBot, id, &b)
	if err != nil {
		return nil, err
	}
	if !found || b.Game != game || b.State == deleted || a.lapsed(b.State, b.Created) {
		return nil, play.Errorf(play.CodeNoBot, "no bot of %s is called %q", game, id)
	}
	return &b, nil
}

// Roster lists the bots registered for game.
func (a *Arena) Roster(ctx context.Context, game string) (*Roster, error) {
	if err := a.knows(game); err != nil {
		return nil, err
	}
	r := Roster{Bots: []Entry{}}
	_, _, err := a.load(ctx, kindRoster, game, &r)
	return &r, err
}

// changeBot changes the bot id of game with f, for its owner only, and
// its roster entry with it; it answers the bot as saved.
func (a *Arena) changeBot(ctx context.Context, game, id string, f func(*Bot) error) (*Bot, error) {
	owner, ok := play.AgentOf(ctx)
	if !ok {
		return nil, play.Errorf(play.CodeUnauthorized, "changing a bot needs its owner's key (Authorization: Bearer <key>)")
	}
	var out Bot
	err := update(ctx, a, kindBot, id, func(b *Bot, found bool) error {
		switch {
		case !found || b.Game != game || b.State == deleted || a.lapsed(b.State, b.Created):
			return play.Errorf(play.CodeNoBot, "no bot of %s is called %q", game, id)
		case b.Owner.ID != owner.ID:
			return play.Errorf(play.CodeForbidden, "bot %s is agent %s's; only its owner may change it", id, b.Owner.ID)
		}
		if err := f(b); err != nil {
			return err
		}
		out = *b
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &out, a.listState(ctx, &out)
}

// listState writes b's state in its game's roster.
func (a *Arena) listState(ctx context.Context, b *Bot) error {
	return update(ctx, a, kindRoster, b.Game, func(r *Roster, _ bool) error {
		i := slices.IndexFunc(r.Bots, func(e Entry) bool { return e.ID == b.ID })
		if i < 0 || r.Bots[i].State == b.State {
			return errSkip
		}
		r.Bots[i].State = b.State
		return nil
	})
}

// Pause pauses a bot: it fights no more until its owner resumes it.
func (a *Arena) Pause(ctx context.Context, game, id string) (*Bot, error) {
	return a.changeBot(ctx, game, id, func(b *Bot) error {
		if b.State == Active {
			b.State, b.Why = Paused, "paused by its owner"
		}
		return nil
	})
}

// Resume has a paused bot fight again (pending still if it has not
// proved its URL), its failures forgotten.
func (a *Arena) Resume(ctx context.Context, game, id string) (*Bot, error) {
	return a.changeBot(ctx, game, id, func(b *Bot) error {
		if b.State == Paused {
			b.State, b.Why, b.Failures = Active, "", 0
		}
		return nil
	})
}

// Delete deletes a bot: it leaves its game's roster and ladders; the
// fights it played stay, under its name.
func (a *Arena) Delete(ctx context.Context, game, id string) error {
	b, err := a.changeBot(ctx, game, id, func(b *Bot) error { b.State = deleted; return nil })
	if err != nil {
		return err
	}
	err = update(ctx, a, kindRoster, game, func(r *Roster, _ bool) error {
		r.Bots = slices.DeleteFunc(r.Bots, func(e Entry) bool { return e.ID == b.ID })
		return nil
	})
	if err != nil {
		return err
	}
	return a.unrank(ctx, b)
}

// deleted is the state of a bot deleted: its record stays, so that its
// fights still name it, but nothing lists or calls it.
const deleted = "deleted"

// checkChallenge reports whether secret is b's challenge.
func (b *Bot) checkChallenge(secret string) bool {
	h := sha256.Sum256([]byte(secret))
	return subtle.ConstantTimeCompare(h[:], b.Challenge) == 1
}
