package protocol

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"go.yaml.in/yaml/v4"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	bundle "github.com/agentgames/bundle"
	"github.com/agentgames/bundle/conformance/check"
)

// This file holds the judge of every answer: openapi.yaml, this bundle's
// own contract (never the implementation's /openapi.yaml), read into JSON
// Schema. OpenAPI 3.0 schemas differ from JSON Schema in one way that
// matters here, nullable, which contractSchema rewrites; the $refs to
// #/components/... resolve within the document as it stands.

// contractURL names the converted document among the compiler's resources.
const contractURL = "urn:agentgames:openapi.json"

// contractBody is the schema of one media type of one answer.
type contractBody struct {
	name   string // the schema's name, for people: TinrailEnvelope, Error...
	schema *jsonschema.Schema
	// branches are the alternatives of a oneOf of named schemas, each with
	// the schema of its ok field, so that a failure is reported against
	// the alternative the answer claims to be.
	branches []contractBranch
}

type contractBranch struct {
	name   string
	schema *jsonschema.Schema
	ok     *jsonschema.Schema // nil when the alternative has no ok
}

// contractAnswer is one documented answer: its media types' bodies.
type contractAnswer map[string]*contractBody

// contractDoc is openapi.yaml compiled: every operation's answers by
// status, and the generic error answer.
type contractDoc struct {
	ops     map[string]map[string]contractAnswer // "GET /path" -> status -> answer
	opIDs   map[string]string                    // "GET /path" -> operationId
	anError contractAnswer                       // components/responses/Error
}

// theContract compiles openapi.yaml once.
var theContract = sync.OnceValues(func() (*contractDoc, error) { return compileContract(bundle.OpenAPI) })

// compileContract reads an OpenAPI 3.0 document and compiles the schema of
// every answer it documents.
func compileContract(text []byte) (*contractDoc, error) {
	var raw any
	if err := yaml.Unmarshal(text, &raw); err != nil {
		return nil, fmt.Errorf("openapi.yaml: %w", err)
	}
	js, err := json.Marshal(contractSchema(raw))
	if err != nil {
		return nil, fmt.Errorf("openapi.yaml: %w", err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(js))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource(contractURL, doc); err != nil {
		return nil, err
	}
	root, _ := doc.(map[string]any)
	out := &contractDoc{ops: map[string]map[string]contractAnswer{}, opIDs: map[string]string{}}
	paths, _ := root["paths"].(map[string]any)
	for path, item := range paths {
		methods, _ := item.(map[string]any)
		for method, op := range methods {
			opm, _ := op.(map[string]any)
			responses, _ := opm["responses"].(map[string]any)
			key := strings.ToUpper(method) + " " + path
			out.ops[key] = map[string]contractAnswer{}
			out.opIDs[key], _ = opm["operationId"].(string)
			for status, resp := range responses {
				ptr := "#/paths/" + contractEscape(path) + "/" + method + "/responses/" + status
				a, err := compileAnswer(c, root, ptr, resp)
				if err != nil {
					return nil, fmt.Errorf("openapi.yaml %s %s: %w", key, status, err)
				}
				out.ops[key][status] = a
			}
		}
	}
	components, _ := root["components"].(map[string]any)
	responses, _ := components["responses"].(map[string]any)
	if out.anError, err = compileAnswer(c, root, "#/components/responses/Error", responses["Error"]); err != nil {
		return nil, fmt.Errorf("openapi.yaml's Error answer: %w", err)
	}
	return out, nil
}

// compileAnswer compiles the bodies of the answer at ptr (a response, or a
// $ref to one).
func compileAnswer(c *jsonschema.Compiler, root map[string]any, ptr string, resp any) (contractAnswer, error) {
	m, _ := resp.(map[string]any)
	if ref, ok := m["$ref"].(string); ok {
		ptr = ref
		m, _ = contractAt(root, ref).(map[string]any)
	}
	out := contractAnswer{}
	content, _ := m["content"].(map[string]any)
	for media, v := range content {
		mm, _ := v.(map[string]any)
		schema, _ := mm["schema"].(map[string]any)
		at := ptr + "/content/" + contractEscape(media) + "/schema"
		b := &contractBody{name: contractName(schema, at)}
		var err error
		if b.schema, err = c.Compile(contractURL + at); err != nil {
			return nil, err
		}
		alts, _ := schema["oneOf"].([]any)
		for _, alt := range alts {
			ref, _ := alt.(map[string]any)["$ref"].(string)
			if ref == "" {
				b.branches = nil
				break
			}
			br := contractBranch{name: strings.TrimPrefix(ref, "#/components/schemas/")}
			if br.schema, err = c.Compile(contractURL + ref); err != nil {
				return nil, err
			}
			if props, _ := contractAt(root, ref).(map[string]any)["properties"].(map[string]any); props["ok"] != nil {
				if br.ok, err = c.Compile(contractURL + ref + "/properties/ok"); err != nil {
					return nil, err
				}
			}
			b.branches = append(b.branches, br)
		}
		out[media] = b
	}
	return out, nil
}

// contractName names a schema for people: its $ref's name, the names of
// its alternatives, or where it sits.
func contractName(schema map[string]any, at string) string {
	if ref, ok := schema["$ref"].(string); ok {
		return strings.TrimPrefix(ref, "#/components/schemas/")
	}
	if alts, ok := schema["oneOf"].([]any); ok {
		var names []string
		for _, alt := range alts {
			m, _ := alt.(map[string]any)
			names = append(names, contractName(m, at))
		}
		return strings.Join(names, " | ")
	}
	return at
}

// contractSchema rewrites OpenAPI 3.0's nullable into JSON Schema: a
// nullable schema with a type takes "null" among its types (and its enum),
// one without (an allOf of a $ref) becomes anyOf null or itself.
func contractSchema(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = contractSchema(e)
		}
		if n, _ := out["nullable"].(bool); !n {
			return out
		}
		delete(out, "nullable")
		if t, ok := out["type"].(string); ok {
			out["type"] = []any{t, "null"}
			if enum, ok := out["enum"].([]any); ok {
				out["enum"] = append(enum, nil)
			}
			return out
		}
		return map[string]any{"anyOf": []any{map[string]any{"type": "null"}, out}}
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = contractSchema(e)
		}
		return out
	}
	return v
}

// contractAt is the value at a local JSON pointer (#/a/b) of doc.
func contractAt(doc any, ptr string) any {
	for _, tok := range strings.Split(strings.TrimPrefix(ptr, "#/"), "/") {
		m, _ := doc.(map[string]any)
		doc = m[strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)]
	}
	return doc
}

func contractEscape(tok string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(tok)
}

// validate holds an answer to the contract: the operation method route (a
// path of openapi.yaml, such as /api/games/tinrail/action; "" when the
// request reaches no documented path) must document its status, and the
// answer's content type and body must match that answer. A 4xx that the
// operation does not list (a wrong method, an unknown game) must be the
// contract's generic Error answer, as its description promises for every
// request the server cannot act on. The failure it answers has Rule, Path,
// Want, Got and Detail set; the caller places it in its match.
func (d *contractDoc) validate(method, route string, r *check.Reply) *check.Failure {
	key := method + " " + route
	answers, documented := d.ops[key]
	status := strconv.Itoa(r.Status)
	a, ok := answers[status]
	op := d.opIDs[key]
	if !ok {
		if r.Status < 400 || r.Status > 499 {
			rule, want := "openapi.yaml documents no such answer to "+key, contractStatuses(answers)
			if !documented {
				rule, want = "openapi.yaml documents no "+method+" operation at this path", "a 4xx error"
			}
			return &check.Failure{Path: "HTTP status", Rule: rule, Want: want, Got: status}
		}
		a, op = d.anError, "a request the server cannot act on"
	}
	ct := r.Header.Get("Content-Type")
	media, _, err := mime.ParseMediaType(ct)
	body, ok := a[media]
	if err != nil || !ok {
		var want []string
		for m := range a {
			want = append(want, m)
		}
		slices.Sort(want)
		return &check.Failure{Path: "Content-Type", Rule: "the answer's content type is not one openapi.yaml gives for " + op + " " + status,
			Want: strings.Join(want, " or "), Got: strconv.Quote(ct)}
	}
	if !strings.HasSuffix(media, "json") {
		return nil
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(r.Body))
	if err != nil {
		return &check.Failure{Path: "body", Rule: "the answer is not one JSON value, as openapi.yaml's " + media + " requires",
			Want: "JSON", Got: check.Brief(string(r.Body), 80), Detail: err.Error()}
	}
	return body.check(inst, op+" "+status)
}

// check validates inst against the body's schema; where the schema is a
// oneOf of alternatives with an ok field, a failure is reported against
// the alternative whose ok the answer carries.
func (b *contractBody) check(inst any, what string) *check.Failure {
	err := b.schema.Validate(inst)
	if err == nil {
		return nil
	}
	name := b.name
	if obj, ok := inst.(map[string]any); ok {
		for _, br := range b.branches {
			if br.ok != nil && br.ok.Validate(obj["ok"]) == nil {
				if berr := br.schema.Validate(inst); berr != nil {
					err, name = berr, br.name
				}
				break
			}
		}
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return &check.Failure{Path: "body", Rule: "the answer breaks openapi.yaml's " + name + " (" + what + ")", Got: err.Error()}
	}
	leaves := contractLeaves(ve, inst)
	if len(leaves) == 0 {
		return &check.Failure{Path: "body", Rule: "the answer breaks openapi.yaml's " + name + " (" + what + ")", Got: ve.Error()}
	}
	first := leaves[0]
	f := &check.Failure{Path: first.path, Rule: "the answer breaks openapi.yaml's " + name + " (" + what + ")",
		Want: check.Brief(first.want, 100), Got: first.got}
	if first.path == "" {
		f.Path = "body"
	}
	var lines []string
	for _, l := range leaves {
		lines = append(lines, fmt.Sprintf("%s: want %s, got %s", cmp.Or(l.path, "body"), l.want, l.got))
	}
	f.Detail = strings.Join(lines, "\n")
	return f
}

// contractLeaf is one reason a value breaks a schema.
type contractLeaf struct {
	path, want, got string
}

var contractPrinter = message.NewPrinter(language.English)

// contractLeaves lists the innermost reasons of a validation error, the
// branch "or null" that nullable adds left out when another reason stands.
func contractLeaves(e *jsonschema.ValidationError, inst any) []contractLeaf {
	var out, nulls []contractLeaf
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) > 0 {
			for _, c := range e.Causes {
				walk(c)
			}
			return
		}
		l := contractLeaf{path: contractPath(e.InstanceLocation), want: e.ErrorKind.LocalizedString(contractPrinter),
			got: contractValueAt(inst, e.InstanceLocation)}
		switch k := e.ErrorKind.(type) {
		case *kind.Required:
			l.path = contractPath(append(slices.Clip(e.InstanceLocation), k.Missing[0]))
			l.want, l.got = "present (required)", "absent"
		case *kind.AdditionalProperties:
			l.path = contractPath(append(slices.Clip(e.InstanceLocation), k.Properties[0]))
			l.want, l.got = "no such field", "present"
		case *kind.Type:
			l.want, l.got = strings.Join(k.Want, " or "), k.Got
			if len(k.Want) == 1 && k.Want[0] == "null" {
				nulls = append(nulls, l)
				return
			}
		}
		out = append(out, l)
	}
	walk(e)
	if len(out) == 0 {
		return nulls
	}
	return out
}

// contractPath writes an instance location as view.board[3].tile.
func contractPath(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		if _, err := strconv.Atoi(t); err == nil {
			fmt.Fprintf(&b, "[%s]", t)
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(t)
	}
	return b.String()
}

// contractStatuses lists the statuses an operation documents.
func contractStatuses(answers map[string]contractAnswer) string {
	var out []string
	for s := range answers {
		out = append(out, s)
	}
	slices.Sort(out)
	return strings.Join(out, " or ")
}

// contractOf answers the compiled contract, or a failure saying it could
// not be read.
func contractOf() (*contractDoc, *check.Failure) {
	d, err := theContract()
	if err != nil {
		return nil, &check.Failure{Step: -1, Rule: "openapi.yaml could not be compiled", Got: err.Error()}
	}
	return d, nil
}

// contractValueAt is the value at an instance location, as short JSON.
func contractValueAt(inst any, tokens []string) string {
	for _, t := range tokens {
		switch x := inst.(type) {
		case map[string]any:
			inst = x[t]
		case []any:
			i, _ := strconv.Atoi(t)
			if i < 0 || i >= len(x) {
				return "?"
			}
			inst = x[i]
		}
	}
	b, _ := json.Marshal(inst)
	return check.Brief(string(b), 60)
}
