package boards_test

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/boards"
	"github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/play/ratings"
	"github.com/agentgames/bundle/store/bolt"
	"github.com/agentgames/bundle/store/dynamo"
	"github.com/agentgames/bundle/store/memory"
	"github.com/agentgames/bundle/store/storetest"
)

// rows are n agents' rows on a board, one in ten unlisted, with ties of
// mean broken by runs and then by id.
func rows(n int) map[string]boards.Row {
	out := map[string]boards.Row{}
	for a := range n {
		runs := int64(boards.Listed + a%7)
		if a%10 == 9 {
			runs = int64(a % boards.Listed)
		}
		score := int64(a % 97)
		out[fmt.Sprintf("agent%07d", a)] = boards.Row{Name: fmt.Sprintf("Agent %d", a), Runs: int(runs), Wins: int(runs) / 2, Losses: int(runs) - int(runs)/2,
			Sum: runs * score, SumSquares: runs * score * score, Best: int(score), BestRun: fmt.Sprintf("%032x", a), Seq: 1, Since: 1_800_000_000}
	}
	return out
}

// sorted is the listed agents of rows in the board's order.
func sorted(rows map[string]boards.Row) []string {
	var out []string
	for a, r := range rows {
		if r.Runs >= boards.Listed {
			out = append(out, a)
		}
	}
	slices.SortFunc(out, func(x, y string) int {
		rx, ry := rows[x], rows[y]
		mx, my := float64(rx.Sum)/float64(rx.Runs), float64(ry.Sum)/float64(ry.Runs)
		return cmp.Or(cmp.Compare(my, mx), cmp.Compare(ry.Runs, rx.Runs), cmp.Compare(x, y))
	})
	return out
}

// TestPagesFollowNext, on every store: a board read a page at a time by
// each page's next lists every listed agent once, in the board's order,
// ranked from 1, and counts the listed and unlisted; a page from an
// offset is the same lines; a cursor that is not one is refused.
func TestPagesFollowNext(t *testing.T) {
	storetest.Each(t, func(t *testing.T, store play.Store) {
		ctx := context.Background()
		b := boards.New(store.(play.Ledger), time.Now, (&ledgers{}).last)
		all := rows(250)
		if err := b.Fill(ctx, "tinrail", "opponent=wise", all); err != nil {
			t.Fatal(err)
		}
		want := sorted(all)
		var got []string
		p := boards.Page{Limit: 40}
		for pages := 0; ; pages++ {
			board, err := b.Read(ctx, "tinrail", "opponent=wise", p)
			if err != nil {
				t.Fatal(err)
			}
			if board.Listed != len(want) || board.Unlisted != 25 || board.Offset != len(got) {
				t.Fatalf("page %d: listed %d, unlisted %d, offset %d", pages, board.Listed, board.Unlisted, board.Offset)
			}
			for _, s := range board.Standings {
				got = append(got, s.Agent)
				if s.Rank != len(got) || s.WinRate == nil {
					t.Fatalf("%s at rank %d, line %d, win rate %v", s.Agent, s.Rank, len(got), s.WinRate)
				}
			}
			if board.Next == "" {
				break
			}
			p.After = board.Next
		}
		if !slices.Equal(got, want) {
			t.Errorf("paged by next: %d agents, want %d\n%v\n%v", len(got), len(want), got[:10], want[:10])
		}
		board, err := b.Read(ctx, "tinrail", "opponent=wise", boards.Page{Offset: 150, Limit: 30})
		if err != nil || board.Offset != 150 || len(board.Standings) != 30 || board.Standings[0].Rank != 151 || board.Standings[0].Agent != want[150] || board.Next == "" {
			t.Errorf("from offset 150: %+v %v", board, err)
		}
		for _, bad := range []string{"x", "AA", "!!!!", "AQ"} {
			if _, err := b.Read(ctx, "tinrail", "opponent=wise", boards.Page{After: bad, Limit: 10}); !play.IsCode(err, play.CodeInvalidRequest) {
				t.Errorf("after %q: %v", bad, err)
			}
		}
	})
}

// TestRatingPagesPlaceTheBots: a board of ratings read a page at a time,
// or from an offset, answers the lines of the board read whole: the
// bots among the agents, by ordinal, ranked from 1.
func TestRatingPagesPlaceTheBots(t *testing.T) {
	b := boards.New(&memory.Store{}, time.Now, (&ledgers{}).last)
	anchors := map[string]ratings.Rating{"easy": {Mu: 20, Sigma: 1}, "fair": {Mu: 25, Sigma: 2}, "wise": {Mu: 30, Sigma: 1}}
	r := b.Rater("tron", anchors).ListAfter(1)
	ctx := context.Background()
	for i := range 30 {
		seats := []live.RatedSeat{{Agent: &play.AgentRef{ID: fmt.Sprintf("a%02d", i), Name: "A"}, Place: 1 + i%2}, {Bot: []string{"easy", "fair", "wise"}[i%3], Place: 2 - i%2}}
		if err := r.Rated(ctx, fmt.Sprintf("M%03d", i), seats); err != nil {
			t.Fatal(err)
		}
	}
	whole, err := r.Ratings(ctx, 2, boards.Page{Limit: 100})
	if err != nil || len(whole.Standings) != 33 || whole.Listed != 33 || whole.Next != "" {
		t.Fatalf("the board whole: %+v %v", whole, err)
	}
	line := func(s boards.RatingStanding) string {
		return fmt.Sprintf("%d %s%s %.4f", s.Rank, s.Agent, s.Bot, s.Ordinal)
	}
	var want, got []string
	for i, s := range whole.Standings {
		want = append(want, line(s))
		if i > 0 && s.Ordinal > whole.Standings[i-1].Ordinal || s.Rank != i+1 {
			t.Errorf("line %d: %s after %s", i, line(s), want[i-1])
		}
	}
	for p := (boards.Page{Limit: 7}); ; {
		page, err := r.Ratings(ctx, 2, p)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range page.Standings {
			got = append(got, line(s))
		}
		if page.Next == "" {
			break
		}
		p.After = page.Next
	}
	if !slices.Equal(got, want) {
		t.Errorf("paged by 7:\n%v\nwhole:\n%v", got, want)
	}
	for _, offset := range []int{0, 5, 29, 33} {
		page, err := r.Ratings(ctx, 2, boards.Page{Offset: offset, Limit: 4})
		if err != nil {
			t.Fatal(err)
		}
		var lines []string
		for _, s := range page.Standings {
			lines = append(lines, line(s))
		}
		if w := want[offset:min(offset+4, len(want))]; !slices.Equal(lines, w) || (page.Next == "") != (offset+4 >= len(want)) {
			t.Errorf("from offset %d: %v, next %q; want %v", offset, lines, page.Next, w)
		}
	}
}

// TestShardsOfAnEarlierServer: a board an earlier server kept in shards
// is read from them once, into its index, and its agents' next runs move
// them there.
func TestShardsOfAnEarlierServer(t *testing.T) {
	store := &counting{Store: &memory.Store{}}
	b := boards.New(store, time.Now, (&ledgers{}).last)
	ctx := context.Background()
	old := rows(40)
	for a, r := range old {
		r.Since = 0
		old[a] = r
	}
	if err := b.FillShards(ctx, "tinrail", "opponent=wise", old); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		store.calls = 0
		board, err := b.Read(ctx, "tinrail", "opponent=wise", boards.FirstPage)
		if err != nil || board.Listed != 36 || board.Unlisted != 4 || board.Standings[0].Agent != sorted(old)[0] {
			t.Fatalf("the board from its shards: %+v %v", board, err)
		}
	}
	if store.calls != 1 {
		t.Errorf("the second read: %d store calls", store.calls)
	}
}

var agentsOnBoard = flag.Int("agents", 1_000_000, "BenchmarkBoardPage: the agents on the board")

// BenchmarkBoardPage reads a page of 100 lines of a board of -agents
// agents (a million unless told) on the memory store and on bbolt: the
// first page, and the last, after a line near the end (go test
// ./play/boards -run X -bench BoardPage -benchtime 200x). A page costs its
// rows whatever the number of agents and wherever it starts.
func BenchmarkBoardPage(b *testing.B) {
	all := rows(*agentsOnBoard)
	order := sorted(all)
	last := order[len(order)-101]
	stores := map[string]func(b *testing.B) play.Ledger{
		"memory": func(*testing.B) play.Ledger { return &memory.Store{} },
		"bolt": func(b *testing.B) play.Ledger {
			s, err := bolt.Open(filepath.Join(b.TempDir(), "matches.db"), time.Now)
			if err != nil {
				b.Fatal(err)
			}
			b.Cleanup(func() { s.Close() })
			return s
		},
	}
	// On DynamoDB (dynalite, with DYNAMODB_ENDPOINT set), the calls a page
	// makes to the table's API are counted too.
	var apiCalls atomic.Int64
	if os.Getenv("DYNAMODB_ENDPOINT") != "" {
		stores["dynamo"] = func(b *testing.B) play.Ledger {
			c := storetest.DynamoClient(b)
			c = dynamodb.New(c.Options(), func(o *dynamodb.Options) { o.HTTPClient = countingHTTP{o.HTTPClient, &apiCalls} })
			return dynamo.New(c, storetest.NewTable(b, c), time.Now)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(stores)) {
		b.Run(name, func(b *testing.B) {
			store := &countingLedger{Ledger: stores[name](b)}
			bd := boards.New(store, time.Now, (&ledgers{}).last)
			ctx := context.Background()
			if err := bd.Fill(ctx, "tinrail", "opponent=wise", all); err != nil {
				b.Fatal(err)
			}
			// The cursor of the line before the last page: walk to the page
			// that holds it, and read that page again to end with it.
			var after string
			for p := (boards.Page{Limit: boards.MaxLimit}); after == ""; {
				page, err := bd.Read(ctx, "tinrail", "opponent=wise", p)
				if err != nil {
					b.Fatal(err)
				}
				if k := slices.IndexFunc(page.Standings, func(s boards.Standing) bool { return s.Agent == last }); k >= 0 {
					p.Limit = k + 1
					if page, err = bd.Read(ctx, "tinrail", "opponent=wise", p); err != nil {
						b.Fatal(err)
					}
					after = page.Next
				}
				p.After = page.Next
			}
			for _, page := range []struct {
				name string
				p    boards.Page
				rank int
			}{{"first", boards.Page{Limit: 100}, 1}, {"last", boards.Page{After: after, Limit: 100}, len(order) - 99}} {
				b.Run(page.name, func(b *testing.B) {
					store.calls.Store(0)
					apiCalls.Store(0)
					var board *boards.Board
					for b.Loop() {
						var err error
						if board, err = bd.Read(ctx, "tinrail", "opponent=wise", page.p); err != nil {
							b.Fatal(err)
						}
					}
					if len(board.Standings) != 100 || board.Standings[0].Rank != page.rank || board.Listed != len(order) {
						b.Fatalf("%d standings from rank %d of %d", len(board.Standings), board.Standings[0].Rank, board.Listed)
					}
					b.ReportMetric(float64(store.calls.Load())/float64(b.N), "store-calls/op")
					if name == "dynamo" {
						b.ReportMetric(float64(apiCalls.Load())/float64(b.N), "dynamodb-calls/op")
					}
				})
			}
		})
	}
}

// countingHTTP counts the requests of an AWS client.
type countingHTTP struct {
	next  dynamodb.HTTPClient
	calls *atomic.Int64
}

func (c countingHTTP) Do(r *http.Request) (*http.Response, error) {
	c.calls.Add(1)
	return c.next.Do(r)
}

// countingLedger counts the reads of a ledger, from goroutines at once.
type countingLedger struct {
	play.Ledger
	calls atomic.Int64
}

func (c *countingLedger) Load(ctx context.Context, kind, ref string) ([]byte, uint64, error) {
	c.calls.Add(1)
	return c.Ledger.Load(ctx, kind, ref)
}

func (c *countingLedger) LoadMany(ctx context.Context, kind string, refs []string) ([][]byte, error) {
	c.calls.Add(1)
	return c.Ledger.LoadMany(ctx, kind, refs)
}

func (c *countingLedger) Scan(ctx context.Context, index, after string, limit int) (play.IndexPage, error) {
	c.calls.Add(1)
	return c.Ledger.Scan(ctx, index, after, limit)
}
