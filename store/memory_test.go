package store_test

import (
	"context"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

func heapAfterGC() uint64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// The write path keeps nothing per attempt in memory: after a warm-up, ten
// thousand more attempts leave the live heap where it was (the database
// grows, the process does not). The one-million-attempt RSS figure of the
// whole server is in cmd/multipli/LOADTEST.md.
func TestTheWritePathKeepsNoMemoryPerAttempt(t *testing.T) {
	st := storetest.Open(t, filepath.Join(t.TempDir(), "multipli.db"))
	ctx := context.Background()
	kids := newRoster(t, st, "mem@s.test", "K", 20)
	seqs := make([]int64, len(kids))
	sessions := make([]int64, len(kids))
	for i, k := range kids {
		sessions[i] = newSession(t, st, k.ID, time.Now()).ID
	}
	round := func(batches int) {
		var wg sync.WaitGroup
		for i := range kids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range batches {
					answers := make([]store.Answer, 10)
					for j := range answers {
						given := 12
						answers[j] = store.Answer{Seq: seqs[i], A: 2 + int(seqs[i]%11), B: 2 + int(seqs[i]/11%11), Given: &given, ResponseMS: 1500}
						seqs[i]++
					}
					_, err := st.RecordPractice(ctx, kids[i].ID, sessions[i], answers, time.Now())
					assert.NoError(t, err)
				}
			}()
		}
		wg.Wait()
	}
	round(10) // warm-up: statements prepared, every fact met
	before := heapAfterGC()
	round(50) // 10,000 attempts
	after := heapAfterGC()
	grown := int64(after) - int64(before)
	t.Logf("live heap %d KiB before, %d KiB after 10,000 attempts", before/1024, after/1024)
	assert.Less(t, grown, int64(512<<10), "the live heap grew by %d bytes: %d per attempt", grown, grown/10_000)
}
