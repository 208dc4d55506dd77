package protocol

import (
	"github.com/agentgames/bundle/conformance/livewire"
)

// tronCreate: the lobby's public state has the default 30x30 grid and
// 30-second rounds, no deadline, no places, no trails; a create's grid,
// round time and bot are those it asks for.
func tronCreate(c *liveClient) error {
	j, err := c.create(3, map[string]any{"name": "A"})
	if err != nil {
		return err
	}
	s, err := c.tronGet()
	if err != nil {
		return err
	}
	want := &livewire.TronState{Code: j.Code, Players: 3, Width: 30, Height: 30, Phase: "lobby", RoundMillis: 30000, Log: []livewire.TronEntry{}}
	for p := range 3 {
		got := tronSeatAt(s, p) // an empty seat's name, and alive in the lobby, are not documented
		want.Seats = append(want.Seats, livewire.TronSeat{Seat: p, Name: got.Name, Joined: p == 0, Alive: got.Alive, Trail: [][2]int{}})
	}
	if err := c.tronExpect("a match waits in its lobby until its seats are taken: round 0, no deadline, no places, no trails; a 30x30 grid and 30-second rounds unless asked", want, s); err != nil {
		return err
	}
	if _, err := c.create(2, map[string]any{"width": 7, "height": 9, "roundMillis": 4000, "bot": "wise"}); err != nil {
		return err
	}
	if s, err = c.tronGet(); err != nil {
		return err
	}
	return c.expect("a match has the grid and the round time its create asks for", "players", 2, s.Players, "width", 7, s.Width, "height", 9, s.Height, "roundMillis", int64(4000), s.RoundMillis)
}

// tronBots: bots move at once, every round, so a round resolves once the
// players' cycles have moved (as the rules make it for some move of the
// bot).
func tronBots(c *liveClient) error {
	s, err := c.tronStart(3, map[string]any{"bots": 1})
	if err != nil {
		return err
	}
	_, err = c.tronPlay(s, nil, tronSafe(s, 0, 2))
	return err
}
