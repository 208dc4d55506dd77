package protocol

import (
	"bytes"
	"strings"
	"time"

	"github.com/agentgames/bundle/conformance/livewire"
)

// tronCreate: create answers {code, seat 0, token}; the lobby's public
// state has the default 30x30 grid and 30-second rounds, no deadline, no
// places, no trails, the creator's name cut to 40 characters, and no token
// anywhere; a create's grid, round time and bot are those it asks for; a
// second match has another code.
func tronCreate(c *liveClient) error {
	name := strings.Repeat("Ab", 25)
	j, err := c.create(3, map[string]any{"name": name})
	if err != nil {
		return err
	}
	s, body, err := c.tronRead("GET", c.base+"/"+c.code, c.base+"/{code}", nil, "GET "+c.base+"/{code} answers the public state")
	if err != nil {
		return err
	}
	if bytes.Contains(body, []byte(j.Token)) {
		return c.fail("", "a seat's token never appears in the public state", "no token", "the creator's token")
	}
	want := &livewire.TronState{Code: j.Code, Players: 3, Width: 30, Height: 30, Phase: "lobby", RoundMillis: 30000, Log: []livewire.TronEntry{}}
	for p := range 3 {
		got := tronSeatAt(s, p) // an empty seat's name, and alive in the lobby, are not documented
		want.Seats = append(want.Seats, livewire.TronSeat{Seat: p, Name: got.Name, Joined: p == 0, Alive: got.Alive, Trail: [][2]int{}})
	}
	want.Seats[0].Name = name[:40]
	if err := c.tronExpect("a match waits in its lobby until its seats are taken: round 0, no deadline, no places, no trails; a 30x30 grid and 30-second rounds unless asked; "+
		"the creator joined, its name cut to 40 characters", want, s); err != nil {
		return err
	}
	k, err := c.create(2, map[string]any{"width": 7, "height": 9, "roundMillis": 4000, "bot": "wise"})
	if err != nil {
		return err
	}
	if k.Code == j.Code || k.Token == j.Token {
		return c.fail("code", "every match gets its own code and token", "another code than "+j.Code, k.Code)
	}
	if s, err = c.tronGet(); err != nil {
		return err
	}
	return c.expect("a match has the grid and the round time its create asks for", "players", 2, s.Players, "width", 7, s.Width, "height", 9, s.Height, "roundMillis", int64(4000), s.RoundMillis)
}

// tronCreateRefusals: create refuses bodies outside the contract with 400
// (invalid_request, or bad_json when the body is not one JSON object or
// repeats a key) and bodies over 64 KiB with 413.
func tronCreateRefusals(c *liveClient) error {
	if _, err := c.create(2, nil); err != nil { // a server without live Tron is skipped here
		return err
	}
	c.code, c.match = "", "live Tron create requests"
	for _, b := range []struct {
		body any
		code string
	}{
		{map[string]any{"players": 1}, "invalid_request"},
		{map[string]any{"players": 5}, "invalid_request"},
		{map[string]any{"name": "no players"}, "invalid_request"},
		{map[string]any{"players": "2"}, "invalid_request"},
		{map[string]any{"players": 2.5}, "invalid_request"},
		{map[string]any{"players": 2, "colour": "red"}, "invalid_request"},
		{map[string]any{"players": 2, "captain": "random"}, "invalid_request"},
		{map[string]any{"players": 2, "bots": 2}, "invalid_request"},
		{map[string]any{"players": 3, "bots": -1}, "invalid_request"},
		{map[string]any{"players": 2, "bot": "sample"}, "invalid_request"},
		{map[string]any{"players": 2, "width": 4}, "invalid_request"},
		{map[string]any{"players": 2, "width": 101}, "invalid_request"},
		{map[string]any{"players": 2, "height": 4}, "invalid_request"},
		{map[string]any{"players": 2, "roundMillis": 999}, "invalid_request"},
		{map[string]any{"players": 2, "roundMillis": 120001}, "invalid_request"},
		{map[string]any{"players": 2, "roundMillis": 1500.5}, "invalid_request"},
		{[]byte(`{"players":2,"players":3}`), "bad_json"},
		{[]byte(`players=2`), "bad_json"},
		{[]byte(`[{"players":2}]`), "bad_json"},
		{[]byte(`{"players":2,"name":"` + strings.Repeat("x", 70000) + `"}`), "body_too_large"},
	} {
		if err := c.refused(c.base, c.base, b.body, b.code, "a create outside the contract is refused"); err != nil {
			return err
		}
	}
	return nil
}

// tronJoin: joins take the empty seats in order, each with its own token,
// the lobby showing who joined; the last one starts the match at once; a
// full match answers match_full, and join bodies outside the contract
// invalid_request.
func tronJoin(c *liveClient) error {
	if _, err := c.create(3, map[string]any{"name": "A"}); err != nil {
		return err
	}
	if err := c.refuseJoin(map[string]any{"name": 3}, "invalid_request", "a join's name is a string"); err != nil {
		return err
	}
	if err := c.refuseJoin(map[string]any{"nick": "B"}, "invalid_request", "a join takes only a name"); err != nil {
		return err
	}
	j, err := c.join("B", 1)
	if err != nil {
		return err
	}
	if j.Code != c.code {
		return c.fail("code", "a join answers the match's code", c.code, j.Code)
	}
	s, err := c.tronGet()
	if err != nil {
		return err
	}
	if err := c.expect("a match with an empty seat waits in its lobby; seats show who joined", "phase", "lobby", s.Phase, "deadline", (*int64)(nil), s.Deadline,
		"seats[1].name", "B", tronSeatAt(s, 1).Name, "seats[1].joined", true, tronSeatAt(s, 1).Joined, "seats[1].bot", false, tronSeatAt(s, 1).Bot,
		"seats[2].joined", false, tronSeatAt(s, 2).Joined); err != nil {
		return err
	}
	from := time.Now()
	if _, err := c.join("C", 2); err != nil {
		return err
	}
	if s, err = c.tronGet(); err != nil {
		return err
	}
	if err := c.tronOpening(s, 3, nil, from, time.Now()); err != nil {
		return err
	}
	if err := c.expect("seats keep the names their players gave", "seats[0].name", "A", tronSeatAt(s, 0).Name, "seats[2].name", "C", tronSeatAt(s, 2).Name); err != nil {
		return err
	}
	return c.refuseJoin(map[string]any{"name": "D"}, "match_full", "a match with no empty seat takes no join")
}

// tronBots: seats created as bots are joined at once and move at once,
// every round, so a round resolves once the players' cycles have moved
// (as the rules make it for some move of the bot); a match whose other
// seats are all bots starts at once; a started match answers a join
// match_full.
func tronBots(c *liveClient) error {
	s, err := c.tronStart(3, map[string]any{"bots": 1})
	if err != nil {
		return err
	}
	if _, err := c.tronPlay(s, nil, tronSafe(s, 0, 2)); err != nil {
		return err
	}
	if err := c.refuseJoin(map[string]any{"name": "late"}, "match_full", "a started match takes no join"); err != nil {
		return err
	}
	_, err = c.tronStart(2, map[string]any{"bots": 1, "bot": "wise"})
	return err
}

// tronLobbyFill: a match with an empty seat still waits in its lobby 8
// seconds after it was created; 10 seconds after, a bot holds the empty
// seat, joined and moved at once, the match has started with its first
// round's deadline, and a join answers match_full.
func tronLobbyFill(c *liveClient) error {
	asked, err := c.waitLobby(func() error {
		s, err := c.tronGet()
		if err != nil {
			return err
		}
		return c.expect("an empty seat waits 10 seconds for a join: the match is still in its lobby after 8",
			"phase", "lobby", s.Phase, "seats[2].joined", false, tronSeatAt(s, 2).Joined)
	})
	if err != nil {
		return err
	}
	s, err := c.tronGet()
	if err != nil {
		return err
	}
	if err := c.tronOpening(s, 3, []int{2}, asked.Add(10*time.Second), time.Now()); err != nil {
		return err
	}
	if err := c.expect("after the lobby the empty seat is a bot's; the joined ones stay players'",
		"seats[0].name", "waits", tronSeatAt(s, 0).Name, "seats[1].name", "joins", tronSeatAt(s, 1).Name); err != nil {
		return err
	}
	return c.refuseJoin(map[string]any{"name": "late"}, "match_full", "a match whose lobby has closed takes no join")
}
