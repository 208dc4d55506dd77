package livewire

// TinrailState is the public state of a live Tinrail match (openapi.yaml's
// TinrailLiveState): no hand, no pile order.
type TinrailState struct {
	Code       string          `json:"code"`
	Players    int             `json:"players"`
	Phase      string          `json:"phase"`
	Turn       *int            `json:"turn"`
	Placements int             `json:"placements"`
	Pile       int             `json:"pile"`
	Board      []TinrailTile   `json:"board"`
	Seats      []TinrailSeat   `json:"seats"`
	Over       bool            `json:"over"`
	Ending     string          `json:"ending"`
	Places     []int           `json:"places"`
	Scores     []int           `json:"scores"`
	Log        []TinrailRecord `json:"log"`
}

// TinrailSeat is a seat of a live Tinrail match's public state: how many
// tiles it holds, never which.
type TinrailSeat struct {
	Seat          int            `json:"seat"`
	Name          string         `json:"name"`
	Bot           bool           `json:"bot"`
	Joined        bool           `json:"joined"`
	Engine        *TinrailEngine `json:"engine"`
	Hand          int            `json:"hand"`
	TilesSurvived int            `json:"tilesSurvived"`
}

// TinrailEngine is where a seat's engine waits.
type TinrailEngine struct {
	Cell    int  `json:"cell"`
	Port    int  `json:"port"`
	OnTable bool `json:"onTable"`
}

// TinrailTile is a tile on the board, its strands at its rotation.
type TinrailTile struct {
	Cell     int      `json:"cell"`
	Tile     int      `json:"tile"`
	Rotation int      `json:"rotation"`
	Strands  [][2]int `json:"strands"`
}

// TinrailRecord is one placement of the log.
type TinrailRecord struct {
	Seat int `json:"seat"`
	Tile int `json:"tile"`
	Cell int `json:"cell"`
}

// TinrailView is a seat's view (openapi.yaml's TinrailLiveView): the
// public state, the seat, its hand at every rotation and its placements.
type TinrailView struct {
	TinrailState
	You          int               `json:"you"`
	Hand         []TinrailHandTile `json:"hand"`
	LegalActions []struct {
		TileIndex int `json:"tileIndex"`
		Rotation  int `json:"rotation"`
	} `json:"legalActions"`
}

// TinrailHandTile is a tile of a seat's hand, its strands at each rotation.
type TinrailHandTile struct {
	TileIndex int         `json:"tileIndex"`
	Tile      int         `json:"tile"`
	Rotations [4][][2]int `json:"rotations"`
}
