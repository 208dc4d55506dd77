//go:build unix && !solaris && !aix

package bolt

import (
	"errors"
	"os"
	"syscall"
	"time"
)

// lock takes the lock bbolt takes on f (an exclusive flock), waiting up to
// timeout for another process to let it go. bbolt, handed f, takes it
// again, which a lock held through the same open file allows: the file is
// checked and opened under one lock.
func lock(f *os.File, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if !errors.Is(err, syscall.EWOULDBLOCK) {
			return err
		}
		if time.Now().After(deadline) {
			return ErrInUse
		}
		time.Sleep(50 * time.Millisecond)
	}
}
