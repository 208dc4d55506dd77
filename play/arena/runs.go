package arena

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"maps"
	"slices"
	"strings"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/play/wire"
)

// What a bot is registered to play: fights of a live game, against other
// bots and the house bots; or runs, the ranked runs of a game against the
// bundle's bots (the games of the HTTP loop: Tinrail against G-Bot,
// Brinebell, Tidebreakers and Tron against their bots), which the arena
// plays for it and enters on the game's boards, marked as the
// platform's.
const (
	PlaysFights = "fights"
	PlaysRuns   = "runs"
)

// RunsPerBoard is how many ranked runs the arena plays for a bot on each
// board of its evaluation (see EvalBoards): as many as a board needs to
// list an agent.
const RunsPerBoard = 10

// WithRuns has the arena play runs for the bots registered to play them,
// the ranked runs of svc's games, credited on their boards (svc has a
// ledger and boards that count its ranked runs).
func (a *Arena) WithRuns(svc *play.Service) *Arena {
	a.runs = svc
	return a
}

// RunGames are the slugs of the games bots may play runs of, in the
// service's order.
func (a *Arena) RunGames() []string {
	if a.runs == nil {
		return nil
	}
	var out []string
	for _, g := range a.runs.Games() {
		out = append(out, g.Info().Slug)
	}
	return out
}

// runGame is the game of svc that bots may play runs of, or unknown_game.
func (a *Arena) runGame(game string) (play.Game, error) {
	if a.runs == nil {
		return nil, play.Errorf(play.CodeUnknownGame, "this arena plays no runs; its games are %v", a.order)
	}
	return a.runs.Game(game)
}

// knows refuses a game the arena holds neither fights nor runs of.
func (a *Arena) knows(game string) error {
	if _, err := a.server(game); err == nil {
		return nil
	}
	if _, err := a.runGame(game); err == nil {
		return nil
	}
	return play.Errorf(play.CodeUnknownGame, "the arena holds no game %q", game)
}

// plays judges what a registration for game asks its bot to play: fights
// where the arena holds the live game, else runs, when it does not say.
func (a *Arena) plays(game, asked string) (string, error) {
	_, fights := a.server(game)
	_, runs := a.runGame(game)
	switch {
	case asked != "" && asked != PlaysFights && asked != PlaysRuns:
		return "", play.Errorf(play.CodeInvalidRequest, "plays must be %q or %q, not %q", PlaysFights, PlaysRuns, asked)
	case fights != nil && runs != nil:
		return "", play.Errorf(play.CodeUnknownGame, "the arena holds no game %q", game)
	case asked == "" && fights == nil, asked == PlaysFights && fights == nil:
		return PlaysFights, nil
	case asked != PlaysFights && runs == nil:
		return PlaysRuns, nil
	}
	return "", play.Errorf(play.CodeInvalidRequest, "the arena plays no %s of %s", asked, game)
}

// plays is what b plays (a bot registered before runs played fights).
func (b *Bot) plays() string { return cmp.Or(b.Plays, PlaysFights) }

// entryPlays is what a roster's entry says a bot plays: runs, or nothing
// for fights.
func entryPlays(plays string) string {
	if plays == PlaysRuns {
		return PlaysRuns
	}
	return ""
}

// EvalBoards are the boards a bot's runs of g are played on: one for each
// combination of the values of g's board options that list them (the
// opponent), every other option at its default.
func EvalBoards(g play.Game) []map[string]string {
	out := []map[string]string{{}}
	info := g.Info()
	for _, name := range info.Boards {
		i := slices.IndexFunc(info.Options, func(o play.Option) bool { return o.Name == name })
		if i < 0 || len(info.Options[i].Values) == 0 {
			continue
		}
		var next []map[string]string
		for _, o := range out {
			for _, v := range info.Options[i].Values {
				m := maps.Clone(o)
				m[name] = v
				next = append(next, m)
			}
		}
		out = next
	}
	return out
}

// boardOf names the board of options, as the game's boards do.
func boardOf(g play.Game, options map[string]string) string {
	b, _ := g.Info().Board(options)
	return b
}

// platformAgent is the agent a bot's runs and rated matches are credited
// to: the bot, marked as played by the platform. Its id cannot be an
// agent's, whose ids have no "-".
func platformAgent(bot, name string) play.AgentRef {
	return play.AgentRef{ID: "bot-" + bot, Name: name, Platform: true}
}

// players is how many players the init messages of b name: the fewest
// seats of its live game, or 1 for a bot that plays runs (its seat is
// the only one the arena calls).
func (a *Arena) players(b *Bot) int {
	s, err := a.server(b.Game)
	if b.plays() == PlaysRuns || err != nil {
		return 1
	}
	least, _ := s.Game().Rules.Seats()
	return least
}

// launchRunOf launches a run of g for b on the board raw names (a JSON
// object of b's board options, nil for the first of EvalBoards), within
// the client's quota unless scheduled.
func (a *Arena) launchRunOf(ctx context.Context, g play.Game, b *Bot, raw []byte, scheduled bool) (*Fight, error) {
	var options map[string]string
	if raw != nil {
		o, err := wire.ReadObject(raw, "options")
		if err != nil {
			return nil, play.Errorf(play.CodeInvalidRequest, "%v", err)
		}
		options = map[string]string{}
		for name := range o.All() {
			if options[name], err = o.String(name); err != nil {
				return nil, play.Errorf(play.CodeInvalidRequest, "%v: a run's options are its board's, strings", err)
			}
		}
	}
	if !scheduled {
		if err := a.launches.Take(ctx); err != nil {
			return nil, err
		}
	}
	return a.launchRun(ctx, g, b, options)
}

// launchRun opens one ranked run of game for bot b on the board options
// name (nil: the first of EvalBoards) and lists it as a fight of one
// seat.
func (a *Arena) launchRun(ctx context.Context, g play.Game, b *Bot, options map[string]string) (*Fight, error) {
	if options == nil {
		options = EvalBoards(g)[0]
	}
	for name, v := range options {
		if !slices.Contains(g.Info().Boards, name) {
			return nil, play.Errorf(play.CodeInvalidRequest, "a run's options name its board, of %s: %s; not %q", g.Info().Slug, strings.Join(g.Info().Boards, ", "), name)
		}
		if !slices.ContainsFunc(EvalBoards(g), func(o map[string]string) bool { return o[name] == v }) {
			return nil, play.Errorf(play.CodeInvalidRequest, "%s=%q is not a board the arena plays runs on", name, v)
		}
	}
	f := &Fight{Code: live.Symbols(10), Game: g.Info().Slug, Plays: PlaysRuns, Options: options, Launched: a.clock().UnixMilli(),
		Seats: []Fighter{{Bot: b.ID, Name: b.Name, URL: b.URL, Owner: b.Owner.ID}}}
	return f, a.list(ctx, f)
}

// errRunLost stops a run whose state the service no longer takes.
var errRunLost = errors.New("arena: the run's state is lost")

// driveRun plays the ranked run of d's fight of one seat: every turn it
// sends the bot what an agent sees (the answer's observation, legal
// actions, score; not its state token) and plays the action it answers
// through the service, as the bot's platform agent; the run's state is
// the service's (its ref in the fight's seat), so that a driver
// interrupted anywhere goes on from the last turn played. A bot that fails ends the run
// there: unfinished, the board counts it scored 0.
func (d *driver) driveRun(ctx context.Context) error {
	a, f := d.a, d.f
	st := &f.Seats[0]
	if _, err := a.runGame(f.Game); err != nil {
		return err
	}
	if !f.Greeted {
		d.greet(ctx)
		f.Greeted = true
		if err := d.renew(ctx); err != nil {
			return err
		}
	}
	agent := play.WithAgent(ctx, platformAgent(st.Bot, st.Name))
	var env *play.Envelope
	var err error
	for f.Ended == 0 {
		if err := d.hold(ctx); err != nil {
			return err
		}
		switch {
		case st.Failed != "":
			return d.finishRun(ctx, env)
		case st.Token == "":
			options := map[string]string{play.RankedOption: "true"}
			maps.Copy(options, f.Options)
			if env, err = a.runs.Init(agent, f.Game, nil, options); err != nil {
				return err
			}
			f.Run, st.Token = env.Ranked, env.State
			if err := d.renew(ctx); err != nil {
				return err
			}
		case env == nil:
			if env, err = a.runs.Observe(ctx, f.Game, st.Token); play.IsCode(err, play.CodeTokenExpired) {
				d.fail(st, "its run's time ran out")
				continue
			} else if err != nil {
				return err
			}
		}
		if env.GameOver {
			return d.finishRun(ctx, env)
		}
		board, err := agentView(env)
		if err != nil {
			return err
		}
		msg := &Message{GameID: f.Code, Action: ActionPlayTurn, Game: f.Game, Board: board, Players: 1}
		reply, took, err := a.play(ctx, st.Bot, st.URL, msg)
		if ctx.Err() != nil {
			return ctx.Err() // the driver stopped, not the bot: the next asks again
		}
		if took > 0 {
			st.Calls++
			st.Millis += took.Milliseconds()
			st.Slowest = max(st.Slowest, took.Milliseconds())
		}
		var failure *Failure
		if errors.As(err, &failure) {
			d.fail(st, failure.Reason)
			continue
		} else if err != nil {
			return err
		}
		ans, err := a.runs.Act(agent, f.Game, st.Token, reply)
		var pe *play.Error
		switch r := ans.(type) {
		case *play.Refusal:
			d.fail(st, "it played an action the game refuses: "+string(r.Code)+": "+r.Reason)
			continue
		case *play.Envelope:
			env = r
		default:
			if errors.As(err, &pe) && (pe.Kind() == play.KindRefusal || pe.Kind() == play.KindRequest) {
				d.fail(st, "it played no action the game takes: "+string(pe.Code)+": "+pe.Message)
				continue
			}
			return cmp.Or(err, errRunLost) // the store's trouble: the next driver goes on from the run's state
		}
		if env.State != st.Token {
			// a service over sealed tokens answers a new one each turn, and
			// one older than the last is spent: the fight keeps the last at
			// once (the arena's, over its store, keeps one ref)
			st.Token = env.State
			if err := d.renew(ctx); err != nil {
				return err
			}
		}
	}
	return d.finishRun(ctx, env)
}

// fail puts the bot of st out of its run, for reason.
func (d *driver) fail(st *Fighter, reason string) {
	d.f.Failures++
	st.Failed, st.FailedAs = reason, d.f.Failures
}

// agentView is what the bot of a run is sent of env: what an agent sees
// of the answer, its state token and the game's spec left out.
func agentView(env *play.Envelope) (json.RawMessage, error) {
	v := *env
	v.State, v.StateToken, v.Spec, v.Seed = "", "", nil, nil
	data, err := json.Marshal(&v)
	if err != nil {
		return nil, err
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	delete(m, "state")
	delete(m, "ok")
	return json.Marshal(m)
}

// finishRun ends a run's fight once: the bot's record (its replies, a
// failure), the game's list, then the fights under way. The run itself
// is on its board already: the service credited its end (or, for a bot
// that failed, the board counts it unfinished).
func (d *driver) finishRun(ctx context.Context, env *play.Envelope) error {
	f := d.f
	if !f.Rated {
		if env != nil && env.Score != nil {
			score := *env.Score
			f.Score = &score
		}
		f.Places = []int{1}
		if err := d.tell(ctx, 0); err != nil {
			return err
		}
		err := update(ctx, d.a, kindRecent, f.Game, func(r *Recent, _ bool) error {
			i := slices.IndexFunc(r.Fights, func(s Summary) bool { return s.Code == f.Code })
			if i < 0 {
				return errSkip
			}
			r.Fights[i].Places, r.Fights[i].Score = f.Places, f.Score
			return nil
		})
		if err != nil {
			return err
		}
		f.Rated, f.Ended = true, d.a.clock().UnixMilli()
		if err := d.renew(ctx); err != nil {
			return err
		}
	}
	return d.a.unlist(ctx, f.Code)
}

// runsToPlay is the board of g bot should play its next run on, the first
// of EvalBoards with fewer than RunsPerBoard runs launched (played, in
// launched), or nil once every board has its runs.
func runsToPlay(g play.Game, launched map[string]int) map[string]string {
	for _, o := range EvalBoards(g) {
		if launched[boardOf(g, o)] < RunsPerBoard {
			return o
		}
	}
	return nil
}

// Evaluations are what the schedule remembers of a game's bots that play
// runs: the runs launched for each, by board (ref "<game>.runs").
type Evaluations struct {
	Runs map[string]map[string]int `json:"runs"`
}

// scheduleRuns launches the next run of every active bot of g that plays
// runs, is in none under way and has boards left to play (runsToPlay), at
// most most, and answers their codes.
func (a *Arena) scheduleRuns(ctx context.Context, g play.Game, rosterOf func(string) (*Roster, error), busy map[string]bool, most int) ([]string, error) {
	game := g.Info().Slug
	roster, err := rosterOf(game)
	if err != nil {
		return nil, err
	}
	ref := game + ".runs"
	var ev Evaluations
	if _, _, err := a.load(ctx, kindSchedule, ref, &ev); err != nil {
		return nil, err
	}
	launched := map[string]string{} // bot: board
	var codes []string
	for _, e := range roster.Bots {
		if len(codes) >= most {
			break
		}
		if e.State != Active || e.Plays != PlaysRuns || busy[e.ID] {
			continue
		}
		board := runsToPlay(g, ev.Runs[e.ID])
		if board == nil {
			continue // every board has its runs
		}
		b, err := a.Bot(ctx, game, e.ID)
		if play.IsCode(err, play.CodeNoBot) {
			continue
		} else if err != nil {
			return codes, err
		}
		f, err := a.launchRun(ctx, g, b, board)
		if err != nil {
			slog.Error("arena: a scheduled run could not be launched", "game", game, "bot", e.ID, "err", err)
			break
		}
		codes = append(codes, f.Code)
		launched[e.ID] = boardOf(g, board)
	}
	if len(launched) == 0 {
		return codes, nil
	}
	return codes, update(ctx, a, kindSchedule, ref, func(ev *Evaluations, _ bool) error {
		if ev.Runs == nil {
			ev.Runs = map[string]map[string]int{}
		}
		for bot, board := range launched {
			if ev.Runs[bot] == nil {
				ev.Runs[bot] = map[string]int{}
			}
			ev.Runs[bot][board]++
		}
		forget(ev.Runs, roster) // deleted
		return nil
	})
}
