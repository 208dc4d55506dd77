package arena

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/play/wire"
)

// HousePrefix starts the entrant that names a house bot: "house:" and
// one of the game's policies.
const HousePrefix = "house:"

// Fight is a fight as the store keeps it: a live match whose seats the
// arena drives, in the order of Seats.
type Fight struct {
	Code  string    `json:"code"` // the live match's code
	Game  string    `json:"game"`
	Seats []Fighter `json:"seats"`
	// Greeted: every bot has been sent its init message.
	Greeted bool `json:"greeted,omitempty"`
	// Lease is held by the driver playing the fight.
	Lease    Lease `json:"lease"`
	Launched int64 `json:"launched"`        // unix milliseconds
	Ended    int64 `json:"ended,omitempty"` // unix milliseconds, once over
	// Rated: its result is on the ladder, its bots' records and its
	// game's list of fights; a fight over and not rated is rated by the
	// next driver that takes it.
	Rated bool `json:"rated,omitempty"`
	// Failures counts the seats that have failed, to order them.
	Failures int `json:"failures,omitempty"`
	// Places are the seats' places once over, 1 the best.
	Places []int `json:"places,omitempty"`
	// Plays is PlaysRuns for a ranked run the arena plays for its one
	// bot (see driveRun), whose state (the service's ref) is its seat's
	// Token; empty for a fight of a live game.
	Plays string `json:"plays,omitempty"`
	// Options are a run's options: its board's.
	Options map[string]string `json:"options,omitempty"`
	// Run is a run's ranked id, once started; Score its score once over.
	Run   string `json:"run,omitempty"`
	Score *int   `json:"score,omitempty"`
}

// Fighter is one seat of a fight: a registered bot (its id, name and
// URL as they were at the launch, and the seat's token, which only the
// arena holds) or a house bot (Bot "house:<policy>", no URL).
type Fighter struct {
	Bot   string `json:"bot"`
	Name  string `json:"name"`
	URL   string `json:"url,omitempty"`
	Token string `json:"token,omitempty"`
	// Owner is the id of the agent that registered the bot; none for a
	// house bot.
	Owner string `json:"owner,omitempty"`
	// Failed is why the bot failed the fight, the arena's words; its
	// seat is the house bot's from then on (see live.Server.Fail).
	Failed string `json:"failed,omitempty"`
	// FailedAs orders the failures: the first seat to fail is 1.
	FailedAs int `json:"failedAs,omitempty"`
	// Calls counts its play-turn replies; Millis adds up their times
	// and Slowest is the longest.
	Calls   int   `json:"calls"`
	Millis  int64 `json:"millis"`
	Slowest int64 `json:"slowest"`
}

// Lease is who drives a fight until when (unix milliseconds).
type Lease struct {
	Owner string `json:"owner,omitempty"`
	Until int64  `json:"until,omitempty"`
}

// house reports whether entrant names a house bot, and its policy.
func house(entrant string) (string, bool) { return strings.CutPrefix(entrant, HousePrefix) }

// The kinds of the fights' entries.
const (
	kindFight   = "arena-fight"
	kindRunning = "arena-running"
	kindRecent  = "arena-fights"
	// runningRef is the one entry that lists the fights under way.
	runningRef = "all"
	// KeptRecent is how many fights a game's list keeps, the latest.
	KeptRecent = 100
)

// Running lists the fights under way, everywhere: what bounds them, and
// what a restarted server resumes.
type Running struct {
	Codes []string `json:"codes"`
	// By names, for each fight a client launched, the client (a hash of
	// its address), to bound the fights one client has under way.
	By map[string]string `json:"by,omitempty"`
}

// Recent lists a game's latest fights, oldest first.
type Recent struct {
	Fights []Summary `json:"fights"`
}

// Summary is a fight as lists show it.
type Summary struct {
	Code     string   `json:"code"`
	Bots     []string `json:"bots"` // each seat's bot: an id, or "house:<policy>"
	Names    []string `json:"names"`
	Places   []int    `json:"places,omitempty"` // once over
	Launched int64    `json:"launched"`
	// Plays is PlaysRuns for a run, scored Score once over.
	Plays string `json:"plays,omitempty"`
	Score *int   `json:"score,omitempty"`
}

// Launch starts a fight of game between entrants, in seat order: ids of
// active bots registered for the game, or "house:<policy>" for a house
// bot, each at most once; options, a JSON object or nil, are the game's
// options for its matches (Tron's width and height), as a create request
// gives them. A bot that has not answered the arena for
// HealthAfter is sent an init message first, and must answer it. Anyone
// may launch, within the per-client limit; the arena runs MaxRunning
// fights at once. A bot that plays runs is launched alone, options its
// board's: one ranked run (see driveRun). A fight of one registered bot
// and house bots is credited to the bot's platform agent, and moves its
// rating on the game's board of ratings.
func (a *Arena) Launch(ctx context.Context, game string, entrants []string, options []byte) (*Fight, error) {
	f, err := a.launch(ctx, game, entrants, options, false)
	if err != nil {
		return nil, err
	}
	if err := a.queue.Send(ctx, f.Code); err != nil {
		slog.Error("arena: a fight could not be handed to its driver", "fight", f.Code, "err", err)
		return nil, &play.Error{Code: play.CodeUnavailable, RetryAfter: 10 * time.Second,
			Message: "the arena could not start the fight's driver; try again in a while"}
	}
	return f, nil
}

// launch opens a fight and lists it, as Launch does, without handing it
// to a runner; a scheduled fight (the arena's own, see Tick) takes no
// client's quota and checks no bot's health: its bots are active, and
// the fight itself is the check (a bot that fails fights is paused).
func (a *Arena) launch(ctx context.Context, game string, entrants []string, options []byte, scheduled bool) (*Fight, error) {
	if g, err := a.runGame(game); err == nil && len(entrants) == 1 && !strings.HasPrefix(entrants[0], HousePrefix) {
		b, err := a.ready(ctx, game, entrants[0], scheduled)
		if err != nil {
			return nil, err
		}
		if b.plays() != PlaysRuns {
			return nil, play.Errorf(play.CodeInvalidRequest, "bot %s plays fights of %s: launch it with its opponents", b.ID, game)
		}
		return a.launchRunOf(ctx, g, b, options, scheduled)
	}
	s, err := a.server(game)
	if err != nil {
		return nil, err
	}
	least, most := s.Game().Rules.Seats()
	if len(entrants) < least || len(entrants) > most {
		return nil, play.Errorf(play.CodeInvalidRequest, "a fight of %s seats %d to %d bots, not %d", game, least, most, len(entrants))
	}
	opts, err := matchOptions(s, len(entrants), options)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	f := &Fight{Game: game, Seats: make([]Fighter, len(entrants)), Launched: a.clock().UnixMilli()}
	seats := make([]live.Entrant, len(entrants))
	for i, e := range entrants {
		if seen[e] {
			return nil, play.Errorf(play.CodeInvalidRequest, "%q is in the fight twice: a bot fights once a fight", e)
		}
		seen[e] = true
		if policy, ok := house(e); ok {
			if !slices.Contains(s.Game().Rules.Policies(), policy) {
				return nil, play.Errorf(play.CodeInvalidRequest, "the house bots of %s are %v, not %q", game, s.Game().Rules.Policies(), policy)
			}
			f.Seats[i], seats[i] = Fighter{Bot: e, Name: e}, live.Entrant{Name: e, Bot: policy}
			continue
		}
		b, err := a.ready(ctx, game, e, scheduled)
		if err != nil {
			return nil, err
		}
		if b.plays() != PlaysFights {
			return nil, play.Errorf(play.CodeInvalidRequest, "bot %s plays runs of %s, not fights: launch it alone", b.ID, game)
		}
		f.Seats[i], seats[i] = Fighter{Bot: b.ID, Name: b.Name, URL: b.URL, Owner: b.Owner.ID}, live.Entrant{Name: b.Name}
	}
	if len(f.registered()) == 0 {
		return nil, play.Errorf(play.CodeInvalidRequest, "a fight seats at least one registered bot; house bots alone fight in live matches (%s)", s.Game().Base)
	}
	if !scheduled {
		if err := a.launches.Take(ctx); err != nil {
			return nil, err
		}
	}
	if bots := f.registered(); len(bots) == 1 {
		// one bot against the house bots: the match is credited to the
		// bot's platform agent, as a seat taken with a key is its agent's,
		// and moves its rating on the game's boards
		agent := platformAgent(f.Seats[bots[0]].Bot, f.Seats[bots[0]].Name)
		seats[bots[0]].Agent = &agent
	}
	opened, err := s.Open(ctx, seats, a.caller.Timeout(), opts)
	if err != nil {
		return nil, err
	}
	f.Code = opened.Code
	for i, t := range opened.Tokens {
		f.Seats[i].Token = t
	}
	return f, a.list(ctx, f)
}

// list keeps a new fight and lists it among the fights under way (at
// most MaxRunning, and MaxRunningPerClient of those the client ctx names
// launched) and its game's.
func (a *Arena) list(ctx context.Context, f *Fight) error {
	by := a.launcher(ctx)
	err := update(ctx, a, kindRunning, runningRef, func(r *Running, _ bool) error {
		if len(r.Codes) >= a.settings.MaxRunning {
			return &play.Error{Code: play.CodeUnavailable, RetryAfter: 10 * time.Second,
				Message: "the arena runs as many fights at once as it may; try again in a while"}
		}
		if by != "" {
			mine := 0
			for _, c := range r.Codes {
				if r.By[c] == by {
					mine++
				}
			}
			if mine >= MaxRunningPerClient {
				return &play.Error{Code: play.CodeRateLimited, RetryAfter: 10 * time.Second, Message: fmt.Sprintf(
					"%d fights launched from one address are under way, as many as the arena runs at once for one address; try again once one ends", mine)}
			}
			if r.By == nil {
				r.By = map[string]string{}
			}
			r.By[f.Code] = by
		}
		r.Codes = append(r.Codes, f.Code)
		return nil
	})
	if err != nil {
		return err
	}
	if err := a.saveFight(ctx, f, 0); err != nil {
		return err
	}
	return update(ctx, a, kindRecent, f.Game, func(r *Recent, _ bool) error {
		r.Fights = append(r.Fights, Summary{Code: f.Code, Bots: f.bots(), Names: f.names(), Launched: f.Launched, Plays: f.Plays})
		r.Fights = r.Fights[max(0, len(r.Fights)-KeptRecent):]
		return nil
	})
}

// launcher is the client ctx names, hashed, whose fights under way are
// bounded; "" for none (the schedule's launches, or a host that sets no
// limit on launches).
func (a *Arena) launcher(ctx context.Context) string {
	client := play.ClientOf(ctx)
	if client == "" || a.settings.LaunchesPerMinute < 0 {
		return ""
	}
	h := sha256.Sum256([]byte(client))
	return hex.EncodeToString(h[:9])
}

// bots are the entrants of f's seats.
func (f *Fight) bots() []string {
	out := make([]string, len(f.Seats))
	for i, s := range f.Seats {
		out[i] = s.Bot
	}
	return out
}

// registered are the seats of f's registered bots (not house bots).
func (f *Fight) registered() []int {
	var out []int
	for i, s := range f.Seats {
		if _, ok := house(s.Bot); !ok {
			out = append(out, i)
		}
	}
	return out
}

// rated reports whether f moves the ladder: not when two of its bots
// have one owner, who could have one lose to the other on purpose.
func (f *Fight) rated() bool {
	owners := map[string]bool{}
	for _, s := range f.Seats {
		if s.Owner != "" && owners[s.Owner] {
			return false
		}
		owners[s.Owner] = true
	}
	return true
}

// names are the names of f's seats.
func (f *Fight) names() []string {
	out := make([]string, len(f.Seats))
	for i, s := range f.Seats {
		out[i] = s.Name
	}
	return out
}

// ready is the bot id of game if it may fight now: active, and, unless
// the fight is scheduled, answering an init message if it has not
// answered the arena for HealthAfter.
func (a *Arena) ready(ctx context.Context, game, id string, scheduled bool) (*Bot, error) {
	b, err := a.Bot(ctx, game, id)
	if err != nil {
		return nil, err
	}
	switch {
	case b.State == Pending:
		return nil, play.Errorf(play.CodeBotNotReady, "bot %s is pending: it has not proved its URL (its owner verifies it)", id)
	case b.State == Paused:
		return nil, play.Errorf(play.CodeBotNotReady, "bot %s is paused", id)
	case scheduled || a.clock().Sub(time.UnixMilli(b.Answered)) < HealthAfter:
		return b, nil
	}
	took, err := a.greet(ctx, b, &Message{GameID: "health-" + b.ID, Action: ActionInit, Game: game, Board: emptyBoard, Players: a.players(b)}, false)
	if f, ok := err.(*Failure); ok {
		return nil, play.Errorf(play.CodeBotNotReady, "bot %s failed its health check: %s", id, f.Reason)
	}
	if err != nil {
		return nil, err
	}
	err = update(ctx, a, kindBot, id, func(b *Bot, found bool) error {
		if !found {
			return errSkip
		}
		b.answered(a.clock(), took)
		return nil
	})
	return b, err
}

// saveFight writes f, created when version is 0.
func (a *Arena) saveFight(ctx context.Context, f *Fight, version uint64) error {
	data, err := json.Marshal(f)
	if err != nil {
		return err
	}
	_, err = a.store.Save(ctx, kindFight, f.Code, data, version, noExpiry)
	return err
}

// Fight is the fight whose match has code code, or no_match.
func (a *Arena) Fight(ctx context.Context, code string) (*Fight, error) {
	var f Fight
	_, found, err := a.load(ctx, kindFight, code, &f)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, play.Errorf(play.CodeNoMatch, "no fight has the code %q", code)
	}
	return &f, nil
}

// Recent lists game's latest fights.
func (a *Arena) Recent(ctx context.Context, game string) (*Recent, error) {
	if err := a.knows(game); err != nil {
		return nil, err
	}
	r := Recent{Fights: []Summary{}}
	_, _, err := a.load(ctx, kindRecent, game, &r)
	return &r, err
}

// matchOptions reads the options of a fight of players seats, a JSON
// object (nil for none) of the game's match options, as its create
// request reads them.
func matchOptions(s *live.Server, players int, raw []byte) (map[string]string, error) {
	if raw == nil {
		raw = []byte("{}")
	}
	given, err := wire.ReadObject(raw, "options")
	if err != nil {
		return nil, play.Errorf(play.CodeInvalidRequest, "%v", err)
	}
	fields := map[string]json.RawMessage{}
	for name, v := range given.All() {
		fields[name] = v
	}
	fields["players"] = strconv.AppendInt(nil, int64(players), 10)
	full, err := json.Marshal(fields)
	if err != nil {
		return nil, err
	}
	o, err := wire.ReadObject(full, "options")
	if err != nil {
		return nil, err
	}
	setup, err := s.Game().API.Setup(o)
	if _, ok := err.(*play.Error); err != nil && !ok {
		return nil, play.Errorf(play.CodeInvalidRequest, "%v", err)
	} else if err != nil {
		return nil, err
	}
	for name := range given.All() {
		if _, ok := setup.Options[name]; !ok {
			return nil, play.Errorf(play.CodeInvalidRequest, "options may name only the game's options for its matches (%s), not %q", strings.Join(slices.Sorted(maps.Keys(setup.Options)), ", "), name)
		}
	}
	return setup.Options, nil
}
