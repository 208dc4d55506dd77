package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"slices"
	"strings"
	"time"

	engine "github.com/agentgames/bundle/engines/tron"
	"github.com/agentgames/bundle/internal/tronarena"
)

// usage is the synopsis of the two modes, written before the flags.
const usage = `usage: tron-arena -bots URL,URL[,...] [-matches N] [-players N] [-seed N] [-width N] [-height N] [-timeout D] [-results FILE]
       tron-arena -live SERVER -bot URL -join CODE [-name NAME] [-timeout D]
       tron-arena -live SERVER -bot URL -create [-players N] [-bots K] [-level easy|wise] [-width N] [-height N] [-round D] [-name NAME] [-timeout D]
`

// command is a command line of tron-arena: a Series of matches
// between bots and the path of its JSON results file ("" for none), or,
// with -live, one bot seated in a live match.
type command struct {
	Series  *tronarena.Series
	Results string
	Live    *tronarena.LiveRun
}

// liveOnly and seriesOnly are the flags of one mode.
var (
	liveOnly   = []string{"bot", "join", "create", "name", "level", "round"}
	seriesOnly = []string{"matches", "seed", "results"}
)

// parseFlags reads the command line of tron-arena. Usage and errors
// go to output; a bad command line answers an error (flag.ErrHelp for
// -h).
func parseFlags(args []string, output io.Writer) (*command, error) {
	fs := flag.NewFlagSet("tron-arena", flag.ContinueOnError)
	fs.SetOutput(output)
	fs.Usage = func() {
		fmt.Fprint(output, usage)
		fs.PrintDefaults()
	}
	s := &tronarena.Series{}
	c := &command{}
	var bots []string
	fs.Func("bots", "bot `URLs`, comma-separated, repeatable; with -live -create, how many seats the server's bots take at once", func(v string) error {
		bots = append(bots, v)
		return nil
	})
	fs.IntVar(&s.Matches, "matches", 1, "number of matches")
	fs.IntVar(&s.Players, "players", 2, "bots per match, 2 to 4; with -live -create, the match's seats")
	fs.Uint64Var(&s.Seed, "seed", 1, "seed of the first match; match i has seed+i")
	fs.IntVar(&s.Width, "width", engine.DefaultSide, "grid width, 5 to 100 (with -live -create, the server's default when not given)")
	fs.IntVar(&s.Height, "height", engine.DefaultSide, "grid height, 5 to 100 (with -live -create, the server's default when not given)")
	fs.DurationVar(&s.Timeout, "timeout", tronarena.DefaultTimeout, "time limit of each HTTP call to a bot")
	fs.StringVar(&c.Results, "results", "", "write the matches and the ladder to this JSON `file`")
	lr := &tronarena.LiveRun{Setup: &tronarena.LiveSetup{}}
	var create bool
	var round time.Duration
	fs.StringVar(&lr.Base, "live", "", "seat one bot in a live match of the server at this `URL`")
	fs.StringVar(&lr.Bot, "bot", "", "with -live, the bot's `URL`")
	fs.StringVar(&lr.Code, "join", "", "with -live, join the match of this `code`")
	fs.BoolVar(&create, "create", false, "with -live, create a match and seat the bot in seat 0")
	fs.StringVar(&lr.Name, "name", "", "with -live, the seat's name (the server's \"Player n\" when not given)")
	fs.StringVar(&lr.Setup.Bot, "level", "", "with -live -create, the server's bots: `easy or wise` (the server's default when not given)")
	fs.DurationVar(&round, "round", 0, "with -live -create, how long a round waits for moves, 1s to 2m (the server's default when not given)")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	var err error
	if lr.Base == "" {
		err = readSeries(s, bots, set, fs.NArg())
		c.Series = s
	} else {
		lr.Timeout = s.Timeout
		err = readLive(lr, s, bots, set, create, round, fs.NArg())
		c.Live = lr
	}
	if err != nil {
		fmt.Fprintln(output, err)
		fs.Usage()
		return nil, err
	}
	return c, nil
}

// readSeries completes a series with the -bots given and reports what is
// wrong with it: the flags set, and args left over.
func readSeries(s *tronarena.Series, bots []string, set map[string]bool, args int) error {
	var errs []error
	for _, v := range bots {
		for u := range strings.SplitSeq(v, ",") {
			if !isHTTP(u) {
				errs = append(errs, fmt.Errorf("-bots: %q is not an http(s) URL", u))
			}
			s.URLs = append(s.URLs, u)
		}
	}
	for _, name := range liveOnly {
		if set[name] {
			errs = append(errs, fmt.Errorf("-%s needs -live", name))
		}
	}
	return errors.Join(append(errs, checkSeries(s, args))...)
}

// checkSeries reports what is wrong with a series read from flags, and args
// left over.
func checkSeries(s *tronarena.Series, args int) error {
	var errs []error
	bad := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }
	if args > 0 {
		bad("unexpected arguments: give the bots with -bots")
	}
	if s.Players < engine.MinPlayers || s.Players > engine.MaxPlayers {
		bad("-players must be %d to %d, not %d", engine.MinPlayers, engine.MaxPlayers, s.Players)
	} else if len(s.URLs) < s.Players {
		bad("-bots gives %d bots, -players needs at least %d", len(s.URLs), s.Players)
	}
	for i, u := range s.URLs {
		if slices.Index(s.URLs, u) != i {
			bad("-bots gives %s twice", u)
		}
	}
	if s.Matches < 1 {
		bad("-matches must be at least 1, not %d", s.Matches)
	}
	checkSides(bad, s.Width, s.Height)
	if s.Timeout <= 0 {
		bad("-timeout must be positive, not %v", s.Timeout)
	}
	return errors.Join(errs...)
}

// checkSides reports a grid side out of range.
func checkSides(bad func(format string, a ...any), width, height int) {
	if width < engine.MinSide || width > engine.MaxSide || height < engine.MinSide || height > engine.MaxSide {
		bad("-width and -height must be %d to %d, not %dx%d", engine.MinSide, engine.MaxSide, width, height)
	}
}

// isHTTP reports whether u is an http(s) URL with a host.
func isHTTP(u string) bool {
	p, err := url.Parse(u)
	return err == nil && (p.Scheme == "http" || p.Scheme == "https") && p.Host != ""
}
