// Package lambdasamples reads aws-lambda-go's own sample events (the
// events/testdata folder of its module), for tests of the Lambda edge.
package lambdasamples

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// dir is the aws-lambda-go module's folder, as the go command resolves it
// for this module.
var dir = sync.OnceValues(func() (string, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/aws/aws-lambda-go").Output()
	return strings.TrimSpace(string(out)), err
})

// Load answers the sample event name (such as "apigw-request.json") as a
// map to edit.
func Load(t testing.TB, name string) map[string]any {
	t.Helper()
	d, err := dir()
	if err != nil {
		t.Fatalf("finding aws-lambda-go: %v", err)
	}
	b, err := os.ReadFile(filepath.Join(d, "events", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}
