package live_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/agentgames/bundle/games/tron/live"
	core "github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/store/memory"
)

// TestTranscriptPages: the transcript of a 100x100 match 600 rounds in,
// read page by page, holds every frame once and in order; a page stops
// before a frame that, judged by the one before, would take its states
// past core.TranscriptBytes, so pages late in the match hold fewer than
// core.TranscriptPage frames.
func TestTranscriptPages(t *testing.T) {
	const rounds = 600
	c := &clock{}
	c.advance(time.Hour)
	data, a, _ := matchOf(t, c, longPlay(longSeed, 100, 100, rounds+1), rounds)
	ctx := context.Background()
	store := &memory.Store{Clock: c.time}
	if _, err := store.Save(ctx, "tron-live", a.Code, data, 0, time.Time{}); err != nil {
		t.Fatal(err)
	}
	s := live.NewServer(store, c.time)
	frames, short := 0, false
	for from, more := 0, true; more; {
		page, err := s.Transcript(ctx, a.Code, from)
		if err != nil {
			t.Fatal(err)
		}
		if len(page.Frames) == 0 || len(page.Frames) > core.TranscriptPage {
			t.Fatalf("the page from %d holds %d frames", from, len(page.Frames))
		}
		size, last := 0, 0
		for i, f := range page.Frames {
			if i > 0 && size+last > core.TranscriptBytes {
				t.Fatalf("the page from %d goes on past %d bytes of states, at its frame %d", from, size, i)
			}
			size, last = size+len(f.Public), len(f.Public)
			var st live.State
			if err := json.Unmarshal(f.Public, &st); err != nil || st.Round != from+i {
				t.Fatalf("frame %d of the page from %d is of round %d, %v", i, from, st.Round, err)
			}
		}
		if page.More && len(page.Frames) < core.TranscriptPage {
			short = true
			if size+last <= core.TranscriptBytes {
				t.Fatalf("the page from %d stops at %d frames and %d bytes", from, len(page.Frames), size)
			}
		}
		frames, from, more = frames+len(page.Frames), from+len(page.Frames), page.More
	}
	if frames != rounds+1 || !short {
		t.Fatalf("%d frames, a page cut short %v; want %d and some", frames, short, rounds+1)
	}
}
