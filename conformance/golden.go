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

// Strays lists the golden files in dir that no recorded transcript name
// claims: left over from a case that was removed.
func Strays(dir string, names []string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	known := map[string]bool{}
	for _, n := range names {
		known[n+".json"] = true
	}
	var out []string
	for _, f := range files {
		if !known[filepath.Base(f)] {
			out = append(out, f)
		}
	}
	return out, nil
}
