// Command conformance checks any implementation of the games at a base
// URL, at three levels, and exits 1 when any check fails (2 on a usage
// error or a server it cannot reach):
//
//   - protocol: the envelope, refusals that change nothing, the documented
//     4xx answers to malformed requests and tokens, answers that match
//     openapi.yaml;
//   - rules: a referee a game plays random and adversarial agents over many
//     seeds and checks every transition from what the API shows, without
//     knowing the generator (the live Tidebreakers match API included);
//   - golden: the seed-by-seed golden cases and bot exchanges, for
//     implementations that follow the documented generators;
//
// and, with -bot-url instead of a server, a fourth:
//
//   - bot: the bot at the URL plays each live game's house bot as the
//     arena plays it (play/arena's trial), and every departure from the
//     arena's protocol is reported, before the bot is registered.
//
// Usage:
//
//	conformance -base-url http://127.0.0.1:8080 [-game tinrail,tron] [-level protocol,rules]
//	            [-profile bundle|card] [-seeds 20] [-run seed009] [-exact] [-parallel 4] [-report out.json] [-junit out.xml]
//	            [-html out.html]
//	conformance -print tinrail/easy-seed009-cautious [-json]
//	conformance -base-url https://your.server -verify-ranked tinrail/<id>
//	conformance -bot-url http://127.0.0.1:9000/bot [-game tron] [-options '{"width":30,"height":30}']
//
// It prints a line as each check finishes, every failure with its match,
// step, action and field, then a table per game and level. -print writes
// a golden case as a readable transcript rebuilt by the reference engines
// the command carries; with -json, as the JSON transcript the replay
// viewer (/view/) opens. -html writes one self-contained page of the run
// (it opens from a file, offline): the table, every failure, and for each
// golden case that failed the replay viewer at the failing step, showing
// the answers received beside the expected ones.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/conformance/rules"
	"github.com/agentgames/bundle/golden"
	"github.com/agentgames/bundle/internal/version"
)

// config is what the flags ask for.
type config struct {
	base     string
	opts     conformance.Options
	parallel int
	report   string
	junit    string
	html     string
}

func main() {
	var cfg config
	var games, levels, print, verify, profile, botURL, botOptions string
	var asJSON bool
	fs := flag.NewFlagSet("conformance", flag.ContinueOnError)
	fs.StringVar(&cfg.base, "base-url", "http://127.0.0.1:8080", "the implementation's base URL")
	fs.StringVar(&games, "game", "", "check only these games, comma-separated: "+strings.Join(conformance.Slugs(), ", ")+" (default every game)")
	fs.StringVar(&levels, "level", "", "check only these levels, comma-separated: "+strings.Join(check.Levels, ", ")+" (default every level)")
	fs.IntVar(&cfg.opts.Seeds, "seeds", rules.DefaultSeeds, "seeds each referee of the rules level plays, 1 or more")
	fs.StringVar(&cfg.opts.Only, "run", "", "check only checks whose name contains this")
	fs.BoolVar(&cfg.opts.Exact, "exact", false, "golden level: compare the observation text and the order of legalActions byte for byte too")
	fs.StringVar(&profile, "profile", "bundle", "what to hold the implementation to: bundle (this bundle's documented contract) "+
		"or card (only what the rule cards fix: any 2xx, any 4xx, the cards' routes, fields and rules; docs/conformance.md says what each leaves open)")
	fs.IntVar(&cfg.parallel, "parallel", 4, "checks run at once")
	fs.StringVar(&cfg.report, "report", "", "write every result as JSON to this file")
	fs.StringVar(&cfg.junit, "junit", "", "write every result as JUnit XML to this file")
	fs.StringVar(&cfg.html, "html", "", "write the run as one HTML page to this file, which opens offline: each golden case that failed opens in the replay viewer at the failing step, the received answers beside the expected")
	fs.StringVar(&print, "print", "", "print the golden case game/name as a readable transcript, and check nothing")
	fs.BoolVar(&asJSON, "json", false, "with -print: write the transcript as JSON, every answer kept, compact (the golden files' format 3: patches between whole answers, which the replay viewer at /view/ opens)")
	version.Flag(fs, "conformance")
	fs.StringVar(&botURL, "bot-url", "", "check the bot at this URL (level bot): it plays each live game's house bot (or -game's) as the arena plays it, every departure from the arena's protocol reported")
	fs.StringVar(&botOptions, "options", "", "with -bot-url: the game's match options, a JSON object (Tron's width and height)")
	fs.StringVar(&verify, "verify-ranked", "", "replay the finished ranked match game/id of -base-url on the reference engines, and check its result")
	if err := fs.Parse(os.Args[1:]); err == flag.ErrHelp {
		os.Exit(0)
	} else if err != nil {
		os.Exit(2)
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "conformance: unexpected argument %q; the base URL is given as -base-url\n", fs.Arg(0))
		os.Exit(2)
	}
	if print != "" {
		os.Exit(printCase(os.Stdout, print, asJSON))
	}
	if verify != "" {
		os.Exit(verifyRanked(os.Stdout, check.NewTarget(cfg.base), verify))
	}
	if botURL != "" || levels == botLevel {
		if botURL == "" || (levels != "" && levels != botLevel) {
			fmt.Fprintln(os.Stderr, "conformance: the bot level checks a bot: -bot-url names it, and it is the only level then")
			os.Exit(2)
		}
		os.Exit(tryBot(os.Stdout, botURL, list(games), botOptions))
	}
	var err error
	if cfg.opts.Profile, err = check.ParseProfile(profile); err != nil {
		fmt.Fprintln(os.Stderr, "conformance: -profile:", err)
		os.Exit(2)
	}
	if cfg.opts.Seeds < 1 {
		fmt.Fprintf(os.Stderr, "conformance: -seeds %d: each referee plays 1 seed or more\n", cfg.opts.Seeds)
		os.Exit(2)
	}
	cfg.opts.Games, cfg.opts.Levels = list(games), list(levels)
	os.Exit(run(os.Stdout, check.NewTarget(cfg.base), cfg))
}

// list splits a comma-separated flag.
func list(s string) []string {
	var out []string
	for _, v := range strings.Split(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	return out
}

func printCase(w io.Writer, name string, asJSON bool) int {
	game, _, _ := strings.Cut(name, "/")
	cases, err := golden.Load(golden.Files, game)
	if err != nil {
		fmt.Fprintln(os.Stderr, "conformance:", err)
		return 2
	}
	for i := range cases {
		if cases[i].Ref() == name {
			ref, err := conformance.Reference()
			if err == nil && asJSON {
				err = writeTranscript(w, &cases[i], ref)
			} else if err == nil {
				err = conformance.Print(context.Background(), w, &cases[i], ref)
			}
			if err != nil {
				fmt.Fprintln(os.Stderr, "conformance:", err)
				return 1
			}
			return 0
		}
	}
	fmt.Fprintf(os.Stderr, "conformance: no golden case %q; cases are named game/name, as the golden level lists them\n", name)
	return 2
}

// writeTranscript writes a case as a whole transcript, rebuilt on ref,
// compact.
func writeTranscript(w io.Writer, c *conformance.Case, ref client.Transport) error {
	t, err := conformance.Transcript(context.Background(), c, ref)
	if err != nil {
		return err
	}
	data, err := t.Compact(golden.Checkpoint).Marshal()
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}

// verifyRanked checks a finished ranked match by replaying its ledger on
// the reference engines.
func verifyRanked(w io.Writer, target check.Target, name string) int {
	game, id, ok := strings.Cut(name, "/")
	if !ok {
		fmt.Fprintf(os.Stderr, "conformance: -verify-ranked takes game/id, not %q\n", name)
		return 2
	}
	ref, err := conformance.Reference()
	if err != nil {
		fmt.Fprintln(os.Stderr, "conformance:", err)
		return 2
	}
	l, err := conformance.VerifyRanked(context.Background(), target, ref, game, id)
	if err != nil {
		fmt.Fprintf(w, "FAIL ranked %s: %v\n", name, err)
		return 1
	}
	fmt.Fprintf(w, "ok   ranked %s: %d actions from seed %d end with score %d, as the reference engines replay them\n", name, len(l.Actions), *l.Seed, *l.Score)
	return 0
}

// run checks the target and answers the exit code.
func run(w io.Writer, target check.Target, cfg config) int {
	checks, err := conformance.Checks(cfg.opts)
	if err != nil {
		fmt.Fprintln(os.Stderr, "conformance:", err)
		var u *conformance.UsageError
		if errors.As(err, &u) {
			return 2
		}
		return 1
	}
	ctx := context.Background()
	var missing []conformance.Result
	if r, err := target.Do(ctx, "GET", "/api/games", nil, nil); err != nil {
		fmt.Fprintf(os.Stderr, "conformance: cannot reach %s: %v\n", target.Base, err)
		return 2
	} else if r.Status != 200 {
		fmt.Fprintf(w, "note: GET %s/api/games answered HTTP %d\n", target.Base, r.Status)
	} else if served, err := check.Served(r.Body); err != nil {
		fmt.Fprintf(w, "note: %v\n", err)
	} else {
		checks, missing = conformance.Unserved(checks, served)
	}
	fmt.Fprintf(w, "checking %s against the %s profile: %d checks\n", target.Base, cfg.opts.Profile, len(checks))
	for _, m := range missing {
		fmt.Fprintf(w, "FAIL %s: %s is not served (%s)\n", m.Ref(), m.Game, m.Failure().Detail)
	}
	start := time.Now()
	results := conformance.Run(ctx, target, checks, cfg.parallel, func(done int, r conformance.Result) {
		if r.Err == nil {
			fmt.Fprintf(w, "[%*d/%d] ok   %s (%s)\n", width(len(checks)), done, len(checks), r.Ref(), r.Took.Round(time.Millisecond))
			return
		}
		if why := r.Skipped(); why != "" {
			fmt.Fprintf(w, "[%*d/%d] skip %s: %s\n", width(len(checks)), done, len(checks), r.Ref(), why)
			return
		}
		fmt.Fprintf(w, "[%*d/%d] FAIL %s\n    %s\n", width(len(checks)), done, len(checks), r.Ref(),
			strings.ReplaceAll(r.Failure().Error(), "\n", "\n    "))
	})
	took := time.Since(start)
	rep := conformance.NewReport(target.Base, cfg.opts.Profile, start, took, append(missing, results...))
	fmt.Fprintln(w)
	conformance.WriteTable(w, rep.Summary)
	fmt.Fprintf(w, "%d passed, %d failed, %d skipped against %s in %s\n", rep.Passed, rep.Failed, rep.Skipped, target.Base, took.Round(time.Millisecond))
	code := 0
	if rep.Failed > 0 {
		code = 1
	}
	for _, out := range []struct {
		path  string
		write func(io.Writer) error
	}{{cfg.report, rep.WriteJSON}, {cfg.junit, rep.WriteJUnit}, {cfg.html, rep.WriteHTML}} {
		if out.path == "" {
			continue
		}
		if err := writeFile(out.path, out.write); err != nil {
			fmt.Fprintln(os.Stderr, "conformance:", err)
			code = max(code, 1)
		}
	}
	return code
}

func width(n int) int { return len(fmt.Sprint(n)) }

func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
