package mcpedge

import (
	"encoding/json"
	"net/url"
	"slices"
	"strconv"
	"strings"

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
	o, err := wire.ReadObject(args, "")
	if err != nil {
		if err := wire.Check(args); err != nil {
			return nil, play.Errorf(play.CodeBadJSON, "the arguments must be one JSON object: %v", err)
		}
		return nil, play.Errorf(play.CodeBadJSON, "the arguments must be one JSON object, not %s", wire.Brief(args))
	}
	for name, raw := range o.All() {
		m[name] = raw
	}
	return m, nil
}

// param is one argument of a start tool: its JSON Schema, and the reader
// of its JSON value, which takes only the type the schema declares and
// answers the value as a query parameter's text. One description makes
// both, so that the schema and the server type an argument alike.
type param struct {
	name   string
	schema map[string]any
	want   string // what the value must be, for a refusal
	read   func(raw json.RawMessage) (string, bool)
}

// integer is a whole number from lo to hi; as in JSON Schema, 2.0 is one.
func integer(name string, lo, hi int64, doc string) param {
	return param{name: name, want: "a whole number from " + strconv.FormatInt(lo, 10) + " to " + strconv.FormatInt(hi, 10),
		schema: map[string]any{"type": "integer", "minimum": lo, "maximum": hi, "description": doc},
		read: func(raw json.RawMessage) (string, bool) {
			n, ok := wire.WholeNumber(raw)
			return strconv.FormatInt(n, 10), ok
		}}
}

// enum is one of values, a string.
func enum(name string, values []string, doc string) param {
	return param{name: name, want: "one of " + strings.Join(values, ", "),
		schema: map[string]any{"type": "string", "enum": values, "description": doc},
		read: func(raw json.RawMessage) (string, bool) {
			var s string
			return s, raw[0] == '"' && json.Unmarshal(raw, &s) == nil
		}}
}

// boolean is true or false.
func boolean(name, doc string) param {
	return param{name: name, want: "true or false",
		schema: map[string]any{"type": "boolean", "description": doc},
		read: func(raw json.RawMessage) (string, bool) {
			return string(raw), string(raw) == "true" || string(raw) == "false"
		}}
}

// startParams are the arguments of start_<slug>: the seed, ranked, answer
// and the game's own options (an option without values is an integer).
func startParams(info play.Info) []param {
	ps := []param{
		integer("seed", 0, play.MaxSeed, play.SeedDoc),
		boolean(play.RankedOption, "true: a ranked match, for comparing agents. "+
			"The server picks the seed (send none) and keeps it sealed until the end; each state token plays once."),
		enum(play.AnswerOption, []string{"both", "text", "view"}, "what every answer carries: "+
			"both (the default: the observation text and the structured view), text (the observation only) or view (the view and events only)."),
	}
	for _, o := range info.Options {
		if o.Values == nil {
			ps = append(ps, integer(o.Name, int64(o.Min), int64(o.Max), o.Doc))
		} else {
			ps = append(ps, enum(o.Name, o.Values, o.Doc))
		}
	}
	return ps
}

// startQuery writes start_<slug>'s arguments (but agent_key, which is no
// option: see agentKey) as the query string of GET
// /api/games/{slug}/init, so that a tool takes its options exactly as a
// URL does (httpapi.InitQuery and the service then read them). An
// argument of another JSON type than its schema's is refused here, in
// the words the service refuses another value with; one the game does
// not take is left for the service to refuse, naming the options.
func startQuery(params []param, m map[string]json.RawMessage) (string, error) {
	q := url.Values{}
	for name, raw := range m {
		i := slices.IndexFunc(params, func(p param) bool { return p.name == name })
		if i < 0 {
			q.Set(name, "")
			continue
		}
		v, ok := params[i].read(raw)
		if !ok {
			return "", play.Errorf(play.CodeInvalidRequest, "option %s must be %s, not %s", name, params[i].want, wire.Brief(raw))
		}
		q.Set(name, v)
	}
	return q.Encode(), nil
}
