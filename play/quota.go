package play

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"strconv"
	"time"
)

// Quota bounds how many requests of one kind each client (see ClientOf)
// makes in a window of time, counting them in a Store so that every
// instance of a server counts together: one counter a client and window,
// written conditionally, expiring with its window. A request without a
// client (a local process over stdio, say) is not counted.
type Quota struct {
	Store Store
	Clock Clock
	// Kind names what is counted among the counters, e.g. "live-create";
	// What, for people, e.g. "live matches created".
	Kind, What string
	// Limit is how many requests a client may make in a Window; 0 sets
	// no limit.
	Limit  int
	Window time.Duration
}

// quotaGame names the counters among a store's entries.
const quotaGame = "quota"

// Take counts one request of the client ctx names, or answers
// CodeRateLimited, with the time left in the window, if the client has
// made Limit requests in it already.
func (q *Quota) Take(ctx context.Context) error {
	client := ClientOf(ctx)
	if q == nil || q.Limit <= 0 || client == "" {
		return nil
	}
	now := q.Clock()
	window := now.UnixNano() / int64(q.Window)
	end := time.Unix(0, (window+1)*int64(q.Window))
	h := sha256.Sum256([]byte(client))
	ref := q.Kind + "." + hex.EncodeToString(h[:12]) + "." + strconv.FormatInt(window, 10)
	wait := end.Sub(now)
	limited := &Error{Code: CodeRateLimited, RetryAfter: wait, Message: fmt.Sprintf(
		"%d %s in %s from one address is as many as this server allows; try again in %d s", q.Limit, q.What, span(q.Window), int((wait+time.Second-1)/time.Second))}
	err := Retry(ctx, "", func() (bool, error) {
		count, version := uint64(0), uint64(0)
		data, v, err := q.Store.Load(ctx, quotaGame, ref)
		switch {
		case err == nil && len(data) == 8:
			count, version = binary.BigEndian.Uint64(data), v
		case err != nil && !IsCode(err, CodeNoMatch):
			return false, err
		}
		if count >= uint64(q.Limit) {
			return false, limited
		}
		_, err = q.Store.Save(ctx, quotaGame, ref, binary.BigEndian.AppendUint64(nil, count+1), version, end)
		return IsCode(err, CodeConflict), err
	})
	if IsCode(err, CodeConflict) {
		return limited // a counter that contended is sending faster than any limit allows
	}
	return err
}

// span says a duration for people: "a minute", "10 minutes", "an hour".
func span(d time.Duration) string {
	switch {
	case d == time.Hour:
		return "an hour"
	case d == time.Minute:
		return "a minute"
	case d%time.Hour == 0:
		return strconv.Itoa(int(d/time.Hour)) + " hours"
	case d%time.Minute == 0:
		return strconv.Itoa(int(d/time.Minute)) + " minutes"
	}
	return d.String()
}
