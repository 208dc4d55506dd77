package main

import (
	"net/http"
	"time"
)

// Limits on one connection. Request bodies are at most 64 KiB and answers
// take milliseconds, so these are generous for any client that is talking,
// yet free a silent or trickling client's connection within seconds.
const (
	// readHeaderTimeout bounds reading a request's headers.
	readHeaderTimeout = 5 * time.Second
	// readTimeout bounds reading a whole request, headers and body.
	readTimeout = 10 * time.Second
	// writeTimeout bounds a request from the end of its headers to the end
	// of its answer.
	writeTimeout = 15 * time.Second
	// idleTimeout bounds how long a keep-alive connection may wait for its
	// next request.
	idleTimeout = 30 * time.Second
	// maxHeaderBytes bounds the size of a request's headers.
	maxHeaderBytes = 32 << 10
)

// timeouts are the durations newServer gives an http.Server.
type timeouts struct {
	readHeader, read, write, idle time.Duration
}

// defaultTimeouts are the timeouts the server runs with.
var defaultTimeouts = timeouts{readHeader: readHeaderTimeout, read: readTimeout, write: writeTimeout, idle: idleTimeout}

// newServer builds the server for h on addr, with the given timeouts and
// headers of at most maxHeaderBytes.
func newServer(addr string, h http.Handler, t timeouts) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: t.readHeader,
		ReadTimeout:       t.read,
		WriteTimeout:      t.write,
		IdleTimeout:       t.idle,
		MaxHeaderBytes:    maxHeaderBytes,
	}
}
