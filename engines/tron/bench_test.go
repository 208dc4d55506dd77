package tron_test

import (
	"fmt"
	"testing"

	"github.com/agentgames/bundle/engines/tron"
)

// recorded is a whole match of the package bots' Easy on a 100x100 grid:
// its seed, its players and every round's moves.
type recorded struct {
	seed    uint64
	players int
	moves   [][tron.MaxPlayers]tron.Dir
}

// record plays the match of seed with Easy cycles and keeps its moves.
func record(b *testing.B, seed uint64, players int) recorded {
	b.Helper()
	s, err := tron.New(seed, 100, 100, players)
	if err != nil {
		b.Fatal(err)
	}
	pol := easyPolicy(seed)
	rec := recorded{seed: seed, players: players}
	for !s.Over() {
		var m [tron.MaxPlayers]tron.Dir
		for p := range players {
			if s.Alive(p) {
				m[p] = pol(s, p)
			}
		}
		s.Play(m)
		rec.moves = append(rec.moves, m)
	}
	return rec
}

// BenchmarkPlay100 measures one round of play on a 100x100 grid with 4
// cycles: it replays the recorded moves of Easy matches, a new match (set
// up off the clock) when one ends.
func BenchmarkPlay100(b *testing.B) {
	var recs []recorded
	total := 0
	for seed := range uint64(8) {
		recs = append(recs, record(b, seed, 4))
		total += len(recs[seed].moves)
	}
	b.ReportAllocs()
	var s *tron.State
	i, r := -1, 0
	for b.Loop() {
		if s == nil || r == len(recs[i].moves) {
			b.StopTimer()
			i, r = (i+1)%len(recs), 0
			s, _ = tron.New(recs[i].seed, 100, 100, 4)
			b.StartTimer()
		}
		s.Play(recs[i].moves[r])
		r++
	}
	b.ReportMetric(float64(total)/float64(len(recs)), "rounds/match")
}

// BenchmarkUnmarshalLong measures decoding the state of a long 100x100
// match, which plays all its moves again: the longest of TestEasyPlay's
// Easy matches.
func BenchmarkUnmarshalLong(b *testing.B) {
	rec := record(b, 15, 2)
	s, err := tron.New(rec.seed, 100, 100, rec.players)
	if err != nil {
		b.Fatal(err)
	}
	for _, m := range rec.moves {
		s.Play(m)
	}
	data, err := s.MarshalBinary()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		var u tron.State
		if err := u.UnmarshalBinary(data); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(s.Round()), "rounds")
}

// longSeed deals the longest 2-cycle Easy match on a 100x100 grid of the
// seeds 0 to 5: 3,744 rounds.
const longSeed = 3

// longMatch is longSeed's match as it stood after round rounds: played
// from New (recording its moves), or worked out by Rewound from its moves
// as a server restores a match (recording none).
func longMatch(b *testing.B, round int, played bool) *tron.State {
	b.Helper()
	rec := record(b, longSeed, 2)
	if round >= len(rec.moves) {
		b.Fatalf("the match lasts %d rounds, not past %d", len(rec.moves), round)
	}
	if !played {
		s, err := tron.Rewound(rec.seed, 100, 100, 2, round, [tron.MaxPlayers]int{}, func(r, p int) tron.Dir { return rec.moves[r-1][p] })
		if err != nil {
			b.Fatal(err)
		}
		return s
	}
	s, err := tron.New(rec.seed, 100, 100, 2)
	if err != nil {
		b.Fatal(err)
	}
	for _, m := range rec.moves[:round] {
		s.Play(m)
	}
	return s
}

// BenchmarkClone measures copying a 2-cycle 100x100 match early (round
// 10) and late (round 3,000, its trails of 3,001 cells each), restored by
// Rewound or played from New.
func BenchmarkClone(b *testing.B) {
	for _, round := range []int{10, 3000} {
		for _, played := range []bool{false, true} {
			name := fmt.Sprintf("rewound/round=%d", round)
			if played {
				name = fmt.Sprintf("played/round=%d", round)
			}
			b.Run(name, func(b *testing.B) {
				s := longMatch(b, round, played)
				b.ReportAllocs()
				for b.Loop() {
					s.Clone()
				}
			})
		}
	}
}

// BenchmarkTrail measures listing both trails of a 2-cycle 100x100 match
// at round 10 and at round 3,000.
func BenchmarkTrail(b *testing.B) {
	for _, round := range []int{10, 3000} {
		b.Run(fmt.Sprintf("round=%d", round), func(b *testing.B) {
			s := longMatch(b, round, false)
			b.ReportAllocs()
			for b.Loop() {
				s.Trail(0)
				s.Trail(1)
			}
		})
	}
}

// BenchmarkSnapshot measures writing a 2-cycle 100x100 match's snapshot
// (into a buffer kept from one write to the next) and reading it back, at
// round 10 and at round 3,000.
func BenchmarkSnapshot(b *testing.B) {
	for _, round := range []int{10, 3000} {
		s := longMatch(b, round, false)
		data, err := s.AppendSnapshot(nil)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("append/round=%d", round), func(b *testing.B) {
			b.ReportAllocs()
			buf := data
			for b.Loop() {
				buf, _ = s.AppendSnapshot(buf[:0])
			}
		})
		b.Run(fmt.Sprintf("read/round=%d", round), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := tron.FromSnapshot(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
