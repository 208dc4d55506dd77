package testserver

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/store/bolt"
	"github.com/agentgames/bundle/transport/httpapi"
)

// Loopback is a real HTTP server on loopback serving every game and a
// live match API whose matches live in a bbolt file, as the local server
// keeps them, with a client that keeps 100 connections open: what the
// live load benchmarks measure.
type Loopback struct {
	tb     testing.TB
	url    string
	client *http.Client
	// Store is the server's store.
	Store *bolt.Store
}

// NewLoopback serves live, made over the bbolt store it is given; the
// server and the store close when tb ends.
func NewLoopback(tb testing.TB, live func(play.Store) httpapi.Live) *Loopback {
	tb.Helper()
	store, err := bolt.Open(filepath.Join(tb.TempDir(), "matches.db"), time.Now)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { store.Close() })
	h := New(tb)
	h.ServeLive(live(store))
	srv := httptest.NewServer(h)
	tb.Cleanup(srv.Close)
	client := srv.Client()
	client.Transport.(*http.Transport).MaxIdleConnsPerHost = 100
	return &Loopback{tb: tb, url: srv.URL, client: client, Store: store}
}

// Post sends body as JSON to path, decodes the answer into out, and
// answers its status (0 when the request failed, which fails tb).
func (l *Loopback) Post(path string, body, out any) int {
	data, _ := json.Marshal(body)
	res, err := l.client.Post(l.url+path, "application/json", bytes.NewReader(data))
	return l.read(res, err, out)
}

// Get reads path, decoding the answer into out, and answers its status.
func (l *Loopback) Get(path string, out any) int {
	res, err := l.client.Get(l.url + path)
	return l.read(res, err, out)
}

// read decodes an answer into out and answers its status.
func (l *Loopback) read(res *http.Response, err error, out any) int {
	if err != nil {
		l.tb.Error(err)
		return 0
	}
	defer res.Body.Close()
	json.NewDecoder(res.Body).Decode(out)
	return res.StatusCode
}
