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

// contract is openapi.yaml's component schemas as JSON Schema, by name.
var contract = sync.OnceValue(func() map[string]any {
	var doc struct {
		Components struct {
			Schemas map[string]any `yaml:"schemas"`
		} `yaml:"components"`
	}
	if err := yaml.Unmarshal(bundle.OpenAPI, &doc); err != nil {
		panic(fmt.Sprintf("openapi.yaml: %v", err)) // embedded, and read by every test
	}
	out := make(map[string]any, len(doc.Components.Schemas))
	for name, s := range doc.Components.Schemas {
		out[name] = jsonSchema(s)
	}
	return out
})

// outputSchema is the output schema of a tool whose result is one of the
// named schemas of openapi.yaml, and whose tool error is its Error: an
// object schema, the named ones and those they refer to as its $defs.
func outputSchema(names ...string) json.RawMessage {
	defs := map[string]any{}
	var oneOf []any
	for _, name := range append(names, "Error") {
		oneOf = append(oneOf, map[string]any{"$ref": "#/$defs/" + name})
		define(defs, name)
	}
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
// type admits null, and a $ref names a $defs entry. Descriptions and
// examples (the tools' texts and docs say it for a model; the contract,
// for people) are left out to keep tools/list short, and so are formats
// (int64 is OpenAPI's, which a strict JSON Schema validator refuses).
func jsonSchema(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			switch k {
			case "description", "example", "format", "nullable":
			case "$ref":
				out[k] = strings.Replace(e.(string), "#/components/schemas/", "#/$defs/", 1)
			case "properties":
				props := map[string]any{}
				for name, p := range e.(map[string]any) {
					props[name] = jsonSchema(p)
				}
				out[k] = props
			default:
				out[k] = jsonSchema(e)
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
			out[i] = jsonSchema(e)
		}
		return out
	}
	return v
}
