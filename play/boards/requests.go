package boards

// The bounds of a request to the boards, whichever edge reads it (the
// query of GET /api/games/{slug}/board and .../ratings, the arguments of
// the MCP tools leaderboard and ratings): each edge reads its own
// encoding into these numbers and holds them to these bounds.
const (
	// DefaultLimit is how many lines a page lists unless the request says;
	// MaxLimit the most it may ask.
	DefaultLimit = 100
	MaxLimit     = 1000
	// MaxOffset is the furthest line a page may start from by its offset
	// (a page costs the lines it skips); further pages start after a
	// line, the next of the page before (Page.After), and cost their own
	// lines only. MaxAfter bounds a cursor's length.
	MaxOffset = 1000
	MaxAfter  = 1024
	// DefaultSeats is the board of ratings a request names by no number of
	// seats (MinSeats to MaxSeats).
	DefaultSeats = 2
)
