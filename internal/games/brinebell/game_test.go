package brinebell

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/agentgames/bundle/engines"
	engine "github.com/agentgames/bundle/engines/brinebell"
	"github.com/agentgames/bundle/internal/play"
)

func TestParseAction(t *testing.T) {
	ok := []struct {
		raw  string
		want engine.Action
	}{
		{`{"type":"start"}`, engine.Action{Kind: engine.Start}},
		{`{"type":"bank"}`, engine.Action{Kind: engine.Bank}},
		{`{"type":"advance","ticks":90}`, engine.Action{Kind: engine.Advance, Ticks: 90}},
		{`{"type":"order","ferry":1,"dock":4}`, engine.Action{Kind: engine.Order, Ferry: 1, Dock: 4}},
		{` {"dock":0,"type":"order","ferry":0} `, engine.Action{Kind: engine.Order}},
	}
	for _, tt := range ok {
		got, err := parseAction(json.RawMessage(tt.raw))
		if err != nil || got != tt.want {
			t.Errorf("parseAction(%s) = %+v, %v; want %+v", tt.raw, got, err, tt.want)
		}
	}
	bad := []string{
		`{}`, `[]`, `"start"`, `null`, `{"type":"sail"}`, `{"type":"START"}`,
		`{"type":"start","ticks":1}`, `{"type":"bank","ferry":0}`,
		`{"type":"advance"}`, `{"type":"advance","ticks":1.5}`, `{"type":"advance","ticks":"5"}`,
		`{"type":"advance","ticks":5,"dock":1}`, `{"type":"order","ferry":0}`, `{"type":"order","dock":1}`,
		`{"type":"order","ferry":0,"dock":1,"ticks":3}`, `{"type":"order","ferry":0,"dock":1,"note":""}`,
		`{"type":"start"}{"type":"start"}`,
	}
	for _, raw := range bad {
		_, err := parseAction(json.RawMessage(raw))
		var ill *engines.Illegal
		if !errors.As(err, &ill) || ill.Code != play.CodeInvalidAction {
			t.Errorf("parseAction(%s) = %v, want invalid_action", raw, err)
		}
	}
}

func TestLegalActions(t *testing.T) {
	tests := []struct {
		l    engine.Legal
		want string
	}{
		{engine.Legal{Start: true}, `[{"type":"start"}]`},
		{engine.Legal{}, `[]`},
		{engine.Legal{Advance: true, Bank: true, Ferries: 1, Docks: 2},
			`[{"type":"advance","ticks":{"min":1,"max":90}},{"type":"bank"},{"type":"order","ferry":0,"dock":0},{"type":"order","ferry":0,"dock":1}]`},
	}
	for _, tt := range tests {
		got, _ := json.Marshal(legal(tt.l))
		if string(got) != tt.want {
			t.Errorf("legal(%+v) = %s, want %s", tt.l, got, tt.want)
		}
	}
}
