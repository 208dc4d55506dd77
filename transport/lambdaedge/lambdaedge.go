// Package lambdaedge runs the bundle's http.Handler on AWS Lambda behind
// every HTTP front door Lambda has: API Gateway REST APIs (payload 1.0,
// which HTTP APIs can send too), HTTP APIs (payload 2.0), function URLs
// (the same shape) and Application Load Balancers, with or without
// multi-value headers. It tells the shape from the event itself (event.go),
// turns the event into an *http.Request, and answers in the shape it was
// asked in (response.go). Any other event, `{}` or an SQS batch say, fails
// the invocation with an *UnsupportedEventError: a wiring mistake must not
// look healthy.
//
// An event of a known shape that is no readable request (a body that is
// not base64, a path with control characters, a method that is no HTTP
// token) is answered like any other bad request, with a 4xx and
// { error: { code, message } }, never with a failed invocation.
//
// Every request is logged as one JSON line (httpapi.Logged) under API
// Gateway's request id, or the Lambda invocation's where the front door
// has none (ALB).
package lambdaedge

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/url"
	"os"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-lambda-go/lambdacontext"

	"github.com/agentgames/bundle/internal/jsonlog"
	"github.com/agentgames/bundle/transport/httpapi"
)

// Handler adapts h to a Lambda handler for every HTTP front door. It makes
// slog's default logger JSON on stderr, so that every line the function
// writes is JSON.
func Handler(h http.Handler) lambda.Handler {
	log := slog.New(jsonlog.New(os.Stderr))
	slog.SetDefault(log)
	return &adapter{h: h, log: log}
}

// adapter serves events through h, logging to log.
type adapter struct {
	h   http.Handler
	log *slog.Logger
}

// Invoke answers one event.
func (a *adapter) Invoke(ctx context.Context, payload []byte) ([]byte, error) {
	ev, err := parse(payload)
	if err != nil {
		return nil, err
	}
	id := ev.requestID()
	if lc, ok := lambdacontext.FromContext(ctx); ok && id == "" {
		id = lc.AwsRequestID
	}
	ctx = httpapi.WithRequestID(ctx, id)
	h, p := a.h, ev.parts()
	req, err := p.request(ctx)
	if err != nil {
		// Logged still writes the refusal's line, under what the event says.
		req = (&http.Request{Method: p.method, URL: &url.URL{Path: p.path}, Header: http.Header{}, RemoteAddr: p.remote}).WithContext(ctx)
		h = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { httpapi.WriteError(w, r, err) })
	}
	w := &response{header: http.Header{}}
	httpapi.Logged(h, a.log).ServeHTTP(w, req)
	return json.Marshal(ev.response(w))
}
