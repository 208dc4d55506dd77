package e2e

import (
	"bytes"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/conformance/rules/tron"
	"github.com/agentgames/bundle/golden"
	"github.com/agentgames/bundle/internal/testserver"
)

// TestBotEndpointUnderCurl sends the golden exchanges to the bot endpoint
// of a real server the way the arena's PHP does: libcurl, a custom POST
// with the message as the body, its own Content-Type and Content-Length
// headers, a 10 s timeout. Each is also sent as Bolosseum's GET
// ?message=.
func TestBotEndpointUnderCurl(t *testing.T) {
	curl := program(t, "apt-get install curl", "curl")
	srv := httptest.NewServer(testserver.New(t))
	defer srv.Close()
	all, err := conformance.LoadExchanges(golden.Files, "tron")
	if err != nil || len(all) != 1 {
		t.Fatalf("the exchanges: %v", err)
	}
	dir := t.TempDir()
	for i, ex := range all[0].Exchanges {
		file := filepath.Join(dir, strconv.Itoa(i)+".json")
		if err := os.WriteFile(file, []byte(ex.Message), 0o600); err != nil {
			t.Fatal(err)
		}
		url := srv.URL + "/api/bots/tron?" + ex.Query
		post := []string{"-sS", "--max-time", "10", "-X", "POST", "-H", "Content-Type: application/json",
			"-H", "Content-Length: " + strconv.Itoa(len(ex.Message)), "--data-binary", "@" + file}
		get := []string{"-sS", "--max-time", "10", "-G", "--data-urlencode", "message@" + file}
		for method, args := range map[string][]string{"POST": post, "GET": get} {
			out, err := exec.Command(curl, append(args, "-w", "\n%{http_code}", url)...).Output()
			if err != nil {
				t.Fatalf("%s: curl: %v", ex.Name, err)
			}
			cut := bytes.LastIndexByte(out, '\n') // -w writes the status after the body's last newline
			code, _ := strconv.Atoi(string(out[cut+1:]))
			if err := ex.Check(code, out[:cut], tron.Directions); err != nil {
				t.Errorf("%s (%s): %v", ex.Name, method, err)
			}
		}
	}
}
