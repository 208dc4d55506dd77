package bolt

import (
	"errors"
	"sync"
	"sync/atomic"
	"time"

	bbolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

	"github.com/agentgames/bundle/play"
)

// Saves are group commits: one goroutine (commits) writes every save the
// store has been asked for in one transaction, one sync to disk, and
// answers each once it is on disk. While it syncs, the saves asked for
// meanwhile wait in line, and the next transaction takes them all; so a
// save waits for at most the sync in progress and its own, and a store
// under load writes as many saves a sync as arrive during one. bbolt's
// Batch, which it replaces, waited a fixed 10 ms for a batch to fill
// (MaxBatchDelay) whenever fewer than 1,000 saves were in flight: 100
// live Tron matches played 2,240-2,291 moves a second on a 2-core Xeon,
// and play 5,595-6,166 now on a 2-core AMD EPYC, a commit of 3.7-4.2
// saves taking 0.53-0.58 ms (CommitStats; go test ./games/tron/live -run
// X -bench Concurrent/Agents -benchtime 2x; docs/hosting.md). Each save
// is checked against its entry's version inside the transaction, after
// the saves before it in line, so a conflict fails that save alone and
// two saves of one entry in one transaction apply in order.

// maxBatch bounds the saves one transaction writes.
const maxBatch = 1000

// write is one save waiting in line, or an index's write (index.go), and
// where its answer goes.
type write struct {
	kind, ref string
	state     []byte
	version   uint64
	expires   time.Time
	index     *indexWrite
	done      chan error
}

// committer is the line of saves and the goroutine that writes them.
type committer struct {
	mu     sync.RWMutex // held to send to writes; taken whole to close it
	closed bool
	writes chan *write
	ended  chan struct{} // closed once commits has written the last save
	// The commits so far, the writes they held and the time they took.
	commits, writesDone, nanos atomic.Int64
}

// CommitStats is what the store's group commits have done since it was
// opened: how many transactions, how many saves and index writes they
// held, and the time they took, syncs included.
type CommitStats struct {
	Commits, Writes int64
	Time            time.Duration
}

// CommitStats answers the store's commits so far.
func (s *Store) CommitStats() CommitStats {
	return CommitStats{s.commit.commits.Load(), s.commit.writesDone.Load(), time.Duration(s.commit.nanos.Load())}
}

// startCommits starts writing s's saves.
func (s *Store) startCommits() {
	s.commit = committer{writes: make(chan *write, maxBatch), ended: make(chan struct{})}
	go s.commits()
}

// stopCommits writes the saves in line and stops.
func (s *Store) stopCommits() {
	s.commit.mu.Lock()
	if !s.commit.closed {
		s.commit.closed = true
		close(s.commit.writes)
	}
	s.commit.mu.Unlock()
	<-s.commit.ended
}

// enqueue puts w in line and waits for its answer.
func (s *Store) enqueue(w *write) error {
	s.commit.mu.RLock()
	if s.commit.closed {
		s.commit.mu.RUnlock()
		return berrors.ErrDatabaseNotOpen
	}
	s.commit.writes <- w
	s.commit.mu.RUnlock()
	return <-w.done
}

// commits writes the saves in line, as many a transaction as are waiting.
func (s *Store) commits() {
	defer close(s.commit.ended)
	batch := make([]*write, 0, maxBatch)
	answers := make([]error, 0, maxBatch)
	for w := range s.commit.writes {
		batch = append(batch[:0], w)
	more:
		for len(batch) < maxBatch {
			select {
			case w, ok := <-s.commit.writes:
				if !ok {
					break more
				}
				batch = append(batch, w)
			default:
				break more
			}
		}
		start := time.Now()
		answers = s.write(batch, answers[:0])
		s.commit.nanos.Add(int64(time.Since(start)))
		s.commit.commits.Add(1)
		s.commit.writesDone.Add(int64(len(batch)))
		for i, w := range batch {
			w.done <- answers[i]
		}
	}
}

// write writes batch in one transaction and answers each save's error: a
// conflict or a damaged entry its own, a failed transaction every save's.
func (s *Store) write(batch []*write, answers []error) []error {
	now := s.clock().Unix()
	err := s.db.Update(func(tx *bbolt.Tx) error {
		answers = answers[:0]
		for _, w := range batch {
			if w.index != nil {
				err := writeIndex(tx, w.index)
				var d *damage
				if err != nil && !errors.As(err, &d) {
					return err
				}
				answers = append(answers, err)
				continue
			}
			name, key := []byte(w.kind), []byte(w.ref)
			b, err := tx.CreateBucketIfNotExists(name)
			if err != nil {
				return err
			}
			e, ok, err := get(b, name, key, now)
			switch {
			case err != nil:
			case !ok && w.version != 0, ok && e.version != w.version:
				err = play.Errorf(play.CodeConflict, "the %s entry %s changed since it was loaded; load it again", w.kind, w.ref)
			default:
				if err := b.Put(key, encode(name, key, entry{w.version + 1, expiry(w.expires), w.state})); err != nil {
					return err
				}
			}
			answers = append(answers, err)
		}
		return nil
	})
	if err != nil {
		answers = answers[:0]
		for range batch {
			answers = append(answers, err)
		}
	}
	return answers
}
