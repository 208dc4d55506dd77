package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/google/go-cmp/cmp"
	"go.yaml.in/yaml/v4"

	bundle "github.com/agentgames/bundle"
	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/client/inproc"
	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/golden"
	"github.com/agentgames/bundle/internal/contracttest"
	"github.com/agentgames/bundle/internal/testserver"
	"github.com/agentgames/bundle/play"
)

var contract = contracttest.Doc

// do, contractAccepts and checkAnswer hold requests and answers to the
// contract.
var (
	do              = contracttest.Do
	contractAccepts = contracttest.Accepts
	checkAnswer     = contracttest.CheckAnswer
)

// TestContractListsEveryCode: play's list of codes and the contract's
// ErrorCode and RefusalCode enums hold the same codes, each described.
func TestContractListsEveryCode(t *testing.T) {
	t.Parallel()
	enum := func(name string) []string {
		s := contract.Components.Schemas[name].Value
		var out []string
		for _, v := range s.Enum {
			out = append(out, v.(string))
			if !strings.Contains(s.Description, "`"+v.(string)+"`") {
				t.Errorf("%s does not describe %q", name, v)
			}
		}
		return out
	}
	errs, refusals := enum("ErrorCode"), enum("RefusalCode")
	var wantErrs, wantRefusals []string
	for _, c := range play.Codes() {
		if c.Kind == play.KindRefusal {
			wantRefusals = append(wantRefusals, string(c.Code))
		} else {
			wantErrs = append(wantErrs, string(c.Code))
		}
	}
	slices.Sort(errs)
	slices.Sort(refusals)
	slices.Sort(wantErrs)
	slices.Sort(wantRefusals)
	if d := cmp.Diff(wantErrs, errs); d != "" {
		t.Errorf("ErrorCode differs from play's codes (-play +openapi.yaml):\n%s", d)
	}
	if d := cmp.Diff(wantRefusals, refusals); d != "" {
		t.Errorf("RefusalCode differs from play's codes (-play +openapi.yaml):\n%s", d)
	}
}

// TestContractFollowsTheRegistry: openapi.yaml describes every game of the
// registry: its two paths, its init options, and its action schema, which
// is the game's own file.
func TestContractFollowsTheRegistry(t *testing.T) {
	t.Parallel()
	for _, g := range games.All() {
		info := g.Info()
		name := strings.ToUpper(info.Slug[:1]) + info.Slug[1:]
		init := contract.Paths.Find("/api/games/" + info.Slug + "/init")
		if init == nil || init.Get == nil {
			t.Errorf("openapi.yaml has no GET /api/games/%s/init", info.Slug)
		} else {
			params := map[string]*openapi3.Parameter{}
			for _, p := range init.Get.Parameters {
				params[p.Value.Name] = p.Value
			}
			if params["seed"] == nil {
				t.Errorf("GET /api/games/%s/init lacks the seed parameter", info.Slug)
			}
			for _, o := range info.Options {
				p := params[o.Name]
				if o.Values == nil {
					if p == nil || p.Schema.Value.Min == nil || p.Schema.Value.Max == nil ||
						int(*p.Schema.Value.Min) != o.Min || int(*p.Schema.Value.Max) != o.Max {
						t.Errorf("GET /api/games/%s/init: option %s is not an integer from %d to %d in openapi.yaml", info.Slug, o.Name, o.Min, o.Max)
					}
					continue
				}
				var enum []string
				if p != nil {
					for _, v := range p.Schema.Value.Enum {
						enum = append(enum, v.(string))
					}
				}
				if !slices.Equal(enum, o.Values) {
					t.Errorf("GET /api/games/%s/init: option %s takes %v in openapi.yaml, %v in the game", info.Slug, o.Name, enum, o.Values)
				}
			}
			if len(params) != 3+len(info.Options) {
				t.Errorf("GET /api/games/%s/init has %d parameters, the game reads %d and every game seed, ranked and answer", info.Slug, len(params), len(info.Options))
			}
		}
		if a := contract.Paths.Find("/api/games/" + info.Slug + "/action"); a == nil || a.Post == nil {
			t.Errorf("openapi.yaml has no POST /api/games/%s/action", info.Slug)
		}
		for _, s := range []string{"Action", "ActionRequest", "Envelope", "Refusal"} {
			if contract.Components.Schemas[name+s] == nil {
				t.Errorf("openapi.yaml has no schema %s%s", name, s)
			}
		}
		if s := contract.Components.Schemas[name+"Action"]; s != nil {
			var file, yaml any
			json.Unmarshal(info.ActionSchema, &file)
			data, _ := json.Marshal(s.Value)
			json.Unmarshal(data, &yaml)
			delete(yaml.(map[string]any), "description")
			inline(yaml)
			if d := cmp.Diff(file, yaml); d != "" {
				t.Errorf("openapi.yaml's %sAction differs from games/%s/action.json (-file +openapi.yaml):\n%s", name, info.Slug, d)
			}
		}
	}
}

// inline replaces every $ref kin-openapi kept in a marshalled schema with
// the schema it names, so it compares with a self-contained file.
func inline(v any) {
	resolve := func(x any) any {
		m, ok := x.(map[string]any)
		if !ok {
			return x
		}
		ref, ok := m["$ref"].(string)
		if !ok {
			return x
		}
		data, _ := json.Marshal(contract.Components.Schemas[strings.TrimPrefix(ref, "#/components/schemas/")].Value)
		var s any
		json.Unmarshal(data, &s)
		return s
	}
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			v[k] = resolve(x)
			inline(v[k])
		}
	case []any:
		for i, x := range v {
			v[i] = resolve(x)
			inline(v[i])
		}
	}
}

// contractTransport is a client.Transport through the handler that checks
// every request and answer against the contract and keeps each game's
// longest state token.
type contractTransport struct {
	t       *testing.T
	h       http.Handler
	longest map[string]int
	step    int // actions since the last init
}

// checkedSteps is how many actions of a case have their request and answer
// held to the contract (the rest, in long Tron matches, only by digest);
// refusals and the end are always checked.
const checkedSteps = 64

func (c *contractTransport) Init(_ context.Context, game string, query map[string]string) (int, []byte, error) {
	c.step = 0
	status, body, err := inproc.Handler{Handler: c.h}.Init(context.Background(), game, query)
	return c.keep(game, http.MethodGet, "/api/games/"+game+"/init", status, body, err)
}

func (c *contractTransport) Act(ctx context.Context, game, field, token string, action json.RawMessage) (int, []byte, error) {
	c.step++
	status, body, err := inproc.Handler{Handler: c.h}.Act(ctx, game, field, token, action)
	if c.step <= checkedSteps || !bytes.Contains(body, []byte(`"ok":true`)) || bytes.Contains(body, []byte(`"gameOver":true`)) {
		req, _ := client.ActionBody(field, token, action)
		checkAnswer(c.t, httptest.NewRequest(http.MethodPost, "/api/games/"+game+"/action", bytes.NewReader(req)), status,
			http.Header{"Content-Type": {"application/json; charset=utf-8"}}, body)
	}
	return c.keep(game, "", "", status, body, err)
}

func (c *contractTransport) keep(game, method, path string, status int, body []byte, err error) (int, []byte, error) {
	if method != "" {
		checkAnswer(c.t, httptest.NewRequest(method, path, nil), status, http.Header{"Content-Type": {"application/json; charset=utf-8"}}, body)
	}
	var env struct{ State string }
	json.Unmarshal(body, &env)
	c.longest[game] = max(c.longest[game], len(env.State))
	return status, body, err
}

// TestGoldenOverHTTP replays every golden case through this handler in
// process, each answer checked against the contract, and holds the state
// tokens to each game's budget. The games' golden tests play the same
// cases through the core with no HTTP: together they show that the edge
// adds nothing to an answer.
func TestGoldenOverHTTP(t *testing.T) {
	t.Parallel()
	cases, err := golden.Load(golden.Files, "")
	if err != nil {
		t.Fatal(err)
	}
	ref, err := conformance.Reference()
	if err != nil {
		t.Fatal(err)
	}
	c := &contractTransport{t: t, h: testserver.New(t), longest: map[string]int{}}
	for i := range cases {
		if err := conformance.Replay(context.Background(), &cases[i], c, ref, true); err != nil {
			t.Error(err)
		}
	}
	for _, g := range games.All() {
		info := g.Info()
		n := c.longest[info.Slug]
		t.Logf("%s: longest state token %d characters (budget %d)", info.Slug, n, info.MaxToken)
		if n == 0 || n >= info.MaxToken {
			t.Errorf("%s: longest state token %d characters, budget %d", info.Slug, n, info.MaxToken)
		}
	}
}

// TestContractNullableHasType: as OpenAPI 3.0.3 reads it, nullable takes
// effect only beside a type in the same schema, so every nullable schema
// of openapi.yaml has one.
func TestContractNullableHasType(t *testing.T) {
	t.Parallel()
	var doc any
	if err := yaml.Unmarshal(bundle.OpenAPI, &doc); err != nil {
		t.Fatal(err)
	}
	nullable := 0
	var walk func(at string, v any)
	walk = func(at string, v any) {
		switch v := v.(type) {
		case map[string]any:
			if v["nullable"] == true {
				nullable++
				if _, ok := v["type"].(string); !ok {
					t.Errorf("%s: nullable without a type", at)
				}
			}
			for k, e := range v {
				walk(at+"/"+k, e)
			}
		case []any:
			for i, e := range v {
				walk(fmt.Sprintf("%s/%d", at, i), e)
			}
		}
	}
	walk("#", doc)
	if nullable == 0 {
		t.Error("openapi.yaml has no nullable schema: the walk found nothing")
	}
}
