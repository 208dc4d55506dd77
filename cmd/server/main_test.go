package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentgames/bundle/store/bolt"
)

// TestBusyPort: on a port another program has, the server fails at once
// with an error that says so and how to pick another, before it logs
// "serving" and before it opens its match file.
func TestBusyPort(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	var logs strings.Builder
	data := filepath.Join(t.TempDir(), "matches.db")
	err = run(context.Background(), taken.Addr().String(), data, limits{}, slog.New(slog.NewJSONHandler(&logs, nil)))
	if err == nil || !strings.Contains(err.Error(), "address already in use") || !strings.Contains(err.Error(), "ADDR=") {
		t.Errorf("run on a busy port: %v", err)
	}
	if strings.Contains(logs.String(), "serving") {
		t.Errorf("said serving on a busy port: %s", logs.String())
	}
	if _, err := os.Stat(data); !os.IsNotExist(err) {
		t.Errorf("opened its match file first: %v", err)
	}
}

// TestStoreInUse: a second server on the same match file fails with an
// error that says another process holds it and how to pick another file.
func TestStoreInUse(t *testing.T) {
	data := filepath.Join(t.TempDir(), "matches.db")
	first, err := bolt.Open(data, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	err = run(context.Background(), "127.0.0.1:0", data, limits{}, slog.New(slog.NewJSONHandler(io.Discard, nil)))
	if !errors.Is(err, bolt.ErrInUse) || !strings.Contains(err.Error(), data) || !strings.Contains(err.Error(), "-data ") {
		t.Errorf("a second server on %s: %v", data, err)
	}
}

// TestServesAndLogs: the server logs the address it really listens on
// (the port it was given, or the one it got for :0; the loopback address
// to open, with a note, when it listens on every interface), serves there,
// and logs one JSON line a request under the id it answers with.
func TestServesAndLogs(t *testing.T) {
	for _, tt := range []struct {
		addr       string
		everywhere bool
	}{{"127.0.0.1:0", false}, {":0", true}} {
		t.Run(tt.addr, func(t *testing.T) {
			r, w := io.Pipe()
			lines := bufio.NewScanner(r)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			done := make(chan error, 1)
			t.Setenv("TOKEN_KEYS", "")
			go func() {
				done <- run(ctx, tt.addr, filepath.Join(t.TempDir(), "matches.db"), limits{}, slog.New(slog.NewJSONHandler(w, nil)))
				w.Close()
			}()
			var serving struct{ Msg, URL, Start, Listening, Note string }
			for serving.Msg != "serving every game" && lines.Scan() {
				json.Unmarshal(lines.Bytes(), &serving)
			}
			_, port, _ := net.SplitHostPort(serving.Listening)
			if serving.URL != "http://127.0.0.1:"+port || port == "0" || serving.Start != serving.URL+"/llms.txt" ||
				(serving.Note != "") != tt.everywhere {
				t.Fatalf("serving line %+v", serving)
			}
			got := make(chan struct{})
			go func() { // the request's line comes while the test reads
				defer close(got)
				res, err := (&http.Client{Timeout: 5 * time.Second}).Get(serving.Start)
				if err != nil {
					t.Error(err)
					return
				}
				res.Body.Close()
				if res.StatusCode != 200 || res.Header.Get("X-Request-Id") == "" {
					t.Errorf("GET %s: %d, id %q", serving.Start, res.StatusCode, res.Header.Get("X-Request-Id"))
				}
			}()
			var req struct{ Msg, Method, Path, Route, RequestID, RemoteIP string }
			for req.Msg != "request" && lines.Scan() {
				json.Unmarshal(lines.Bytes(), &req)
			}
			if req.Method != "GET" || req.Path != "/llms.txt" || req.Route != "GET /llms.txt" || req.RequestID == "" || req.RemoteIP != "127.0.0.1" {
				t.Errorf("request line %+v", req)
			}
			<-got
			cancel()
			go io.Copy(io.Discard, r)
			if err := <-done; err != nil {
				t.Errorf("stopping: %v", err)
			}
		})
	}
}

// TestDamagedStore: on a damaged match file (an empty one included) the
// server refuses to start, with the store's error: it names the file,
// says what is wrong and what to do. It never panics, nor says serving.
func TestDamagedStore(t *testing.T) {
	for _, tt := range []struct {
		name, problem string
		damage        func(path string) error
	}{
		{"empty", "it is empty (0 bytes)", func(path string) error { return os.WriteFile(path, nil, 0o600) }},
		{"truncated", "truncated: 8192 bytes", func(path string) error {
			s, err := bolt.Open(path, time.Now)
			if err != nil {
				return err
			}
			if _, err := s.Save(context.Background(), "g", "", []byte("kept"), 0, time.Time{}); err != nil {
				return err
			}
			if err := s.Close(); err != nil {
				return err
			}
			return os.Truncate(path, 8192)
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			data := filepath.Join(t.TempDir(), "matches.db")
			if err := tt.damage(data); err != nil {
				t.Fatal(err)
			}
			var logs strings.Builder
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second) // in case it serves
			defer cancel()
			err := run(ctx, "127.0.0.1:0", data, limits{}, slog.New(slog.NewJSONHandler(&logs, nil)))
			var d *bolt.DamagedError
			if !errors.As(err, &d) || d.Path != data || !strings.HasPrefix(d.Problem, tt.problem) ||
				!strings.Contains(err.Error(), "mv "+data+" "+data+".damaged") {
				t.Errorf("run on a damaged file: %v", err)
			}
			if strings.Contains(logs.String(), "serving") {
				t.Errorf("said serving: %s", logs.String())
			}
		})
	}
}
