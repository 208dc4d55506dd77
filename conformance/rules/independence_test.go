package rules

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// module is this bundle's module path.
const module = "github.com/agentgames/bundle"

// implementation are the bundle's packages a referee must not depend on:
// the engines (the documented generator, engines/rng, among them), the
// game packages and the play service.
var implementation = []string{module + "/engines", module + "/games", module + "/play"}

// implementationIn lists the packages of deps that are of the bundle's
// implementation.
func implementationIn(deps []string) []string {
	var out []string
	for _, d := range deps {
		for _, p := range implementation {
			if d == p || strings.HasPrefix(d, p+"/") {
				out = append(out, d)
			}
		}
	}
	return out
}

// TestRefereesAreIndependent: no package of the rules level (this
// harness, every game's referee, the referees' test helper) depends,
// however indirectly, on an engine, the generator, a game package or the
// play service, so a referee judges this implementation as it judges any
// other. The dependencies are go list's, so the test sees real imports;
// it is held to catch the conformance package itself, which carries the
// reference engines for the golden level.
func TestRefereesAreIndependent(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}}{{range .Deps}} {{.}}{{end}}", "./...", "..").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := map[string][]string{}
	for line := range strings.Lines(strings.TrimSpace(string(out))) {
		f := strings.Fields(line)
		deps[f[0]] = f[1:]
	}
	root := module + "/conformance"
	if len(implementationIn(deps[root])) == 0 {
		t.Fatalf("%s imports the reference engines, but the test sees none of them in %v", root, deps[root])
	}
	harness, referees := root+"/rules", 0
	for pkg, ds := range deps {
		if pkg == root {
			continue
		}
		if strings.HasPrefix(pkg, harness+"/") && slices.Contains(ds, harness) {
			referees++
		}
		if bad := implementationIn(ds); len(bad) > 0 {
			t.Errorf("%s depends on the bundle's implementation: %v", pkg, bad)
		}
	}
	if referees < 4 {
		t.Errorf("%d referee packages on the harness, want one a game at least: %v", referees, deps)
	}
}
