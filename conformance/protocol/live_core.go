package protocol

import "strings"

// The core's promises, which every live game keeps alike whatever its
// rules (docs/tidebreakers.md "Live matches": the API every live game
// shares), are checked once here, each game giving only a body of each of
// its actions (liveAct): a code that names no match, an operation a match
// has not, and the lobby, where no seat acts.

// liveAct is one of a game's actions, as a seat's token sends it.
type liveAct struct {
	op   string
	body map[string]any
}

// tidebreakersActs, tronActs and tinrailActs are a body of each of the
// game's actions for token.
func tidebreakersActs(token string) []liveAct {
	return []liveAct{{"supply", map[string]any{"token": token, "tile": 0, "amount": 1}},
		{"attack", map[string]any{"token": token, "from": 0, "to": 1, "send": 1}}, {"pass", map[string]any{"token": token}}}
}

func tronActs(token string) []liveAct {
	return []liveAct{{"move", map[string]any{"token": token, "dir": "x+"}}, {"move", map[string]any{"token": token, "dir": "y-"}}}
}

func tinrailActs(token string) []liveAct {
	return []liveAct{{"place", map[string]any{"token": token, "tileIndex": 0, "rotation": 0}}}
}

// liveCoreNoMatch: a code that names no match is no_match for a read, a
// join and each action, changing nothing; a match takes join and its
// actions, no other operation (not_found).
func liveCoreNoMatch(c *liveClient) error {
	if _, err := c.create(2, nil); err != nil { // a server without the game's live matches is skipped here
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
	calls := append([]liveAct{{"join", map[string]any{"name": "x"}}}, c.acts(strings.Repeat("t", 43))...)
	for _, call := range calls {
		if err := c.refused(c.base+"/NOSUCH/"+call.op, c.base+"/{code}/"+call.op, call.body, "no_match", call.op+" on a code that names no match"); err != nil {
			return err
		}
	}
	c.code, c.match = code, match
	return c.refuseAct("turn", c.acts(c.tokenOf(0))[0].body, "not_found", "a match takes join and its actions, no other operation")
}

// liveCoreLobby: in the lobby no seat acts (not_your_turn), and nothing
// changes.
func liveCoreLobby(c *liveClient) error {
	j, err := c.create(2, map[string]any{"name": "early"})
	if err != nil {
		return err
	}
	for _, a := range c.acts(j.Token) {
		if err := c.refuseAct(a.op, a.body, "not_your_turn", "no seat acts while the match is in its lobby"); err != nil {
			return err
		}
	}
	return nil
}
