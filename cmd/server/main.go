// Command server serves every game on localhost with embedded defaults: no
// account, no configuration. Live Tidebreakers matches are kept in a file
// (-data, data/matches.db by default) and survive restarts. Set TOKEN_KEYS
// to keep state tokens valid across restarts.
package main

import (
	"context"
	"errors"
	"flag"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
	"time"

	bundle "github.com/agentgames/bundle"
	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/games/tidebreakers/live"
	"github.com/agentgames/bundle/internal/keys"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/store/bolt"
	"github.com/agentgames/bundle/store/token"
	"github.com/agentgames/bundle/transport/httpapi"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	data := flag.String("data", "data/matches.db", "the file live matches are kept in (created with its folder)")
	flag.Parse()
	if err := run(*addr, *data); err != nil {
		slog.Error("server stopped", "err", err)
		os.Exit(1)
	}
}

// sweepEvery is how often the server deletes expired live matches.
const sweepEvery = time.Hour

// sweep deletes expired live matches every sweepEvery until ctx ends.
func sweep(ctx context.Context, matches *bolt.Store) {
	t := time.NewTicker(sweepEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if n, err := matches.Sweep(); err != nil {
				slog.Error("sweeping expired matches", "err", err)
			} else if n > 0 {
				slog.Info("swept expired matches", "deleted", n)
			}
		}
	}
}

// gcPercent is the collector's target unless GOGC says otherwise: the
// server's live heap is a few megabytes, so at Go's default of 100 a busy
// server would collect hundreds of times a second; at 400 it uses a few
// more megabytes and spends that CPU on answers.
const gcPercent = 400

func run(addr, data string) error {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	ring, err := keys.FromEnv(true, func(msg string) { slog.Warn(msg) })
	if err != nil {
		return err
	}
	matches, err := bolt.Open(data, time.Now)
	if err != nil {
		return err
	}
	defer matches.Close()
	h := httpapi.New(play.NewService(token.Store{Keys: ring}, time.Now, games.All()...), bundle.OpenAPI)
	h.ServeLive(live.NewServer(matches, time.Now))
	srv := newServer(addr, h, defaultTimeouts)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go sweep(ctx, matches)
	errc := make(chan error, 1)
	go func() { errc <- srv.ListenAndServe() }()
	slog.Info("serving every game", "url", "http://"+addr, "start", "http://"+addr+"/llms.txt")
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
