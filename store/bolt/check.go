package bolt

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"io"
	"strconv"
)

// bbolt's on-disk format (version 2), which checkFile reads: fixed-size
// pages; each starts with a header (its id, flags, element count and the
// number of pages it runs over). Pages 0 and 1 are meta pages, which name
// the root bucket's page, the freelist's page and the high-water mark;
// bbolt writes them in turn, and uses the valid one of the later
// transaction. Branch and leaf pages hold a B+tree's elements, which point
// at their keys (and values) in the page. A bucket is a leaf element whose
// value is its root page, or for a small bucket the page itself (inline).
// Integers are in the machine's byte order, as bbolt writes them.
const (
	pageHeader    = 16
	elementSize   = 16
	bucketHeader  = 16
	metaSize      = 64
	bboltMagic    = 0xED0CDAED
	bboltVersion  = 2
	branchPage    = 0x01
	leafPage      = 0x02
	metaPage      = 0x04
	freelistPage  = 0x10
	bucketElement = 0x01
	noFreelist    = ^uint64(0)
	// maxDepth bounds a B+tree's depth; a real one of the largest file
	// bbolt maps has a fraction of it.
	maxDepth = 64
)

var order = binary.NativeEndian

// meta is what a meta page records.
type meta struct {
	pageSize uint32
	root     uint64
	freelist uint64
	pages    uint64 // the high-water mark: pages 0 to pages-1 are in use or free
	txid     uint64
}

// parseMeta reads meta page id from b (at least its header and meta);
// problem says what is wrong with it, "" if nothing is.
func parseMeta(b []byte, id uint64) (m meta, problem string) {
	m = meta{
		pageSize: order.Uint32(b[pageHeader+8:]),
		root:     order.Uint64(b[pageHeader+16:]),
		freelist: order.Uint64(b[pageHeader+32:]),
		pages:    order.Uint64(b[pageHeader+40:]),
		txid:     order.Uint64(b[pageHeader+48:]),
	}
	h := fnv.New64a()
	h.Write(b[pageHeader : pageHeader+56])
	switch {
	case order.Uint32(b[pageHeader:]) != bboltMagic:
		return m, "is not a bbolt meta page"
	case order.Uint32(b[pageHeader+4:]) != bboltVersion:
		return m, fmt.Sprintf("has bbolt format %d, not %d", order.Uint32(b[pageHeader+4:]), bboltVersion)
	case order.Uint64(b[pageHeader+56:]) != h.Sum64():
		return m, "fails its checksum"
	case order.Uint64(b) != id || order.Uint16(b[8:]) != metaPage || m.txid%2 != id:
		return m, "is not meta page " + strconv.FormatUint(id, 10)
	case m.pageSize < 1024 || m.pageSize > 1<<24 || m.pageSize&(m.pageSize-1) != 0:
		return m, fmt.Sprintf("names pages of %d bytes", m.pageSize)
	}
	return m, ""
}

// checker walks a bbolt file through its reader, trusting none of it.
type checker struct {
	r        io.ReaderAt
	size     int64
	pageSize uint64
	pages    uint64
	used     []bool        // pages reached from the meta page
	free     []bool        // pages the freelist holds
	buf      []byte        // the page last read
	leaves   []leafElement // the elements of the leaf last read
	format   uint32        // the format record's, 0 if the file has none
	entries  int           // entries of games
	sound    int           // entries of games that pass Format's checksum
}

// checkFile reads the bbolt file r of size bytes page by page, and
// answers its format (1 for a file without a format record) or the first
// thing wrong with it: its size, its meta pages, its freelist, any page
// out of range, referenced twice, both in use and free, or neither; a
// B+tree's page types, elements and key order; a bucket or key this
// store never writes; an entry that fails its checksum. It reads each
// page in use once, holding two bytes a page of the file besides the page
// it reads; whatever the bytes, it answers, never panics.
func checkFile(r io.ReaderAt, size int64) (format uint32, err error) {
	c := &checker{r: r, size: size}
	if err := c.check(); err != nil {
		return 0, err
	}
	return c.format, nil
}

// check is checkFile's walk: the meta pages, the file's size, the
// freelist, the root bucket, each bucket, and the pages left over.
func (c *checker) check() error {
	m, err := c.metas()
	if err != nil {
		return err
	}
	c.pageSize, c.pages = uint64(m.pageSize), m.pages
	switch {
	case m.pages < 4:
		return fmt.Errorf("its meta page names %d pages, fewer than a bbolt file has", m.pages)
	case m.pages > uint64(c.size)/c.pageSize:
		return fmt.Errorf("truncated: %d bytes, its pages reach %d", c.size, m.pages*c.pageSize)
	case uint64(c.size)%c.pageSize != 0:
		return fmt.Errorf("not a whole number of pages: %d bytes, in pages of %d", c.size, c.pageSize)
	case m.freelist == noFreelist:
		return fmt.Errorf("its meta page records no freelist, which this server always writes")
	}
	c.used, c.free = make([]bool, m.pages), make([]bool, m.pages)
	c.used[0], c.used[1] = true, true
	if err := c.freelist(m.freelist); err != nil {
		return err
	}
	var buckets []leafElement
	if err := c.tree(nil, m.root, nil, nil, 0, func(e leafElement) error {
		if e.flags != bucketElement {
			return fmt.Errorf("its root holds %s, which is not a bucket", name(e.key))
		}
		buckets = append(buckets, leafElement{key: bytes.Clone(e.key), value: bytes.Clone(e.value)})
		return nil
	}); err != nil {
		return err
	}
	for _, b := range buckets { // metaBucket sorts first
		if err := c.bucket(b.key, b.value); err != nil {
			return err
		}
	}
	for id := uint64(2); id < c.pages; id++ {
		if !c.used[id] && !c.free[id] {
			return fmt.Errorf("page %d is unreachable: neither in use nor free", id)
		}
	}
	// A file without a format record whose entries pass their checksums
	// has lost its record (a file of format 1 has two such entries once in
	// 2^64): migrating it would make its states wrong.
	switch {
	case c.format == 0 && c.sound > 0 && c.sound >= min(2, c.entries):
		return fmt.Errorf("it has lost its format record: %d of its %d entries carry checksums, which only format %d writes", c.sound, c.entries, Format)
	case c.format == 0:
		c.format = 1
	}
	return nil
}

// metas reads both meta pages, which must both be sound, and answers the
// one bbolt uses: the later.
func (c *checker) metas() (meta, error) {
	if c.size == 0 {
		return meta{}, fmt.Errorf("it is empty (0 bytes)")
	}
	if c.size < pageHeader+metaSize {
		return meta{}, fmt.Errorf("it is too short for a bbolt file: %d bytes", c.size)
	}
	b, err := c.read(0, pageHeader+metaSize)
	if err != nil {
		return meta{}, err
	}
	m0, problem := parseMeta(b, 0)
	if problem != "" {
		return meta{}, fmt.Errorf("meta page 0 %s", problem)
	}
	if c.size < int64(m0.pageSize)+pageHeader+metaSize {
		return meta{}, fmt.Errorf("truncated: %d bytes, shorter than its two meta pages", c.size)
	}
	if b, err = c.read(int64(m0.pageSize), pageHeader+metaSize); err != nil {
		return meta{}, err
	}
	m1, problem := parseMeta(b, 1)
	switch {
	case problem != "":
		return meta{}, fmt.Errorf("meta page 1 %s", problem)
	case m1.pageSize != m0.pageSize || m0.txid+1 != m1.txid && m1.txid+1 != m0.txid:
		return meta{}, fmt.Errorf("its meta pages disagree (transactions %d and %d, pages of %d and %d bytes)", m0.txid, m1.txid, m0.pageSize, m1.pageSize)
	case m1.txid > m0.txid:
		return m1, nil
	}
	return m0, nil
}

// read answers n bytes at off, in a buffer the next read reuses.
func (c *checker) read(off int64, n uint64) ([]byte, error) {
	if uint64(cap(c.buf)) < n {
		c.buf = make([]byte, n)
	}
	b := c.buf[:n]
	if _, err := c.r.ReadAt(b, off); err != nil {
		return nil, fmt.Errorf("reading %d bytes at %d failed: %v", n, off, err)
	}
	return b, nil
}

// page reads page id, which must lie below the high-water mark and not be
// used already, and marks it and its overflow pages used; what names the
// page in an error.
func (c *checker) page(id uint64, what string) ([]byte, error) {
	if id < 2 || id >= c.pages {
		return nil, fmt.Errorf("%s is page %d, out of its %d pages", what, id, c.pages)
	}
	h, err := c.read(int64(id*c.pageSize), c.pageSize)
	if err != nil {
		return nil, err
	}
	overflow := uint64(order.Uint32(h[12:]))
	switch {
	case order.Uint64(h) != id:
		return nil, fmt.Errorf("page %d (%s) calls itself page %d", id, what, order.Uint64(h))
	case overflow >= c.pages-id:
		return nil, fmt.Errorf("page %d (%s) runs over %d more pages, past its %d pages", id, what, overflow, c.pages)
	}
	for p := id; p <= id+overflow; p++ {
		switch {
		case c.used[p]:
			return nil, fmt.Errorf("page %d (%s) is used twice", p, what)
		case c.free[p]:
			return nil, fmt.Errorf("page %d (%s) is both in use and free", p, what)
		}
		c.used[p] = true
	}
	if overflow == 0 {
		return h, nil
	}
	return c.read(int64(id*c.pageSize), (overflow+1)*c.pageSize)
}

// freelist reads the freelist at page id and marks the pages it holds
// free.
func (c *checker) freelist(id uint64) error {
	p, err := c.page(id, "the freelist")
	if err != nil {
		return err
	}
	if t := order.Uint16(p[8:]); t != freelistPage {
		return fmt.Errorf("the freelist (page %d) has type %#x, not %#x", id, t, freelistPage)
	}
	start, n := uint64(pageHeader), uint64(order.Uint16(p[10:]))
	if n == 0xFFFF { // the count is in the first element
		start, n = pageHeader+8, order.Uint64(p[pageHeader:])
	}
	if n > (uint64(len(p))-start)/8 {
		return fmt.Errorf("the freelist (page %d) holds %d pages, more than fit in it", id, n)
	}
	for i := range n {
		f := order.Uint64(p[start+8*i:])
		switch {
		case f < 2 || f >= c.pages:
			return fmt.Errorf("the freelist holds page %d, out of its %d pages", f, c.pages)
		case c.free[f]:
			return fmt.Errorf("the freelist holds page %d twice", f)
		case c.used[f]:
			return fmt.Errorf("page %d is both in use and free", f)
		}
		c.free[f] = true
	}
	return nil
}

// newerError is checkFile's error for a file a later version wrote, in
// the format it names.
type newerError uint32

func (e newerError) Error() string {
	return fmt.Sprintf("it is in format %d, which a later version of the server writes (this one reads up to %d)", uint32(e), Format)
}

// leafElement is a key and its value, with its flags.
type leafElement struct {
	flags      uint32
	key, value []byte
}

// branchElement is a key and the page of the keys from it on.
type branchElement struct {
	key   []byte
	child uint64
}

// elements reads the elements of the page p (a branch page if branch),
// checking that they lie where bbolt writes them: the elements, then
// their keys (and values) one after another in the same order, then zeros
// to the end of the page (a page bbolt writes is zeroed first; an inline
// page ends with its last value). So a count made smaller, which drops
// elements yet leaves every one left in place, does not pass. Their keys
// must be in order, each within [lo, hi) (nil: unbounded). It appends a
// leaf's elements to leaves; the slices point into p.
func elements(p []byte, branch bool, lo, hi []byte, leaves []leafElement) (_ []leafElement, branches []branchElement, err error) {
	n := uint64(order.Uint16(p[10:]))
	next := pageHeader + n*elementSize // where the next key must start
	if next > uint64(len(p)) {
		return nil, nil, fmt.Errorf("its %d elements overrun it", n)
	}
	var prev []byte
	for i := range n {
		e := p[pageHeader+i*elementSize:]
		var start, ksize, vsize uint64
		if branch {
			start, ksize = uint64(order.Uint32(e)), uint64(order.Uint32(e[4:]))
		} else {
			start, ksize, vsize = uint64(order.Uint32(e[4:])), uint64(order.Uint32(e[8:])), uint64(order.Uint32(e[12:]))
		}
		start += pageHeader + i*elementSize
		switch {
		case ksize == 0:
			return nil, nil, fmt.Errorf("element %d has an empty key", i)
		case start != next:
			return nil, nil, fmt.Errorf("element %d's key is at byte %d, not at %d where bbolt writes it", i, start, next)
		case start+ksize+vsize > uint64(len(p)):
			return nil, nil, fmt.Errorf("element %d runs past its end", i)
		}
		next = start + ksize + vsize
		key := p[start : start+ksize]
		switch {
		case i > 0 && bytes.Compare(key, prev) <= 0, i == 0 && bytes.Compare(key, lo) < 0:
			return nil, nil, fmt.Errorf("its key %s is out of order", name(key))
		case hi != nil && bytes.Compare(key, hi) >= 0:
			return nil, nil, fmt.Errorf("its key %s is past the next key of its parent", name(key))
		}
		prev = key
		if branch {
			branches = append(branches, branchElement{key, order.Uint64(e[8:])})
		} else {
			leaves = append(leaves, leafElement{order.Uint32(e), key, p[start+ksize : start+ksize+vsize]})
		}
	}
	if branch && n == 0 {
		return nil, nil, fmt.Errorf("it is a branch without elements")
	}
	if !zero(p[next:]) {
		return nil, nil, fmt.Errorf("it holds bytes past its last element, where bbolt leaves zeros")
	}
	return leaves, branches, nil
}

// zero reports whether b is all zeros.
func zero(b []byte) bool {
	for len(b) > 0 {
		n := min(len(b), len(zeros))
		if !bytes.Equal(b[:n], zeros[:n]) {
			return false
		}
		b = b[n:]
	}
	return true
}

// zeros is what zero compares with.
var zeros [4096]byte

// tree walks the B+tree of bucket (nil: the root bucket) from page id,
// whose keys lie in [lo, hi), calling leaf on each leaf element.
func (c *checker) tree(bucket []byte, id uint64, lo, hi []byte, depth int, leaf func(leafElement) error) error {
	what := "the root"
	if bucket != nil {
		what = "bucket " + name(bucket)
	}
	if depth > maxDepth {
		return fmt.Errorf("%s is deeper than %d pages", what, maxDepth)
	}
	p, err := c.page(id, what)
	if err != nil {
		return err
	}
	t := order.Uint16(p[8:])
	if t != branchPage && t != leafPage {
		return fmt.Errorf("page %d (%s) has type %#x, neither a branch nor a leaf", id, what, t)
	}
	leaves, branches, err := elements(p, t == branchPage, lo, hi, c.leaves[:0])
	if err != nil {
		return fmt.Errorf("page %d (%s): %w", id, what, err)
	}
	c.leaves = leaves
	for _, e := range leaves {
		if err := leaf(e); err != nil {
			return err
		}
	}
	for i := range branches { // p is read over from here on: keep the keys
		branches[i].key = bytes.Clone(branches[i].key)
	}
	for i, b := range branches {
		next := hi
		if i+1 < len(branches) {
			next = branches[i+1].key
		}
		if err := c.tree(bucket, b.child, b.key, next, depth+1, leaf); err != nil {
			return err
		}
	}
	return nil
}

// bucket checks the bucket named key whose header and inline page (if it
// has one) are v, and every entry in it.
func (c *checker) bucket(key, v []byte) error {
	if key[0] == metaBucket[0] && !bytes.Equal(key, metaBucket) {
		return fmt.Errorf("it holds bucket %s, which this server never writes", name(key))
	}
	if len(v) < bucketHeader {
		return fmt.Errorf("bucket %s has a header of %d bytes", name(key), len(v))
	}
	entry := c.entry(key)
	root := order.Uint64(v)
	if root != 0 {
		if len(v) != bucketHeader {
			return fmt.Errorf("bucket %s has a header of %d bytes", name(key), len(v))
		}
		return c.tree(key, root, nil, nil, 1, entry)
	}
	p := v[bucketHeader:]
	if len(p) < pageHeader || order.Uint16(p[8:]) != leafPage {
		return fmt.Errorf("bucket %s has an inline page that is not a leaf", name(key))
	}
	leaves, _, err := elements(p, false, nil, nil, nil)
	if err != nil {
		return fmt.Errorf("bucket %s (inline): %w", name(key), err)
	}
	for _, e := range leaves {
		if err := entry(e); err != nil {
			return err
		}
	}
	return nil
}

// entry answers the check of one leaf element of bucket: the format
// record in metaBucket, a match in a game's.
func (c *checker) entry(bucket []byte) func(leafElement) error {
	if bytes.Equal(bucket, metaBucket) {
		return func(e leafElement) error {
			f, ok := readFormat(e.value)
			switch {
			case e.flags != 0 || !bytes.Equal(e.key, formatKey):
				return fmt.Errorf("bucket %s holds %s, which this server never writes", name(bucket), name(e.key))
			case !ok:
				return fmt.Errorf("its format record fails its checksum")
			case f > Format:
				return newerError(f)
			case f != Format:
				return fmt.Errorf("its format record names format %d, which no server writes", f)
			}
			c.format = f
			return nil
		}
	}
	return func(e leafElement) error {
		if e.flags != 0 {
			return fmt.Errorf("bucket %s holds %s, which is not an entry", name(bucket), name(e.key))
		}
		c.entries++
		_, ok := decode(bucket, e.key, e.value)
		if ok {
			c.sound++
		} else if c.format != 0 {
			return fmt.Errorf("entry %s/%s fails its checksum", name(bucket), name(e.key))
		}
		return nil
	}
}

// name is a bucket's name or a key as a message shows it: quoted unless
// it is printable ASCII without a slash or a quote.
func name(b []byte) string {
	for _, c := range b {
		if c <= ' ' || c > '~' || c == '/' || c == '"' {
			return strconv.Quote(string(b))
		}
	}
	return string(b)
}
