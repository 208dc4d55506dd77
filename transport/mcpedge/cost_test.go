package mcpedge_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/agentgames/bundle/internal/testserver"
)

// BenchmarkActionCost is one Tinrail action against G-Bot Easy through
// the whole handler in process, three ways: a bare handler that echoes
// the body (the floor), POST /api/games/tinrail/action, and the
// act_tinrail tool over POST /mcp (go test -bench ActionCost
// ./transport/mcpedge).
func BenchmarkActionCost(b *testing.B) {
	h := testserver.WithLive(b, nil)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/games/tinrail/init?seed=7&opponent=easy", nil))
	var init struct{ State string }
	json.Unmarshal(rec.Body.Bytes(), &init)
	action := `{"state":"` + init.State + `","action":{"type":"place","tileIndex":0,"rotation":1}}`
	call := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"act_tinrail","arguments":` + action + `}}`
	echo := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "application/json")
		w.Write(body)
	})
	for _, c := range []struct {
		name, path, body string
		h                http.Handler
		header           map[string]string
	}{
		{"echo", "/", action, echo, nil},
		{"action", "/api/games/tinrail/action", action, h, nil},
		{"mcp", "/mcp", call, h, map[string]string{"Accept": "application/json, text/event-stream", "Mcp-Protocol-Version": "2025-06-18"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				r := httptest.NewRequest("POST", c.path, strings.NewReader(c.body))
				r.Header.Set("Content-Type", "application/json")
				for k, v := range c.header {
					r.Header.Set(k, v)
				}
				w := httptest.NewRecorder()
				c.h.ServeHTTP(w, r)
				if w.Code != 200 || !bytes.Contains(w.Body.Bytes(), []byte(`"ok":true`)) && c.name != "echo" {
					b.Fatalf("%s: %d %s", c.name, w.Code, w.Body.String()[:min(300, w.Body.Len())])
				}
			}
		})
	}
}
