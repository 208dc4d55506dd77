// Command server serves every game on localhost with embedded defaults: no
// account, no configuration. Live Tidebreakers matches and the ledgers of
// ranked matches are kept in a file (-data, data/matches.db by default) and
// survive restarts. The server creates the file if there is none, and
// checks the whole of it when it starts (store/bolt says what it checks):
// it will not start on a damaged file, an empty one included, and says
// which file, what is wrong with it, and what to do: move it aside to
// start with an empty store, or restore it from a backup. A request that
// meets damage while it runs answers store_damaged, and the server logs
// where. Set TOKEN_KEYS to keep state tokens valid across restarts. MCP
// clients reach the same games as tools at /mcp (Streamable HTTP); web
// pages only from the server's own origin, or those -mcp-origins names.
// One client may create -live-creates-per-minute live matches a minute.
// It logs JSON to stderr, one line a request; -addr picks the address,
// -version prints its version.
package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime/debug"
	"strconv"
	"syscall"
	"time"

	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/games/tidebreakers/live"
	"github.com/agentgames/bundle/internal/assemble"
	"github.com/agentgames/bundle/internal/assemble/mcpassemble"
	"github.com/agentgames/bundle/internal/egress"
	"github.com/agentgames/bundle/internal/jsonlog"
	"github.com/agentgames/bundle/internal/keys"
	"github.com/agentgames/bundle/internal/version"
	"github.com/agentgames/bundle/play/arena"
	"github.com/agentgames/bundle/store/bolt"
	"github.com/agentgames/bundle/transport/httpapi"
	"github.com/agentgames/bundle/transport/mcpedge"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "host:port to listen on (:8080 listens on every interface)")
	data := flag.String("data", "data/matches.db", "the file live matches and ranked ledgers are kept in (created with its folder if missing; "+
		"checked at start, and a damaged one refused with what to do)")
	creates := flag.Int("live-creates-per-minute", live.DefaultCreatesPerMinute, "live matches one client (IP address) may create in a minute; 0 for no limit")
	origins := flag.String("mcp-origins", "", "web origins (comma-separated, e.g. https://inspector.example) whose pages may call /mcp besides the server's own; * for any")
	arenaHTTP := flag.Bool("arena-allow-http", false, "let the arena call bots at plain http:// URLs (it calls https:// ones only otherwise)")
	arenaPrivate := flag.Bool("arena-allow-private", false, "let the arena call bots at addresses that are not public: loopback, private networks (a local arena of bots on this machine); "+
		"never on a server others reach")
	arenaEvery := flag.Duration("arena-every", 0, "the beat of the arena's schedule: every active bot is put in a fight each beat it is not in one (e.g. 30s); 0 for no schedule, fights only as launched")
	arenaOptions := flag.String("arena-options", "", `the options of each game's scheduled fights, a JSON object by game: '{"tron":{"width":30,"height":30}}' (each game's defaults when absent)`)
	version.Flag(flag.CommandLine, "server")
	flag.Parse()
	h, closeLog := jsonlog.NewBuffered(os.Stderr, logEvery)
	log := slog.New(h)
	slog.SetDefault(log)
	scheduled, err := arena.ReadScheduleOptions(cmp.Or(*arenaOptions, "{}"))
	if err != nil {
		log.Error("-arena-options", "err", err)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err = run(ctx, *addr, *data, limits{creates: *creates, origins: mcpedge.ParseOrigins(*origins),
		arena: egress.Policy{AllowHTTP: *arenaHTTP, AllowPrivate: *arenaPrivate}, arenaEvery: *arenaEvery, arenaOptions: scheduled}, log)
	stop()
	if err != nil {
		log.Error("server stopped", "err", err)
	}
	closeLog()
	if err != nil {
		os.Exit(1)
	}
}

// logEvery is how often the server writes out the log lines it gathered
// (a warning or an error is written at once): a line a request would
// cost a write each.
const logEvery = 100 * time.Millisecond

// sweepEvery is how often the server deletes expired live matches.
const sweepEvery = time.Hour

// sweep deletes expired live matches every sweepEvery until ctx ends.
func sweep(ctx context.Context, matches *bolt.Store, log *slog.Logger) {
	t := time.NewTicker(sweepEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if n, err := matches.Sweep(); err != nil {
				log.Error("sweeping expired matches", "err", err)
			} else if n > 0 {
				log.Info("swept expired matches", "deleted", n)
			}
		}
	}
}

// gcPercent is the collector's target unless GOGC says otherwise, and
// memoryLimit its soft limit unless GOMEMLIMIT says otherwise. The
// server's live heap is a few megabytes, and each answer allocates a few
// kilobytes that die with it: at Go's default of 100 a busy server would
// collect hundreds of times a second. At 1,600 a server answering 50,000
// Tinrail actions a second holds about 85 MB where it held 35 MB at 400,
// and answers 8% more of them (scripts/loadtest, 2-core Xeon); the limit
// bounds the heap should its live part grow (the collector then runs
// more often, at most half the CPU).
const (
	gcPercent   = 1600
	memoryLimit = 512 << 20
)

// limits are what the server lets clients do: how many live matches one
// client creates in a minute, and which web origins' pages may call /mcp.
type limits struct {
	creates int
	origins []string
	// arena is what the arena's calls to bots may reach.
	arena egress.Policy
	// arenaEvery is the beat of the arena's schedule, 0 for none, and
	// arenaOptions the options of its fights by game.
	arenaEvery   time.Duration
	arenaOptions map[string][]byte
}

// run serves every game on addr until ctx ends, keeping live matches and
// ranked ledgers in the file data, within lim, and logging to log: one JSON
// line a request, and the address it serves once it listens. A busy
// address fails it before anything else.
func run(ctx context.Context, addr, data string, lim limits, log *slog.Logger) error {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
	ln, err := net.Listen("tcp", addr)
	if errors.Is(err, syscall.EADDRINUSE) {
		return fmt.Errorf("%w: another program has that port; pick another, e.g. make run ADDR=127.0.0.1:9090 (or -addr)", err)
	} else if err != nil {
		return err
	}
	defer ln.Close()
	ring, err := keys.FromEnv(true, func(msg string) { log.Warn(msg) })
	if err != nil {
		return err
	}
	matches, err := bolt.Open(data, time.Now)
	if errors.Is(err, bolt.ErrInUse) {
		return fmt.Errorf("%w: -data picks it, e.g. go run ./cmd/server -data data/second.db -addr 127.0.0.1:9090", err)
	} else if err != nil {
		return err
	}
	defer matches.Close()
	p, err := mcpassemble.New(assemble.Config{Keys: ring, Games: games.All(), Live: games.Live(), Ledger: matches, Matches: matches, CreatesPerMinute: lim.creates,
		Arena: &assemble.Arena{Calls: lim.arena, Settings: arena.Settings{Every: lim.arenaEvery, Options: lim.arenaOptions}}}, lim.origins)
	if err != nil {
		return err
	}
	if err := p.Arena.Run(ctx); err != nil {
		return err
	}
	srv := newServer(addr, httpapi.Logged(p.HTTP(), log), defaultTimeouts)
	go sweep(ctx, matches, log)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	url, everywhere := baseURL(ln.Addr().(*net.TCPAddr))
	attrs := []any{"url", url, "start", url + "/llms.txt", "listening", ln.Addr().String(), "version", version.String("server")}
	if everywhere {
		attrs = append(attrs, "note", "listening on every interface: other machines can reach it too")
	}
	log.Info("serving every game", attrs...)
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// baseURL is where to reach a listener from this machine: its own address,
// or the loopback one if it listens on every interface (and then
// everywhere is true).
func baseURL(a *net.TCPAddr) (url string, everywhere bool) {
	host := a.IP.String()
	if a.IP.IsUnspecified() {
		host, everywhere = "127.0.0.1", true
	}
	return "http://" + net.JoinHostPort(host, strconv.Itoa(a.Port)), everywhere
}
