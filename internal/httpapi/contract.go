package httpapi

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
)

// Contract is the OpenAPI document requests are validated against.
type Contract struct {
	doc    *openapi3.T
	routes map[string]*routers.Route // by method and path, "GET /api/games"
}

// LoadContract parses and checks an OpenAPI document.
func LoadContract(data []byte) (*Contract, error) {
	doc, err := openapi3.NewLoader().LoadFromData(data)
	if err != nil {
		return nil, fmt.Errorf("loading the OpenAPI contract: %w", err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		return nil, fmt.Errorf("the OpenAPI contract is invalid: %w", err)
	}
	c := &Contract{doc: doc, routes: map[string]*routers.Route{}}
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			c.routes[method+" "+path] = &routers.Route{Spec: doc, Path: path, PathItem: item, Method: method, Operation: op}
		}
	}
	return c, nil
}

// Route finds the operation for a method and a contract path (with its
// {parameters} unfilled).
func (c *Contract) Route(method, path string) (*routers.Route, bool) {
	r, ok := c.routes[method+" "+path]
	return r, ok
}

var validation = &openapi3filter.Options{
	AuthenticationFunc: openapi3filter.NoopAuthenticationFunc,
}

// violation is a request that breaks the contract: where, and why.
type violation struct {
	// field is the JSON pointer into the body, split, or nil for the query.
	field  []string
	reason string
}

// validate checks a request's query and JSON body against a route. The body
// is read as JSON whatever the request's Content-Type says.
func validate(r *http.Request, route *routers.Route, params map[string]string, body []byte) *violation {
	req := r.Clone(r.Context())
	req.Header = r.Header.Clone()
	if body != nil {
		req.Body = nopCloser{bytes.NewReader(body)}
		req.ContentLength = int64(len(body))
		req.Header.Set("Content-Type", "application/json")
	}
	err := openapi3filter.ValidateRequest(r.Context(), &openapi3filter.RequestValidationInput{
		Request: req, PathParams: params, Route: route, Options: validation,
	})
	if err == nil {
		return nil
	}
	var re *openapi3filter.RequestError
	var se *openapi3.SchemaError
	switch {
	case errors.As(err, &re) && re.Parameter != nil:
		why := re.Reason
		if errors.As(err, &se) {
			why = se.Reason
		}
		return &violation{reason: fmt.Sprintf("query parameter %q: %s", re.Parameter.Name, why)}
	case errors.As(err, &se):
		return &violation{field: se.JSONPointer(), reason: schemaReason(se)}
	}
	return &violation{reason: err.Error()}
}

// schemaReason is a one-line reason naming the offending field.
func schemaReason(se *openapi3.SchemaError) string {
	at := strings.Join(se.JSONPointer(), ".")
	if at == "" {
		return se.Reason
	}
	return at + ": " + se.Reason
}

type nopCloser struct{ *bytes.Reader }

func (nopCloser) Close() error { return nil }
