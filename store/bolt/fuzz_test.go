package bolt_test

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzOpen: whatever the bytes of a sample's file become, Open refuses
// them clearly or every entry reads back (readBack). The seeds are the
// damage matrix of a sample of 30 entries.
func FuzzOpen(f *testing.F) {
	s := newSample(f, 30)
	for _, d := range damages(s, 2) {
		f.Add(d.do(s.file))
	}
	f.Fuzz(func(t *testing.T, file []byte) {
		path := filepath.Join(t.TempDir(), "matches.db")
		if err := os.WriteFile(path, file, 0o600); err != nil {
			t.Fatal(err)
		}
		_, broken := readBack(s, path)
		for _, b := range broken {
			t.Error(b)
		}
	})
}
