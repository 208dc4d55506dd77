package conformance

import (
	"time"

	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/internal/seal"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/store/token"
)

// Reference is the reference implementation this build carries: every
// game of the registry, served in process through the play core, with
// tokens sealed under a key made for the run.
func Reference() (client.Transport, error) {
	ring, err := seal.NewKeyring(seal.NewRandomKey(1))
	if err != nil {
		return nil, err
	}
	return client.Service{Service: play.NewService(token.Store{Keys: ring}, time.Now, games.All()...)}, nil
}
