package live_test

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/agentgames/bundle/games/tron/live"
	core "github.com/agentgames/bundle/play/live"
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
	p := matchOf(t, c, longPlay(longSeed, 100, 100, rounds+1), rounds)
	a := p.a
	ctx := context.Background()
	s := live.NewServer(p.store, c.time)
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

// TestStoredStaysSmall: a 100x100 match stored after each of its first
// 1,300 rounds holds the same few hundred bytes whatever the round: its
// record's rounds but the last chunk or two are kept apart, in chunks of
// 256, which a server reading it afresh reads back.
func TestStoredStaysSmall(t *testing.T) {
	const rounds = 1300
	c := &clock{}
	c.advance(time.Hour)
	ctx := context.Background()
	moves := longPlay(longSeed, 100, 100, rounds+1)
	p := matchOf(t, c, moves, 0)
	s := live.NewServer(p.store, c.time)
	most := 0
	for r, mv := range moves[:rounds] {
		for _, seat := range []*live.Joined{p.a, p.j} {
			if _, err := s.Act(ctx, p.a.Code, seat.Token, move(mv[seat.Seat].String())); err != nil {
				t.Fatalf("round %d: %v", r+1, err)
			}
		}
		data, _, err := p.store.Load(ctx, "tron-live", p.a.Code)
		if err != nil {
			t.Fatal(err)
		}
		most = max(most, len(data))
	}
	t.Logf("stored in up to %d bytes", most)
	if most > 1100 {
		t.Errorf("the match is stored in up to %d bytes: the record is not kept apart", most)
	}
	whole, err := s.Read(ctx, p.a.Code)
	if err != nil || whole.Chunks != rounds/256-1 {
		t.Fatalf("at round %d: %d chunks apart, %v; want %d", rounds, whole.Chunks, err, rounds/256-1)
	}
	afresh, err := live.NewServer(p.store, c.time).WithKept(0).Read(ctx, p.a.Code)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := live.Public(afresh), live.Public(whole); got.Round != rounds || !reflect.DeepEqual(got, want) {
		t.Errorf("read afresh at round %d: %+v, want the match the server keeps", got.Round, got)
	}
}
