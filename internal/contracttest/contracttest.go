// Package contracttest holds openapi.yaml, loaded and validated by
// kin-openapi, for tests: the judge the handlers' own checks are held to.
// Only tests import it, so the served binaries do not carry kin-openapi.
package contracttest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"

	bundle "github.com/agentgames/bundle"
	"github.com/agentgames/bundle/golden"
)

// Doc is the contract, and router finds its operations.
var Doc, router = func() (*openapi3.T, routers.Router) {
	openapi3filter.RegisterBodyDecoder("text/markdown", openapi3filter.PlainBodyDecoder)
	openapi3filter.RegisterBodyDecoder("application/yaml", openapi3filter.PlainBodyDecoder)
	for _, t := range []string{"text/html", "text/javascript", "text/css"} {
		openapi3filter.RegisterBodyDecoder(t, openapi3filter.PlainBodyDecoder)
	}
	doc, err := openapi3.NewLoader().LoadFromData(bundle.OpenAPI)
	if err != nil {
		panic(err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		panic(err)
	}
	r, err := legacy.NewRouter(doc)
	if err != nil {
		panic(err)
	}
	return doc, r
}()

var noAuth = &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}

// Accepts reports whether the contract accepts a request with body, and
// why not.
func Accepts(req *http.Request, body []byte) (bool, error) {
	route, params, err := router.FindRoute(req)
	if err != nil {
		return false, err
	}
	r := req.Clone(req.Context())
	r.Body = io.NopCloser(bytes.NewReader(body))
	r.Header = http.Header{"Content-Type": {"application/json"}}
	err = openapi3filter.ValidateRequest(context.Background(), &openapi3filter.RequestValidationInput{
		Request: r, PathParams: params, Route: route, Options: noAuth})
	return err == nil, err
}

// Exchange is one request and its answer.
type Exchange struct {
	Status int
	Body   []byte
	Header http.Header
}

// JSON decodes the answer.
func (e Exchange) JSON(t testing.TB) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(e.Body, &m); err != nil {
		t.Fatalf("answer is not JSON: %v\n%s", err, e.Body)
	}
	return m
}

// Code is the answer's error code, or its refusal code.
func (e Exchange) Code(t testing.TB) string {
	t.Helper()
	m := e.JSON(t)
	if errObj, ok := m["error"].(map[string]any); ok {
		code, _ := errObj["code"].(string)
		return code
	}
	code, _ := m["code"].(string)
	return code
}

// Do sends a request to h and checks the answer against the contract:
// status, content type and body schema.
func Do(t testing.TB, h http.Handler, method, target, body string) Exchange {
	t.Helper()
	return DoAs(t, h, "", method, target, body)
}

// DoAs is Do for the agent key is (Authorization: Bearer key); none when
// key is empty.
func DoAs(t testing.TB, h http.Handler, key, method, target, body string) Exchange {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, target, rd)
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	res := rec.Result()
	data, _ := io.ReadAll(res.Body)
	CheckAnswer(t, req, res.StatusCode, res.Header, data)
	return Exchange{Status: res.StatusCode, Body: data, Header: res.Header}
}

// CheckAnswer validates an answer against the contract when the contract
// has the operation; answers to paths outside it must be JSON errors.
func CheckAnswer(t testing.TB, req *http.Request, status int, header http.Header, body []byte) {
	t.Helper()
	route, params, err := router.FindRoute(req)
	if err != nil || req.Method == http.MethodOptions {
		if req.Method != http.MethodOptions && !json.Valid(body) {
			t.Fatalf("%s %s: answer outside the contract is not JSON: %s", req.Method, req.URL, body)
		}
		return
	}
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route, Options: noAuth}
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: status, Header: header,
		Options: &openapi3filter.Options{IncludeResponseStatus: true}}
	out.SetBodyBytes(body)
	if err := openapi3filter.ValidateResponse(context.Background(), out); err != nil {
		t.Fatalf("%s %s: answer breaks the contract: %v\n%s", req.Method, req.URL, err, body)
	}
}

// linkNext reads a Link header's rel="next" target.
var linkNext = regexp.MustCompile(`^<([^>]+)>; rel="next"$`)

// Transcript reads a paged transcript from target on (GET, each page held
// to the contract), following every page's Link rel="next", and answers
// the pages' steps joined, every patch applied.
func Transcript(t testing.TB, h http.Handler, target string) *golden.Case {
	t.Helper()
	var all *golden.Case
	for page := 0; target != ""; page++ {
		if page > 10000 {
			t.Fatalf("%s: more than 10,000 pages", target)
		}
		e := Do(t, h, http.MethodGet, target, "")
		var c golden.Case
		if e.Status != http.StatusOK {
			t.Fatalf("GET %s: %d %s", target, e.Status, e.Body)
		}
		if err := json.Unmarshal(e.Body, &c); err != nil {
			t.Fatalf("GET %s: %v", target, err)
		}
		if all == nil {
			all = &c
		} else {
			all.Steps = append(all.Steps, c.Steps...)
		}
		target = ""
		if m := linkNext.FindStringSubmatch(e.Header.Get("Link")); m != nil {
			target = m[1]
		}
	}
	return all
}
