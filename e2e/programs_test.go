package e2e

import (
	"os"
	"os/exec"
	"testing"
)

// program finds the first of names on the PATH. Without it the test is
// skipped, unless E2E_REQUIRED is set, as it is in CI (whose .ci/run
// installs it as install says).
func program(t *testing.T, install string, names ...string) string {
	t.Helper()
	for _, name := range names {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("E2E_REQUIRED") != "" {
		t.Fatalf("%s not found: %s", names[0], install)
	}
	t.Skipf("%s not found (%s)", names[0], install)
	return ""
}
