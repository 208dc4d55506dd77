package tinrail_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentgames/bundle/games/tinrail"
)

// TestSpecStatesTheCard: the numbers the spec takes from the engine read
// as the rule card states them.
func TestSpecStatesTheCard(t *testing.T) {
	t.Parallel()
	data, err := json.Marshal(tinrail.Game{}.Spec())
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"on the 6x6 table", "row*6 + col", "ADJ = [5,4,7,6,1,0,3,2]", "The deck holds 35 tiles",
		"Yours starts at cell 32 entering by port 4; G-Bot's at cell 3 entering by port 0",
		"only once all 35 are placed", "best possible score is 275",
		"you get deck[0..2], G-Bot deck[3..5], the pile is deck[6..34] top first",
	} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the spec does not say %q", want)
		}
	}
}
