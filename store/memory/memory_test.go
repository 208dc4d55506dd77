package memory_test

import (
	"testing"
	"time"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/store/memory"
	"github.com/agentgames/bundle/store/storetest"
)

func TestStore(t *testing.T) {
	storetest.Run(t, func(_ *testing.T, clock func() time.Time) play.Store { return &memory.Store{Clock: clock} })
}
