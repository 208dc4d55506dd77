package arena

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/play/wire"
	"github.com/agentgames/bundle/store/memory"
)

// A trial's bounds: the play-turns it asks a bot, and its time.
const (
	TrialTurns = 30
	TrialTime  = 20 * time.Second
	// TrialsPerMinute is how many trials one client may run in a minute.
	TrialsPerMinute = 5
)

// Departure is one way a bot departed from the protocol in a trial: at
// which call (0 its init, then each play-turn), what it did, and whether
// the arena fails a bot for it (Fatal: the trial stops there).
type Departure struct {
	Call  int    `json:"call"`
	What  string `json:"what"`
	Fatal bool   `json:"fatal"`
}

// TrialReport is what a trial found: the calls it made, their times, and
// every departure from the protocol; Passed when none was fatal and the
// bot played to the end of the match or of the trial's turns.
type TrialReport struct {
	Game       string      `json:"game"`
	Calls      int         `json:"calls"`
	Mean       int64       `json:"meanMillis"`
	Slowest    int64       `json:"slowestMillis"`
	Ended      string      `json:"ended"`
	Departures []Departure `json:"departures"`
	Passed     bool        `json:"passed"`
}

// Trial plays the bot at url, which need not be registered, against the
// game's default house bot in a match of the game's fewest seats (with
// options, as a launch takes them), as a fight plays it but on a store
// of its own that keeps nothing: for a bot's author to try it before
// registering it (the botsArena site's test page). It asks at most
// TrialTurns play-turns within TrialTime and reports every departure from
// the protocol: those that fail a bot in a fight (a failed call, a status
// other than 200, a reply that is not one JSON object, no play, a play
// the game cannot read or refuses) end the trial; others are noted (a
// reply with members besides play, an init reply that is not a JSON
// object). It needs an agent's key (the request's agent): each client
// runs TrialsPerMinute trials a minute, its calls bounded as every call
// of the arena.
func (a *Arena) Trial(ctx context.Context, game, url string, options []byte) (*TrialReport, error) {
	if _, ok := play.AgentOf(ctx); !ok {
		return nil, play.Errorf(play.CodeUnauthorized, "trying a bot needs an agent's key (Authorization: Bearer <key>)")
	}
	s, err := a.server(game)
	if err != nil {
		return nil, err
	}
	if _, err := a.caller.CheckURL(url); err != nil {
		return nil, play.Errorf(play.CodeURLRefused, "the arena does not call that URL: %v", err)
	}
	least, _ := s.Game().Rules.Seats()
	opts, err := matchOptions(s, least, options)
	if err != nil {
		return nil, err
	}
	if err := a.trials.Take(ctx); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, TrialTime)
	defer cancel()
	srv := live.NewServer(s.Game(), &memory.Store{Clock: a.clock}, a.clock).WithCreateLimit(0)
	seats := []live.Entrant{{Name: "trial"}}
	for range least - 1 {
		seats = append(seats, live.Entrant{Name: HousePrefix + s.Game().Rules.Policies()[0], Bot: s.Game().Rules.Policies()[0]})
	}
	opened, err := srv.Open(ctx, seats, a.caller.Timeout(), opts)
	if err != nil {
		return nil, err
	}
	t := &trial{a: a, srv: srv, code: opened.Code, token: opened.Tokens[0], url: url, key: "trial " + url,
		report: &TrialReport{Game: game, Departures: []Departure{}}}
	t.run(ctx, least)
	r := t.report
	r.Passed = !slices.ContainsFunc(r.Departures, func(d Departure) bool { return d.Fatal })
	if r.Calls > 0 {
		r.Mean = t.millis / int64(r.Calls)
	}
	return r, nil
}

// trial is one trial under way.
type trial struct {
	a           *Arena
	srv         *live.Server
	code, token string
	url, key    string
	report      *TrialReport
	millis      int64
}

// depart notes a departure at the last call.
func (t *trial) depart(fatal bool, format string, args ...any) {
	t.report.Departures = append(t.report.Departures, Departure{Call: t.report.Calls, What: fmt.Sprintf(format, args...), Fatal: fatal})
}

// post sends one message and times it; a nil object is a departure
// noted, fatal if fatal.
func (t *trial) post(ctx context.Context, msg *Message, fatal bool) *wire.Object {
	body, _ := json.Marshal(msg)
	r, err := t.a.caller.Post(ctx, t.key, t.url, body)
	if err != nil {
		if ctx.Err() == nil {
			t.depart(fatal, "the call failed: %v", err)
		}
		return nil
	}
	t.millis += r.Took.Milliseconds()
	t.report.Slowest = max(t.report.Slowest, r.Took.Milliseconds())
	if r.Status != http.StatusOK {
		t.depart(fatal, "it answered status %d, not 200", r.Status)
		return nil
	}
	o, err := wire.ReadObject(r.Body, "the reply")
	if err != nil {
		t.depart(fatal, "its reply is not one JSON object: %v", err)
		return nil
	}
	return o
}

// run plays the trial's match until it ends, the bot departs fatally, or
// the trial's turns or time run out, and says which in the report.
func (t *trial) run(ctx context.Context, players int) {
	g := t.srv.Game()
	t.post(ctx, &Message{GameID: t.code, Action: ActionInit, Game: g.Slug, Board: emptyBoard, Players: players}, false)
	for {
		m, err := t.srv.Read(ctx, t.code)
		switch {
		case err != nil || ctx.Err() != nil:
			t.report.Ended = "the trial's time ran out"
			return
		case m.Table.Phase().Over:
			t.report.Ended = "the match ended"
			return
		case t.report.Calls >= TrialTurns:
			t.report.Ended = fmt.Sprintf("the trial asked its %d turns", TrialTurns)
			return
		case !m.Table.Phase().Acts(0) || (g.Rules.Rounds() && m.Moved(0)):
			play.Sleep(ctx, 10*time.Millisecond) // the house bots' round; a done ctx ends the trial above
			continue
		}
		if !t.turn(ctx, m, players) {
			t.report.Ended = "the bot failed"
			return
		}
	}
}

// turn asks the bot its move and plays it; false when the bot departed
// fatally.
func (t *trial) turn(ctx context.Context, m *live.Match, players int) bool {
	g := t.srv.Game()
	board, err := t.srv.BotBoard(m, 0)
	if err != nil {
		t.depart(true, "the arena could not write the board: %v", err)
		return false
	}
	t.report.Calls++
	o := t.post(ctx, &Message{GameID: t.code, Action: ActionPlayTurn, Game: g.Slug, Board: board, Players: players}, true)
	if o == nil {
		return ctx.Err() != nil
	}
	for name := range o.All() {
		if name != "play" {
			t.depart(false, "its reply has %q besides play, which the arena does not read", name)
		}
	}
	if !o.Has("play") {
		t.depart(true, `its reply has no "play"`)
		return false
	}
	moves, err := g.Bots.Moves(m, 0, o.Raw("play"))
	if err != nil {
		t.depart(true, "its play is not a move of %s: %v", g.Title, err)
		return false
	}
	for _, move := range moves {
		if _, err := t.srv.Act(ctx, t.code, t.token, move); err != nil {
			t.depart(true, "its move is refused: %v", err)
			return false
		}
	}
	return true
}
