package fights

import (
	"encoding/json"
	"testing"
	"time"
)

func TestReadMessage(t *testing.T) {
	for _, c := range []struct {
		body, fight string
	}{
		{`{"fight":"K7PFCGTXEG"}`, "K7PFCGTXEG"},
		{` {"fight":"K7PFCGTXEG"} `, "K7PFCGTXEG"},
		{`{"fight":""}`, ""},
		{`{}`, ""},
		{`{"fight":"A","extra":1}`, ""},
		{`{"fight":"A"}{"fight":"B"}`, ""},
		{`{"fight":"A","fight":"B"}`, ""},
		{`{"fight":7}`, ""},
		{`[]`, ""},
		{``, ""},
	} {
		m, err := ReadMessage(c.body)
		if c.fight == "" && err == nil || c.fight != "" && (err != nil || m.Fight != c.fight) {
			t.Errorf("ReadMessage(%q) = %+v, %v; want fight %q", c.body, m, err, c.fight)
		}
	}
}

// FuzzReadMessage: no body panics, and a body read names a fight that
// reads back the same.
func FuzzReadMessage(f *testing.F) {
	for _, s := range []string{`{"fight":"K7PFCGTXEG"}`, `{}`, `{"fight":"A"}{"fight":"B"}`, `{"fight":"\u0000"}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		m, err := ReadMessage(body)
		if err != nil {
			return
		}
		again, _ := json.Marshal(m)
		if back, err := ReadMessage(string(again)); err != nil || back.Fight != m.Fight || m.Fight == "" {
			t.Errorf("%q read as %+v, which reads back as %+v, %v", body, m, back, err)
		}
	})
}

func TestArenaSettings(t *testing.T) {
	t.Setenv("FIGHT_QUEUE", "")
	if a, err := Arena(); a != nil || err != nil {
		t.Fatalf("no queue: %+v, %v; want no arena", a, err)
	}
	t.Setenv("FIGHT_QUEUE", "https://sqs.example/1/fights")
	t.Setenv("ARENA_LEASE", "5s")
	t.Setenv("ARENA_OPTIONS", `{"tron":{"width":30,"height":30}}`)
	a, err := Arena()
	if err != nil || a.Settings.Lease != 5*time.Second || string(a.Settings.Options["tron"]) != `{"width":30,"height":30}` || a.Calls.AllowHTTP {
		t.Fatalf("settings: %+v, %v", a, err)
	}
	for _, env := range [][2]string{{"ARENA_LEASE", "1ms"}, {"ARENA_LEASE", "soon"}, {"ARENA_OPTIONS", `{"tron":3}`}, {"ARENA_OPTIONS", `[`}} {
		t.Setenv("ARENA_LEASE", "")
		t.Setenv("ARENA_OPTIONS", "")
		t.Setenv(env[0], env[1])
		if _, err := Arena(); err == nil {
			t.Errorf("%s=%s: no error", env[0], env[1])
		}
	}
}
