package main

import (
	"bytes"
	"io"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/internal/testserver"
)

// TestRunAgainstAServer checks a few cases against this implementation
// over real HTTP, the way the command does.
func TestRunAgainstAServer(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(testserver.New(t))
	defer srv.Close()
	ref, err := conformance.Reference()
	if err != nil {
		t.Fatal(err)
	}
	if code := run(client.NewHTTP(srv.URL), ref, srv.URL, "", "seed001"); code != 0 {
		t.Errorf("run exited %d", code)
	}
	if code := run(client.NewHTTP(srv.URL), ref, srv.URL, "tron", "100x100"); code != 0 {
		t.Errorf("run of tron's cases and bot exchanges exited %d", code)
	}
	if code := run(client.NewHTTP(srv.URL), ref, srv.URL, "", "no case has this name"); code != 1 {
		t.Errorf("run with nothing to check exited %d, want 1", code)
	}
}

// TestPrintCase writes a case as a transcript with every answer.
func TestPrintCase(t *testing.T) {
	t.Parallel()
	ref, err := conformance.Reference()
	if err != nil {
		t.Fatal(err)
	}
	r, w, _ := os.Pipe()
	old := os.Stdout
	os.Stdout = w
	code := printCase(ref, "tinrail/easy-seed001-reckless")
	os.Stdout = old
	w.Close()
	out, _ := io.ReadAll(r)
	if code != 0 || !bytes.Contains(out, []byte("## action 3:")) || !bytes.Contains(out, []byte("-- observation --\nTinrail against G-Bot Easy")) {
		t.Errorf("exit %d, printed:\n%.500s", code, out)
	}
}

// TestBinarySize builds the command as go build does and holds it to its
// 12 MB budget.
func TestBinarySize(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	out := filepath.Join(t.TempDir(), "conformance")
	cmd := exec.Command("go", "build", "-o", out, ".")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	info, err := os.Stat(out)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("cmd/conformance as go build makes it: %.1f MB", float64(info.Size())/1e6)
	if info.Size() >= 12e6 {
		t.Errorf("%d bytes, over the 12 MB budget", info.Size())
	}
	if strings.Contains(string(must(exec.Command("go", "list", "-deps", ".").Output())), "kin-openapi") {
		t.Error("the conformance command links kin-openapi")
	}
}

func must(b []byte, _ error) []byte { return b }
