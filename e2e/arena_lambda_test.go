package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/agentgames/bundle/internal/arenatest"
	"github.com/agentgames/bundle/store/storetest"
)

// TestArenaThroughLambda runs the arena as it runs on AWS: the live
// function (the arena's API), the scheduler function (its schedule) and
// two runner functions (its fights), real bootstraps under the emulator
// on one table of dynalite, the fights' queue in goaws, behind proxies
// that count what each calls of DynamoDB and SQS, which its policies in
// template.yaml must allow. The test stands in for EventBridge Scheduler
// (it invokes the scheduler) and for the queue's event source mapping
// (it receives the messages, invokes a runner with each batch and
// deletes what the runner did not report failed), but worse than SQS:
// every batch goes to both runners at once, and the first runner is
// killed, with its function, in the middle of a fight and started again.
// Four bots of four agents register and verify through the live
// function and are left alone: the schedule pairs them, and every fight
// it launched ends, is rated once on the ladder (no fight lost, none
// rated twice), and no bot is asked about a board twice but for the
// round a runner was killed in. A runner's invocation drives for 2 s (17
// s less the 15 it keeps in hand), so each fight spans invocations.
// (TestStuckFightsSentAgain, in play/arena, covers the scheduler's
// sending a fight no runner holds again.)
func TestArenaThroughLambda(t *testing.T) {
	t.Parallel()
	const think = 40 * time.Millisecond // the bots' time a move
	rie := rieBinary(t)
	onAWS := tableEnv(t)
	if len(onAWS) == 0 {
		storetest.DynamoClient(t) // skips, or fails under STORE_REQUIRED
	}
	queues := startSQS(t)
	queue, deadLetters := queues.queues(t, "fights", 4*time.Second, 5)
	bootstraps := buildBootstraps(t, "./functions/live", "./functions/scheduler", "./functions/runner")
	arenaEnv := []string{"FIGHT_QUEUE=" + queue, "ARENA_ALLOW_HTTP=true", "ARENA_ALLOW_PRIVATE=true", "ARENA_LEASE=3s",
		`ARENA_OPTIONS={"tron":{"width":24,"height":24}}`}
	watched := func(name string) ([]string, *agentsLambdaActions) {
		env, calls := agentsLambdaWatch(t, onAWS)
		return append(append(env, "AWS_ENDPOINT_URL_SQS="+sqsWatch(t, queues.Endpoint, calls), "AWS_LAMBDA_FUNCTION_NAME="+name), arenaEnv...), calls
	}
	liveEnv, liveCalls := watched("live")
	liveFn := startFunction(t, rie, bootstraps[0], liveEnv...)
	schedulerEnv, schedulerCalls := watched("scheduler")
	scheduler := startFunction(t, rie, bootstraps[1], schedulerEnv...)
	runnerEnv, runnerCalls := watched("runner")
	runnerEnv = append(runnerEnv, "AWS_LAMBDA_FUNCTION_TIMEOUT=17")
	runners := [2]*emulator{startFunction(t, rie, bootstraps[2], runnerEnv...), startFunction(t, rie, bootstraps[2], runnerEnv...)}
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

	var bots []*arenatest.Server
	for i := range 4 {
		var agent struct{ Key string }
		call(postJSON("/api/agents", fmt.Sprintf(`{"name":"Lambda Arena %d"}`, i)), "", &agent)
		bot := arenatest.Start(t, arenatest.Bot{Name: fmt.Sprint("runner", i), Width: 24, Height: 24, Delay: think})
		var reg struct {
			Bot       struct{ ID string }
			Challenge string
		}
		if status := call(postJSON("/api/arena/tron/bots", fmt.Sprintf(`{"name":"Runner %d","url":%q}`, i, bot.URL)), agent.Key, &reg); status != http.StatusCreated {
			t.Fatalf("register: %d\n%s", status, tail(liveFn.log.String()))
		}
		bot.SetChallenge(reg.Challenge)
		var verified struct{ State string }
		if call(postJSON("/api/arena/tron/bots/"+reg.Bot.ID+"/verify", ""), agent.Key, &verified); verified.State != "active" {
			t.Fatalf("verify: %+v\n%s", verified, tail(liveFn.log.String()))
		}
		bots = append(bots, bot)
	}

	// EventBridge Scheduler's stand-in ticks every 4 s until the runner is
	// killed, then the fights under way play out.
	var ticks atomic.Int32
	tick := func() {
		res, err := http.Post(scheduler.invokeURL, "application/json", strings.NewReader(`{}`))
		if err != nil || res.StatusCode != http.StatusOK {
			t.Errorf("invoking the scheduler: %v %v\n%s", res, err, tail(scheduler.log.String()))
			return
		}
		res.Body.Close()
		ticks.Add(1)
	}
	t.Cleanup(func() {
		if t.Failed() {
			for line := range strings.Lines(scheduler.log.String()) {
				if strings.Contains(line, "FightsStuck") || strings.Contains(line, "ERROR") {
					t.Log("scheduler: ", strings.TrimSpace(line))
				}
			}
		}
	})
	start := time.Now()
	tick()
	ticking := make(chan struct{})
	var stopTicks sync.Once
	go func() {
		for {
			select {
			case <-ticking:
				return
			case <-time.After(4 * time.Second):
				tick()
			}
		}
	}()
	defer stopTicks.Do(func() { close(ticking) })
	mapping := &eventSource{t: t, client: queues.Client, queue: queue, rie: rie, bootstrap: bootstraps[2], env: runnerEnv, runners: runners}
	killed := false
	mapping.poll(runnerCalls, func(batch int) {
		if batch == 2 { // the second batch: the fights handed on, under way
			time.Sleep(800 * time.Millisecond)
			stopTicks.Do(func() { close(ticking) })
			mapping.kill(0)
			killed = true
		}
	}, func() bool {
		if !killed {
			return false
		}
		var recent struct{ Fights []struct{ Places []int } }
		call(get("/api/arena/tron/fights"), "", &recent)
		for _, f := range recent.Fights {
			if f.Places == nil {
				return false
			}
		}
		return true
	}, 3*time.Minute)

	var recent struct {
		Fights []struct {
			Code   string
			Places []int
		}
	}
	call(get("/api/arena/tron/fights"), "", &recent)
	var ladder struct {
		Standings []struct {
			Bot    string
			Fights int
		}
	}
	call(get("/api/arena/tron/ladder?seats=2"), "", &ladder)
	seats := 0
	for _, st := range ladder.Standings {
		seats += st.Fights
	}
	t.Logf("%d fights, launched by the schedule, ended in %s after %d runner invocations (%s of them; %.1f function-seconds a fight, each batch delivered twice)",
		len(recent.Fights), time.Since(start).Round(time.Millisecond), mapping.invocations, mapping.busy.Round(time.Millisecond), mapping.busy.Seconds()/float64(len(recent.Fights)))
	if len(recent.Fights) < 2 || seats != 2*len(recent.Fights) {
		t.Errorf("the ladder rated %d seats of %d fights: a fight lost or rated twice (%+v)", seats, len(recent.Fights), ladder.Standings)
	}
	// A round an invocation's end cut is asked again in the next (its
	// moves never played): at most once a bot an invocation, never a
	// round played twice (the ladder above, and the match's rounds).
	rounds := 0
	for i, bot := range bots {
		boards, twice := map[string]int{}, 0
		for _, m := range bot.Messages() {
			if m.Action == "play-turn" {
				rounds++
				if boards[m.GameID+string(m.Board)]++; boards[m.GameID+string(m.Board)] == 2 {
					twice++
				}
			}
		}
		if twice >= mapping.invocations {
			t.Errorf("bot %d was asked about %d boards twice in %d invocations", i, twice, mapping.invocations)
		}
	}
	for _, f := range recent.Fights {
		var fight struct{ Match string }
		call(get("/api/arena/tron/fights/"+f.Code), "", &fight)
		if status := call(get(fight.Match+"/transcript"), "", nil); status != http.StatusOK {
			t.Errorf("fight %s's transcript at %q: %d", f.Code, fight.Match, status)
		}
	}
	attrs, err := queues.Client.GetQueueAttributes(context.Background(), &sqs.GetQueueAttributesInput{QueueUrl: aws.String(deadLetters),
		AttributeNames: []types.QueueAttributeName{types.QueueAttributeNameApproximateNumberOfMessages}})
	if err != nil || attrs.Attributes["ApproximateNumberOfMessages"] != "0" {
		t.Errorf("the dead-letter queue holds %v messages (%v)", attrs.Attributes, err)
	}
	agentsLambdaAllowed(t, "LiveFunction", liveCalls)
	agentsLambdaAllowed(t, "SchedulerFunction", schedulerCalls)
	agentsLambdaAllowed(t, "RunnerFunction", runnerCalls)
	runnerCalls.mu.Lock()
	defer runnerCalls.mu.Unlock()
	fights := float64(len(recent.Fights))
	t.Logf("the runners' store calls: %.0f GetItem and %.0f PutItem a fight, %.2f and %.2f a bot's move (%d moves); %.0f RRU and %.0f WRU a fight, %.2f and %.2f a move",
		float64(runnerCalls.n["GetItem"])/fights, float64(runnerCalls.n["PutItem"])/fights,
		float64(runnerCalls.n["GetItem"])/float64(rounds), float64(runnerCalls.n["PutItem"])/float64(rounds), rounds,
		runnerCalls.rru/fights, runnerCalls.wru/fights, runnerCalls.rru/float64(rounds), runnerCalls.wru/float64(rounds))
	schedulerCalls.mu.Lock()
	defer schedulerCalls.mu.Unlock()
	t.Logf("the scheduler's: %d ticks, %.1f RRU and %.1f WRU a tick", ticks.Load(), schedulerCalls.rru/float64(ticks.Load()), schedulerCalls.wru/float64(ticks.Load()))
	if runnerCalls.rru == 0 || runnerCalls.wru == 0 {
		t.Errorf("the table reported no capacity consumed by the runners (%v RRU, %v WRU)", runnerCalls.rru, runnerCalls.wru)
	}
}

// sqsWatch is an SQS endpoint that passes every call on to endpoint and
// notes its IAM action in calls (SendMessageBatch is sqs:SendMessage).
func sqsWatch(t *testing.T, endpoint string, calls *agentsLambdaActions) string {
	u, err := url.Parse(endpoint)
	if err != nil {
		t.Fatal(err)
	}
	proxy := httputil.NewSingleHostReverseProxy(u)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, action, _ := strings.Cut(r.Header.Get("X-Amz-Target"), ".")
		action = "sqs:" + strings.TrimSuffix(action, "Batch")
		calls.mu.Lock()
		calls.n[action]++
		calls.mu.Unlock()
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// eventSource stands in for the event source mapping of the fights'
// queue: it receives up to ten messages, invokes every runner with them
// at once (each message delivered as many times as there are runners),
// and deletes those no runner failed.
type eventSource struct {
	t         *testing.T
	client    *sqs.Client
	queue     string
	rie       string
	bootstrap string
	env       []string

	mu          sync.Mutex
	runners     [2]*emulator
	invocations int
	busy        time.Duration // the invocations' time, added up
}

// poll delivers the queue's messages until over reports true or within
// passes; after each batch is handed out, during is called with its
// number (from 1), while the runners drive it.
func (e *eventSource) poll(calls *agentsLambdaActions, during func(batch int), over func() bool, within time.Duration) {
	t := e.t
	ctx := context.Background()
	counted := func(action string) {
		calls.mu.Lock()
		calls.n[action]++ // the mapping calls SQS with the runner's role
		calls.mu.Unlock()
	}
	deadline := time.Now().Add(within)
	for batch := 1; !over(); batch++ {
		if time.Now().After(deadline) {
			t.Fatalf("the fights are not over after %s:\n%s\n%s", within, tail(e.runners[0].log.String()), tail(e.runners[1].log.String()))
		}
		counted("sqs:ReceiveMessage")
		got, err := e.client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: aws.String(e.queue), MaxNumberOfMessages: 10, WaitTimeSeconds: 1})
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Messages) == 0 {
			batch--
			continue
		}
		ev := events.SQSEvent{}
		for _, m := range got.Messages {
			ev.Records = append(ev.Records, events.SQSMessage{MessageId: aws.ToString(m.MessageId), ReceiptHandle: aws.ToString(m.ReceiptHandle),
				Body: aws.ToString(m.Body), EventSource: "aws:sqs"})
		}
		payload, _ := json.Marshal(ev)
		answers := make(chan *events.SQSEventResponse, 2)
		e.mu.Lock()
		runners := e.runners
		e.mu.Unlock()
		for _, r := range runners {
			go func() { answers <- e.invoke(r, payload) }()
		}
		during(batch)
		// Each runner's delivery is a copy of the message: a copy whose
		// invocation failed, or that its runner reported failed, stays
		// and comes again after the visibility timeout; the message is
		// deleted once no copy is left.
		keep := map[string]bool{}
		for range runners {
			a := <-answers
			for _, m := range got.Messages {
				if a == nil {
					keep[aws.ToString(m.MessageId)] = true
				}
			}
			if a != nil {
				for _, f := range a.BatchItemFailures {
					keep[f.ItemIdentifier] = true
				}
			}
		}
		for _, m := range got.Messages {
			if !keep[aws.ToString(m.MessageId)] {
				counted("sqs:DeleteMessage")
				if _, err := e.client.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: aws.String(e.queue), ReceiptHandle: m.ReceiptHandle}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// invoke invokes runner r with payload, answering its response, or nil
// if the invocation failed (a runner killed).
func (e *eventSource) invoke(r *emulator, payload []byte) *events.SQSEventResponse {
	start := time.Now()
	res, err := http.Post(r.invokeURL, "application/json", bytes.NewReader(payload))
	e.mu.Lock()
	e.invocations++
	e.busy += time.Since(start)
	e.mu.Unlock()
	if err != nil {
		return nil
	}
	defer res.Body.Close()
	var out events.SQSEventResponse
	if res.StatusCode != http.StatusOK || json.NewDecoder(res.Body).Decode(&out) != nil {
		return nil
	}
	return &out
}

// kill kills runner i and its function, mid-invocation, as a runner dies,
// and starts it again.
func (e *eventSource) kill(i int) {
	e.mu.Lock()
	r := e.runners[i]
	e.mu.Unlock()
	for _, pid := range childrenOf(r.pid) {
		syscall.Kill(pid, syscall.SIGKILL)
	}
	r.stop()
	next := startEmulator(e.t, e.rie, e.bootstrap, e.env...)
	e.mu.Lock()
	e.runners[i] = next
	e.mu.Unlock()
}

// childrenOf lists the processes whose parent is pid, read in /proc.
func childrenOf(pid int) []int {
	var out []int
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	for _, dir := range dirs {
		stat, err := os.ReadFile(dir + "/stat")
		_, rest, ok := bytes.Cut(stat, []byte(") "))
		if f := strings.Fields(string(rest)); err == nil && ok && len(f) > 1 && f[1] == strconv.Itoa(pid) {
			child, _ := strconv.Atoi(filepath.Base(dir))
			out = append(out, child)
		}
	}
	return out
}
