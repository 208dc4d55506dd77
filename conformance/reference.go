package conformance

import (
	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/client/inproc"
	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/internal/assemble/core"
	"github.com/agentgames/bundle/play"
)

// Reference is the reference implementation this build carries: every
// game of the registry, served in process through the play core (see
// ReferenceService).
func Reference() (client.Transport, error) {
	svc, err := ReferenceService()
	if err != nil {
		return nil, err
	}
	return inproc.Service{Service: svc}, nil
}

// ReferenceService is the play core over every game of the registry, with
// tokens sealed under a key made for the run.
func ReferenceService() (*play.Service, error) {
	return core.Service(core.Config{Games: games.All()})
}
