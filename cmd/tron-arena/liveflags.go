package main

import (
	"errors"
	"fmt"
	"strconv"
	"time"

	engine "github.com/agentgames/bundle/engines/tron"
	"github.com/agentgames/bundle/internal/tronarena"
)

// readLive completes a live run from the flags (s holds those the modes
// share, bots the -bots given, set the flags set) and reports what is
// wrong with it.
func readLive(lr *tronarena.LiveRun, s *tronarena.Series, bots []string, set map[string]bool, create bool, round time.Duration, args int) error {
	var errs []error
	bad := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }
	if args > 0 {
		bad("unexpected arguments")
	}
	if !isHTTP(lr.Base) {
		bad("-live must be the server's http(s) URL, not %q", lr.Base)
	}
	if !isHTTP(lr.Bot) {
		bad("-live needs -bot, the bot's http(s) URL, not %q", lr.Bot)
	}
	for _, name := range seriesOnly {
		if set[name] {
			bad("-%s is not a flag of -live", name)
		}
	}
	if s.Timeout <= 0 {
		bad("-timeout must be positive, not %v", s.Timeout)
	}
	switch {
	case create == (lr.Code != ""):
		bad("-live needs one of -join CODE and -create")
	case create:
		readCreate(lr, bad, s, bots, set, round)
	default:
		for _, name := range []string{"players", "bots", "level", "width", "height", "round"} {
			if set[name] {
				bad("-%s needs -create", name)
			}
		}
		lr.Setup = nil
	}
	return errors.Join(errs...)
}

// readCreate fills the match to create from the flags; those not set are
// the server's defaults.
func readCreate(lr *tronarena.LiveRun, bad func(format string, a ...any), s *tronarena.Series, bots []string, set map[string]bool, round time.Duration) {
	c := lr.Setup
	c.Players, c.Name = s.Players, lr.Name
	if c.Players < engine.MinPlayers || c.Players > engine.MaxPlayers {
		bad("-players must be %d to %d, not %d", engine.MinPlayers, engine.MaxPlayers, c.Players)
	}
	if len(bots) > 1 {
		bad("-bots is given %d times; with -create it is a number", len(bots))
	} else if len(bots) == 1 {
		n, err := strconv.Atoi(bots[0])
		if err != nil || n < 0 || n >= c.Players {
			bad("-bots must be the number of the server's bot seats, 0 to %d (-players - 1), not %q", c.Players-1, bots[0])
		}
		c.Bots = n
	}
	checkSides(bad, s.Width, s.Height) // a side not set is in range
	if set["width"] {
		c.Width = s.Width
	}
	if set["height"] {
		c.Height = s.Height
	}
	if set["round"] {
		if round < time.Millisecond {
			bad("-round must be positive, not %v", round)
		}
		c.RoundMillis = round.Milliseconds()
	}
}
