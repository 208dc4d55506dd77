package mcpedge

import (
	"encoding/json"
	"net/url"
	"strconv"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/wire"
)

// members reads a tool's arguments strictly (as the HTTP edge reads a
// body: see wire.Check): one JSON object, or none at all.
func members(args json.RawMessage) (map[string]json.RawMessage, error) {
	m := map[string]json.RawMessage{}
	if len(args) == 0 || string(args) == "null" {
		return m, nil
	}
	if err := wire.Check(args); err != nil {
		return nil, play.Errorf(play.CodeBadJSON, "the arguments must be one JSON object: %v", err)
	}
	if err := json.Unmarshal(args, &m); err != nil {
		return nil, play.Errorf(play.CodeBadJSON, "the arguments must be one JSON object, not %s", wire.Brief(args))
	}
	return m, nil
}

// query writes arguments as the query string of an HTTP request: a string
// as it is, a number or a boolean as its JSON text. The HTTP edge's reader
// of the query (httpapi.InitQuery) then reads them, so a tool takes its
// options exactly as a URL does.
func query(m map[string]json.RawMessage) (string, error) {
	q := url.Values{}
	for name, raw := range m {
		switch {
		case raw[0] == '"':
			var s string
			json.Unmarshal(raw, &s)
			q.Set(name, s)
		case raw[0] == '{' || raw[0] == '[' || string(raw) == "null":
			return "", play.Errorf(play.CodeInvalidRequest, "argument %s must be a string, a number or a boolean, not %s", strconv.Quote(name), wire.Brief(raw))
		default:
			q.Set(name, string(raw))
		}
	}
	return q.Encode(), nil
}
