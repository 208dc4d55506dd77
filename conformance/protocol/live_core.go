package protocol

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/conformance/livewire"
)

// The core's promises, which every live game keeps alike whatever its
// rules (docs/adding-a-game.md "A live game": the API the core serves),
// are checked once here, game-neutral: a game gives what it adds
// (liveGame) and its own checks. The core's: a create's answer and its
// lobby, the create bodies refused, joins in seat order up to a full
// match, seats created as bots, a code that names no match, no action in
// the lobby, tokens that hold no seat, action bodies outside the
// contract, and the lobby filling its empty seats with bots after its 10
// seconds.

// liveGame is what the core's checks know of one live game.
type liveGame struct {
	slug string
	// base is where the game's match API's paths start; optional, when
	// set, names the API as an extension a server may lack (a create
	// answered 404 skips the check, saying so).
	base, optional string
	// bundleOnly says what every check of the game holds that is this
	// bundle's ("" when the API is the card's).
	bundleOnly string
	// players are the fewest and the most seats a create may ask for.
	players [2]int
	// policy is the create's field that names the bots' policy, and
	// policies its values.
	policy   string
	policies []string
	// acts are a body of each of the game's actions for seat's token, as
	// seat could play them at the start of a match of the fewest seats.
	acts func(c *liveClient, token string, seat int) []liveAct
	// createRefusals are create bodies the game refuses beyond the core's.
	createRefusals []liveBody
	// badBodies are action bodies outside the game's grammar, by a token
	// of a started match.
	badBodies func(token string) []liveAct
	// started reports whether the check's match has left its lobby, as
	// its public state shows it under the check's profile.
	started func(c *liveClient) (bool, error)
	// opened requires the state of a match just started, with bots at
	// the seats given, by a request sent between from and to.
	opened func(c *liveClient, players int, bots []int, from, to time.Time) error
	// checks are the game's own.
	checks []liveCheck
}

// liveAct is one of a game's actions, as a seat's token sends it.
type liveAct struct {
	op   string
	body map[string]any
}

// liveBody is a body a request must be refused for, with its code.
type liveBody struct {
	body any
	code string
}

// liveCheck is one live check as a game lists it: its name (after
// "live/"), its run, the real time it waits on the server's clock, and
// what it holds that is this bundle's alone ("" for the card's).
type liveCheck struct {
	name       string
	run        func(c *liveClient) error
	wait       time.Duration
	bundleOnly string
}

// lobbyWait is the real time the lobby-fill check waits: the 10-second
// lobby and 300 ms of slack.
const lobbyWait = 10*time.Second + 300*time.Millisecond

// coreChecks are the core's checks, by name, in the order they run, and
// what each holds that is this bundle's when the game's API is the card's.
var coreChecks = []liveCheck{
	{"create", coreCreate, 0, ""},
	{"create-refusals", coreCreateRefusals, 0, "the bodies a create refuses beyond players out of range, and their codes, are this bundle's"},
	{"join", coreJoin, 0, ""},
	{"no-match", coreNoMatch, 0, ""},
	{"lobby-refusals", coreLobby, 0, ""},
	{"tokens", coreTokens, 0, ""},
	{"bad-bodies", coreBadBodies, 0, "the action bodies it refuses (unknown fields, numbers out of range, over 64 KiB) and their codes are this bundle's"},
	{"bots", coreBots, 0, "seats created as bots (bots and the bots' policy) are this bundle's extension of the card's create"},
	{"lobby-fill", coreLobbyFill, lobbyWait, ""},
}

// list makes the game's live checks, the core's then its own, each with
// its own client of the game's match API.
func (g *liveGame) list() []check.Check {
	var out []check.Check
	for _, l := range append(append([]liveCheck(nil), coreChecks...), g.checks...) {
		bundleOnly := l.bundleOnly
		if g.bundleOnly != "" {
			bundleOnly = g.bundleOnly
		}
		out = append(out, check.Check{Game: g.slug, Level: check.Protocol, Name: "live/" + l.name,
			Run: func(ctx context.Context, t check.Target) error {
				return l.run(&liveClient{ctx: ctx, t: t, g: g, base: g.base, acts: g.acts, step: -1, seats: map[string]int{}, corner: liveCorner, neighbours: liveNeighbours})
			}, Wait: l.wait, BundleOnly: bundleOnly})
	}
	return out
}

// common reads the fields every live game's public state shares: its
// code, seats, phase, whether it is over and its places.
func (c *liveClient) common() (*livewire.Common, []byte, error) {
	r, err := c.send("GET", c.base+"/"+c.code, c.base+"/{code}", nil)
	if err != nil {
		return nil, nil, err
	}
	var s livewire.Common
	return &s, r.Body, c.ok(r, &s, "GET "+c.base+"/{code} answers the public state")
}

// inLobby requires the check's match waiting in its lobby, the seats up
// to joined taken by the names given, the others empty.
func (c *liveClient) inLobby(rule string, players int, names ...string) error {
	if c.card() { // how a lobby shows is this bundle's; that it has not started is the card's
		started, err := c.g.started(c)
		if err == nil && started {
			err = c.fail("phase", rule, "not started", "started")
		}
		return err
	}
	s, _, err := c.common()
	if err != nil {
		return err
	}
	want := make([]livewire.Seat, players)
	for p := range want {
		want[p] = livewire.Seat{Seat: p, Name: liveAt(s.Seats, p).Name, Joined: p < len(names)} // an empty seat's name is not documented
		if p < len(names) {
			want[p].Name = names[p]
		}
	}
	return c.expect(rule, "phase", "lobby", s.Phase, "players", players, s.Players, "over", false, s.Over, "places", []int(nil), s.Places, "seats", want, s.Seats)
}

// begun requires the check's match started by a request sent between
// from and to, its seats the names given (bots at the seats given, named
// as the server likes) all joined.
func (c *liveClient) begun(rule string, from time.Time, bots []int, names ...string) error {
	if started, err := c.g.started(c); err != nil {
		return err
	} else if !started {
		return c.fail("phase", rule, "started", "still in its lobby")
	}
	if err := c.g.opened(c, len(names), bots, from, c.t.Now()); err != nil || c.card() {
		return err
	}
	s, _, err := c.common()
	if err != nil {
		return err
	}
	want := make([]livewire.Seat, len(names))
	for p, name := range names {
		bot := slices.Contains(bots, p)
		if bot {
			name = liveAt(s.Seats, p).Name
		}
		want[p] = livewire.Seat{Seat: p, Name: name, Bot: bot, Joined: true}
	}
	return c.expect(rule+": every seat joined, the players' names as they gave them, the bots' seats bots", "seats", want, s.Seats)
}

// coreCreate: a create answers {code, seat 0, token}; the lobby's public
// state shows the seats, the creator's (its name cut to 40 characters)
// joined, and no token anywhere; a second match has another code and
// token.
func coreCreate(c *liveClient) error {
	name := strings.Repeat("Ab", 25)
	n := c.g.players[1]
	j, err := c.create(n, map[string]any{"name": name})
	if err != nil {
		return err
	}
	r, err := c.send("GET", c.base+"/"+c.code, c.base+"/{code}", nil)
	if err != nil {
		return err
	}
	if strings.Contains(string(r.Body), j.Token) {
		return c.fail("", "a seat's token never appears in the public state", "no token", "the creator's token")
	}
	if err := c.inLobby("a match waits in its lobby until its seats are taken, the creator's seat joined under its name cut to 40 characters", n, name[:40]); err != nil {
		return err
	}
	k, err := c.create(c.g.players[0], nil)
	if err == nil && (k.Code == j.Code || k.Token == j.Token) {
		err = c.fail("code", "every match gets its own code and token", "another code than "+j.Code, k.Code)
	}
	return err
}

// coreCreateRefusals: a create refuses bodies outside the contract with
// 400 (invalid_request, or bad_json when the body is not one JSON object
// or repeats a key) and bodies over 64 KiB with 413, the game's own
// refusals too.
func coreCreateRefusals(c *liveClient) error {
	if _, err := c.create(c.g.players[0], nil); err != nil { // a server without the game's live matches is skipped here
		return err
	}
	lo, hi := c.g.players[0], c.g.players[1]
	c.code, c.match = "", "live create requests"
	bodies := []liveBody{
		{map[string]any{"players": lo - 1}, "invalid_request"},
		{map[string]any{"players": hi + 1}, "invalid_request"},
		{map[string]any{"name": "no players"}, "invalid_request"},
		{map[string]any{"players": fmt.Sprint(lo)}, "invalid_request"},
		{map[string]any{"players": float64(lo) + 0.5}, "invalid_request"},
		{map[string]any{"players": lo, "colour": "red"}, "invalid_request"},
		{map[string]any{"players": lo, "bots": lo}, "invalid_request"},
		{map[string]any{"players": hi, "bots": -1}, "invalid_request"},
		{map[string]any{"players": lo, c.g.policy: "pirate"}, "invalid_request"},
		{map[string]any{"players": lo, "name": 7}, "invalid_request"},
		{[]byte(fmt.Sprintf(`{"players":%d,"players":%d}`, lo, hi)), "bad_json"},
		{[]byte(`players=2`), "bad_json"},
		{[]byte(`[{"players":2}]`), "bad_json"},
		{[]byte(`{"players":2,"name":"` + strings.Repeat("x", 70000) + `"}`), "body_too_large"},
	}
	for _, b := range append(bodies, c.g.createRefusals...) {
		if err := c.refused(c.base, c.base, b.body, b.code, "a create outside the contract is refused"); err != nil {
			return err
		}
	}
	return nil
}

// coreJoin: joins take the empty seats in order, each with its own token,
// the lobby showing who joined; the last one starts the match at once; a
// full match answers match_full, and join bodies outside the contract
// invalid_request.
func coreJoin(c *liveClient) error {
	n := min(3, c.g.players[1])
	names := []string{"A", "B", "C"}[:n]
	if _, err := c.create(n, map[string]any{"name": "A"}); err != nil {
		return err
	}
	if !c.card() { // which join bodies are refused is this bundle's
		if err := c.refuseJoin(map[string]any{"name": 3}, "invalid_request", "a join's name is a string"); err != nil {
			return err
		}
		if err := c.refuseJoin(map[string]any{"nick": "B"}, "invalid_request", "a join takes only a name"); err != nil {
			return err
		}
	}
	for seat := 1; seat < n; seat++ {
		from := c.t.Now()
		j, err := c.join(names[seat], seat)
		if err != nil {
			return err
		}
		if !c.card() && j.Code != c.code { // the card's join answers {seat, token}
			return c.fail("code", "a join answers the match's code", c.code, j.Code)
		}
		if seat < n-1 {
			err = c.inLobby("a match with an empty seat waits in its lobby; seats show who joined", n, names[:seat+1]...)
		} else {
			err = c.begun("a match whose seats are all taken starts at once", from, nil, names...)
		}
		if err != nil {
			return err
		}
	}
	return c.refuseJoin(map[string]any{"name": "D"}, "match_full", "a match with no empty seat takes no join")
}

// coreBots: seats created as bots, under each of the game's policies, are
// bots joined at once, so a match whose other seats are all bots starts
// at once; a started match answers a join match_full.
func coreBots(c *liveClient) error {
	n := min(3, c.g.players[1])
	var bots []int
	for p := 1; p < n; p++ {
		bots = append(bots, p)
	}
	for _, policy := range append([]string{""}, c.g.policies...) {
		extra := map[string]any{"name": "host", "bots": n - 1}
		if policy != "" {
			extra[c.g.policy] = policy
		}
		from := c.t.Now()
		if _, err := c.create(n, extra); err != nil {
			return err
		}
		names := make([]string, n)
		names[0] = "host"
		if err := c.begun(fmt.Sprintf("a match whose other seats are all bots (%s %q) starts at once", c.g.policy, policy), from, bots, names...); err != nil {
			return err
		}
		if err := c.refuseJoin(map[string]any{"name": "late"}, "match_full", "a started match takes no join"); err != nil {
			return err
		}
	}
	return nil
}

// coreNoMatch: a code that names no match is no_match for a read, a
// join and each action, changing nothing; a match takes join and its
// actions, no other operation (not_found).
func coreNoMatch(c *liveClient) error {
	if _, err := c.create(c.g.players[0], nil); err != nil {
		return err
	}
	code, match := c.code, c.match
	c.code, c.match = "", "live match NOSUCH (no such match)"
	r, err := c.send("GET", c.base+"/NOSUCH", c.base+"/{code}", nil)
	if err != nil {
		return err
	}
	if err := c.isError(r, "no_match", "GET of a code that names no match"); err != nil {
		return err
	}
	calls := append([]liveAct{{"join", map[string]any{"name": "x"}}}, c.acts(c, strings.Repeat("t", 43), 0)...)
	for _, call := range calls {
		if err := c.refused(c.base+"/NOSUCH/"+call.op, c.base+"/{code}/"+call.op, call.body, "no_match", call.op+" on a code that names no match"); err != nil {
			return err
		}
	}
	c.code, c.match = code, match
	return c.refuseAct("turn", c.acts(c, c.tokenOf(0), 0)[0].body, "not_found", "a match takes join and its actions, no other operation")
}

// coreLobby: in the lobby no seat acts (not_your_turn), and nothing
// changes.
func coreLobby(c *liveClient) error {
	j, err := c.create(c.g.players[0], map[string]any{"name": "early"})
	if err != nil {
		return err
	}
	for _, a := range c.acts(c, j.Token, 0) {
		if err := c.refuseAct(a.op, a.body, "not_your_turn", "no seat acts while the match is in its lobby"); err != nil {
			return err
		}
	}
	return nil
}

// startFull creates a match of the fewest seats and joins the others,
// which starts it.
func (c *liveClient) startFull() error {
	n := c.g.players[0]
	names := []string{"first", "second", "third", "fourth"}[:n]
	from := c.t.Now()
	if _, err := c.create(n, map[string]any{"name": names[0]}); err != nil {
		return err
	}
	for seat := 1; seat < n; seat++ {
		from = c.t.Now()
		if _, err := c.join(names[seat], seat); err != nil {
			return err
		}
	}
	return c.begun("a match whose seats are all taken starts at once", from, nil, names...)
}

// coreTokens: for each action of a started match, a token of no seat, of
// another match or empty answers forbidden, a missing or non-string
// token invalid_request; none changes the match.
func coreTokens(c *liveClient) error {
	other, err := c.create(c.g.players[0], nil)
	if err != nil {
		return err
	}
	delete(c.seats, other.Token)
	if err := c.startFull(); err != nil {
		return err
	}
	// Each seat's actions, so that one seat's are the seat to act's: a
	// server that took another match's token as that seat's would play
	// them, not refuse them for another reason.
	var acts []liveAct
	seen := map[string]bool{}
	for seat := range c.g.players[0] {
		for _, a := range firstOfEachOp(c.acts(c, c.tokenOf(0), seat)) {
			key, _ := json.Marshal([]any{a.op, a.body})
			if !seen[string(key)] {
				seen[string(key)] = true
				acts = append(acts, a)
			}
		}
	}
	for _, a := range acts {
		for _, k := range []struct {
			token      any
			code, rule string
		}{
			{strings.Repeat("A", 43), "forbidden", "a token that holds no seat is refused"},
			{other.Token, "forbidden", "a token of another match holds no seat of this one"},
			{"", "forbidden", "an empty token holds no seat"},
			{nil, "invalid_request", "an action names its token"},
			{7, "invalid_request", "a token is a string"},
		} {
			body := withToken(a.body, k.token)
			if err := c.refuseAct(a.op, body, k.code, k.rule); err != nil {
				return err
			}
		}
	}
	return nil
}

// coreBadBodies: for each action of a started match, bodies that are not
// one JSON object, repeat a key or are cut short answer bad_json, an
// unknown field invalid_request, a body over 64 KiB body_too_large, and
// so do the game's bodies outside its grammar; none changes the match.
func coreBadBodies(c *liveClient) error {
	if err := c.startFull(); err != nil {
		return err
	}
	tok := c.tokenOf(0)
	quoted, _ := json.Marshal(tok)
	for _, a := range firstOfEachOp(c.acts(c, tok, 0)) {
		tail := ""
		for k, v := range withToken(a.body, nil) {
			value, _ := json.Marshal(v)
			tail += fmt.Sprintf(",%q:%s", k, value)
		}
		start := `{"token":` + string(quoted)
		for _, b := range []liveBody{
			{[]byte(`[]`), "bad_json"},
			{[]byte(start + tail[:len(tail)/2]), "bad_json"},
			{[]byte(start + `,"token":` + string(quoted) + tail + `}`), "bad_json"},
			{[]byte(`{"token":"` + strings.Repeat("x", 70000) + `"` + tail + `}`), "body_too_large"},
			{merged(a.body, map[string]any{"extra": 1}), "invalid_request"},
		} {
			if err := c.refuseAct(a.op, b.body, b.code, "an action body outside the contract is refused"); err != nil {
				return err
			}
		}
	}
	if c.g.badBodies == nil {
		return nil
	}
	for _, a := range c.g.badBodies(tok) {
		if err := c.refuseAct(a.op, a.body, "invalid_request", "an action outside the game's grammar is refused"); err != nil {
			return err
		}
	}
	return nil
}

// coreLobbyFill: a match with an empty seat still waits in its lobby 8
// seconds after it was created; 10 seconds after, a bot holds the empty
// seat, joined, the joined ones stay players', the match has started, and
// a join answers match_full.
func coreLobbyFill(c *liveClient) error {
	n := min(3, c.g.players[1])
	names := []string{"waits", "joins", "empty"}[:n]
	asked := c.t.Now()
	if _, err := c.create(n, map[string]any{"name": names[0]}); err != nil {
		return err
	}
	created := c.t.Now()
	for seat := 1; seat < n-1; seat++ {
		if _, err := c.join(names[seat], seat); err != nil {
			return err
		}
	}
	if err := c.t.Sleep(c.ctx, asked.Add(8*time.Second).Sub(c.t.Now())); err != nil {
		return err
	}
	if c.t.Now().Sub(asked) < 10*time.Second { // unless this machine stalled past 10 seconds, when the lobby may have closed
		if err := c.inLobby("an empty seat waits 10 seconds for a join: the match is still in its lobby after 8", n, names[:n-1]...); err != nil {
			return err
		}
	}
	if err := c.t.Sleep(c.ctx, created.Add(lobbyWait).Sub(c.t.Now())); err != nil {
		return err
	}
	if err := c.begun("after the 10-second lobby bots fill the empty seats and the match starts", asked.Add(10*time.Second), []int{n - 1}, names...); err != nil {
		return err
	}
	return c.refuseJoin(map[string]any{"name": "late"}, "match_full", "a match whose lobby has closed takes no join")
}

// firstOfEachOp is acts with one action of each operation.
func firstOfEachOp(acts []liveAct) []liveAct {
	var out []liveAct
	seen := map[string]bool{}
	for _, a := range acts {
		if !seen[a.op] {
			seen[a.op] = true
			out = append(out, a)
		}
	}
	return out
}

// withToken is body with its token replaced (removed when token is nil).
func withToken(body map[string]any, token any) map[string]any {
	out := merged(body, nil)
	delete(out, "token")
	if token != nil {
		out["token"] = token
	}
	return out
}

// merged is a copy of body with extra's fields set.
func merged(body, extra map[string]any) map[string]any {
	out := make(map[string]any, len(body)+len(extra))
	for k, v := range body {
		out[k] = v
	}
	for k, v := range extra {
		out[k] = v
	}
	return out
}

// tidebreakersActs, tronActs and tinrailActs are a body of each of the
// game's actions for token.
func tidebreakersActs(c *liveClient, token string, seat int) []liveAct {
	corner := c.corner[seat]
	return []liveAct{{"supply", map[string]any{"token": token, "tile": corner, "amount": 1}},
		{"attack", map[string]any{"token": token, "from": corner, "to": c.neighbours[seat][0], "send": 1}}, {"pass", map[string]any{"token": token}}}
}

func tronActs(_ *liveClient, token string, _ int) []liveAct {
	return []liveAct{{"move", map[string]any{"token": token, "dir": "x+"}}, {"move", map[string]any{"token": token, "dir": "y-"}}}
}

func tinrailActs(_ *liveClient, token string, _ int) []liveAct {
	return []liveAct{{"place", map[string]any{"token": token, "tileIndex": 0, "rotation": 0}}}
}
