package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentgames/bundle/internal/testserver"
)

// TestIASBotsInTheArena serves the botsArena site's own sample Tron bots
// (gnieark/IAS, testdata/ias) with PHP's built-in server, registers them
// in the bundle's arena by their URLs, has them prove their URLs (the
// router answers the verification with their challenges, the bots
// themselves unchanged), and fights each against each house bot and the
// two against each other on the arena's 100x100 grid: every fight ends
// and the ladder ranks all four. stupidIATronBetter never fails;
// stupidIATron stops with a PHP fatal error when its head is at the
// grid's edge (it calls a method on the false its Coords answers there),
// which PHP's server answers with status 500: the arena fails it then,
// as the botsArena site's cycle dies on a reply it cannot read, and no
// other way.
func TestIASBotsInTheArena(t *testing.T) {
	t.Parallel() // it waits on its bots, as TestIASBotsOnTheirOwn and TestArenaThroughLambda do: they overlap
	php := program(t, "apt-get install php-cli", "php")
	srv := httptest.NewServer(testserver.WithLive(t, nil))
	defer srv.Close()
	api := arenaAPI{t: t, base: srv.URL}
	var agent struct{ Key string }
	api.do("POST", "/api/agents", "", `{"name":"IAS Owner"}`, &agent)
	var ids []string
	for _, script := range []string{"stupidIATron.php", "stupidIATronBetter.php"} {
		url, challengeFile := servePHP(t, php, script)
		var reg struct {
			Bot       struct{ ID string }
			Challenge string
		}
		api.do("POST", "/api/arena/tron/bots", agent.Key, fmt.Sprintf(`{"name":%q,"url":%q}`, strings.TrimSuffix(script, ".php"), url), &reg)
		if err := os.WriteFile(challengeFile, []byte(reg.Challenge), 0o600); err != nil {
			t.Fatal(err)
		}
		var bot struct{ State string }
		api.do("POST", "/api/arena/tron/bots/"+reg.Bot.ID+"/verify", agent.Key, "", &bot)
		if bot.State != "active" {
			t.Fatalf("%s was not verified: %+v", script, bot)
		}
		ids = append(ids, reg.Bot.ID)
	}
	pairs := [][2]string{{ids[0], "house:easy"}, {ids[1], "house:wise"}, {ids[0], ids[1]}, {"house:easy", ids[1]}}
	for _, p := range pairs {
		var f struct{ Code string }
		api.do("POST", "/api/arena/tron/fights", "", fmt.Sprintf(`{"entrants":[%q,%q]}`, p[0], p[1]), &f)
		deadline := time.Now().Add(2 * time.Minute)
		for {
			var got struct {
				Over  bool
				Seats []struct {
					Name, Failed string
					Calls        int
				}
			}
			api.do("GET", "/api/arena/tron/fights/"+f.Code, "", "", &got)
			if got.Over {
				t.Logf("fight %s: %+v", f.Code, got.Seats)
				for _, st := range got.Seats {
					if st.Failed != "" && (st.Name != "stupidIATron" || st.Failed != "it answered status 500, not 200") {
						t.Errorf("fight %s: %s failed: %s", f.Code, st.Name, st.Failed)
					}
				}
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("fight %s between %v is not over", f.Code, p)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	var ladder struct{ Standings []struct{ Name string } }
	api.do("GET", "/api/arena/tron/ladder?seats=2", "", "", &ladder)
	if len(ladder.Standings) != 4 {
		t.Fatalf("the ladder ranks %+v", ladder.Standings)
	}
}

// servePHP serves the bot script of testdata/ias with php -S on a free
// port of loopback, through the router, until the test ends; it answers
// the bot's URL and the file its challenge is to be written to.
func servePHP(t *testing.T, php, script string) (url, challengeFile string) {
	t.Helper()
	addr := freeAddrs(t, 1)[0]
	dir, _ := filepath.Abs("testdata/ias")
	challengeFile = filepath.Join(t.TempDir(), "challenge")
	os.WriteFile(challengeFile, nil, 0o600)
	cmd := exec.Command(php, "-S", addr, "-t", dir, filepath.Join(dir, "router.php"))
	cmd.Env = append(os.Environ(), "CHALLENGE_FILE="+challengeFile)
	logs := startLogged(t, "php -S "+script, cmd)
	if !listens(addr, 2*time.Second) {
		t.Fatalf("php -S did not listen on %s: %s", addr, logs)
	}
	return "http://" + addr + "/" + script, challengeFile
}

// arenaAPI calls a server's API for a test.
type arenaAPI struct {
	t    *testing.T
	base string
}

// do sends method path with body (none when empty) and the agent key
// (none when empty), and decodes a 2xx answer into out.
func (a arenaAPI) do(method, path, key, body string, out any) {
	a.t.Helper()
	req, _ := http.NewRequest(method, a.base+path, strings.NewReader(body))
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		a.t.Fatal(err)
	}
	defer res.Body.Close()
	var raw json.RawMessage
	json.NewDecoder(res.Body).Decode(&raw)
	if res.StatusCode/100 != 2 {
		a.t.Fatalf("%s %s: %d %s", method, path, res.StatusCode, raw)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			a.t.Fatalf("%s %s: %v: %s", method, path, err, raw)
		}
	}
}

// TestIASBotsOnTheirOwn is the local arena as make run serves it, on its
// own: the real server binary, its schedule beating every second on a
// bbolt file, and the botsArena site's two sample bots (of two agents)
// registered and then left alone. The schedule fights them against each
// other and the house bots (on 30x30, -arena-options); the server is
// stopped with fights under way and started again without the schedule:
// every fight launched ends, is rated once (the ladder counts two seats
// a fight), and replays from its transcript.
func TestIASBotsOnTheirOwn(t *testing.T) {
	t.Parallel()
	php := program(t, "apt-get install php-cli", "php")
	bin := buildBootstrap(t, "./cmd/server")
	addr := freeAddrs(t, 1)[0]
	data := filepath.Join(t.TempDir(), "arena.db")
	serve := func(flags ...string) (stop func()) {
		cmd := exec.Command(bin, append([]string{"-addr", addr, "-data", data, "-arena-allow-http", "-arena-allow-private"}, flags...)...)
		var logs bytes.Buffer
		cmd.Stdout, cmd.Stderr = &logs, &logs
		cmd.Env = append(os.Environ(), "TOKEN_KEYS=")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		for start := time.Now(); ; time.Sleep(20 * time.Millisecond) {
			if c, err := net.Dial("tcp", addr); err == nil {
				c.Close()
				break
			}
			if time.Since(start) > 20*time.Second {
				t.Fatalf("the server never listened:\n%s", logs.String())
			}
		}
		return func() {
			cmd.Process.Signal(os.Interrupt)
			if err := cmd.Wait(); err != nil {
				t.Errorf("the server stopped with %v:\n%s", err, logs.String())
			}
		}
	}
	stop := serve("-arena-every", "1s", "-arena-options", `{"tron":{"width":30,"height":30}}`)
	api := arenaAPI{t: t, base: "http://" + addr}
	for i, script := range []string{"stupidIATron.php", "stupidIATronBetter.php"} {
		var agent struct{ Key string }
		api.do("POST", "/api/agents", "", fmt.Sprintf(`{"name":"IAS Owner %d"}`, i), &agent)
		url, challengeFile := servePHP(t, php, script)
		var reg struct {
			Bot       struct{ ID string }
			Challenge string
		}
		api.do("POST", "/api/arena/tron/bots", agent.Key, fmt.Sprintf(`{"name":%q,"url":%q}`, strings.TrimSuffix(script, ".php"), url), &reg)
		os.WriteFile(challengeFile, []byte(reg.Challenge), 0o600)
		api.do("POST", "/api/arena/tron/bots/"+reg.Bot.ID+"/verify", agent.Key, "", nil)
	}
	type fights struct {
		Fights []struct {
			Code   string
			Places []int
		}
	}
	over := func(f fights) (n int) {
		for _, x := range f.Fights {
			if x.Places != nil {
				n++
			}
		}
		return n
	}
	var f fights
	for deadline := time.Now().Add(time.Minute); len(f.Fights) < 4 || over(f) == len(f.Fights); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the schedule launched %+v in a minute", f.Fights)
		}
		api.do("GET", "/api/arena/tron/fights", "", "", &f)
	}
	stop()
	t.Logf("stopped with %d of %d fights over", over(f), len(f.Fights))
	stop = serve()
	defer stop()
	for deadline := time.Now().Add(time.Minute); over(f) < len(f.Fights); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d fights over a minute after the restart", over(f), len(f.Fights))
		}
		api.do("GET", "/api/arena/tron/fights", "", "", &f)
	}
	var ladder struct {
		Standings []struct {
			Name   string
			Fights int
		}
	}
	api.do("GET", "/api/arena/tron/ladder?seats=2", "", "", &ladder)
	seats := 0
	for _, st := range ladder.Standings {
		seats += st.Fights
	}
	t.Logf("%d fights, every one over; the ladder: %+v", len(f.Fights), ladder.Standings)
	if seats != 2*len(f.Fights) {
		t.Errorf("the ladder counts %d seats of %d fights: a fight lost or rated twice", seats, len(f.Fights))
	}
	var fight struct{ Match string }
	api.do("GET", "/api/arena/tron/fights/"+f.Fights[0].Code, "", "", &fight)
	api.do("GET", fight.Match+"/transcript", "", "", nil)
}
