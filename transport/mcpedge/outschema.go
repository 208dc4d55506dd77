package mcpedge

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"go.yaml.in/yaml/v4"

	bundle "github.com/agentgames/bundle"
)

// A tool's output schema is drawn from openapi.yaml, the one description
// of every answer (and of list_games's and game_rules's, its Mcp*
// schemas): a tool's structured content is the HTTP answer it stands for,
// so its schema is that answer's. openapi.yaml's schemas are OpenAPI 3.0;
// contract rewrites them as JSON Schema (2020-12, MCP's dialect).

// openAPI is openapi.yaml read: its component schemas and its paths.
type openAPI struct {
	Components struct {
		Schemas   map[string]any `yaml:"schemas"`
		Responses map[string]any `yaml:"responses"`
	} `yaml:"components"`
	// Paths are the operations by path and method, as YAML reads them.
	Paths map[string]map[string]any `yaml:"paths"`
}

// document is openapi.yaml read once.
var document = sync.OnceValue(func() *openAPI {
	doc := &openAPI{}
	if err := yaml.Unmarshal(bundle.OpenAPI, doc); err != nil {
		panic(fmt.Sprintf("openapi.yaml: %v", err)) // embedded, and read by every test
	}
	return doc
})

// contract is openapi.yaml's component schemas as JSON Schema, by name.
var contract = sync.OnceValue(func() map[string]any {
	schemas := document().Components.Schemas
	out := make(map[string]any, len(schemas))
	for name, s := range schemas {
		out[name] = jsonSchema(s, false)
	}
	return out
})

// outputSchema is the output schema of a tool whose result is one of the
// named schemas of openapi.yaml, and whose tool error is its Error: an
// object schema, the named ones and those they refer to as its $defs.
func outputSchema(names ...string) json.RawMessage {
	var results []any
	for _, name := range names {
		results = append(results, map[string]any{"$ref": "#/$defs/" + name})
	}
	return oneOfSchema(results)
}

// answerSchema is the output schema of a tool whose result is the answer
// of the operation method (lower case, as openapi.yaml writes it) of path,
// a schema the contract writes in place rather than names: that answer's
// 200 JSON schema, or the tool error.
func answerSchema(method, path string) json.RawMessage {
	return answersSchema(method, path)
}

// answersSchema is answerSchema of several operations, each a method
// and a path in turn: a result that is the answer of any of them.
func answersSchema(methodPaths ...string) json.RawMessage {
	var results []any
	for i := 0; i+1 < len(methodPaths); i += 2 {
		method, path := methodPaths[i], methodPaths[i+1]
		op, _ := document().Paths[path][method].(map[string]any)
		answer := dig(op, "responses", "200")
		if ref, ok := dig(answer, "$ref").(string); ok {
			answer = document().Components.Responses[strings.TrimPrefix(ref, "#/components/responses/")]
		}
		s := dig(answer, "content", "application/json", "schema")
		if s == nil {
			panic("openapi.yaml has no JSON answer of " + method + " " + path)
		}
		results = append(results, jsonSchema(s, false))
	}
	if len(results) > 1 { // one answer may be another's with more (a seat's view)
		results = []any{map[string]any{"anyOf": results}}
	}
	return oneOfSchema(results)
}

// requestSchema is the JSON body schema of the POST operation of path, as
// JSON Schema with its descriptions (a tool's input schema says for a
// model what the contract says for people): a fresh copy each call, for
// a tool to add its own members to. A live game's request bodies are
// written in place in openapi.yaml, naming no schema.
func requestSchema(path string) map[string]any {
	s := dig(document().Paths[path]["post"], "requestBody", "content", "application/json", "schema")
	out, ok := jsonSchema(s, true).(map[string]any)
	if !ok || out["properties"] == nil {
		panic("openapi.yaml has no JSON object request of POST " + path)
	}
	walk(out, func(ref string) { panic("the request of POST " + path + " refers to " + ref + ": write it in place") })
	if _, ok := out["required"]; !ok {
		out["required"] = []any{}
	}
	return out
}

// dig is the value at the path of keys within nested objects, nil if
// there is none.
func dig(v any, keys ...string) any {
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

// oneOfSchema is an object schema that is one of results or the tool
// error (openapi.yaml's Error), with every named schema they refer to as
// its $defs.
func oneOfSchema(results []any) json.RawMessage {
	defs := map[string]any{}
	oneOf := append(results, map[string]any{"$ref": "#/$defs/Error"})
	walk(oneOf, func(ref string) { define(defs, strings.TrimPrefix(ref, "#/$defs/")) })
	b, err := json.Marshal(map[string]any{"type": "object", "oneOf": oneOf, "$defs": defs})
	if err != nil {
		panic(err) // values read from YAML
	}
	return b
}

// define adds the schema name and every schema it refers to to defs.
func define(defs map[string]any, name string) {
	if _, ok := defs[name]; ok {
		return
	}
	s, ok := contract()[name]
	if !ok {
		panic("openapi.yaml has no schema " + name)
	}
	defs[name] = s
	walk(s, func(ref string) { define(defs, strings.TrimPrefix(ref, "#/$defs/")) })
}

// walk calls f with every $ref within the schema s.
func walk(s any, f func(ref string)) {
	switch x := s.(type) {
	case map[string]any:
		for k, v := range x {
			if ref, ok := v.(string); ok && k == "$ref" {
				f(ref)
			} else {
				walk(v, f)
			}
		}
	case []any:
		for _, v := range x {
			walk(v, f)
		}
	}
}

// jsonSchema rewrites an OpenAPI 3.0 schema as JSON Schema: a nullable
// type admits null, and a $ref names a $defs entry. Descriptions (but
// for an input's, with docs) and examples (the tools' texts and docs say
// it for a model; the contract, for people) are left out to keep
// tools/list short, and so are formats (int64 is OpenAPI's, which a
// strict JSON Schema validator refuses).
func jsonSchema(v any, docs bool) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			switch k {
			case "description":
				if docs {
					out[k] = e
				}
			case "example", "format", "nullable":
			case "$ref":
				out[k] = strings.Replace(e.(string), "#/components/schemas/", "#/$defs/", 1)
			case "properties":
				props := map[string]any{}
				for name, p := range e.(map[string]any) {
					props[name] = jsonSchema(p, docs)
				}
				out[k] = props
			default:
				out[k] = jsonSchema(e, docs)
			}
		}
		if t, ok := out["type"].(string); ok && x["nullable"] == true {
			out["type"] = []any{t, "null"}
			if enum, ok := out["enum"].([]any); ok {
				out["enum"] = append(enum, nil)
			}
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = jsonSchema(e, docs)
		}
		return out
	}
	return v
}
