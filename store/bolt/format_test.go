package bolt

import (
	"context"
	"encoding/binary"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	bbolt "go.etcd.io/bbolt"
)

// TestFormatRecord: Open refuses a file of a later format, and a file of
// this format that lost its record (its entries carry checksums); a file
// of format 1 whose state happens to start with its checksum still
// migrates.
func TestFormatRecord(t *testing.T) {
	ctx := context.Background()
	// lucky is a format 1 entry whose state starts as a checksum would.
	lucky := binary.BigEndian.AppendUint64(nil, 1)
	lucky = binary.BigEndian.AppendUint64(lucky, uint64(time.Now().Unix()))
	lucky = binary.BigEndian.AppendUint32(lucky, sum([]byte("g"), []byte("lucky"), lucky, []byte("state")))
	lucky = append(lucky, "state"...)
	for _, tt := range []struct {
		name    string
		current bool // whether the file is first made by Open and Save
		edit    func(tx *bbolt.Tx) error
		want    string // in Open's error; "" if it opens
		damaged bool   // whether that is a *DamagedError
	}{
		{"a later format", true, func(tx *bbolt.Tx) error {
			return tx.Bucket(metaBucket).Put(formatKey, formatRecord(Format+1))
		}, "matches.db: it is in format 3, which a later version of the server writes (this one reads up to 2): run that version, or move the file aside", false},
		{"the record lost", true, func(tx *bbolt.Tx) error {
			return tx.DeleteBucket(metaBucket)
		}, "it has lost its format record: 3 of its 3 entries carry checksums, which only format 2 writes", true},
		{"the record damaged", true, func(tx *bbolt.Tx) error {
			return tx.Bucket(metaBucket).Put(formatKey, []byte{0, 0, 0, 2, 0, 0, 0, 0})
		}, "its format record fails its checksum", true},
		{"a format 1 entry like a checksummed one", false, func(tx *bbolt.Tx) error {
			b, err := tx.CreateBucket([]byte("g"))
			if err != nil {
				return err
			}
			if err := b.Put([]byte("plain"), append(binary.BigEndian.AppendUint64(make([]byte, 8), uint64(time.Now().Unix())), "plain"...)); err != nil {
				return err
			}
			return b.Put([]byte("lucky"), lucky)
		}, "", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "matches.db")
			if tt.current {
				s, err := Open(path, time.Now)
				if err != nil {
					t.Fatal(err)
				}
				for _, ref := range []string{"a", "b", "c"} {
					if _, err := s.Save(ctx, "g", ref, []byte(ref), 0, time.Time{}); err != nil {
						t.Fatal(err)
					}
				}
				s.Close()
			}
			db, err := bbolt.Open(path, 0o600, nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := db.Update(tt.edit); err != nil {
				t.Fatal(err)
			}
			db.Close()
			s, err := Open(path, time.Now)
			var d *DamagedError
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("Open: %v", err)
			case tt.want == "":
				defer s.Close()
				if state, _, err := s.Load(ctx, "g", "lucky"); err != nil || string(state) != string(lucky[16:]) {
					t.Errorf("the lucky entry: %q %v", state, err)
				}
			case err == nil || !strings.Contains(err.Error(), tt.want) || errors.As(err, &d) != tt.damaged:
				t.Errorf("Open: %v\nwant %q", err, tt.want)
			}
		})
	}
}
