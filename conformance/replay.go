package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"time"
)

// Client reaches an implementation: it sends init and action requests and
// answers the status and body of the reply.
type Client interface {
	Init(game string, query map[string]string) (int, []byte, error)
	Action(game string, body []byte) (int, []byte, error)
}

// StepError is a replay that went wrong at one step of a transcript.
type StepError struct {
	Transcript string
	Step       int // 0 is the init
	Err        error
}

func (e *StepError) Error() string {
	what := "init"
	if e.Step > 0 {
		what = fmt.Sprintf("action %d", e.Step)
	}
	return fmt.Sprintf("%s, %s: %v", e.Transcript, what, e.Err)
}

func (e *StepError) Unwrap() error { return e.Err }

// Replay plays a transcript against a client: the init, then every action
// with the implementation's own latest token, comparing each answer with the
// golden one. It stops at the first difference.
func Replay(t *Transcript, c Client) error {
	fail := func(step int, err error) error { return &StepError{Transcript: t.Name, Step: step, Err: err} }
	if len(t.Steps) == 0 {
		return fail(0, fmt.Errorf("the transcript has no steps"))
	}
	status, body, err := c.Init(t.Game, t.Query)
	if err != nil {
		return fail(0, err)
	}
	token, err := check(t.Steps[0].Answer, status, body, "", true)
	if err != nil {
		return fail(0, err)
	}
	field := t.TokenField
	if field == "" {
		field = "state"
	}
	for i, step := range t.Steps[1:] {
		req, err := json.Marshal(map[string]any{field: token, "action": step.Action})
		if err != nil {
			return fail(i+1, err)
		}
		status, body, err := c.Action(t.Game, req)
		if err != nil {
			return fail(i+1, err)
		}
		if token, err = check(step.Answer, status, body, token, false); err != nil {
			return fail(i+1, err)
		}
	}
	return nil
}

// check compares one answer and answers the token to carry forward. A
// refusal must carry back the token it was sent.
func check(want json.RawMessage, status int, body []byte, sent string, isInit bool) (string, error) {
	if status != http.StatusOK {
		return "", &Mismatch{Path: "(HTTP status)", Want: "200", Got: fmt.Sprintf("%d %s", status, brief(string(body)))}
	}
	if m, err := Compare(want, body); err != nil || m != nil {
		if err != nil {
			return "", err
		}
		return "", m
	}
	var got struct {
		OK         bool            `json:"ok"`
		State      string          `json:"state"`
		StateToken string          `json:"stateToken"`
		Spec       json.RawMessage `json:"spec"`
	}
	json.Unmarshal(body, &got)
	token := got.State
	if token == "" {
		token = got.StateToken
	}
	switch {
	case token == "":
		return "", &Mismatch{Path: "state", Want: "a state token", Got: "(absent)"}
	case isInit && !bytes.HasPrefix(bytes.TrimSpace(got.Spec), []byte("{")):
		return "", &Mismatch{Path: "spec", Want: "the game's spec object", Got: brief(string(got.Spec))}
	case !got.OK && token != sent:
		return "", &Mismatch{Path: "state", Want: "the unchanged token of a refused action", Got: brief(token)}
	}
	return token, nil
}

// HTTPClient reaches an implementation at a base URL.
type HTTPClient struct {
	BaseURL string
	HTTP    *http.Client
}

// NewHTTPClient reaches the implementation at baseURL.
func NewHTTPClient(baseURL string) *HTTPClient {
	return &HTTPClient{BaseURL: strings.TrimRight(baseURL, "/"), HTTP: &http.Client{Timeout: 30 * time.Second}}
}

// Init sends GET /api/games/{game}/init.
func (c *HTTPClient) Init(game string, query map[string]string) (int, []byte, error) {
	q := url.Values{}
	for k, v := range query {
		q.Set(k, v)
	}
	return c.send(http.MethodGet, "/api/games/"+game+"/init?"+q.Encode(), nil)
}

// Action sends POST /api/games/{game}/action.
func (c *HTTPClient) Action(game string, body []byte) (int, []byte, error) {
	return c.send(http.MethodPost, "/api/games/"+game+"/action", body)
}

func (c *HTTPClient) send(method, path string, body []byte) (int, []byte, error) {
	req, err := http.NewRequest(method, c.BaseURL+path, bytes.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := c.HTTP.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	return res.StatusCode, data, err
}

// HandlerClient reaches an implementation's http.Handler in process.
type HandlerClient struct {
	Handler http.Handler
}

// Init sends GET /api/games/{game}/init.
func (c HandlerClient) Init(game string, query map[string]string) (int, []byte, error) {
	q := url.Values{}
	for k, v := range query {
		q.Set(k, v)
	}
	return c.send(httptest.NewRequest(http.MethodGet, "/api/games/"+game+"/init?"+q.Encode(), nil))
}

// Action sends POST /api/games/{game}/action.
func (c HandlerClient) Action(game string, body []byte) (int, []byte, error) {
	req := httptest.NewRequest(http.MethodPost, "/api/games/"+game+"/action", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	return c.send(req)
}

func (c HandlerClient) send(req *http.Request) (int, []byte, error) {
	rec := httptest.NewRecorder()
	c.Handler.ServeHTTP(rec, req)
	return rec.Code, rec.Body.Bytes(), nil
}
