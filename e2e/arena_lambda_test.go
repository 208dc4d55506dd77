package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"github.com/agentgames/bundle/internal/arenatest"
	"github.com/agentgames/bundle/store/storetest"
)

// TestArenaThroughLambda runs the arena as it runs on AWS: the live
// function (the arena's API) and the fight function (its fights), both
// real bootstraps under the emulator on one table of dynalite, behind
// proxies that count what they call of DynamoDB and of Lambda, which
// their policies in template.yaml must allow. A stand-in for Lambda's
// Invoke API queues each asynchronous invocation (202, as Lambda answers
// an Event) and hands it to the fight function's emulator, one at a time
// as a function of reserved concurrency 1 runs them. An agent registers
// a bot served on loopback, verifies it and launches a fight against a
// house bot; the fight function, whose invocations last 16 s less the 15
// s it keeps in hand, plays a second each and invokes itself to go on:
// the fight ends after several invocations, is rated once on the ladder,
// and the bot was asked about every round once (one, the round an
// invocation ended in, perhaps twice). The fight's match and transcript
// read through the live function.
func TestArenaThroughLambda(t *testing.T) {
	const think = 40 * time.Millisecond // the bot's time a move
	rie := rieBinary(t)
	onAWS := tableEnv(t)
	if len(onAWS) == 0 {
		storetest.DynamoClient(t) // skips, or fails under STORE_REQUIRED
	}
	bootstraps := buildBootstraps(t, "./functions/live", "./functions/fight")
	invoke := newLambdaStandIn(t)
	arenaEnv := []string{"FIGHT_FUNCTION=fight", "ARENA_ALLOW_HTTP=true", "ARENA_ALLOW_PRIVATE=true"}
	fightEnv, fightCalls := agentsLambdaWatch(t, onAWS)
	fight := startFunction(t, rie, bootstraps[1], append(append(arenaEnv, "AWS_LAMBDA_FUNCTION_TIMEOUT=16",
		"AWS_ENDPOINT_URL_LAMBDA="+invoke.endpoint(fightCalls)), fightEnv...)...)
	invoke.to(fight)
	liveEnv, liveCalls := agentsLambdaWatch(t, onAWS)
	liveFn := startFunction(t, rie, bootstraps[0], append(append(arenaEnv, "AWS_ENDPOINT_URL_LAMBDA="+invoke.endpoint(liveCalls)), liveEnv...)...)
	call := func(ev events.APIGatewayV2HTTPRequest, key string, out any) int {
		t.Helper()
		if key != "" {
			ev = agentsLambdaWithKey(ev, key)
		}
		f := agentsLambdaCall(t, liveFn, ev)
		if out != nil {
			json.Unmarshal(f.body, out)
		}
		return f.status
	}

	var agent struct{ Key string }
	call(postJSON("/api/agents", `{"name":"Lambda Arena"}`), "", &agent)
	bot := arenatest.Start(t, arenatest.Bot{Name: "runner", Width: 24, Height: 24, Delay: think})
	var reg struct {
		Bot       struct{ ID string }
		Challenge string
	}
	if status := call(postJSON("/api/arena/tron/bots", fmt.Sprintf(`{"name":"Runner","url":%q}`, bot.URL)), agent.Key, &reg); status != http.StatusCreated {
		t.Fatalf("register: %d\n%s", status, tail(liveFn.log.String()))
	}
	bot.SetChallenge(reg.Challenge)
	var verified struct{ State string }
	if call(postJSON("/api/arena/tron/bots/"+reg.Bot.ID+"/verify", ""), agent.Key, &verified); verified.State != "active" {
		t.Fatalf("verify: %+v\n%s", verified, tail(liveFn.log.String()))
	}
	var f struct {
		Code, Match string
		Over        bool
		Places      []int
		Seats       []struct {
			Failed string
			Calls  int
		}
	}
	if status := call(postJSON("/api/arena/tron/fights", fmt.Sprintf(`{"entrants":[%q,"house:wise"],"options":{"width":24,"height":24}}`, reg.Bot.ID)), "", &f); status != http.StatusCreated {
		t.Fatalf("launch: %d\n%s", status, tail(liveFn.log.String()))
	}
	start := time.Now()
	for !f.Over {
		if time.Since(start) > 3*time.Minute {
			t.Fatalf("the fight is not over after %s:\n%s", time.Since(start), tail(fight.log.String()))
		}
		time.Sleep(200 * time.Millisecond)
		call(get("/api/arena/tron/fights/"+f.Code), "", &f)
	}
	invocations := invoke.done()
	t.Logf("fight %s ended in %s after %d invocations of the fight function: places %v, the bot answered %d calls", f.Code, time.Since(start).Round(time.Millisecond), invocations, f.Places, f.Seats[0].Calls)
	if f.Seats[0].Failed != "" || len(f.Places) != 2 {
		t.Fatalf("the fight ended as %+v", f)
	}
	var match struct{ Round int }
	call(get(f.Match), "", &match)
	if time.Duration(match.Round)*think > 2*time.Second && invocations < 2 {
		t.Errorf("a fight of %d rounds, %v of its bot's thinking, took %d invocation of about a second", match.Round, time.Duration(match.Round)*think, invocations)
	}
	boards := map[string]int{}
	twice := 0
	for _, m := range bot.Messages() {
		if m.Action == "play-turn" {
			if boards[string(m.Board)]++; boards[string(m.Board)] == 2 {
				twice++
			}
		}
	}
	if len(boards) != match.Round || twice >= invocations {
		t.Errorf("the bot was asked about %d boards (%d twice) in a fight of %d rounds and %d invocations", len(boards), twice, match.Round, invocations)
	}
	var ladder struct {
		Standings []struct {
			Bot    string
			Fights int
		}
	}
	call(get("/api/arena/tron/ladder?seats=2"), "", &ladder)
	if len(ladder.Standings) != 2 || ladder.Standings[0].Fights != 1 || ladder.Standings[1].Fights != 1 {
		t.Errorf("the ladder: %+v", ladder.Standings)
	}
	if status := call(get(f.Match+"/transcript"), "", nil); status != http.StatusOK {
		t.Errorf("the fight's transcript: %d", status)
	}
	agentsLambdaAllowed(t, "LiveFunction", liveCalls)
	agentsLambdaAllowed(t, "FightFunction", fightCalls)
}

// lambdaStandIn stands in for Lambda's Invoke API: an Event invocation of
// the fight function is answered 202 at once and queued, and the queue
// hands each to the function's emulator in turn.
type lambdaStandIn struct {
	t     *testing.T
	mu    sync.Mutex
	fn    *emulator
	queue chan []byte
	wg    sync.WaitGroup
	n     int
}

// newLambdaStandIn starts the stand-in's queue, which hands what it
// queues to the function the test gives it (to).
func newLambdaStandIn(t *testing.T) *lambdaStandIn {
	l := &lambdaStandIn{t: t, queue: make(chan []byte, 64)}
	go l.run()
	t.Cleanup(func() { close(l.queue) })
	return l
}

// endpoint is a Lambda endpoint for one function, which notes its
// Invoke calls in calls.
func (l *lambdaStandIn) endpoint(calls *agentsLambdaActions) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		payload, _ := io.ReadAll(r.Body)
		if r.Method != http.MethodPost || r.URL.Path != "/2015-03-31/functions/fight/invocations" || r.Header.Get("X-Amz-Invocation-Type") != "Event" {
			l.t.Errorf("an Invoke call the arena does not make: %s %s %s", r.Method, r.URL.Path, r.Header.Get("X-Amz-Invocation-Type"))
			http.Error(w, "no", http.StatusBadRequest)
			return
		}
		calls.mu.Lock()
		calls.n["lambda:InvokeFunction"]++
		calls.mu.Unlock()
		l.mu.Lock()
		l.n++
		l.wg.Add(1)
		l.mu.Unlock()
		l.queue <- payload
		w.WriteHeader(http.StatusAccepted)
	}))
	l.t.Cleanup(srv.Close)
	return srv.URL
}

// to has the queue hand its invocations to fn.
func (l *lambdaStandIn) to(fn *emulator) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.fn = fn
}

// run hands the queued invocations to the function, one at a time.
func (l *lambdaStandIn) run() {
	for payload := range l.queue {
		l.mu.Lock()
		fn := l.fn
		l.mu.Unlock()
		res, err := http.Post(fn.invokeURL, "application/json", bytes.NewReader(payload))
		if err != nil {
			l.t.Errorf("invoking the fight function: %v", err)
		} else {
			res.Body.Close()
		}
		l.wg.Done()
	}
}

// done waits for the invocations queued so far to end, and counts them.
func (l *lambdaStandIn) done() int {
	l.wg.Wait()
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.n
}
