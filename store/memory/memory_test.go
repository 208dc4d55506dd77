package memory_test

import (
	"testing"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/store/memory"
	"github.com/agentgames/bundle/store/storetest"
)

func TestStore(t *testing.T) {
	storetest.Run(t, func(*testing.T) play.Store { return &memory.Store{} })
}
