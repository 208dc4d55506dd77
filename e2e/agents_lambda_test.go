package e2e

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"go.yaml.in/yaml/v4"

	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/golden"
	"github.com/agentgames/bundle/internal/contracttest"
	"github.com/agentgames/bundle/internal/transcripttest"
	"github.com/agentgames/bundle/store/storetest"
)

// TestAgentsThroughLambda registers an agent through the catalog
// function, as the HTTP API's $default route reaches it, and plays 10
// ranked Tinrail matches against the easy G-Bot with its key through the
// tinrail game function, and leaves an 11th after one placement; an
// anonymous ranked match and an unranked one with the key count for no
// one. Both functions run under the emulator on one DynamoDB table of
// dynalite, as on AWS they share MATCHES_TABLE. The board of
// opponent=easy, the game's boards, the agent and its entries then read
// through the catalog function as the game function counted the runs: 11
// runs, one unfinished, the mean, best and win rate of the scores it
// answered; a listed run's transcript is the match as the agent recorded
// it. A bad key is refused, 401 with WWW-Authenticate, by both functions.
// The answers but the matches' are held to openapi.yaml, and the DynamoDB
// actions each function called to those its policy in template.yaml
// allows.
func TestAgentsThroughLambda(t *testing.T) {
	start := time.Now()
	fns := agentsLambdaFunctions(t, "./functions/game", "GAME=tinrail")
	catalog, game := fns[0].e, fns[1].e

	// 1. Register, and read the agent back with its key.
	phase := time.Now()
	reg := agentsLambdaCall(t, catalog, agentsLambdaFrom(postJSON("/api/agents", `{"name":"Lambda Board Bot"}`), "203.0.113.7"))
	var agent struct{ ID, Name, Created, KeyID, Key string }
	if err := json.Unmarshal(reg.body, &agent); err != nil || reg.status != http.StatusOK || agent.ID == "" || !strings.HasPrefix(agent.Key, "agk_"+agent.ID+"_") {
		t.Fatalf("POST /api/agents through the catalog function: %d %v %s\n%s", reg.status, err, reg.body, tail(catalog.log.String()))
	}
	me := agentsLambdaCall(t, catalog, agentsLambdaWithKey(get("/api/agents/me"), agent.Key))
	var mine struct {
		ID, Name string
		Keys     []struct {
			ID      string
			Revoked *string
		}
	}
	if err := json.Unmarshal(me.body, &mine); err != nil || me.status != http.StatusOK || mine.ID != agent.ID || mine.Name != "Lambda Board Bot" ||
		len(mine.Keys) != 1 || mine.Keys[0].ID != agent.KeyID || mine.Keys[0].Revoked != nil {
		t.Fatalf("GET /api/agents/me through the catalog function: %d %v %s", me.status, err, me.body)
	}
	t.Logf("registered agent %s and read it back by its key through the catalog function in %s", agent.ID, time.Since(phase).Round(time.Millisecond))

	// 2. Play: 10 ranked matches to their end, one left after a
	// placement (one that ends at that placement counts among the
	// finished, and another is left), and two that count for no one.
	phase = time.Now()
	ctx := context.Background()
	ranked := map[string]string{"ranked": "true", "opponent": "easy"}
	var runs []agentsLambdaRun // the finished runs, in order
	calls := 0
	for len(runs) < 10 {
		r := agentsLambdaPlay(ctx, t, game, agent.Key, ranked, -1)
		calls += r.calls
		runs = append(runs, r)
	}
	var left agentsLambdaRun
	for {
		left = agentsLambdaPlay(ctx, t, game, agent.Key, ranked, 1)
		calls += left.calls
		if !left.finished {
			break
		}
		runs = append(runs, left) // it ended at its first placement
		if len(runs) > 20 {
			t.Fatal("10 ranked matches in a row ended at their first placement")
		}
	}
	anonymous := agentsLambdaPlay(ctx, t, game, "", ranked, 0)
	unranked := agentsLambdaPlay(ctx, t, game, agent.Key, map[string]string{"opponent": "easy"}, 0)
	calls += anonymous.calls + unranked.calls
	if anonymous.id == "" || unranked.id != "" {
		t.Errorf("an anonymous ranked init answers the ranked id %q, an unranked one with the key %q", anonymous.id, unranked.id)
	}
	played := time.Since(phase)
	sum, best, wins := 0, -1, 0
	for _, r := range runs {
		sum, best = sum+r.score, max(best, r.score)
		if r.outcome == "win" {
			wins++
		}
	}
	total := len(runs) + 1
	t.Logf("%d ranked Tinrail matches played to their end through the game function (scores %v, %d won), one left after a placement, two counting for no one: %d invocations in %s (%s each)",
		len(runs), agentsLambdaScores(runs), wins, calls, played.Round(time.Millisecond), (played / time.Duration(calls)).Round(10*time.Microsecond))

	// 3. The board, the game's boards, the agent and its entries, through
	// the catalog.
	phase = time.Now()
	b := agentsLambdaCall(t, catalog, get("/api/games/tinrail/board?opponent=easy"))
	var board struct {
		Game, Board      string
		Listed, Unlisted int
		Standings        []struct {
			Rank                   int
			Agent, Name, BestRun   string
			Runs, Unfinished, Best int
			Mean, Low, High        float64
			WinRate, LossRate      *float64
		}
	}
	if err := json.Unmarshal(b.body, &board); err != nil || b.status != http.StatusOK || board.Game != "tinrail" || board.Board != "opponent=easy" ||
		board.Listed != 1 || board.Unlisted != 0 || len(board.Standings) != 1 {
		t.Fatalf("GET /api/games/tinrail/board?opponent=easy through the catalog function: %d %v %s", b.status, err, b.body)
	}
	s := board.Standings[0]
	wantMean, wantWins := agentsLambdaRound(float64(sum)/float64(total)), agentsLambdaRound(float64(wins)/float64(total))
	if s.Rank != 1 || s.Agent != agent.ID || s.Name != "Lambda Board Bot" || s.Runs != total || s.Unfinished != 1 || s.Best != best || s.Mean != wantMean ||
		s.WinRate == nil || *s.WinRate != wantWins || s.Low > s.Mean || s.High < s.Mean ||
		!slices.ContainsFunc(runs, func(r agentsLambdaRun) bool { return r.id == s.BestRun && r.score == best }) {
		t.Errorf("the agent's standing through the catalog function: %s\nthe game function answered %d runs, one left, scores summing to %d, best %d, %d won: mean %v, win rate %v",
			b.body, total, sum, best, wins, wantMean, wantWins)
	}
	if bs := agentsLambdaCall(t, catalog, get("/api/games/tinrail/boards")); bs.status != http.StatusOK || !strings.Contains(string(bs.body), `"board":"opponent=easy"`) {
		t.Errorf("GET /api/games/tinrail/boards through the catalog function: %d %s", bs.status, bs.body)
	}
	if a := agentsLambdaCall(t, catalog, get("/api/agents/"+agent.ID)); a.status != http.StatusOK ||
		!strings.Contains(string(a.body), `"id":"`+agent.ID+`"`) || !strings.Contains(string(a.body), `"name":"Lambda Board Bot"`) {
		t.Errorf("GET /api/agents/%s through the catalog function: %d %s", agent.ID, a.status, a.body)
	}
	eb := agentsLambdaCall(t, catalog, get("/api/agents/"+agent.ID+"/boards"))
	var entries struct {
		Agent   string
		Entries []struct {
			Game, Board                  string
			Runs, Unfinished, Open, Best int
			Sum                          int
			Recent                       []struct {
				ID       string
				Score    int
				Outcome  string
				Finished bool
			}
		}
	}
	if err := json.Unmarshal(eb.body, &entries); err != nil || eb.status != http.StatusOK || entries.Agent != agent.ID || len(entries.Entries) != 1 {
		t.Fatalf("GET /api/agents/%s/boards through the catalog function: %d %v %s", agent.ID, eb.status, err, eb.body)
	}
	en := entries.Entries[0]
	if en.Game != "tinrail" || en.Board != "opponent=easy" || en.Runs != total || en.Unfinished != 1 || en.Open != 1 || en.Sum != sum || en.Best != best || len(en.Recent) != len(runs) {
		t.Errorf("the agent's entry through the catalog function: %s\nwant %d runs, 1 unfinished and open, sum %d, best %d, the %d finished runs recent", eb.body, total, sum, best, len(runs))
	}
	for i, r := range en.Recent {
		if i >= len(runs) {
			break
		}
		want := runs[len(runs)-1-i] // the latest first
		if r.ID != want.id || r.Score != want.score || r.Outcome != want.outcome || !r.Finished {
			t.Errorf("the entry's recent run %d: %+v; the game function answered %s scored %d (%s), finished", i, r, want.id, want.score, want.outcome)
		}
	}
	read := time.Since(phase)

	// A listed run's transcript through the catalog is the match as the
	// agent recorded it; the left run's holds its accepted steps so far.
	phase = time.Now()
	if len(en.Recent) > 0 {
		id := en.Recent[0].ID
		i := slices.IndexFunc(runs, func(r agentsLambdaRun) bool { return r.id == id })
		if i < 0 {
			t.Fatalf("the entry lists %s, a run the game function never answered", id)
		}
		got, pages := rankedTranscript(t, catalog, id)
		transcripttest.Same(t, got, transcripttest.Accepted(t, runs[i].rec.Steps))
		if got.Name != id || got.Game != "tinrail" || !got.Full || got.Query["opponent"] != "easy" || got.Query["seed"] == "" {
			t.Errorf("the transcript of %s: %s %s %v full %t", id, got.Game, got.Name, got.Query, got.Full)
		}
		t.Logf("the listed run %s's transcript, %d steps in %d pages through the catalog function, as the agent recorded it", id, len(got.Steps), len(pages))
	}
	got, _ := rankedTranscript(t, catalog, left.id)
	transcripttest.Same(t, got, transcripttest.Accepted(t, left.rec.Steps))
	if _, ok := got.Query["seed"]; ok {
		t.Errorf("the left run's transcript shows its seed: %v", got.Query)
	}
	transcripts := time.Since(phase)

	// 4. A bad key: refused by the game function's init and by the
	// catalog's /me.
	phase = time.Now()
	bad := "agk_" + agent.ID + "_" + strings.Repeat("a", 52)
	for _, c := range []struct {
		e  *emulator
		ev events.APIGatewayV2HTTPRequest
	}{
		{game, agentsLambdaWithKey(get("/api/games/tinrail/init?ranked=true&opponent=easy"), bad)},
		{game, agentsLambdaWithKey(get("/api/games/tinrail/init?ranked=true&opponent=easy"), "not-a-key")},
		{catalog, agentsLambdaWithKey(get("/api/agents/me"), bad)},
	} {
		f := agentsLambdaCall(t, c.e, c.ev)
		var failure struct{ Error struct{ Code string } }
		json.Unmarshal(f.body, &failure)
		if f.status != http.StatusUnauthorized || failure.Error.Code != "unauthorized" || !strings.HasPrefix(f.header.Get("WWW-Authenticate"), "Bearer") {
			t.Errorf("GET %s with the key %q: %d %v %s", c.ev.RawPath, c.ev.Headers["authorization"], f.status, f.header, f.body)
		}
	}
	if again := agentsLambdaCall(t, catalog, get("/api/agents/"+agent.ID+"/boards")); again.status != http.StatusOK || string(again.body) != string(eb.body) {
		t.Errorf("the refused and anonymous starts changed the agent's entries: %s\nwas %s", again.body, eb.body)
	}
	agentsLambdaAllowed(t, "CatalogFunction", fns[0].calls)
	agentsLambdaAllowed(t, "TinrailFunction", fns[1].calls)
	t.Logf("read through the catalog function: the board, the boards, the agent and its entries in %s, two transcripts in %s; bad keys refused in %s; %s in all",
		read.Round(time.Millisecond), transcripts.Round(time.Millisecond), time.Since(phase).Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
}

// agentsLambdaRun is one match played through the game function: its
// ranked id, the last score it answered, the outcome of its result, and
// the match as its agent recorded it.
type agentsLambdaRun struct {
	id       string
	score    int
	outcome  string
	finished bool
	rec      *golden.Case
	calls    int
}

// agentsLambdaPlay starts a Tinrail match with query and the agent's key
// (none when empty) through the game function, and places tiles that keep
// the agent's engine on the table, as many as actions says (all of them
// for -1), or until the match ends.
func agentsLambdaPlay(ctx context.Context, t *testing.T, e *emulator, key string, query map[string]string, actions int) agentsLambdaRun {
	t.Helper()
	s, err := client.Start(ctx, agentsLambdaTransport{e: e, key: key}, "tinrail", query)
	if err != nil {
		t.Fatalf("init %v through the game function: %v\n%s", query, err, tail(e.log.String()))
	}
	r := agentsLambdaRun{calls: 1}
	if r.rec, err = s.Record(map[string]string{"opponent": query["opponent"]}); err != nil {
		t.Fatal(err)
	}
	for n := 0; !s.Last.GameOver && n != actions; n++ {
		a, err := s.Act(ctx, survivor(t, s.Last))
		r.calls++
		if err != nil || !a.OK {
			t.Fatalf("action %d through the game function: %v %+v\n%s", n, err, a, tail(e.log.String()))
		}
	}
	var last struct {
		Ranked string
		Score  int
		Result struct{ Outcome string }
	}
	if err := json.Unmarshal(s.Last.Body, &last); err != nil {
		t.Fatal(err)
	}
	var first struct{ Ranked string }
	json.Unmarshal(r.rec.Steps[0].Answer, &first)
	r.id, r.score, r.outcome, r.finished = first.Ranked, last.Score, last.Result.Outcome, s.Last.GameOver
	if query["ranked"] == "true" && key != "" && (r.id == "" || last.Ranked != r.id) {
		t.Fatalf("a ranked match with the key through the game function: the init's ranked id %q, the last answer's %q", r.id, last.Ranked)
	}
	return r
}

// agentsLambdaTransport is lambdaTransport with the agent's key on the
// init: Authorization: Bearer key, none when key is empty.
type agentsLambdaTransport struct {
	e   *emulator
	key string
}

func (c agentsLambdaTransport) Init(_ context.Context, game string, query map[string]string) (int, []byte, error) {
	ev := get(client.InitPath(game, query))
	if c.key != "" {
		ev = agentsLambdaWithKey(ev, c.key)
	}
	return lambdaTransport{c.e}.do(ev)
}

func (c agentsLambdaTransport) Act(ctx context.Context, game, field, token string, action json.RawMessage) (int, []byte, error) {
	return lambdaTransport{c.e}.Act(ctx, game, field, token, action)
}

// agentsLambdaWithKey is ev with Authorization: Bearer key, as API
// Gateway passes a header: its name in lower case.
func agentsLambdaWithKey(ev events.APIGatewayV2HTTPRequest, key string) events.APIGatewayV2HTTPRequest {
	ev.Headers = maps.Clone(ev.Headers)
	ev.Headers["authorization"] = "Bearer " + key
	return ev
}

// agentsLambdaFrom is ev from the client address ip, as API Gateway says
// in its request context.
func agentsLambdaFrom(ev events.APIGatewayV2HTTPRequest, ip string) events.APIGatewayV2HTTPRequest {
	ev.RequestContext.HTTP.SourceIP = ip
	return ev
}

// agentsLambdaCall sends ev to the function, and answers its answer as
// the HTTP API writes it, held to openapi.yaml.
func agentsLambdaCall(t *testing.T, e *emulator, ev events.APIGatewayV2HTTPRequest) fetched {
	t.Helper()
	res, n, err := e.invokeSized(ev)
	if err != nil {
		t.Fatalf("%s %s through the function: %v\n%s", ev.RequestContext.HTTP.Method, ev.RawPath, err, tail(e.log.String()))
	}
	body, err := bodyOf(res)
	if err != nil {
		t.Fatalf("%s %s through the function: the body is not base64: %v", ev.RequestContext.HTTP.Method, ev.RawPath, err)
	}
	h := http.Header{}
	for k, v := range res.Headers {
		h.Set(k, v)
	}
	target := ev.RawPath
	if ev.RawQueryString != "" {
		target += "?" + ev.RawQueryString
	}
	sent := ev.Body
	if ev.IsBase64Encoded {
		b, _ := base64.StdEncoding.DecodeString(ev.Body)
		sent = string(b)
	}
	req := httptest.NewRequest(ev.RequestContext.HTTP.Method, target, strings.NewReader(sent))
	for k, v := range ev.Headers {
		req.Header.Set(k, v)
	}
	contracttest.CheckAnswer(t, req, res.StatusCode, h, body)
	return fetched{status: res.StatusCode, header: h, body: body, payload: n}
}

// agentsLambdaActions are the DynamoDB actions a function called, and
// how many times, and the read and write request units they consumed.
type agentsLambdaActions struct {
	mu       sync.Mutex
	n        map[string]int
	rru, wru float64
}

// agentsLambdaFunction is a function under the emulator and the DynamoDB
// actions it called.
type agentsLambdaFunction struct {
	e     *emulator
	calls *agentsLambdaActions
}

// agentsLambdaFunctions builds the catalog function and the function in
// pkg and runs both under the emulator on one table of dynalite (env is
// pkg's own environment), each reaching it through a proxy that notes
// the DynamoDB actions it calls, to hold them to its policy in
// template.yaml: dynalite checks no IAM policy, Lambda does.
func agentsLambdaFunctions(t *testing.T, pkg string, env ...string) [2]agentsLambdaFunction {
	rie := rieBinary(t)
	onAWS := tableEnv(t)
	if len(onAWS) == 0 {
		storetest.DynamoClient(t) // skips, or fails under STORE_REQUIRED
	}
	start := time.Now()
	bootstraps := buildBootstraps(t, "./functions/catalog", pkg)
	built := time.Since(start)
	var out [2]agentsLambdaFunction
	for i, extra := range [][]string{nil, env} {
		fnEnv, calls := agentsLambdaWatch(t, onAWS)
		out[i] = agentsLambdaFunction{startFunction(t, rie, bootstraps[i], append(extra, fnEnv...)...), calls}
	}
	t.Logf("built both bootstraps in %s; both functions answering %s later", built.Round(time.Millisecond), (time.Since(start) - built).Round(time.Millisecond))
	return out
}

// agentsLambdaWatch is env with the table's endpoint behind a proxy that
// counts the DynamoDB actions called through it (X-Amz-Target's) and
// the request units they consume: it asks each item call for
// ReturnConsumedCapacity TOTAL, which dynalite works out from the items'
// sizes as DynamoDB does (not counting index writes).
func agentsLambdaWatch(t *testing.T, env []string) ([]string, *agentsLambdaActions) {
	t.Helper()
	calls := &agentsLambdaActions{n: map[string]int{}}
	out := slices.Clone(env)
	for i, kv := range out {
		endpoint, ok := strings.CutPrefix(kv, "AWS_ENDPOINT_URL_DYNAMODB=")
		if !ok {
			continue
		}
		u, err := url.Parse(endpoint)
		if err != nil {
			t.Fatal(err)
		}
		proxy := httputil.NewSingleHostReverseProxy(u)
		proxy.ModifyResponse = func(res *http.Response) error {
			_, action, _ := strings.Cut(res.Request.Header.Get("X-Amz-Target"), ".")
			if _, ok := capacityOf[action]; !ok {
				return nil
			}
			body, err := io.ReadAll(res.Body)
			res.Body.Close()
			res.Body = io.NopCloser(bytes.NewReader(body))
			if err != nil {
				return err
			}
			units := consumedUnits(body)
			calls.mu.Lock()
			if capacityOf[action] {
				calls.rru += units
			} else {
				calls.wru += units
			}
			calls.mu.Unlock()
			return nil
		}
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			_, action, _ := strings.Cut(r.Header.Get("X-Amz-Target"), ".")
			calls.mu.Lock()
			calls.n[action]++
			calls.mu.Unlock()
			if _, ok := capacityOf[action]; ok {
				body, err := io.ReadAll(r.Body)
				if err != nil {
					http.Error(w, err.Error(), http.StatusBadRequest)
					return
				}
				if !bytes.Contains(body, []byte(`"ReturnConsumedCapacity"`)) && bytes.HasPrefix(body, []byte("{")) {
					body = append([]byte(`{"ReturnConsumedCapacity":"TOTAL",`), body[1:]...)
				}
				r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(body)), int64(len(body))
				r.Header.Set("Content-Length", strconv.Itoa(len(body)))
			}
			proxy.ServeHTTP(w, r)
		}))
		t.Cleanup(srv.Close)
		out[i] = "AWS_ENDPOINT_URL_DYNAMODB=" + srv.URL
	}
	return out, calls
}

// capacityOf are the DynamoDB actions whose request units a watch adds
// up: true for reads (read request units), false for writes.
var capacityOf = map[string]bool{"GetItem": true, "BatchGetItem": true, "Query": true, "Scan": true,
	"PutItem": false, "UpdateItem": false, "DeleteItem": false, "BatchWriteItem": false}

// consumedUnits is the capacity units a DynamoDB answer says it consumed
// (ConsumedCapacity, one or a list), 0 when it says none.
func consumedUnits(body []byte) float64 {
	var one struct {
		ConsumedCapacity json.RawMessage
	}
	if json.Unmarshal(body, &one) != nil || len(one.ConsumedCapacity) == 0 {
		return 0
	}
	var list []struct{ CapacityUnits float64 }
	if json.Unmarshal(one.ConsumedCapacity, &list) != nil {
		var c struct{ CapacityUnits float64 }
		json.Unmarshal(one.ConsumedCapacity, &c)
		list = append(list, c)
	}
	total := 0.0
	for _, c := range list {
		total += c.CapacityUnits
	}
	return total
}

// agentsLambdaAllowed holds the actions a function called to those its
// policies in template.yaml allow it: DynamoDB's by their names alone
// (GetItem), any other service's in full (lambda:InvokeFunction).
func agentsLambdaAllowed(t *testing.T, function string, calls *agentsLambdaActions) {
	t.Helper()
	src, err := os.ReadFile("../template.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var tpl struct {
		Resources map[string]struct {
			Properties struct {
				Policies []struct {
					Statement []struct {
						Effect string `yaml:"Effect"`
						Action any    `yaml:"Action"`
					} `yaml:"Statement"`
				} `yaml:"Policies"`
			} `yaml:"Properties"`
		} `yaml:"Resources"`
	}
	if err := yaml.Unmarshal(src, &tpl); err != nil {
		t.Fatalf("template.yaml: %v", err)
	}
	if _, ok := tpl.Resources[function]; !ok {
		t.Fatalf("template.yaml has no %s", function)
	}
	allowed := map[string]bool{}
	for _, p := range tpl.Resources[function].Properties.Policies {
		for _, st := range p.Statement {
			actions, _ := st.Action.([]any)
			if a, ok := st.Action.(string); ok {
				actions = []any{a}
			}
			for _, a := range actions {
				if st.Effect == "Allow" {
					name, _ := strings.CutPrefix(fmt.Sprint(a), "dynamodb:")
					allowed[name] = true
				}
			}
		}
	}
	calls.mu.Lock()
	defer calls.mu.Unlock()
	for _, action := range slices.Sorted(maps.Keys(calls.n)) {
		if !allowed[action] {
			t.Errorf("%s called DynamoDB's %s %d times; its policies in template.yaml allow only %v", function, action, calls.n[action], slices.Sorted(maps.Keys(allowed)))
		}
	}
	t.Logf("%s called %v (allowed: %v)", function, calls.n, slices.Sorted(maps.Keys(allowed)))
}

// agentsLambdaRound rounds a board's mean or rate as the board does: to
// 4 decimals.
func agentsLambdaRound(v float64) float64 { return math.Round(v*1e4) / 1e4 }

func agentsLambdaScores(runs []agentsLambdaRun) []int {
	out := make([]int, len(runs))
	for i, r := range runs {
		out[i] = r.score
	}
	return out
}
