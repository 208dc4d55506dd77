package arena

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"slices"
	"strings"

	engine "github.com/agentgames/bundle/engines/tron"
)

// ParseFlags reads the command line of cmd/tron-arena into a series and
// the path of its JSON results file ("" for none). Usage and errors go to
// output; a bad command line answers an error (flag.ErrHelp for -h).
func ParseFlags(args []string, output io.Writer) (*Series, string, error) {
	fs := flag.NewFlagSet("tron-arena", flag.ContinueOnError)
	fs.SetOutput(output)
	s := &Series{}
	var results string
	fs.Func("bots", "bot `URLs`, comma-separated; repeatable", func(v string) error {
		for u := range strings.SplitSeq(v, ",") {
			if p, err := url.Parse(u); err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" {
				return fmt.Errorf("%q is not an http(s) URL", u)
			}
			s.URLs = append(s.URLs, u)
		}
		return nil
	})
	fs.IntVar(&s.Matches, "matches", 1, "number of matches")
	fs.IntVar(&s.Players, "players", 2, "bots per match, 2 to 4")
	fs.Uint64Var(&s.Seed, "seed", 1, "seed of the first match; match i has seed+i")
	fs.IntVar(&s.Width, "width", engine.DefaultSide, "grid width, 5 to 100")
	fs.IntVar(&s.Height, "height", engine.DefaultSide, "grid height, 5 to 100")
	fs.DurationVar(&s.Timeout, "timeout", DefaultTimeout, "time limit of each HTTP call to a bot")
	fs.StringVar(&results, "results", "", "write the matches and the ladder to this JSON `file`")
	if err := fs.Parse(args); err != nil {
		return nil, "", err
	}
	if err := s.check(fs.NArg()); err != nil {
		fmt.Fprintln(output, err)
		fs.Usage()
		return nil, "", err
	}
	return s, results, nil
}

// check reports what is wrong with a series read from flags, and args
// left over.
func (s *Series) check(args int) error {
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
	if s.Width < engine.MinSide || s.Width > engine.MaxSide || s.Height < engine.MinSide || s.Height > engine.MaxSide {
		bad("-width and -height must be %d to %d, not %dx%d", engine.MinSide, engine.MaxSide, s.Width, s.Height)
	}
	if s.Timeout <= 0 {
		bad("-timeout must be positive, not %v", s.Timeout)
	}
	return errors.Join(errs...)
}
