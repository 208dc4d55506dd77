package tidebreakers

// EntryKind says what a log entry records.
type EntryKind uint8

// Kinds of log entries.
const (
	// Captured: an expedition took the island.
	Captured EntryKind = iota + 1
	// Repelled: the garrison held, reduced by the expedition.
	Repelled
	// Eliminated: Seat lost its last island (From, To and the rest are 0).
	Eliminated
	// Ended: the match ended (Seat is the winner, or Wild when 1st place is
	// shared; Before holds the Ending).
	Ended
)

// Entry is one line of the match log.
type Entry struct {
	Kind   EntryKind
	Round  int
	Seat   int
	From   int
	To     int
	Sent   int
	Before int // the garrison before the expedition
	After  int // the garrison after it (the surplus, on a capture)
}

// LogKept is how many of the most recent entries a state keeps: the full
// log is the live server's to store. Eight covers a whole round of four
// captains with a capture and an elimination each.
const LogKept = 8

// Recorded lists the entries the last Apply on this value added to the
// log, oldest first (none after a decode).
func (s *State) Recorded() []Entry { return s.log[len(s.log)-s.recorded:] }

func (s *State) record(e Entry) {
	s.recorded++
	if len(s.log) == LogKept {
		copy(s.log, s.log[1:])
		s.log = s.log[:LogKept-1]
	}
	s.log = append(s.log, e)
}
