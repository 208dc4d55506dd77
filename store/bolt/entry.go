package bolt

import (
	"encoding/binary"
	"hash/crc32"
	"time"
)

// Format is the layout of the file this package writes, recorded in the
// file under formatKey in metaBucket. Format 1, the released one, had no
// record: its entries were a version and the time of their last write
// (8 bytes each) followed by the state, and Open migrates it.
const Format = 2

// header is what precedes the state in an entry: its version, its expiry
// (8 bytes each, big endian; the expiry in unix seconds, 0 for none) and
// the CRC-32C of the entry (4 bytes, big endian).
const header = 20

// oldHeader is what preceded the state in a format 1 entry: its version
// and the unix second of its last write.
const oldHeader = 16

// metaBucket holds what the store records about the file itself; its name
// starts with a zero byte, which no game's slug does, and sorts before
// them all.
var metaBucket = []byte("\x00meta")

// formatKey is the key of the format record in metaBucket: the format (4
// bytes, big endian) and the CRC-32C of the record (4 bytes).
var formatKey = []byte("format")

// castagnoli is the CRC-32C table; Go computes it in hardware where the
// processor can.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// sum is the CRC-32C of an entry: its bucket's name and its key (each
// after its length, as a uvarint), then its fields, then its state.
func sum(bucket, key, fields, state []byte) uint32 {
	c := crc32.Update(sumLen(0, len(bucket)), castagnoli, bucket)
	c = crc32.Update(sumLen(c, len(key)), castagnoli, key)
	c = crc32.Update(c, castagnoli, fields)
	return crc32.Update(c, castagnoli, state)
}

// sumLen adds n as a uvarint to the CRC-32C c. It hashes a byte at a time
// from byteValues: a buffer of its own would be allocated on every call,
// as crc32.Update's argument escapes.
func sumLen(c uint32, n int) uint32 {
	for {
		b := byte(n & 0x7f)
		if n >>= 7; n != 0 {
			b |= 0x80
		}
		c = crc32.Update(c, castagnoli, byteValues[b:b+1])
		if n == 0 {
			return c
		}
	}
}

// byteValues holds every byte's value at its index.
var byteValues = func() (b [256]byte) {
	for i := range b {
		b[i] = byte(i)
	}
	return b
}()

// entry is one match as the file holds it.
type entry struct {
	version uint64
	expires int64 // unix seconds; 0 never expires
	state   []byte
}

// encode answers the entry e as stored under key in bucket.
func encode(bucket, key []byte, e entry) []byte {
	v := make([]byte, header, header+len(e.state))
	binary.BigEndian.PutUint64(v, e.version)
	binary.BigEndian.PutUint64(v[8:], uint64(e.expires))
	v = append(v, e.state...)
	binary.BigEndian.PutUint32(v[16:], sum(bucket, key, v[:16], v[header:]))
	return v
}

// decode reads the entry v stored under key in bucket; ok is false if v
// fails its checksum. The state is v's own bytes.
func decode(bucket, key, v []byte) (e entry, ok bool) {
	if len(v) < header || binary.BigEndian.Uint32(v[16:]) != sum(bucket, key, v[:16], v[header:]) {
		return entry{}, false
	}
	return entry{binary.BigEndian.Uint64(v), int64(binary.BigEndian.Uint64(v[8:])), v[header:]}, true
}

// expired reports whether e is past its expiry at now (unix seconds).
func (e entry) expired(now int64) bool { return e.expires != 0 && now >= e.expires }

// expiry is the unix second an entry expiring at t records: 0 for the
// zero time (never), and at least 1 otherwise.
func expiry(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return max(t.Unix(), 1)
}

// formatRecord is the value of formatKey for format f.
func formatRecord(f uint32) []byte {
	v := binary.BigEndian.AppendUint32(nil, f)
	return binary.BigEndian.AppendUint32(v, sum(metaBucket, formatKey, v, nil))
}

// readFormat reads a format record; ok is false if it fails its checksum.
func readFormat(v []byte) (f uint32, ok bool) {
	if len(v) != 8 || binary.BigEndian.Uint32(v[4:]) != sum(metaBucket, formatKey, v[:4], nil) {
		return 0, false
	}
	return binary.BigEndian.Uint32(v), true
}
