package arena

import "context"

// FightInfo is what anyone may read of a fight: not its bots' URLs nor
// its seats' tokens. Match is the path of its live match (read it, watch
// it, read its transcript there), Page its page.
type FightInfo struct {
	Code     string     `json:"code"`
	Game     string     `json:"game"`
	Seats    []SeatInfo `json:"seats"`
	Launched int64      `json:"launched"`
	Ended    int64      `json:"ended,omitempty"`
	Over     bool       `json:"over"`
	Places   []int      `json:"places,omitempty"`
	Match    string     `json:"match"`
	Page     string     `json:"page"`
	// Plays is "runs" for a ranked run the arena played for a bot, on
	// Board (its options), scored Score once over.
	Plays string            `json:"plays,omitempty"`
	Board map[string]string `json:"board,omitempty"`
	Score *int              `json:"score,omitempty"`
}

// SeatInfo is a seat of a fight as anyone sees it: its bot (an id, or
// "house:<policy>"), its name, why it failed if it did, and its bot's
// replies: how many, their mean and the slowest, in milliseconds.
type SeatInfo struct {
	Bot     string `json:"bot"`
	Name    string `json:"name"`
	Failed  string `json:"failed,omitempty"`
	Calls   int    `json:"calls"`
	Mean    int64  `json:"meanMillis"`
	Slowest int64  `json:"slowestMillis"`
}

// Info is what anyone may read of f. A run's Match is its ranked match
// (/api/games/{game}/ranked/{id}, once started) and its Page the replay
// viewer's.
func (a *Arena) Info(f *Fight) FightInfo {
	out := FightInfo{Code: f.Code, Game: f.Game, Launched: f.Launched, Ended: f.Ended, Over: f.Rated, Places: f.Places,
		Seats: make([]SeatInfo, len(f.Seats))}
	if f.Plays == PlaysRuns {
		out.Plays, out.Board, out.Score = PlaysRuns, f.Options, f.Score
		if f.Run != "" {
			out.Match = "/api/games/" + f.Game + "/ranked/" + f.Run
			out.Page = "/view/?game=" + f.Game + "&ranked=" + f.Run
		}
	} else {
		g := a.servers[f.Game].Game()
		out.Match, out.Page = g.Base+"/"+f.Code, "/"+g.Page+"/?code="+f.Code
	}
	for i, st := range f.Seats {
		out.Seats[i] = SeatInfo{Bot: st.Bot, Name: st.Name, Failed: st.Failed, Calls: st.Calls, Slowest: st.Slowest}
		if st.Calls > 0 {
			out.Seats[i].Mean = st.Millis / int64(st.Calls)
		}
	}
	return out
}

// LadderInfo is a game's ladder for fights of Seats seats as anyone reads
// it: its standings, best first, each with its bot's name, and the record
// of every pair of its first PairsShown against each other, as of its
// last fight (a house bot's mirrored from its opponents': it keeps none
// of its own).
type LadderInfo struct {
	Game      string                     `json:"game"`
	Seats     int                        `json:"seats"`
	Standings []Ranked                   `json:"standings"`
	Pairs     map[string]map[string]Pair `json:"pairs"`
}

// Ranked is a standing on a ladder, with its bot's name and Weng-Lin
// ordinal.
type Ranked struct {
	Standing
	Name    string  `json:"name"`
	Ordinal float64 `json:"ordinal"`
}

// LadderInfo is game's ladder of fights of seats seats, as anyone reads
// it.
func (a *Arena) LadderInfo(ctx context.Context, game string, seats int) (*LadderInfo, error) {
	l, err := a.Ladder(ctx, game, seats)
	if err != nil {
		return nil, err
	}
	r, err := a.Roster(ctx, game)
	if err != nil {
		return nil, err
	}
	out := &LadderInfo{Game: game, Seats: seats, Standings: []Ranked{}}
	names := make(map[string]string, len(r.Bots))
	for _, e := range r.Bots {
		names[e.ID] = e.Name
	}
	for _, st := range l.Ranked() {
		name, ok := names[st.Bot]
		if !ok {
			name = st.Bot // a house bot's
		}
		out.Standings = append(out.Standings, Ranked{Standing: st, Name: name, Ordinal: st.Rating.Ordinal()})
	}
	out.Pairs = map[string]map[string]Pair{}
	first := out.Standings[:min(len(out.Standings), PairsShown)]
	for _, a := range first {
		for _, b := range first {
			if rec, ok := l.Shown[a.Bot][b.Bot]; ok { // not a bot deleted since, nor one fallen from the first
				if out.Pairs[a.Bot] == nil {
					out.Pairs[a.Bot] = map[string]Pair{}
				}
				out.Pairs[a.Bot][b.Bot] = rec
			}
		}
	}
	return out, nil
}

// Index is what GET /api/arena answers: the games the arena holds
// fights of, and those whose ranked runs it plays for bots.
type Index struct {
	Games []GameIndex `json:"games"`
	Runs  []RunIndex  `json:"runs"`
}

// RunIndex is a game whose ranked runs the arena plays for the bots
// registered to play them: the boards of its evaluation (each board's
// name, as the game's boards name it, and options), the runs a bot plays
// on each, and its bots' and runs' paths (a run is launched and read as
// a fight).
type RunIndex struct {
	Game         string     `json:"game"`
	Title        string     `json:"title"`
	Boards       []RunBoard `json:"boards"`
	RunsPerBoard int        `json:"runsPerBoard"`
	Bots         string     `json:"bots"`
	Fights       string     `json:"fights"`
}

// RunBoard is one board of an evaluation.
type RunBoard struct {
	Board   string            `json:"board"`
	Options map[string]string `json:"options"`
}

// GameIndex is one game of the arena: how many bots a fight seats, the
// house bots a fight may seat ("house:<policy>"), the options a fight's
// match takes, each with its default (as text), and its paths.
type GameIndex struct {
	Game     string            `json:"game"`
	Title    string            `json:"title"`
	MinSeats int               `json:"minSeats"`
	MaxSeats int               `json:"maxSeats"`
	House    []string          `json:"house"`
	Options  map[string]string `json:"options"`
	Bots     string            `json:"bots"`
	Fights   string            `json:"fights"`
	Ladder   string            `json:"ladder"`
}

// Index lists the games the arena holds fights of, and those it plays runs
// of.
func (a *Arena) Index() Index {
	out := Index{Games: []GameIndex{}}
	for _, slug := range a.order {
		g := a.servers[slug].Game()
		least, most := g.Rules.Seats()
		house := []string{}
		for _, p := range g.Rules.Policies() {
			house = append(house, HousePrefix+p)
		}
		options, err := matchOptions(a.servers[slug], least, nil)
		if err != nil || options == nil {
			options = map[string]string{}
		}
		base := "/api/arena/" + slug
		out.Games = append(out.Games, GameIndex{Game: slug, Title: g.Title, MinSeats: least, MaxSeats: most, House: house, Options: options,
			Bots: base + "/bots", Fights: base + "/fights", Ladder: base + "/ladder"})
	}
	out.Runs = []RunIndex{}
	if a.runs != nil {
		for _, g := range a.runs.Games() {
			info := g.Info()
			base := "/api/arena/" + info.Slug
			r := RunIndex{Game: info.Slug, Title: info.Name, Boards: []RunBoard{}, RunsPerBoard: RunsPerBoard, Bots: base + "/bots", Fights: base + "/fights"}
			for _, o := range EvalBoards(g) {
				r.Boards = append(r.Boards, RunBoard{Board: boardOf(g, o), Options: o})
			}
			out.Runs = append(out.Runs, r)
		}
	}
	return out
}
