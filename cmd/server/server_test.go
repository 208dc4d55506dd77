package main

import (
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestDefaultTimeoutsAreSet(t *testing.T) {
	srv := newServer("127.0.0.1:0", http.NotFoundHandler(), defaultTimeouts)
	for name, d := range map[string]time.Duration{
		"ReadHeaderTimeout": srv.ReadHeaderTimeout, "ReadTimeout": srv.ReadTimeout,
		"WriteTimeout": srv.WriteTimeout, "IdleTimeout": srv.IdleTimeout,
	} {
		if d <= 0 {
			t.Errorf("%s is %v: a slow client could hold a connection for ever", name, d)
		}
	}
	if srv.MaxHeaderBytes <= 0 {
		t.Errorf("MaxHeaderBytes is %d: the default allows 1 MB", srv.MaxHeaderBytes)
	}
}

// TestServerClosesStalledConnections: a client that stops sending, in the
// middle of a body or between requests on a keep-alive connection, loses the
// connection once the matching timeout passes. Each case shortens only the
// timeout that should close its connection.
func TestServerClosesStalledConnections(t *testing.T) {
	const short, long, bound = 200 * time.Millisecond, time.Minute, 3 * time.Second
	tests := []struct {
		name      string
		timeouts  timeouts
		request   string
		wantReply string // how the reply before the close begins
	}{
		{"body never sent", timeouts{readHeader: long, read: short, write: long, idle: long},
			"POST / HTTP/1.1\r\nHost: test\r\nContent-Length: 100\r\n\r\n", ""},
		{"idle keep-alive", timeouts{readHeader: long, read: long, write: long, idle: short},
			"GET / HTTP/1.1\r\nHost: test\r\n\r\n", "HTTP/1.1 200 OK"},
	}
	readBody := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.Copy(io.Discard, r.Body) })
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			srv := newServer(ln.Addr().String(), readBody, tt.timeouts)
			go srv.Serve(ln)
			t.Cleanup(func() { srv.Close() })

			conn, err := net.DialTimeout("tcp", ln.Addr().String(), bound)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			if _, err := io.WriteString(conn, tt.request); err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			conn.SetReadDeadline(start.Add(bound))
			reply, err := io.ReadAll(conn)
			elapsed := time.Since(start)
			if ne := net.Error(nil); errors.As(err, &ne) && ne.Timeout() {
				t.Fatalf("the connection was still open after %v", elapsed)
			}
			if elapsed < short/2 {
				t.Errorf("closed after %v, before the timeout could have passed: %q", elapsed, reply)
			}
			if !strings.HasPrefix(string(reply), tt.wantReply) {
				t.Errorf("reply %q, want it to begin %q", reply, tt.wantReply)
			}
		})
	}
}
