package arena_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/internal/arenatest"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/arena"
	"github.com/agentgames/bundle/play/boards"
	"github.com/agentgames/bundle/store/memory"
)

// firstLegal plays the first legal action of what the arena sent: the
// answer an agent sees of a ranked run.
func firstLegal(t *testing.T) func(m arenatest.Message) any {
	return func(m arenatest.Message) any {
		var seen struct {
			LegalActions []json.RawMessage `json:"legalActions"`
			State        *string           `json:"state"`
		}
		if err := json.Unmarshal(m.Board, &seen); err != nil || len(seen.LegalActions) == 0 {
			t.Errorf("a run's board without legal actions: %s", m.Board)
			return nil
		}
		if seen.State != nil {
			t.Errorf("a run's board shows its state token: %s", m.Board)
		}
		return seen.LegalActions[0]
	}
}

// runsWorld is an arena that plays runs of every game, over a memory
// store whose boards count them.
func runsWorld(t *testing.T) (*world, *boards.Boards) {
	store := &memory.Store{Clock: time.Now}
	w := worldOf(t, store, 2*time.Second, time.Second)
	svc := play.NewService(store, time.Now, games.All()...).WithLedger(store)
	b := boards.New(store, time.Now, svc.RankedLast)
	svc.WithCredits(b)
	w.arena.WithRuns(svc)
	return w, b
}

// TestRunsOnTheBoards is the platform's evaluation of a bot: bots
// registered to play runs of Tinrail (against G-Bot, each of its two
// levels a board) and Brinebell, left to the schedule, play RunsPerBoard
// ranked runs on each board, every turn the bot's action to what an
// agent sees, and the boards list them, marked as the platform's; the
// schedule then plays them no more. Each run is replayable from its
// ranked id.
func TestRunsOnTheBoards(t *testing.T) {
	w, bds := runsWorld(t)
	ctx := context.Background()
	placer, _ := w.register(t, owner("A1"), "tinrail", arenatest.Bot{Name: "placer", Play: firstLegal(t)})
	if placer.Plays != arena.PlaysFights {
		t.Fatalf("a Tinrail bot registered without plays plays %q, want fights (the arena holds live Tinrail)", placer.Plays)
	}
	if err := w.arena.Delete(owner("A1"), "tinrail", placer.ID); err != nil { // the schedule would give it fights for ever
		t.Fatal(err)
	}
	tinrail, _ := w.registerAs(t, owner("A1"), "tinrail", arena.PlaysRuns, arenatest.Bot{Name: "runner", Play: firstLegal(t)})
	brinebell, _ := w.registerAs(t, owner("A2"), "brinebell", "", arenatest.Bot{Name: "ferryman", Play: firstLegal(t)})
	if brinebell.Plays != arena.PlaysRuns {
		t.Fatalf("a Brinebell bot plays %q, want runs: the arena holds no live Brinebell", brinebell.Plays)
	}
	runs := 0
	for {
		r, err := w.arena.Tick(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if r.Launched == 0 {
			break
		}
		runs += r.Launched
		w.drive(t)
	}
	if runs != 3*arena.RunsPerBoard {
		t.Errorf("the schedule launched %d runs, want %d: two boards of Tinrail, one of Brinebell", runs, 3*arena.RunsPerBoard)
	}
	for _, c := range []struct{ game, board, bot string }{
		{"tinrail", "opponent=wise", tinrail.ID}, {"tinrail", "opponent=easy", tinrail.ID}, {"brinebell", "", brinebell.ID},
	} {
		b, err := bds.Read(ctx, c.game, c.board, boards.Page{Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, st := range b.Standings {
			if st.Agent == "bot-"+c.bot {
				found = true
				if !st.Platform || st.Runs != arena.RunsPerBoard || st.Unfinished != 0 {
					t.Errorf("%s %s: the bot's standing %+v, want %d runs finished, marked as the platform's", c.game, c.board, st, arena.RunsPerBoard)
				}
			}
		}
		if !found {
			t.Errorf("%s %s: the board lists %+v, not the bot", c.game, c.board, b.Standings)
		}
	}
	recent, err := w.arena.Recent(ctx, "brinebell")
	if err != nil || len(recent.Fights) != arena.RunsPerBoard {
		t.Fatalf("brinebell's fights: %+v, %v", recent, err)
	}
	f, err := w.arena.Fight(ctx, recent.Fights[0].Code)
	if err != nil {
		t.Fatal(err)
	}
	info := w.arena.Info(f)
	if !info.Over || info.Score == nil || info.Match == "" || info.Seats[0].Failed != "" || info.Seats[0].Calls == 0 {
		t.Errorf("a run as anyone reads it: %+v", info)
	}
}

// TestRunOfABotThatFails: a bot whose action the game refuses ends its
// run there, unfinished, as the board counts it (scored 0), and after
// PauseAfter such runs the arena pauses it.
func TestRunOfABotThatFails(t *testing.T) {
	w, bds := runsWorld(t)
	ctx := context.Background()
	bad, _ := w.registerAs(t, owner("A1"), "brinebell", arena.PlaysRuns, arenatest.Bot{Name: "lost", Play: func(arenatest.Message) any {
		return map[string]any{"type": "sail"}
	}})
	for range arena.PauseAfter {
		f, err := w.arena.Launch(ctx, "brinebell", []string{bad.ID}, nil)
		if err != nil {
			t.Fatal(err)
		}
		w.drive(t)
		got, _ := w.arena.Fight(ctx, f.Code)
		if info := w.arena.Info(got); !info.Over || info.Seats[0].Failed == "" {
			t.Fatalf("the run of a bot that plays no action: %+v", info)
		}
	}
	b, err := w.arena.Bot(ctx, "brinebell", bad.ID)
	if err != nil || b.State != arena.Paused {
		t.Fatalf("after %d failed runs the bot is %+v, %v; want paused", arena.PauseAfter, b, err)
	}
	board, err := bds.Read(ctx, "brinebell", "", boards.Page{Limit: 10})
	if err != nil || len(board.Standings) != 0 || board.Unlisted != 1 {
		t.Fatalf("the board: %+v, %v; want the bot unlisted (3 runs, all unfinished)", board, err)
	}
}

// TestRunResumes: a run's driver stopped after a few turns leaves the
// run where it stood; the next driver goes on from the service's state,
// and the run ends once, finished, on the board.
func TestRunResumes(t *testing.T) {
	w, bds := runsWorld(t)
	// Brinebell's first legal action advances the clock: a run of many
	// turns (a Tinrail run may end at the first placement)
	bot, srv := w.registerAs(t, owner("A1"), "brinebell", arena.PlaysRuns, arenatest.Bot{Name: "ferryman", Play: firstLegal(t)})
	ctx, stop := context.WithCancel(context.Background())
	turns := 0
	srv.OnPlayTurn(func() {
		if turns++; turns == 3 {
			stop()
		}
	})
	f, err := w.arena.Launch(context.Background(), "brinebell", []string{bot.ID}, nil)
	if err != nil {
		t.Fatal(err)
	}
	<-w.started
	if unfinished, err := w.arena.Drive(ctx, f.Code); !unfinished || err != nil {
		got, _ := w.arena.Fight(context.Background(), f.Code)
		t.Fatalf("a driver stopped mid-run: %v, %v; want the run left to drive (%+v)", unfinished, err, w.arena.Info(got))
	}
	if unfinished, err := w.arena.Drive(context.Background(), f.Code); unfinished || err != nil {
		t.Fatalf("the next driver: %v, %v", unfinished, err)
	}
	got, _ := w.arena.Fight(context.Background(), f.Code)
	info := w.arena.Info(got)
	board, err := bds.Read(context.Background(), "brinebell", "", boards.Page{Limit: 10})
	if !info.Over || info.Seats[0].Failed != "" || info.Seats[0].Calls <= 3 || err != nil || board.Unlisted != 1 {
		t.Fatalf("the run after its driver stopped: %+v; the board %+v, %v", info, board, err)
	}
}
