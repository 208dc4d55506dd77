package arenatest_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentgames/bundle/internal/arenatest"
)

const (
	initMsg = `{"game-id":"g1","action":"init","game":"tron","board":"","players":2,"player-index":1}`
	// turnMsg is a play-turn on a 10x10 grid whose player 1 heads for the
	// wall: x+ would leave the grid, y- enter its own trail, x- player
	// 0's.
	turnMsg = `{"game-id":"g1","action":"play-turn","game":"tron","board":[[[8,5],[8,4]],[[9,5],[9,4]]],"players":2,"player-index":1}`
)

// client is what the arena's client must be: it follows no redirect and
// gives up after timeout.
func client(timeout time.Duration) *http.Client {
	return &http.Client{
		Timeout:       timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// post sends msg to url as JSON, answering the reply's status and body.
func post(t *testing.T, c *http.Client, url, msg string) (int, string, error) {
	t.Helper()
	res, err := c.Post(url, "application/json", strings.NewReader(msg))
	if err != nil {
		return 0, "", err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	return res.StatusCode, string(body), err
}

// decode reads a JSON reply.
func decode(t *testing.T, body string) map[string]any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal([]byte(body), &v); err != nil {
		t.Fatalf("the reply %.80q is not a JSON object: %v", body, err)
	}
	return v
}

func TestGoodPlaysTron(t *testing.T) {
	s := arenatest.Start(t, arenatest.Bot{Name: "good", Challenge: "s3cret", Width: 10, Height: 10})
	c := client(time.Second)
	status, body, err := post(t, c, s.URL, initMsg)
	if err != nil || status != http.StatusOK {
		t.Fatalf("init: %d %q %v", status, body, err)
	}
	if v := decode(t, body); v["name"] != "good" || v["challenge"] != "s3cret" || len(v) != 2 {
		t.Errorf("init answered %s", body)
	}
	status, body, err = post(t, c, s.URL, turnMsg)
	if err != nil || status != http.StatusOK {
		t.Fatalf("play-turn: %d %q %v", status, body, err)
	}
	if v := decode(t, body); v["play"] != "y+" || len(v) != 1 {
		t.Errorf("play-turn answered %s, want the only safe move y+", body)
	}
	ms := s.Messages()
	if len(ms) != 2 || ms[0].Action != "init" || ms[1].Action != "play-turn" || ms[1].PlayerIndex != 1 || ms[1].Game != "tron" {
		t.Errorf("Messages() = %+v", ms)
	}
	if s.InFlight() != 0 || s.MaxInFlight() != 1 {
		t.Errorf("InFlight %d, MaxInFlight %d, want 0 and 1", s.InFlight(), s.MaxInFlight())
	}
}

func TestPlayAnswersOtherGames(t *testing.T) {
	s := arenatest.Start(t, arenatest.Bot{Name: "rails", Play: func(m arenatest.Message) any {
		return map[string]any{"board": json.RawMessage(m.Board), "seat": m.PlayerIndex}
	}})
	msg := `{"game-id":"t1","action":"play-turn","game":"tinrail","board":{"a":[1]},"players":3,"player-index":2}`
	status, body, err := post(t, client(time.Second), s.URL, msg)
	if err != nil || status != http.StatusOK || body != `{"play":{"board":{"a":[1]},"seat":2}}` {
		t.Errorf("play-turn: %d %q %v", status, body, err)
	}
}

func TestKinds(t *testing.T) {
	for _, c := range []struct {
		kind arenatest.Kind
		// check checks the reply to turnMsg of a bot of the kind.
		check func(t *testing.T, s *arenatest.Server, status int, body string, err error)
	}{
		{arenatest.Hanging, func(t *testing.T, s *arenatest.Server, _ int, _ string, err error) {
			if err == nil {
				t.Error("a hanging bot answered")
			}
			for deadline := time.Now().Add(time.Second); s.InFlight() != 0; time.Sleep(time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatal("the hanging bot still holds the request its client gave up")
				}
			}
		}},
		{arenatest.Redirecting, func(t *testing.T, s *arenatest.Server, status int, _ string, err error) {
			if err != nil || status != http.StatusFound {
				t.Errorf("answered %d, %v; want 302", status, err)
			}
			status, body, err := post(t, client(time.Second), s.Redirect.URL, turnMsg)
			if err != nil || status != http.StatusOK || decode(t, body)["play"] != "y+" {
				t.Errorf("the redirect's target answered %d %q %v", status, body, err)
			}
		}},
		{arenatest.Oversized, func(t *testing.T, _ *arenatest.Server, status int, body string, err error) {
			if err != nil || status != http.StatusOK || len(body) != arenatest.OversizedBytes {
				t.Fatalf("answered %d, %d bytes, %v", status, len(body), err)
			}
			if v := decode(t, body); v["play"] != "y+" || len(v) != 1 {
				t.Errorf("answered %.40q...", body)
			}
		}},
		{arenatest.WrongMove, func(t *testing.T, _ *arenatest.Server, status int, body string, err error) {
			if err != nil || status != http.StatusOK || decode(t, body)["play"] != "sideways" {
				t.Errorf("answered %d %q %v", status, body, err)
			}
		}},
		{arenatest.NotJSON, func(t *testing.T, _ *arenatest.Server, status int, body string, err error) {
			if err != nil || status != http.StatusOK || body != "<html>oops</html>" {
				t.Errorf("answered %d %q %v", status, body, err)
			}
		}},
		{arenatest.Status500, func(t *testing.T, _ *arenatest.Server, status int, body string, err error) {
			if err != nil || status != http.StatusInternalServerError || decode(t, body)["play"] != "y+" {
				t.Errorf("answered %d %q %v", status, body, err)
			}
		}},
		{arenatest.Closing, func(t *testing.T, _ *arenatest.Server, status int, body string, err error) {
			if err == nil {
				t.Errorf("a closing bot answered %d %q", status, body)
			}
		}},
		{arenatest.WrongChallenge, func(t *testing.T, _ *arenatest.Server, status int, body string, err error) {
			if err != nil || status != http.StatusOK || decode(t, body)["play"] != "y+" {
				t.Errorf("answered %d %q %v", status, body, err)
			}
		}},
	} {
		t.Run(c.kind.String(), func(t *testing.T) {
			t.Parallel()
			s := arenatest.Start(t, arenatest.Bot{Name: "bot", Challenge: "s3cret", Width: 10, Height: 10, Kind: c.kind})
			h := client(100 * time.Millisecond)
			status, body, err := post(t, h, s.URL, initMsg)
			if err != nil || status != http.StatusOK {
				t.Fatalf("init: %d %q %v", status, body, err)
			}
			if got, wrong := decode(t, body)["challenge"], c.kind == arenatest.WrongChallenge; (got == "s3cret") == wrong {
				t.Errorf("init answered %s", body)
			}
			status, body, err = post(t, h, s.URL, turnMsg)
			c.check(t, s, status, body, err)
			if n := len(s.Messages()); n != 2 {
				t.Errorf("the bot recorded %d messages, want 2", n)
			}
		})
	}
}

func TestRedirectIsNotFollowed(t *testing.T) {
	s := arenatest.Start(t, arenatest.Bot{Name: "bot", Width: 10, Height: 10, Kind: arenatest.Redirecting})
	if status, _, err := post(t, client(time.Second), s.URL, turnMsg); err != nil || status != http.StatusFound {
		t.Fatalf("answered %d, %v", status, err)
	}
	if n := s.Redirect.MaxInFlight(); n != 0 {
		t.Errorf("the redirect's target was called %d times by a client that follows no redirect", n)
	}
	// A client that follows the 302 reaches the target, with a GET.
	if status, _, err := post(t, http.DefaultClient, s.URL, turnMsg); err != nil || status != http.StatusBadRequest || s.Redirect.MaxInFlight() != 1 {
		t.Errorf("following the redirect: %d %v, the target called %d times", status, err, s.Redirect.MaxInFlight())
	}
}

func TestCloseEndsHangingAnswers(t *testing.T) {
	for _, b := range []arenatest.Bot{{Kind: arenatest.Hanging}, {Delay: time.Hour}} {
		errc := make(chan error, 1)
		t.Run("", func(t *testing.T) {
			s := arenatest.Start(t, b)
			go func() {
				res, err := http.Post(s.URL, "application/json", strings.NewReader(turnMsg))
				if err == nil {
					res.Body.Close()
				}
				errc <- err
			}()
			for s.InFlight() == 0 {
				time.Sleep(time.Millisecond)
			}
		})
		select {
		case err := <-errc:
			if err == nil {
				t.Errorf("%+v answered as its server closed", b)
			}
		case <-time.After(time.Second):
			t.Fatalf("%+v still holds its request after its server closed", b)
		}
	}
}

func TestDelay(t *testing.T) {
	const delay = 50 * time.Millisecond
	s := arenatest.Start(t, arenatest.Bot{Width: 10, Height: 10, Delay: delay})
	start := time.Now()
	if status, _, err := post(t, client(time.Second), s.URL, turnMsg); err != nil || status != http.StatusOK {
		t.Fatalf("answered %d, %v", status, err)
	}
	if took := time.Since(start); took < delay {
		t.Errorf("answered in %v, before its delay of %v", took, delay)
	}
	if _, _, err := post(t, client(delay/5), s.URL, turnMsg); err == nil {
		t.Error("answered before its delay")
	}
}

func TestMaxInFlight(t *testing.T) {
	s := arenatest.Start(t, arenatest.Bot{Width: 10, Height: 10, Delay: 200 * time.Millisecond})
	var wg sync.WaitGroup
	for range 3 {
		wg.Go(func() {
			if status, _, err := post(t, client(time.Second), s.URL, turnMsg); err != nil || status != http.StatusOK {
				t.Errorf("answered %d, %v", status, err)
			}
		})
	}
	wg.Wait()
	if s.InFlight() != 0 || s.MaxInFlight() != 3 {
		t.Errorf("InFlight %d, MaxInFlight %d, want 0 and 3", s.InFlight(), s.MaxInFlight())
	}
}

func TestBadMessages(t *testing.T) {
	s := arenatest.Start(t, arenatest.Bot{Name: "bot", Width: 10, Height: 10})
	c := client(time.Second)
	for _, msg := range []string{
		`not json`,
		`[]`,
		`{"game-id":"g1","action":"init","game":"tron","board":"","players":2}`,
		`{"game-id":"g1","action":"init","game":"tron","board":"","players":2,"player-index":1,"extra":0}`,
		`{"game-id":"g1","action":"init","game":"tron","board":"","players":2,"player-index":1,"player-index":1}`,
		`{"game-id":1,"action":"init","game":"tron","board":"","players":2,"player-index":1}`,
		`{"game-id":"g1","action":"begin","game":"tron","board":"","players":2,"player-index":1}`,
		`{"game-id":"g1","action":"init","game":"tron","board":"","players":2,"player-index":2}`,
		`{"game-id":"g1","action":"init","game":"tron","board":"","players":"2","player-index":1}`,
		`{"game-id":"g1","action":"play-turn","game":"tron","board":[[[1,1]]],"players":2,"player-index":1}`,
	} {
		if status, body, err := post(t, c, s.URL, msg); err != nil || status != http.StatusBadRequest {
			t.Errorf("%s answered %d %q %v, want 400", msg, status, body, err)
		}
	}
	if res, err := c.Get(s.URL); err != nil || res.StatusCode != http.StatusBadRequest {
		t.Errorf("GET answered %v, %v", res, err)
	} else {
		res.Body.Close()
	}
	if res, err := c.Post(s.URL, "text/plain", strings.NewReader(initMsg)); err != nil || res.StatusCode != http.StatusBadRequest {
		t.Errorf("text/plain answered %v, %v", res, err)
	} else {
		res.Body.Close()
	}
	if ms := s.Messages(); len(ms) != 1 || ms[0].Action != "play-turn" {
		t.Errorf("Messages() = %+v, want only the play-turn of a board too short", ms)
	}
}
