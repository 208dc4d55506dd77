package bolt

import (
	"bytes"
	"context"
	"encoding/binary"

	bbolt "go.etcd.io/bbolt"

	"github.com/agentgames/bundle/play"
)

// Sorted indexes (play.Indexer) live in two buckets of their own, whose
// names start with a byte no game's slug does, their values entries as
// any other (version, expiry, checksum, state; they never expire):
//   - listedBucket holds each listed member under its index's name, a
//     zero byte and its key, so that bbolt's order is the index's and a
//     scan is a seek and a walk of its rows; the state is the member's
//     name (after its length, a uvarint) and its value.
//   - membersBucket holds each member under its index's name, a zero
//     byte and its name, the entry's version its seq and its state its
//     key; and under the index's name and a zero byte alone, the index's
//     counts (two uvarints: members, listed).
//
// An index's writes go through the line of saves (commit.go), one
// transaction with the saves around them.
var (
	listedBucket  = []byte("\x01index")
	membersBucket = []byte("\x01members")
)

// indexWrite is an Index call waiting in line.
type indexWrite struct {
	name, member, key string
	seq               uint64
	value             []byte
}

// Index holds member in index under key with value, if seq is above the
// one it holds: in the next group commit.
func (s *Store) Index(_ context.Context, name, member string, seq uint64, key string, value []byte) error {
	if err := play.CheckIndex(name, member, key, value); err != nil {
		return err
	}
	w := &write{index: &indexWrite{name: name, member: member, key: key, seq: seq, value: value}, done: make(chan error, 1)}
	return s.report(s.enqueue(w))
}

// under is an index's name, a zero byte and suffix: a key of either
// bucket.
func under(name, suffix string) []byte {
	k := make([]byte, 0, len(name)+1+len(suffix))
	return append(append(append(k, name...), 0), suffix...)
}

// writeIndex applies w in tx.
func writeIndex(tx *bbolt.Tx, w *indexWrite) error {
	members, err := tx.CreateBucketIfNotExists(membersBucket)
	if err != nil {
		return err
	}
	listed, err := tx.CreateBucketIfNotExists(listedBucket)
	if err != nil {
		return err
	}
	mk := under(w.name, w.member)
	old, held, err := get(members, membersBucket, mk, 0)
	if err != nil {
		return err
	}
	if held && old.version >= w.seq {
		return nil
	}
	countKey := under(w.name, "")
	n, l, err := countsOf(members, countKey)
	if err != nil {
		return err
	}
	if held && len(old.state) > 0 {
		if err := listed.Delete(under(w.name, string(old.state))); err != nil {
			return err
		}
		l--
	}
	if !held {
		n++
	}
	if err := members.Put(mk, encode(membersBucket, mk, entry{version: w.seq, state: []byte(w.key)})); err != nil {
		return err
	}
	if w.key != "" {
		lk := under(w.name, w.key)
		state := binary.AppendUvarint(nil, uint64(len(w.member)))
		state = append(append(state, w.member...), w.value...)
		if err := listed.Put(lk, encode(listedBucket, lk, entry{state: state})); err != nil {
			return err
		}
		l++
	}
	return members.Put(countKey, encode(membersBucket, countKey, entry{state: binary.AppendUvarint(binary.AppendUvarint(nil, n), l)}))
}

// countsOf reads an index's counts, at countKey of the members' bucket;
// none reads as zeros, counts that do not read as damage.
func countsOf(members *bbolt.Bucket, countKey []byte) (n, l uint64, err error) {
	counts, _, err := get(members, membersBucket, countKey, 0)
	if err != nil {
		return 0, 0, err
	}
	n, l, ok := readCounts(counts.state)
	if !ok {
		return 0, 0, &damage{string(membersBucket), string(countKey), "the index's counts do not read"}
	}
	return n, l, nil
}

// readCounts reads an index's counts; none reads as zeros.
func readCounts(v []byte) (members, listed uint64, ok bool) {
	if len(v) == 0 {
		return 0, 0, true
	}
	members, a := binary.Uvarint(v)
	listed, b := binary.Uvarint(v[max(a, 0):])
	return members, listed, a > 0 && b > 0 && a+b == len(v)
}

// Scan answers up to limit listed members of index after key after, in one
// read transaction.
func (s *Store) Scan(_ context.Context, name, after string, limit int) (play.IndexPage, error) {
	if err := play.CheckScan(name, after, limit); err != nil {
		return play.IndexPage{}, err
	}
	page := play.IndexPage{Items: []play.IndexItem{}}
	err := s.view(string(listedBucket), name, func(tx *bbolt.Tx) error {
		members, listed := tx.Bucket(membersBucket), tx.Bucket(listedBucket)
		if members == nil || listed == nil {
			return nil
		}
		n, l, err := countsOf(members, under(name, ""))
		if err != nil {
			return err
		}
		page.Members, page.Listed = int(n), int(l)
		prefix := under(name, "")
		from := under(name, after)
		c := listed.Cursor()
		for k, v := c.Seek(from); k != nil && bytes.HasPrefix(k, prefix) && len(page.Items) < limit; k, v = c.Next() {
			if after != "" && bytes.Equal(k, from) {
				continue
			}
			e, ok := decode(listedBucket, k, v)
			size, at := binary.Uvarint(e.state)
			if !ok || at <= 0 || uint64(len(e.state)-at) < size {
				return &damage{string(listedBucket), string(k), "the entry fails its checksum"}
			}
			rest := e.state[at:]
			page.Items = append(page.Items, play.IndexItem{Member: string(rest[:size]), Key: string(k[len(prefix):]), Value: bytes.Clone(rest[size:])})
		}
		return nil
	})
	if err != nil {
		return play.IndexPage{}, s.report(err)
	}
	return page, nil
}
