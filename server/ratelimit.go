package server

import (
	"math"
	"sync"
	"time"
)

// Attempt ingestion is limited per student with a token bucket held in
// memory: a bucket of Burst attempts refilled at Rate per second. A child
// answers at most a few facts a second; a device coming back online may
// send a queued batch at once, which the burst absorbs. The limit is per
// instance (several instances multiply it): it protects the server from a
// runaway or hostile client, it is not an accounting rule, so it needs no
// shared state.
type IngestLimit struct {
	Rate  float64 // attempts per second, sustained
	Burst float64 // attempts at once
}

// defaultIngestLimit: 50 answers a second sustained is far beyond any child
// (a fast one answers one a second) yet holds one student to about 1% of
// what an instance stores (cmd/multipli/LOADTEST.md), so that a runaway or
// hostile client cannot crowd out a school; the burst takes a few full
// batches from a device's offline queue. The load test's 200 clients send
// 25 answers a second each.
var defaultIngestLimit = IngestLimit{Rate: 50, Burst: 500}

// limiter is a set of token buckets by key, pruned as it goes so that its
// memory follows the number of active students, not of all students ever.
type limiter struct {
	mu      sync.Mutex
	limit   IngestLimit
	buckets map[int64]*bucket
	now     func() time.Time
	swept   time.Time
}

type bucket struct {
	tokens float64
	at     time.Time
}

func newLimiter(l IngestLimit, now func() time.Time) *limiter {
	return &limiter{limit: l, buckets: map[int64]*bucket{}, now: now}
}

// take removes n tokens from key's bucket, or returns how long to wait
// until they are there (0 when taken).
func (l *limiter) take(key int64, n float64) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	l.sweep(now)
	b, ok := l.buckets[key]
	if !ok {
		b = &bucket{tokens: l.limit.Burst, at: now}
		l.buckets[key] = b
	}
	if dt := now.Sub(b.at).Seconds(); dt > 0 {
		b.tokens = math.Min(l.limit.Burst, b.tokens+dt*l.limit.Rate)
		b.at = now
	}
	if b.tokens >= n {
		b.tokens -= n
		return 0
	}
	return time.Duration((n - b.tokens) / l.limit.Rate * float64(time.Second))
}

// sweep drops, once a minute, the buckets that are full again: forgetting
// them changes nothing.
func (l *limiter) sweep(now time.Time) {
	if now.Sub(l.swept) < time.Minute {
		return
	}
	l.swept = now
	full := time.Duration(l.limit.Burst / l.limit.Rate * float64(time.Second))
	for k, b := range l.buckets {
		if now.Sub(b.at) > full {
			delete(l.buckets, k)
		}
	}
}
