package tidebreakers

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"

	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/conformance/livewire"
	"github.com/agentgames/bundle/conformance/rules"
)

// liveSetup is one match the referee plays: how many seats, how many of
// them are captains from the start (seats 1..bots), which captain, and
// which joined seats play greedily (the others play at random).
type liveSetup struct {
	seed     int
	players  int
	captains int
	captain  string
	greedy   []bool
}

// liveSetupOf varies the match with the seed: 2 to 4 seats, every other
// match all joined (so every transition is exact), the others with 1 to
// players-1 captains of each kind; one match in four has no greedy
// agent, so that it lasts to the round cap.
func liveSetupOf(seed int) liveSetup {
	s := liveSetup{seed: seed, players: 2 + seed%3, captain: captainNames[(seed/2)%3]}
	if seed%2 == 1 {
		s.captains = 1 + (seed/2)%(s.players-1)
	}
	for p := range s.players {
		s.greedy = append(s.greedy, seed%4 != 2 && (seed+p)%3 == 0)
	}
	return s
}

func (s liveSetup) String() string {
	var seats []string
	for p := range s.players {
		switch {
		case p >= 1 && p <= s.captains:
			seats = append(seats, fmt.Sprintf("seat %d %s captain", p, s.captain))
		case s.greedy[p]:
			seats = append(seats, fmt.Sprintf("seat %d greedy agent", p))
		default:
			seats = append(seats, fmt.Sprintf("seat %d random agent", p))
		}
	}
	return fmt.Sprintf("live match, seed %d (%s)", s.seed, strings.Join(seats, ", "))
}

// liveMatch is one match the referee plays over HTTP.
type liveMatch struct {
	liveSetup
	rules.Where
	ctx     context.Context
	t       check.Target
	rng     *rand.Rand
	code    string
	tokens  []string // by seat; empty for captains
	foreign string   // the token of another match's seat
	bots    []bool
	opener  int
	current *livewire.State
	// card holds the match to the card alone (check.Card): no captains
	// created, any 2xx and 4xx, the state read by GET after an action,
	// the corners read from the opening, and only the card's fields.
	card bool
	// corners are the seats' starting islands, under the card (read from
	// the opening state).
	corners []int
}

// fail places a failure at the last request, with a longer detail.
func (m *liveMatch) fail(path, rule, want, got, detail string) *check.Failure {
	f := m.Fail(path, rule, want, got)
	f.Detail = detail
	return f
}

// post sends one request of the match (seat names whose token the body
// carries, -1 for none of the match's); the failure's Action shows the
// call and the body with the token named, not written.
func (m *liveMatch) post(path string, body map[string]any, seat int) (*check.Reply, error) {
	m.Step++
	shown := map[string]any{"call": "POST " + path}
	for k, v := range body {
		shown[k] = v
	}
	if _, ok := body["token"]; ok {
		switch {
		case seat >= 0:
			shown["token"] = fmt.Sprintf("<seat %d's token>", seat)
		case seat == -2:
			shown["token"] = "<a seat's token of another match>"
		default:
			shown["token"] = "<a token of no seat>"
		}
	}
	m.Action, _ = json.Marshal(shown)
	return m.t.JSON(m.ctx, "POST", path, body)
}

// decode reads a 200 answer (any 2xx under the card) into v.
func (m *liveMatch) decode(r *check.Reply, v any, rule string) error {
	if !m.t.Success(r.Status, 200) {
		return m.fail("status", rule, m.t.StatusText(200), fmt.Sprint(r.Status), check.Brief(string(r.Body), 400))
	}
	var err error
	if st, ok := v.(*livewire.State); ok {
		err = livewire.Decode(r.Body, st, m.t.Profile == check.Card)
	} else {
		err = json.Unmarshal(r.Body, v)
	}
	if err != nil {
		return m.fail("body", rule, "the documented JSON", err.Error(), check.Brief(string(r.Body), 400))
	}
	return nil
}

// get reads the public state.
func (m *liveMatch) get() (*livewire.State, error) {
	r, err := m.t.Do(m.ctx, "GET", "/api/matches/"+m.code, nil, nil)
	if err != nil {
		return nil, err
	}
	var s livewire.State
	return &s, m.decode(r, &s, "GET /api/matches/{code} answers the public state")
}

// play creates the match, fills it, and plays it to its end.
func (s liveSetup) play(ctx context.Context, t check.Target) error {
	card := t.Profile == check.Card
	if card {
		s.captains = 0 // seats created as captains are this bundle's
	}
	m := &liveMatch{liveSetup: s, Where: rules.Where{Name: s.String(), Step: -1}, ctx: ctx, t: t, rng: rand.New(rand.NewPCG(uint64(s.seed), 0x71deb)),
		card: card}
	if err := m.open(); err != nil {
		return err
	}
	first, err := m.get()
	if err != nil {
		return err
	}
	if err := m.judgeStart(first); err != nil {
		return err
	}
	m.current = first
	for !m.current.Over {
		if m.Step > liveMaxSteps {
			return m.fail("round", "every match ends by round 60", "an end", fmt.Sprintf("round %d after %d requests", m.current.Round, m.Step), "")
		}
		if err := m.turn(); err != nil {
			return err
		}
	}
	if err := m.same("GET after the last action"); err != nil {
		return err
	}
	return m.afterEnd()
}

// open creates the match and joins every seat that is not a captain,
// after creating another match whose token must not act in this one.
func (m *liveMatch) open() error {
	var j livewire.Joined
	create := map[string]any{"players": m.players, "name": "referee 0", "bots": m.captains, "captain": m.captain}
	if m.card {
		create = map[string]any{"players": m.players, "name": "referee 0"}
	}
	for i, body := range []map[string]any{{"players": 2, "name": "another match"}, create} {
		m.Step = -1
		r, err := m.post("/api/matches", body, -1)
		if err != nil {
			return err
		}
		m.foreign = j.Token
		if err := m.decode(r, &j, "POST /api/matches answers {code, seat, token}"); err != nil {
			return err
		}
		if i == 0 && j.Token == "" {
			return m.fail("token", "the creator gets its seat's token", "a token", `""`, "")
		}
	}
	m.code = j.Code
	m.Name = m.liveSetup.String() + ", code " + m.code
	if (j.Seat != 0 && !m.card) || j.Seat < 0 || j.Seat >= m.players || j.Token == "" {
		return m.fail("seat", "the creator holds seat 0 (a seat of the match, under the card) and gets a token", "seat 0 and a token", fmt.Sprintf("seat %d, token %q", j.Seat, check.Brief(j.Token, 12)), "")
	}
	m.tokens = make([]string, m.players)
	m.bots = make([]bool, m.players)
	m.tokens[j.Seat] = j.Token
	for p := 1; p < m.players; p++ {
		if p <= m.captains {
			m.bots[p] = true
			continue
		}
		r, err := m.post("/api/matches/"+m.code+"/join", map[string]any{"name": fmt.Sprintf("referee %d", p)}, -1)
		if err != nil {
			return err
		}
		var j livewire.Joined
		if err := m.decode(r, &j, "a join of a match in its lobby answers {seat, token}"); err != nil {
			return err
		}
		if (j.Seat != p && !m.card) || j.Seat < 0 || j.Seat >= m.players || m.tokens[j.Seat] != "" {
			return m.fail("seat", "a join takes the first empty seat (an empty seat, under the card)", fmt.Sprint(p), fmt.Sprint(j.Seat), "")
		}
		for q, tok := range m.tokens {
			if (tok != "" && tok == j.Token) || j.Token == "" {
				return m.fail("token", "every seat gets its own secret token", "a new token", fmt.Sprintf("seat %d's token", q), "")
			}
		}
		m.tokens[j.Seat] = j.Token
	}
	return nil
}

// judgeStart judges the first state of the match, started at once since
// every seat is taken: the opening layout, then the captains' turns
// before the first joined seat's, from each opener that may have led to
// it.
func (m *liveMatch) judgeStart(got *livewire.State) error {
	if (got.Phase == "lobby" && !m.card) || got.Turn == nil && !got.Over {
		return m.fail("phase", "a match whose seats are all joined or captains starts at once", "supply", got.Phase, "")
	}
	if m.card {
		return m.cardStart(got)
	}
	if got.Code != m.code {
		return m.fail("code", "the public state names its match", m.code, got.Code, "")
	}
	if got.Players != m.players || len(got.Seats) != m.players {
		return m.fail("players", "the public state has the match's seats", fmt.Sprint(m.players), fmt.Sprintf("players %d, %d seats", got.Players, len(got.Seats)), "")
	}
	for p, st := range got.Seats {
		if st.Seat != p || st.Bot != m.bots[p] || !st.Joined {
			return m.fail(fmt.Sprintf("seats[%d]", p), "seats list every seat in order, captains as bot, every seat joined once started",
				livewire.Show(livewire.Seat{Seat: p, Name: st.Name, Bot: m.bots[p], Joined: true}), livewire.Show(st), "")
		}
	}
	if got.Turn != nil && (*got.Turn < 0 || *got.Turn >= m.players || m.bots[*got.Turn]) {
		return m.fail("turn", "captains reply inside the request that hands them the turn: a public state never waits on a captain", "a joined seat", livewire.Show(got.Turn), "")
	}
	empty := &livewire.State{Code: got.Code, Players: m.players, Seats: got.Seats}
	var best []*check.Failure
	for _, o := range m.openers(got) {
		model := opening(m.players, o)
		var ds []*check.Failure
		news, err := livewire.Entries(got.Log)
		if err != nil {
			return m.fail("log", "log entries are {round, kind, seat, from, to, sent, before, after, ending}", "log entries", err.Error(), "")
		}
		if f := model.settle(m.bots, news, 0); f != nil {
			ds = []*check.Failure{f}
		} else {
			ds = model.diff(empty, got, false)
		}
		if len(ds) == 0 {
			m.opener = o
			return nil
		}
		if best == nil || len(ds) < len(best) {
			best = ds
		}
	}
	return m.FailAll(best, "the match starts with seats in the corners at strength 4, wild islands at 2, round 1, supply 3")
}

// cardStart is judgeStart under the card: every seat joined, the seat to
// act opened; each seat starts on a corner with 4 (which corner is whose
// the card leaves open, so the referee takes them from this state), every
// other island wild with 2, round 1 with a supply of 3.
func (m *liveMatch) cardStart(got *livewire.State) error {
	m.corners = got.SeatCorners(m.players)
	if slices.Contains(m.corners, -1) {
		return m.fail("tiles", "captains start in the corners", "a corner a seat", livewire.Show(got.Tiles), "")
	}
	m.opener = *got.Turn
	if fs := openingAt(m.corners, m.opener).diff(&livewire.State{Players: m.players}, got, true); len(fs) > 0 {
		return m.FailAll(fs, fmt.Sprintf("the match starts with seats in the corners (here %v) at strength 4, wild islands at 2, round 1, supply 3", m.corners))
	}
	return nil
}

// openers are the seats that may have opened: the first joined seat to
// act, and the captains just before it in the order.
func (m *liveMatch) openers(got *livewire.State) []int {
	if got.Turn == nil {
		var all []int
		for p := range m.players {
			all = append(all, p)
		}
		return all
	}
	out := []int{*got.Turn}
	for o := (*got.Turn + m.players - 1) % m.players; m.bots[o] && o != *got.Turn; o = (o + m.players - 1) % m.players {
		out = append(out, o)
	}
	return out
}

// turn plays one action of the seat to act, sometimes after a refused
// one, and judges the answer.
func (m *liveMatch) turn() error {
	prev := m.current
	seat := *prev.Turn
	if m.rng.IntN(8) == 0 {
		if err := m.probe(prev, seat); err != nil {
			return err
		}
	}
	v := m.choose(prev, seat)
	r, err := m.post("/api/matches/"+m.code+"/"+v.op, v.body(m.tokens[seat]), seat)
	if err != nil {
		return err
	}
	var got livewire.State
	if m.card { // the card does not say what an action answers
		if !m.t.Success(r.Status, 200) {
			return m.fail("status", "a legal action of the seat to act is accepted", "2xx", fmt.Sprint(r.Status), check.Brief(string(r.Body), 400))
		}
		s, err := m.get()
		if err != nil {
			return err
		}
		got = *s
	} else if err := m.decode(r, &got, "a legal action of the seat to act is accepted with the public state"); err != nil {
		return err
	}
	model := publicGame(prev, m.players, m.opener)
	switch v.op {
	case "supply":
		model.supply(v.tile, v.amount)
	case "attack":
		model.expedition(seat, v.from, v.to, v.send, model.cells[v.to].lo)
	default:
		model.endTurn()
	}
	if !m.card { // the card's matches have no captains to settle, and its log no form
		news, err := livewire.Entries(got.Log[min(len(prev.Log), len(got.Log)):])
		if err != nil {
			return m.fail("log", "log entries are {round, kind, seat, from, to, sent, before, after, ending}", "log entries", err.Error(), "")
		}
		if f := model.settle(m.bots, news, len(prev.Log)); f != nil {
			return m.FailAll([]*check.Failure{f}, "a captain's turn inside the request")
		}
	}
	if fs := model.diff(prev, &got, m.card); len(fs) > 0 {
		return m.FailAll(fs, "the public state after the action (and the captains' turns it hands on)")
	}
	m.current = &got
	if m.Step%16 == 0 {
		return m.same("GET after an action")
	}
	return nil
}

// same requires that GET answers the state the last action answered.
func (m *liveMatch) same(rule string) error {
	got, err := m.get()
	if err != nil {
		return err
	}
	if m.card {
		if !reflect.DeepEqual(got.Card(), m.current.Card()) {
			d := check.DiffOf("", m.current.Card(), got.Card())
			return m.fail(d.Path, rule+" answers the state the match was in", d.Want, d.Got, d.Detail)
		}
		return nil
	}
	if !livewire.SameState(got, m.current) {
		if d := check.DiffOf("", m.current, got); d != nil {
			return m.fail(d.Path, rule+" answers the state the last action answered", d.Want, d.Got, d.Detail)
		}
		return m.fail("log", rule+" answers the state the last action answered", check.Brief(livewire.Show(m.current.Log), 300), check.Brief(livewire.Show(got.Log), 300), "")
	}
	return nil
}
