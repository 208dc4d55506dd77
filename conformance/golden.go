package conformance

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/google/go-cmp/cmp"
)

// Golden compares a freshly recorded transcript with the file dir/<name>.json
// and answers the go-cmp diff (-golden +now), empty when they agree. With
// update it writes the file instead.
func Golden(dir string, t *Transcript, update bool) (string, error) {
	data, err := t.Marshal()
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, t.Name+".json")
	if update {
		return "", os.WriteFile(path, data, 0o644)
	}
	want, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("%w (go test -update writes it)", err)
	}
	var w, g any
	if err := json.Unmarshal(want, &w); err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	if err := json.Unmarshal(data, &g); err != nil {
		return "", err
	}
	return cmp.Diff(w, g), nil
}

// MinCases is the fewest golden transcripts a game keeps.
const MinCases = 20

// CheckCases reports golden files in dir that no case names (left over
// from a removed case) and a game with fewer than MinCases cases.
func CheckCases(dir string, names []string) error {
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return err
	}
	known := map[string]bool{}
	for _, n := range names {
		known[n+".json"] = true
	}
	var strays []string
	for _, f := range files {
		if !known[filepath.Base(f)] {
			strays = append(strays, f)
		}
	}
	switch {
	case len(strays) > 0:
		return fmt.Errorf("golden files without a case: %v", strays)
	case len(names) < MinCases:
		return fmt.Errorf("%d golden cases, want at least %d", len(names), MinCases)
	}
	return nil
}
