//go:build !unix || solaris || aix

package bolt

import (
	"os"
	"time"
)

// lock does nothing where bbolt does not lock with flock: bbolt takes its
// lock when it opens the file, after the check.
func lock(*os.File, time.Duration) error { return nil }
