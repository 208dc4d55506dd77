package brinebell

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/agentgames/bundle/engines/rng"
)

// codecVersion is the first byte of every encoding MarshalBinary writes;
// codecVersionV1, which held only the plan's pending batches, is still read.
const (
	codecVersion   = 2
	codecVersionV1 = 1
)

// planSlots is how many batches an encoding holds for the arrival plan:
// five, the most a plan holds (a complete block's). The pending batches
// come first and zeros fill the rest, so that an encoding's length tells
// nothing of the plan, which is hidden.
const planSlots = 5

// Upper bounds accepted for the unbounded counters, far beyond any real run
// and small enough that no arithmetic on them overflows.
const (
	maxCounter = 1 << 40
	maxPoints  = 3 * (Seats*(180+40) + ExtraDeliveryPoints*(Seats-1))
)

// MarshalBinary encodes the whole state, private parts included, in a
// compact versioned binary form (layout in docs/brinebell.md). The private
// parts have fixed widths; the parts whose width varies are public.
func (s *State) MarshalBinary() ([]byte, error) {
	return s.appendBinary(make([]byte, 0, 512), codecVersion), nil
}

// appendBinary appends the encoding of s in the given version to b.
func (s *State) appendBinary(b []byte, version byte) []byte {
	b = append(b, version, flags(s))
	for _, v := range []int{s.clock, s.score, s.streak, s.departures, s.deliveries} {
		b = binary.AppendUvarint(b, uint64(v))
	}
	for _, fe := range s.ferries {
		b = append(b, byte(fe.mode)|byte(fe.dock)<<2|byte(fe.dest+1)<<5, byte(fe.queue+1), byte(fe.left))
	}
	b = binary.AppendUvarint(b, uint64(len(s.passengers)))
	prev := -1
	for _, p := range s.passengers {
		b = binary.AppendUvarint(b, uint64(p.id-prev-1))
		prev = p.id
		b = append(b, byte(p.kind)|byte(p.status)<<2|byte(p.ferry+1)<<4, byte(p.origin)|byte(p.dest)<<3)
		b = binary.AppendUvarint(b, uint64(p.patience))
		b = binary.AppendUvarint(b, uint64(s.clock-p.spawn))
		if p.status.resolved() {
			b = append(b, byte(s.clock-p.resolved))
		}
	}
	b = binary.AppendUvarint(b, uint64(len(s.events)))
	for _, e := range s.events {
		b = append(b, byte(s.clock-e.Tick), byte(e.Kind)|byte(e.Ferry+1)<<4|byte(e.Multiplier)<<6, byte(e.Dock))
		usesP, _, usesPoints := e.Kind.uses()
		if usesP {
			b = binary.AppendUvarint(b, uint64(e.Passenger))
		}
		if usesPoints {
			b = binary.AppendUvarint(b, uint64(e.Points))
		}
	}
	g := &s.gen
	b = binary.LittleEndian.AppendUint64(b, g.stream.State())
	order := 0
	for i, d := range g.order {
		order |= d << (3 * i)
	}
	b = binary.LittleEndian.AppendUint16(b, uint16(order))
	b = binary.AppendUvarint(b, uint64(g.next))
	b = append(b, byte(g.due-s.clock), byte(g.last)|byte(g.run)<<3, byte(len(g.plan)))
	for _, bt := range g.plan {
		b = append(b, byte(bt.size-1)|byte(bt.kinds[0])<<1|byte(bt.kinds[1])<<3, byte(bt.origin)|byte(bt.dest)<<3, byte(bt.interval))
	}
	if version == codecVersion {
		b = append(b, make([]byte, 3*(planSlots-len(g.plan)))...)
	}
	return b
}

// flags packs the small whole-run fields into one byte.
func flags(s *State) byte {
	f := byte(s.reason)<<2 | byte(s.docks-3)<<4 | byte(len(s.ferries)-1)<<6
	if s.started {
		f |= 1
	}
	if s.finished {
		f |= 2
	}
	return f
}

// UnmarshalBinary replaces s with the state encoded in data. It accepts
// only what MarshalBinary writes, or version 1 wrote (the same but for the
// plan's empty slots), for a state the rules can reach (it checks the
// invariants); on any error s is unchanged.
func (s *State) UnmarshalBinary(data []byte) error {
	r := reader{data: data}
	version := r.byte()
	if r.err == nil && version != codecVersion && version != codecVersionV1 {
		return fmt.Errorf("brinebell: unknown state version %d", version)
	}
	var n State
	f := r.byte()
	n.started, n.finished = f&1 != 0, f&2 != 0
	n.reason, n.docks = Reason(f>>2&3), int(f>>4&3)+3
	n.ferries = make([]ferry, int(f>>6&1)+1)
	if f>>7 != 0 {
		r.fail()
	}
	n.clock, n.score, n.streak = r.uint(maxCounter), r.uint(maxCounter), r.uint(maxCounter)
	n.departures, n.deliveries = r.uint(maxCounter), r.uint(maxCounter)
	for i := range n.ferries {
		a, q, left := r.byte(), r.byte(), r.byte()
		n.ferries[i] = ferry{mode: FerryMode(a & 3), dock: int(a >> 2 & 7), dest: int(a>>5) - 1, queue: int(q) - 1, left: int(left)}
	}
	count := r.uint(len(data))
	prev := -1
	for range count {
		p := passenger{id: prev + 1 + r.uint(maxCounter)}
		prev = p.id
		a, od := r.byte(), r.byte()
		p.kind, p.status, p.ferry = PassengerKind(a&3), Status(a>>2&3), int(a>>4)-1
		p.origin, p.dest = int(od&7), int(od>>3)
		p.patience = r.uint(maxCounter)
		p.spawn = n.clock - r.uint(maxCounter)
		p.resolved = -1
		if p.status.resolved() {
			p.resolved = n.clock - int(r.byte())
		}
		n.passengers = append(n.passengers, p)
	}
	count = r.uint(len(data))
	for range count {
		e := Event{Tick: n.clock - int(r.byte()), Passenger: -1}
		a := r.byte()
		e.Kind, e.Ferry, e.Multiplier = EventKind(a&15), int(a>>4&3)-1, int(a>>6)
		e.Dock = int(r.byte())
		usesP, _, usesPoints := e.Kind.uses()
		if usesP {
			e.Passenger = r.uint(maxCounter)
		}
		if usesPoints {
			e.Points = r.uint(maxPoints)
		}
		n.events = append(n.events, e)
	}
	g := &n.gen
	g.stream = rng.Resume(r.uint64())
	order := r.uint16()
	for i := range g.order {
		g.order[i] = int(order >> (3 * i) & 7)
	}
	g.next = r.uint(maxCounter)
	g.due = n.clock + int(r.byte())
	lr := r.byte()
	g.last, g.run = int(lr&7), int(lr>>3)
	count = int(r.byte())
	slots := count
	if version == codecVersion {
		slots = planSlots
	}
	if count > planSlots {
		r.fail()
	}
	for i := range slots {
		a, od, interval := r.byte(), r.byte(), r.byte()
		if i < count {
			g.plan = append(g.plan, batch{
				size: int(a&1) + 1, kinds: [2]PassengerKind{PassengerKind(a >> 1 & 3), PassengerKind(a >> 3)},
				origin: int(od & 7), dest: int(od >> 3), interval: int(interval),
			})
		}
	}
	if r.err != nil || r.pos != len(data) {
		return errors.New("brinebell: malformed state encoding")
	}
	if err := n.validate(); err != nil {
		return fmt.Errorf("brinebell: invalid state: %w", err)
	}
	if !bytes.Equal(n.appendBinary(nil, version), data) {
		return errors.New("brinebell: non-canonical state encoding")
	}
	*s = n
	return nil
}

// reader decodes the encoding; after the first error every read yields 0.
type reader struct {
	data []byte
	pos  int
	err  error
}

// fail records a decoding error unless one is already recorded.
func (r *reader) fail() {
	if r.err == nil {
		r.err = errors.New("truncated or out of range")
	}
}

// byte reads one byte.
func (r *reader) byte() byte {
	if r.err != nil || r.pos >= len(r.data) {
		r.fail()
		return 0
	}
	r.pos++
	return r.data[r.pos-1]
}

// uint reads a uvarint no larger than limit.
func (r *reader) uint(limit int) int {
	if r.err != nil {
		return 0
	}
	v, k := binary.Uvarint(r.data[r.pos:])
	if k <= 0 || v > uint64(limit) {
		r.fail()
		return 0
	}
	r.pos += k
	return int(v)
}

// uint64 reads a little-endian 64-bit word.
func (r *reader) uint64() uint64 {
	if r.err != nil || len(r.data)-r.pos < 8 {
		r.fail()
		return 0
	}
	r.pos += 8
	return binary.LittleEndian.Uint64(r.data[r.pos-8:])
}

// uint16 reads a little-endian 16-bit word.
func (r *reader) uint16() uint16 {
	if r.err != nil || len(r.data)-r.pos < 2 {
		r.fail()
		return 0
	}
	r.pos += 2
	return binary.LittleEndian.Uint16(r.data[r.pos-2:])
}
