package bolt_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentgames/bundle/store/bolt"
)

// killWriters is how many goroutines of the killed process save at once,
// so that its saves share transactions as a server's do.
const killWriters = 32

// TestAcknowledgedSavesSurviveKill: a process whose goroutines save
// entries at once, each printing every save the store acknowledged, is
// killed (SIGKILL, no chance to close the file) once it has printed
// 2,000; the file then opens, and every acknowledged save is there, at
// its version or a later one, with its state. A group commit must not
// answer a save before its transaction is on disk.
func TestAcknowledgedSavesSurviveKill(t *testing.T) {
	if path := os.Getenv("BOLT_KILL_WRITER"); path != "" {
		killWriter(path)
		return
	}
	if testing.Short() {
		t.Skip("runs a process of its own")
	}
	path := filepath.Join(t.TempDir(), "matches.db")
	cmd := exec.Command(os.Args[0], "-test.run", "^TestAcknowledgedSavesSurviveKill$")
	cmd.Env = append(os.Environ(), "BOLT_KILL_WRITER="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	acked := map[string]uint64{}
	lines := bufio.NewScanner(out)
	for n := 0; n < 2000 && lines.Scan(); n++ {
		ref, v, ok := strings.Cut(lines.Text(), " ")
		version, err := strconv.ParseUint(v, 10, 64)
		if !ok || err != nil {
			t.Fatalf("the writer printed %q", lines.Text())
		}
		acked[ref] = max(acked[ref], version)
	}
	cmd.Process.Kill()
	cmd.Wait()
	if len(acked) < killWriters {
		t.Fatalf("the writer acknowledged saves of %d entries, want %d", len(acked), killWriters)
	}
	s, err := bolt.Open(path, time.Now)
	if err != nil {
		t.Fatalf("the killed writer's file: %v", err)
	}
	defer s.Close()
	for ref, want := range acked {
		state, version, err := s.Load(context.Background(), "killed", ref)
		switch {
		case err != nil:
			t.Errorf("%s: %v", ref, err)
		case version < want:
			t.Errorf("%s: version %d after the kill, but the store acknowledged version %d", ref, version, want)
		case string(state) != fmt.Sprintf("%s at %d", ref, version):
			t.Errorf("%s at version %d holds %q", ref, version, state)
		}
	}
}

// killWriter saves entries until it is killed, printing "ref version" for
// every save the store acknowledged.
func killWriter(path string) {
	s, err := bolt.Open(path, time.Now)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for w := range killWriters {
		wg.Go(func() {
			ref := fmt.Sprintf("entry-%02d", w)
			for version := uint64(0); ; version++ {
				if _, err := s.Save(context.Background(), "killed", ref, fmt.Appendf(nil, "%s at %d", ref, version+1), version, time.Time{}); err != nil {
					fmt.Fprintln(os.Stderr, err)
					os.Exit(1)
				}
				mu.Lock()
				fmt.Fprintf(os.Stdout, "%s %d\n", ref, version+1)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
}
