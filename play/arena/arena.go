// Package arena is the botsArena site inside the bundle: bots registered
// by URL for a live game, which prove their owner controls the URL before
// they fight (bots.go); fights between them and the house bots, each a
// live match on the core whose seats the arena drives by calling the
// bots (fight.go, drive.go); and the ladder of each game and number of
// seats, the arena's ELO kept for good and the bundle's Weng-Lin ratings
// from the same fights, with every pair's record (ladder.go, result.go).
// Everything it keeps is in a play.Store, written with conditional
// writes, so that any instance serves any request and a fight whose
// driver is killed resumes from the store. Its calls to bots go through
// a Caller (package internal/egress), which no caller's URL can turn
// against anyone.
package arena

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/agentgames/bundle/internal/egress"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/live"
)

// Caller sends the arena's messages to bots: egress.Client.
type Caller interface {
	// Post sends body to the URL raw, one call at a time per key (a
	// bot's id), and answers the reply, bounded.
	Post(ctx context.Context, key, raw string, body []byte) (*egress.Reply, error)
	// CheckURL refuses a URL no call may be sent to, with an
	// *egress.Refusal.
	CheckURL(raw string) (*url.URL, error)
	// Timeout is how long a call may take: a bot's time to move.
	Timeout() time.Duration
}

// Settings are a host's choices for its arena; the zero Settings are the
// defaults.
type Settings struct {
	// LaunchesPerMinute is how many fights one client may launch in a
	// minute (DefaultLaunchesPerMinute when 0; negative for no limit).
	LaunchesPerMinute int
	// MaxRunning bounds the fights under way at once (DefaultMaxRunning
	// when 0).
	MaxRunning int
	// Lease is how long a driver holds a fight without renewing its
	// lease (LeaseTime when 0): a driver that dies leaves its fight to
	// another after this.
	Lease time.Duration
	// Every is the beat of the schedule a process runs itself (see Tick
	// and Run): every active bot is put in a fight each beat it is not
	// in one. 0 runs none: fights are launched, or, on AWS, EventBridge
	// Scheduler beats.
	Every time.Duration
	// Options are the options of each game's scheduled fights, a JSON
	// object by game slug (Tron's {"width":30,"height":30}); a game not
	// named plays its defaults.
	Options map[string][]byte
}

// The defaults of Settings, and the arena's fixed bounds.
const (
	DefaultLaunchesPerMinute = 10
	DefaultMaxRunning        = 64
	// MaxRunningPerClient bounds the fights one client has launched that
	// are under way at once, so that no one client holds the arena's
	// MaxRunning (nor keeps the schedule out) with long fights.
	MaxRunningPerClient = 8
	// MaxBotsPerAgent is how many bots one agent may have registered for
	// a game.
	MaxBotsPerAgent = 5
	// MaxBots bounds the bots registered for a game.
	MaxBots = 1000
	// VerifiesPerMinute is how many times one client may have the arena
	// verify a bot in a minute: each is a call to the bot's URL.
	VerifiesPerMinute = 10
	// PauseAfter is how many fights in a row a bot may fail before the
	// arena pauses it.
	PauseAfter = 3
	// HealthAfter is how long a bot may go without answering the arena
	// before a fight checks its health first.
	HealthAfter = 10 * time.Minute
	// LeaseTime is the default of Settings.Lease.
	LeaseTime = 30 * time.Second
)

// Arena is the arena of the live games it is given.
type Arena struct {
	store    play.Store
	clock    play.Clock
	caller   Caller
	servers  map[string]*live.Server // by game slug
	order    []string                // the games, in the registry's order
	launches *play.Quota
	trials   *play.Quota
	verifies *play.Quota
	settings Settings
	// owner names this instance's drivers in the leases they hold.
	owner string
	// queue has fights driven, by this process or another.
	queue Queue
	// base is the context of the fights this process drives (see Run).
	base context.Context
	// runs plays the ranked runs of the bots that play runs (WithRuns);
	// nil for none.
	runs *play.Service
}

// New is the arena of the live games servers play, keeping its records
// in store and calling bots through caller.
func New(servers []*live.Server, store play.Store, clock play.Clock, caller Caller, settings Settings) *Arena {
	if settings.LaunchesPerMinute == 0 {
		settings.LaunchesPerMinute = DefaultLaunchesPerMinute
	}
	if settings.MaxRunning <= 0 {
		settings.MaxRunning = DefaultMaxRunning
	}
	if settings.Lease <= 0 {
		settings.Lease = LeaseTime
	}
	a := &Arena{store: store, clock: clock, caller: caller, servers: map[string]*live.Server{}, settings: settings,
		owner: live.Symbols(12), base: context.Background()}
	for _, s := range servers {
		if s.Game().Bots != nil {
			a.servers[s.Game().Slug] = s
			a.order = append(a.order, s.Game().Slug)
		}
	}
	a.launches = &play.Quota{Store: store, Clock: clock, Kind: "arena-launch", What: "fights launched",
		Limit: max(settings.LaunchesPerMinute, 0), Window: time.Minute}
	a.trials = &play.Quota{Store: store, Clock: clock, Kind: "arena-trial", What: "bot trials",
		Limit: TrialsPerMinute, Window: time.Minute}
	a.verifies = &play.Quota{Store: store, Clock: clock, Kind: "arena-verify", What: "bot verifications",
		Limit: VerifiesPerMinute, Window: time.Minute}
	if settings.LaunchesPerMinute < 0 {
		a.trials.Limit, a.verifies.Limit = 0, 0 // a host that sets no limit on launches sets none on the other calls
	}
	a.queue = QueueFunc(func(_ context.Context, code string) error {
		go a.Drive(a.base, code)
		return nil
	})
	return a
}

// Queue carries fights to the runners that drive them (Drive): each code
// sent is driven at least once, by this process or another. A code sent
// twice is harmless: a fight's driver holds a lease on it in the store,
// and a second driver waits for the lease or leaves the fight to it.
type Queue interface {
	Send(ctx context.Context, codes ...string) error
}

// QueueFunc is a Queue that hands each code to one function.
type QueueFunc func(ctx context.Context, code string) error

// Send hands each code to f, stopping at the first error.
func (f QueueFunc) Send(ctx context.Context, codes ...string) error {
	for _, c := range codes {
		if err := f(ctx, c); err != nil {
			return err
		}
	}
	return nil
}

// WithQueue has fights driven by the runners q feeds instead of a
// goroutine of this process each: on AWS, an SQS queue and its runner
// function.
func (a *Arena) WithQueue(q Queue) *Arena {
	a.queue = q
	return a
}

// CheckSettings refuses Settings.Options that name a game the arena does
// not hold, or options a scheduled fight of the game would refuse, so
// that a host's mistake stops the program where it starts rather than
// failing every scheduled launch.
func (a *Arena) CheckSettings() error {
	for _, game := range slices.Sorted(maps.Keys(a.settings.Options)) {
		s, err := a.server(game)
		if err != nil {
			return fmt.Errorf("the scheduled fights' options name %q, a game the arena does not hold (%s)", game, strings.Join(a.order, ", "))
		}
		seats, _ := s.Game().Rules.Seats()
		if _, err := matchOptions(s, seats, a.settings.Options[game]); err != nil {
			return fmt.Errorf("the scheduled fights' options of %s: %w", game, err)
		}
	}
	return nil
}

// Games are the slugs of the games the arena holds, in the registry's
// order.
func (a *Arena) Games() []string { return a.order }

// server is the live server of game, or no_game.
func (a *Arena) server(game string) (*live.Server, error) {
	s := a.servers[game]
	if s == nil {
		return nil, play.Errorf(play.CodeUnknownGame, "the arena holds no game %q; it holds %v", game, a.order)
	}
	return s, nil
}

// load reads the entry kind/ref into v, answering its version; found is
// false for no entry.
func (a *Arena) load(ctx context.Context, kind, ref string, v any) (version uint64, found bool, err error) {
	data, version, err := a.store.Load(ctx, kind, ref)
	if play.IsCode(err, play.CodeNoMatch) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, err
	}
	return version, true, json.Unmarshal(data, v)
}

// errSkip is what an update's f answers to leave the entry as it is.
var errSkip = errors.New("arena: nothing to change")

// update changes the entry kind/ref with f, which reads it as a T
// (the zero T when there is none, found false), and saves it
// conditionally, trying again after a lost race; f may be called more
// than once, and answers errSkip to save nothing. The entry never
// expires.
func update[T any](ctx context.Context, a *Arena, kind, ref string, f func(v *T, found bool) error) error {
	return play.Retry(ctx, "the arena is busy; try again", func() (bool, error) {
		var v T
		version, found, err := a.load(ctx, kind, ref, &v)
		if err != nil {
			return false, err
		}
		if err := f(&v, found); err == errSkip {
			return false, nil
		} else if err != nil {
			return false, err
		}
		data, err := json.Marshal(&v)
		if err != nil {
			return false, err
		}
		_, err = a.store.Save(ctx, kind, ref, data, version, time.Time{})
		return play.IsCode(err, play.CodeConflict), err
	})
}
