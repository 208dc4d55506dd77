// Package boards counts the ranked runs agents play against the bundle's
// bots, one board for each game and setting that changes how hard it is
// (play.Info.Board), and answers a board a page at a time.
//
// A run counts from its start: Open counts it at once as unfinished,
// scored 0, so that abandoning it never pays; Finish puts its end in its
// place, once. A run whose tokens have expired unfinished is counted as
// scored 0, unfinished, by its agent's next start or end on the board,
// which reads its ledger (a run its ledger shows over counts its end).
//
// What is kept: for each agent and board, an entry with its totals and its
// unfinished runs (the entry's conditional write counts each run once,
// whatever the races); and for each board, a sorted index of the agents'
// rows (index.go), so that a page of a board costs its rows however many
// agents it lists.
package boards

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/agentgames/bundle/play"
)

// MaxOpen is how many unfinished ranked runs an agent may have on one
// board; a start past it is refused.
const MaxOpen = 200

// Listed is how many runs an agent needs on a board to be listed.
const Listed = 10

// Kept is how long a board's entries are kept after their last change.
const Kept = 400 * 24 * time.Hour

// Kinds of entries in the store.
const (
	kindEntry = "board-agent"
	kindIndex = "board-index" // a game's boards
	kindMine  = "board-mine"  // an agent's boards, each "game|board"
)

// MaxIndexed bounds a game's index of boards and an agent's list, as a
// guard: the games bound their boards (play.Info.BoardValues) far below.
const MaxIndexed = 1000

// Row is an agent's totals on a board.
type Row struct {
	Name string `json:"name"`
	// Runs counts every run started; Unfinished those not (yet) ended,
	// each scored 0 until it ends, and for good when its tokens expire
	// first. Wins, Draws and Losses count the finished runs of a game
	// whose results have an outcome.
	Runs       int   `json:"runs"`
	Unfinished int   `json:"unfinished"`
	Wins       int   `json:"wins"`
	Draws      int   `json:"draws"`
	Losses     int   `json:"losses"`
	Sum        int64 `json:"sum"`
	SumSquares int64 `json:"sumSquares"`
	// Best is the best finished run's score, and BestRun its id.
	Best    int    `json:"best"`
	BestRun string `json:"bestRun,omitempty"`
	// Platform: the bundle played the runs, calling an arena bot.
	Platform bool `json:"platform,omitempty"`
	// Seq counts the entry's changes, and Since is the second it was
	// made: the index keeps the row of the highest (seqOf).
	Seq   int64 `json:"seq"`
	Since int64 `json:"since,omitempty"`
}

// entry is an agent's entry on a board.
type entry struct {
	Game  string `json:"game"`
	Board string `json:"board"`
	Agent string `json:"agent"`
	Row
	Open []open `json:"open"`
	// Recent are the runs counted last, the latest first.
	Recent []Run `json:"recent"`
}

// Run is a run counted on a board: its id (its replay is the ranked
// match's transcript), score and outcome; Finished is false for a run
// counted as scored 0 when its tokens expired.
type Run struct {
	ID       string `json:"id"`
	Score    int    `json:"score"`
	Outcome  string `json:"outcome,omitempty"`
	Finished bool   `json:"finished"`
}

// KeptRuns is how many runs an entry lists (Recent).
const KeptRuns = 50

// open is an unfinished run: its id and when its tokens stop playing.
type open struct {
	ID       string `json:"id"`
	Deadline int64  `json:"deadline"` // unix seconds
}

// Last reads a ranked match's ledger: the score at its last accepted
// step (0 before any), whether it is over, and the result then.
type Last func(ctx context.Context, game, id string) (score int, over bool, result json.RawMessage, err error)

// Boards keeps boards in a store.
type Boards struct {
	store play.Ledger
	clock play.Clock
	last  Last
	// rated are the games with a Rater, whose ratings Agent reads.
	mu    sync.Mutex
	rated []string
}

// New keeps boards in store, telling the time with clock and reading
// ledgers with last.
func New(store play.Ledger, clock play.Clock, last Last) *Boards {
	return &Boards{store: store, clock: clock, last: last}
}

func ref(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

func entryRef(game, board, agent string) string { return ref(game, board, agent) }

// Open counts run from its start, unfinished: refused with
// CodeRateLimited when its agent has MaxOpen unfinished runs on the board.
func (b *Boards) Open(ctx context.Context, run play.RankedRun) error {
	return b.change(ctx, run, func(e *entry) error {
		if len(e.Open) >= MaxOpen {
			return &play.Error{Code: play.CodeRateLimited, RetryAfter: time.Minute, Message: fmt.Sprintf(
				"agent %s has %d unfinished ranked runs on this board, as many as it may: finish them, or wait for them to expire", run.Agent.Name, MaxOpen)}
		}
		if slices.ContainsFunc(e.Open, func(o open) bool { return o.ID == run.ID }) {
			return nil
		}
		e.Open = append(e.Open, open{ID: run.ID, Deadline: run.Deadline.Unix()})
		e.Runs++
		e.Unfinished++
		return nil
	})
}

// Finish counts run's end in place of its start, once: a run its entry
// no longer holds as unfinished (counted already) changes nothing.
func (b *Boards) Finish(ctx context.Context, run play.RankedRun, score int, result json.RawMessage) error {
	return b.change(ctx, run, func(e *entry) error {
		e.end(run.ID, score, outcome(result), true)
		return nil
	})
}

// end puts the end of unfinished run id in the entry: its score, and its
// outcome when finished (an expired run stays unfinished).
func (e *entry) end(id string, score int, outcome string, finished bool) {
	i := slices.IndexFunc(e.Open, func(o open) bool { return o.ID == id })
	if i < 0 {
		return
	}
	e.Open = slices.Delete(e.Open, i, i+1)
	e.Recent = slices.Insert(e.Recent, 0, Run{ID: id, Score: score, Outcome: outcome, Finished: finished})
	e.Recent = e.Recent[:min(len(e.Recent), KeptRuns)]
	e.Sum += int64(score)
	e.SumSquares += int64(score) * int64(score)
	if !finished {
		return
	}
	e.Unfinished--
	switch outcome {
	case "win":
		e.Wins++
	case "draw":
		e.Draws++
	case "loss":
		e.Losses++
	}
	if e.BestRun == "" || score > e.Best {
		e.Best, e.BestRun = score, id
	}
}

// outcome reads "outcome" from a game's result, "" when it has none.
func outcome(result json.RawMessage) string {
	var r struct {
		Outcome string `json:"outcome"`
	}
	json.Unmarshal(result, &r)
	return r.Outcome
}

// change applies f to run's entry, first counting the expired unfinished
// runs it holds as scored 0 (see expire), then saves it under the
// store's conditional write and writes its row in the board's index. A
// new entry adds its board to the game's list of boards.
func (b *Boards) change(ctx context.Context, run play.RankedRun, f func(*entry) error) error {
	var saved *entry
	fresh := func() *entry {
		return &entry{Game: run.Game, Board: run.Board, Agent: run.Agent.ID, Row: Row{Since: b.clock().Unix()}, Open: []open{}, Recent: []Run{}}
	}
	created, err := update(ctx, b.store, b.clock, kindEntry, entryRef(run.Game, run.Board, run.Agent.ID), fresh, func(e *entry) (bool, error) {
		before, _ := json.Marshal(e)
		if err := b.expire(ctx, e); err != nil {
			return false, err
		}
		if err := f(e); err != nil {
			return false, err
		}
		e.Name, e.Platform = run.Agent.Name, run.Agent.Platform
		if after, _ := json.Marshal(e); string(after) == string(before) {
			return false, nil
		}
		e.Seq++
		saved = e
		return true, nil
	})
	if err != nil || saved == nil {
		return err
	}
	if created {
		if err := b.index(ctx, kindIndex, run.Game, run.Board); err != nil {
			return err
		}
		if err := b.index(ctx, kindMine, run.Agent.ID, run.Game+"|"+run.Board); err != nil {
			return err
		}
	}
	r := saved.Row
	return writeRow(ctx, b.store, boardIndex(saved.Game, saved.Board), saved.Agent, seqOf(r.Since, r.Seq), standingKey(saved.Agent, r), r.Runs >= Listed, r)
}

// expire counts the runs of e whose tokens have expired unfinished as
// scored 0 (or, should their ledger say they are over, as finished). No
// game scores below 0, so 0 is never more than the worst end the run
// could still have reached: its score at its last step could be (islands
// held can fall), and abandoning a run would then pay.
func (b *Boards) expire(ctx context.Context, e *entry) error {
	now := b.clock().Unix()
	for _, o := range slices.Clone(e.Open) {
		if o.Deadline > now {
			continue
		}
		score, over, result, err := b.last(ctx, e.Game, o.ID)
		if play.IsCode(err, play.CodeNoMatch) {
			over, err = false, nil // its ledger is gone
		}
		if err != nil {
			return err
		}
		if !over {
			score, result = 0, nil
		}
		e.end(o.ID, score, outcome(result), over)
	}
	return nil
}

// index adds item to the list kind keeps under key (a game's boards, an
// agent's), unless it holds MaxIndexed items.
func (b *Boards) index(ctx context.Context, kind, key, item string) error {
	_, err := update(ctx, b.store, b.clock, kind, key, func() *[]string { return &[]string{} }, func(items *[]string) (bool, error) {
		if slices.Contains(*items, item) || len(*items) >= MaxIndexed {
			return false, nil
		}
		*items = append(*items, item)
		slices.Sort(*items)
		return true, nil
	})
	return err
}

// Boards lists the boards of game that have an agent on them.
func (b *Boards) Boards(ctx context.Context, game string) ([]string, error) {
	data, _, err := b.store.Load(ctx, kindIndex, game)
	if play.IsCode(err, play.CodeNoMatch) {
		return []string{}, nil
	}
	if err != nil {
		return nil, err
	}
	var boards []string
	return boards, json.Unmarshal(data, &boards)
}

// Standing is an agent's line on a board.
type Standing struct {
	Rank  int    `json:"rank"`
	Agent string `json:"agent"`
	Name  string `json:"name"`
	Runs  int    `json:"runs"`
	// Unfinished runs count as scored 0 until they end.
	Unfinished int     `json:"unfinished"`
	Mean       float64 `json:"mean"`
	// Low and High bound the mean score's 95 % interval (normal, with the
	// runs' sample deviation).
	Low  float64 `json:"low"`
	High float64 `json:"high"`
	// WinRate, DrawRate and LossRate are shares of the runs, unfinished
	// ones counted as lost; null for a game without outcomes.
	WinRate  *float64 `json:"winRate"`
	DrawRate *float64 `json:"drawRate"`
	LossRate *float64 `json:"lossRate"`
	Best     int      `json:"best"`
	BestRun  string   `json:"bestRun"`
	// Platform: the bundle played these runs, calling an arena bot
	// registered by URL, refereed end to end; not an agent's own calls.
	Platform bool `json:"platform,omitempty"`
}

// Board is a page of a board: Listed agents with Listed runs or more,
// best mean first, Standings from the Offset'th on, as many as asked,
// and Next the cursor of the page after (empty for the last); Unlisted
// counts the others.
type Board struct {
	Game      string     `json:"game"`
	Board     string     `json:"board"`
	Listed    int        `json:"listed"`
	Offset    int        `json:"offset"`
	Standings []Standing `json:"standings"`
	Next      string     `json:"next,omitempty"`
	Unlisted  int        `json:"unlisted"`
}

// Paged is items from offset on, at most limit of them: a page of a list.
func Paged[T any](items []T, offset, limit int) []T {
	items = items[min(offset, len(items)):]
	return items[:min(limit, len(items))]
}

// Read answers page p of the board of game's runs on board: one scan of
// its index (more only for an offset past play.MaxScan lines). Win, draw
// and loss rates are given when some finished run of the page's agents
// had an outcome (the game's results have one).
func (b *Boards) Read(ctx context.Context, game, board string, p Page) (*Board, error) {
	index := boardIndex(game, board)
	items, before, counts, err := scan(ctx, b.store, index, p)
	if err == nil && counts.Members == 0 {
		var moved bool
		moved, err = b.migrate(ctx, kindShard, game, board, func(agent string, raw json.RawMessage) error {
			var r Row
			if err := json.Unmarshal(raw, &r); err != nil || r.Runs == 0 {
				return fmt.Errorf("boards: the shards of %s hold %s's row %.80s", index, agent, raw)
			}
			return writeRow(ctx, b.store, index, agent, seqOf(0, r.Seq), standingKey(agent, r), r.Runs >= Listed, r)
		})
		if err == nil && moved {
			items, before, counts, err = scan(ctx, b.store, index, p)
		}
	}
	if err != nil {
		return nil, err
	}
	items, nextPage := pageOf(items, p.Limit, before, func(it play.IndexItem) string { return it.Key })
	out := &Board{Game: game, Board: board, Listed: counts.Listed, Offset: before, Standings: []Standing{}, Next: nextPage, Unlisted: counts.Members - counts.Listed}
	rows := make([]Row, len(items))
	outcomes := false
	for i, it := range items {
		if err := json.Unmarshal(it.Value, &rows[i]); err != nil {
			return nil, fmt.Errorf("boards: the row of %s on %s: %w", it.Member, index, err)
		}
		outcomes = outcomes || rows[i].Wins+rows[i].Draws+rows[i].Losses > 0
	}
	for i, it := range items {
		s := standing(it.Member, rows[i], outcomes)
		s.Rank = before + i + 1
		out.Standings = append(out.Standings, s)
	}
	return out, nil
}

// standing is an agent's line from its row.
func standing(agent string, r Row, outcomes bool) Standing {
	n := float64(r.Runs)
	mean := float64(r.Sum) / n
	variance := 0.0
	if r.Runs > 1 {
		variance = math.Max(0, (float64(r.SumSquares)-n*mean*mean)/(n-1))
	}
	half := 1.96 * math.Sqrt(variance/n)
	s := Standing{Agent: agent, Name: r.Name, Runs: r.Runs, Unfinished: r.Unfinished, Mean: round(mean), Low: round(mean - half), High: round(mean + half),
		Best: r.Best, BestRun: r.BestRun, Platform: r.Platform}
	if outcomes {
		share := func(k int) *float64 { v := round(float64(k) / n); return &v }
		s.WinRate, s.DrawRate, s.LossRate = share(r.Wins), share(r.Draws), share(r.Losses+r.Unfinished)
	}
	return s
}

// round keeps 4 decimals.
func round(v float64) float64 { return math.Round(v*1e4) / 1e4 }

// Entry is an agent's entry on one board, as Agent answers it.
type Entry struct {
	Game  string `json:"game"`
	Board string `json:"board"`
	Row
	// Open counts its unfinished runs.
	Open   int   `json:"open"`
	Recent []Run `json:"recent"`
}

// AgentEntries is an agent's entries on every board it has played on,
// as the API answers them.
type AgentEntries struct {
	Agent   string  `json:"agent"`
	Entries []Entry `json:"entries"`
	// Ratings are its ratings from live matches, on every board of
	// ratings it has played on.
	Ratings []AgentRating `json:"ratings"`
}

// Agent answers agent's entries on every board it has played on and its
// ratings, in three reads of the store: its list of boards, the entries,
// and the ratings.
func (b *Boards) Agent(ctx context.Context, agent string) (*AgentEntries, error) {
	entries, err := b.entries(ctx, agent)
	if err != nil {
		return nil, err
	}
	rated, err := b.ratings(ctx, agent)
	if err != nil {
		return nil, err
	}
	return &AgentEntries{Agent: agent, Entries: entries, Ratings: rated}, nil
}

// entries answers agent's entries on every board it has played on, in
// two reads of the store: its list of boards, then the entries.
func (b *Boards) entries(ctx context.Context, agent string) ([]Entry, error) {
	out := []Entry{}
	data, _, err := b.store.Load(ctx, kindMine, agent)
	if play.IsCode(err, play.CodeNoMatch) {
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	var mine []string
	if err := json.Unmarshal(data, &mine); err != nil {
		return nil, fmt.Errorf("boards: the boards of %s: %w", agent, err)
	}
	refs := make([]string, len(mine))
	for i, m := range mine {
		game, board, _ := strings.Cut(m, "|")
		refs[i] = entryRef(game, board, agent)
	}
	found, err := b.store.LoadMany(ctx, kindEntry, refs)
	if err != nil {
		return nil, err
	}
	for i, data := range found {
		if data == nil {
			continue
		}
		var e entry
		if err := json.Unmarshal(data, &e); err != nil {
			return nil, fmt.Errorf("boards: entry %s: %w", refs[i], err)
		}
		out = append(out, Entry{Game: e.Game, Board: e.Board, Row: e.Row, Open: len(e.Open), Recent: e.Recent})
	}
	return out, nil
}
