package store_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// BenchmarkRecordPractice measures the write path as the ingestion endpoint
// uses it: 200 students answering at once in batches of 10, each batch
// acknowledged once durable (SQLite: synchronous=FULL). attempts/s is the
// figure; ns/op is per batch.
func BenchmarkRecordPractice(b *testing.B) {
	for _, db := range storetest.Databases(b) {
		b.Run(db.Name, func(b *testing.B) {
			st := storetest.Open(b, db.URL)
			ctx := context.Background()
			const students, batch = 200, 10
			kids := newRoster(b, st, fmt.Sprintf("bench%d@s.test", time.Now().UnixNano()), "K", students)
			sessions := make([]int64, len(kids))
			for i, k := range kids {
				sessions[i] = newSession(b, st, k.ID, time.Now()).ID
			}
			var next atomic.Int64
			b.SetParallelism(students / 2) // GOMAXPROCS is 2: 200 goroutines
			b.ResetTimer()
			start, cpu := time.Now(), cpuTime()
			b.RunParallel(func(pb *testing.PB) {
				i := int(next.Add(1)-1) % len(kids)
				seq := int64(0)
				for pb.Next() {
					answers := make([]store.Answer, batch)
					for j := range answers {
						given := 12
						answers[j] = store.Answer{Seq: seq, A: 3 + int(seq%5), B: 4, Given: &given, ResponseMS: 1200}
						seq++
					}
					if _, err := st.RecordPractice(ctx, kids[i].ID, sessions[i], answers, time.Now()); err != nil {
						b.Error(err)
						return
					}
				}
			})
			b.ReportMetric(float64(b.N*batch)/time.Since(start).Seconds(), "attempts/s")
			// The process's CPU time per batch (user + system, the writer's
			// included): on a shared machine, steadier than the wall time.
			b.ReportMetric(float64(cpuTime()-cpu)/1e3/float64(b.N), "cpu-µs/op")
		})
	}
}

// cpuTime is the CPU time the process used so far, in nanoseconds.
func cpuTime() int64 {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return ru.Utime.Nano() + ru.Stime.Nano()
}
