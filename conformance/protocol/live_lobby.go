package protocol

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/agentgames/bundle/conformance/livewire"
)

// liveCreate: create answers {code, seat 0, token}; the lobby's public
// state has every documented field (places null until the end), the
// creator's name cut to 40 characters, and no token anywhere; a second
// match has another code.
func liveCreate(c *liveClient) error {
	name := strings.Repeat("Ab", 25)
	j, err := c.create(4, map[string]any{"name": name})
	if err != nil {
		return err
	}
	r, err := c.send("GET", "/api/matches/"+c.code, "/api/matches/{code}", nil)
	if err != nil {
		return err
	}
	var raw map[string]json.RawMessage
	if err := c.ok(r, &raw, "GET /api/matches/{code} answers the public state"); err != nil {
		return err
	}
	fields := []string{"code", "players", "phase", "round", "turn", "supply_left", "over", "winner", "places", "tiles", "tile_counts", "strengths", "seats", "log"}
	if c.card() {
		fields = livewire.CardFields
	}
	for _, f := range fields {
		if _, ok := raw[f]; !ok {
			return c.fail(f, "the public state has the card's fields", "present", "missing")
		}
	}
	if strings.Contains(string(r.Body), j.Token) {
		return c.fail("", "a seat's token never appears in the public state", "no token", "the creator's token")
	}
	s, err := c.get()
	if err != nil {
		return err
	}
	if c.card() { // how a lobby shows is this bundle's; that nobody has won is the card's
		if c.started(s) || s.Over || s.Winner != nil {
			return c.fail("round", "a match waits in its lobby until its seats are taken", "not started, no winner",
				fmt.Sprintf("round %d, %d islands, over %v, winner %s", s.Round, len(s.Tiles), s.Over, livewire.Show(s.Winner)))
		}
		k, err := c.create(2, nil)
		if err == nil && k.Code == j.Code {
			err = c.fail("code", "every match gets its own code", "another code than "+j.Code, k.Code)
		}
		return err
	}
	seats := []livewire.Seat{{Seat: 0, Name: name[:40], Bot: false, Joined: true}, {Seat: 1, Name: "", Bot: false, Joined: false}, {Seat: 2, Name: "", Bot: false, Joined: false}, {Seat: 3, Name: "", Bot: false, Joined: false}}
	for i := 1; i < len(s.Seats) && i < 4; i++ {
		seats[i].Name = s.Seats[i].Name // an empty seat's name is not documented
	}
	if err := c.expect("a match waits in its lobby until its seats are taken: round 0, no turn, no islands, no places",
		"code", j.Code, s.Code, "players", 4, s.Players, "phase", "lobby", s.Phase, "round", 0, s.Round,
		"turn", (*int)(nil), s.Turn, "over", false, s.Over, "winner", (*int)(nil), s.Winner, "places", []int(nil), s.Places,
		"tiles", []livewire.Tile{}, s.Tiles, "log", []json.RawMessage{}, s.Log, "tile_counts", 4, len(s.TileCounts), "strengths", 4, len(s.Strengths)); err != nil {
		return err
	}
	if err := c.expect("seats list every seat: the creator's (its name cut to 40 characters) joined, the others empty", "seats", seats, s.Seats); err != nil {
		return err
	}
	first := j.Code
	k, err := c.create(2, nil)
	if err != nil {
		return err
	}
	if k.Code == first || k.Token == j.Token {
		return c.fail("code", "every match gets its own code and token", "another code than "+first, k.Code)
	}
	return nil
}

// liveCreateRefusals: create refuses bodies outside the contract with 400
// (invalid_request, or bad_json when the body is not one JSON object) and
// bodies over 64 KiB with 413.
func liveCreateRefusals(c *liveClient) error {
	c.match = "live create requests"
	bodies := []struct {
		body any
		code string
	}{
		{map[string]any{"players": 1}, "invalid_request"},
		{map[string]any{"players": 5}, "invalid_request"},
		{map[string]any{"name": "no players"}, "invalid_request"},
		{map[string]any{"players": "2"}, "invalid_request"},
		{map[string]any{"players": 2.5}, "invalid_request"},
		{map[string]any{"players": 2, "colour": "red"}, "invalid_request"},
		{map[string]any{"players": 2, "bots": 2}, "invalid_request"},
		{map[string]any{"players": 2, "captain": "pirate"}, "invalid_request"},
		{[]byte(`players=2`), "bad_json"},
		{[]byte(`[{"players":2}]`), "bad_json"},
		{[]byte(`{"players":2,"name":"` + strings.Repeat("x", 70000) + `"}`), "body_too_large"},
	}
	for _, b := range bodies {
		if err := c.refused("/api/matches", "/api/matches", b.body, b.code, "a create outside the contract is refused"); err != nil {
			return err
		}
	}
	return nil
}

// liveJoin: joins take the empty seats in order, each with its own
// token, the lobby showing who joined; the last one starts the match at
// once; a full match answers match_full, and join bodies outside the
// contract invalid_request.
func liveJoin(c *liveClient) error {
	if _, err := c.create(3, map[string]any{"name": "A"}); err != nil {
		return err
	}
	if c.card() { // which join bodies are refused is this bundle's
		return liveJoinSeats(c)
	}
	if err := c.refuseJoin(map[string]any{"name": 3}, "invalid_request", "a join's name is a string"); err != nil {
		return err
	}
	if err := c.refuseJoin(map[string]any{"nick": "B"}, "invalid_request", "a join takes only a name"); err != nil {
		return err
	}
	return liveJoinSeats(c)
}

// liveJoinSeats is liveJoin once its match is created with 3 seats.
func liveJoinSeats(c *liveClient) error {
	j, err := c.join("B", 1)
	if err != nil {
		return err
	}
	if !c.card() && j.Code != c.code { // the card's join answers {seat, token}
		return c.fail("code", "a join answers the match's code", c.code, j.Code)
	}
	s, err := c.get()
	if err != nil {
		return err
	}
	if err := c.expect("a match with an empty seat waits in its lobby; seats show who joined",
		"phase", "lobby", s.Phase, "seats[1]", livewire.Seat{Seat: 1, Name: "B", Bot: false, Joined: true}, liveAt(s.Seats, 1),
		"seats[2].joined", false, liveAt(s.Seats, 2).Joined); err != nil {
		return err
	}
	if _, err := c.join("C", 2); err != nil {
		return err
	}
	if s, err = c.get(); err != nil {
		return err
	}
	if !c.started(s) || s.Round != 1 {
		return c.fail("phase", "a match whose seats are all taken starts at once", "supply, round 1, 25 islands", fmt.Sprintf("%s, round %d, %d islands", s.Phase, s.Round, len(s.Tiles)))
	}
	if err := c.expect("every seat is joined, none a captain", "seats[2]", livewire.Seat{Seat: 2, Name: "C", Bot: false, Joined: true}, liveAt(s.Seats, 2)); err != nil {
		return err
	}
	return c.refuseJoin(map[string]any{"name": "D"}, "match_full", "a match with no empty seat takes no join")
}

func liveAt(seats []livewire.Seat, i int) livewire.Seat {
	if i < len(seats) {
		return seats[i]
	}
	return livewire.Seat{Seat: -1}
}

// liveCaptains: seats created as captains are bots, joined at once, so
// the match starts at once; captains reply inside requests, so the
// public state waits on the one joined seat; a join answers match_full.
func liveCaptains(c *liveClient) error {
	for _, k := range []struct {
		players int
		extra   map[string]any
	}{{3, map[string]any{"bots": 2, "captain": "random"}}, {2, map[string]any{"bots": 1}}} {
		if _, err := c.create(k.players, k.extra); err != nil {
			return err
		}
		s, err := c.get()
		if err != nil {
			return err
		}
		if s.Phase == "lobby" || s.Round < 1 || len(s.Tiles) != 25 {
			return c.fail("phase", "a match whose other seats are all captains starts at once", "started", fmt.Sprintf("%s, round %d", s.Phase, s.Round))
		}
		if !s.Over {
			if err := c.expect("captains play their turns inside the request that hands them the turn: the joined seat is to act", "turn", livewire.Ptr(0), s.Turn); err != nil {
				return err
			}
		}
		for p := 1; p < k.players; p++ {
			if err := c.expect("a seat created as a captain is a bot, joined", fmt.Sprintf("seats[%d]", p),
				livewire.Seat{Seat: p, Name: liveAt(s.Seats, p).Name, Bot: true, Joined: true}, liveAt(s.Seats, p)); err != nil {
				return err
			}
		}
		if err := c.refuseJoin(map[string]any{"name": "late"}, "match_full", "a started match takes no join"); err != nil {
			return err
		}
	}
	return nil
}

// liveLobbyFill: a match with an empty seat still waits in its lobby 8
// seconds after it was created; 10 seconds after, captains hold the empty
// seat, the match has started, it waits on a joined seat, and a join
// answers match_full.
func liveLobbyFill(c *liveClient) error {
	if _, err := c.waitLobby(func() error {
		s, err := c.get()
		if err != nil {
			return err
		}
		if c.started(s) {
			return c.fail("round", "an empty seat waits 10 seconds for a join: the match is still in its lobby after 8", "not started",
				fmt.Sprintf("round %d, %d islands", s.Round, len(s.Tiles)))
		}
		return c.expect("an empty seat waits 10 seconds for a join: the match is still in its lobby after 8",
			"phase", "lobby", s.Phase, "seats[2].joined", false, liveAt(s.Seats, 2).Joined)
	}); err != nil {
		return err
	}
	s, err := c.get()
	if err != nil {
		return err
	}
	if !c.started(s) {
		return c.fail("phase", "after the 10-second lobby captains fill the empty seats and the match starts", "started", fmt.Sprintf("%s, round %d", s.Phase, s.Round))
	}
	if err := c.expect("after the lobby the empty seat is a captain's; the joined ones stay players",
		"seats[0]", livewire.Seat{Seat: 0, Name: "waits", Bot: false, Joined: true}, liveAt(s.Seats, 0), "seats[1]", livewire.Seat{Seat: 1, Name: "joins", Bot: false, Joined: true}, liveAt(s.Seats, 1),
		"seats[2].bot", true, liveAt(s.Seats, 2).Bot, "seats[2].joined", true, liveAt(s.Seats, 2).Joined); err != nil {
		return err
	}
	if !s.Over && (s.Turn == nil || !slices.Contains(slices.Collect(maps.Values(c.seats)), *s.Turn)) {
		return c.fail("turn", "captains play their turns inside the request that hands them the turn: a joined seat is to act", "a joined seat", livewire.Show(s.Turn))
	}
	return c.refuseJoin(map[string]any{"name": "late"}, "match_full", "a match whose lobby has closed takes no join")
}

// waitLobby creates a match of 3 seats, the checker's name "waits", and
// joins its seat 1 as "joins"; 8 seconds after it asked, it calls inLobby
// (unless this machine stalled past 10 seconds, when the lobby may have
// closed), then waits until 10.3 seconds after the match was created. It
// answers when it asked for the match.
func (c *liveClient) waitLobby(inLobby func() error) (time.Time, error) {
	asked := time.Now()
	if _, err := c.create(3, map[string]any{"name": "waits"}); err != nil {
		return asked, err
	}
	created := time.Now()
	if _, err := c.join("joins", 1); err != nil {
		return asked, err
	}
	if err := liveSleep(c.ctx, time.Until(asked.Add(8*time.Second))); err != nil {
		return asked, err
	}
	if time.Since(asked) < 10*time.Second {
		if err := inLobby(); err != nil {
			return asked, err
		}
	}
	return asked, liveSleep(c.ctx, time.Until(created.Add(10*time.Second+300*time.Millisecond)))
}

// liveSleep waits d, or until ctx ends.
func liveSleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return nil
	}
	select {
	case <-time.After(d):
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
