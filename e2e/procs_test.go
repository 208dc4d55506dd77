package e2e

import (
	"bytes"
	"net"
	"os/exec"
	"testing"
	"time"
)

// startLogged starts cmd with its output kept in the buffer it answers,
// and kills it when the test ends, logging the end of that output under
// name if the test failed.
func startLogged(t testing.TB, name string, cmd *exec.Cmd) *bytes.Buffer {
	t.Helper()
	log := &bytes.Buffer{}
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		if t.Failed() {
			t.Logf("%s:\n%s", name, tail(log.String()))
		}
	})
	return log
}

// listens reports whether addr takes a TCP connection within d.
func listens(addr string, d time.Duration) bool {
	for start := time.Now(); time.Since(start) < d; time.Sleep(time.Millisecond) {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return true
		}
	}
	return false
}
