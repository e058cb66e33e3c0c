package store_test

import (
	"context"
	"math/rand/v2"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store/storetest"
)

// The SQLite writer leaves checkpoints to a goroutine of its own
// (writer.go): the answers reach the database file without any commit
// paying for the copy.
func TestTheWALIsCopiedIntoTheDatabaseFileOffTheWritersPath(t *testing.T) {
	db := storetest.Databases(t)[0]
	require.Equal(t, "sqlite", db.Name)
	st := storetest.Open(t, db.URL)
	ctx := context.Background()
	kid := newStudent(t, st)
	ps := newSession(t, st, kid.ID, monday9)
	before, err := os.Stat(db.URL)
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 100 {
		_, err := st.RecordPractice(ctx, kid.ID, ps.ID, answers(rng, int64(100*i), 50), monday9.Add(time.Duration(i)*time.Second))
		require.NoError(t, err)
	}
	assert.Eventually(t, func() bool {
		now, err := os.Stat(db.URL)
		return err == nil && now.Size() > before.Size()+64<<10
	}, 3*time.Second, 50*time.Millisecond, "the database file grew without a checkpoint by the writer")
}

// Under a steady stream of answers (the writer never idle: ~290 MiB of WAL
// without restartWAL), with a reader at the same time, the
// SQLite WAL file starts over again and again instead of growing with
// every answer (writer.go, restartWAL): a school's disk must not fill up
// with a log already copied into the database.
func TestTheWALStaysSmallUnderASteadyStreamOfAnswers(t *testing.T) {
	db := storetest.Databases(t)[0]
	require.Equal(t, "sqlite", db.Name)
	st := storetest.Open(t, db.URL)
	ctx := context.Background()
	const writers, batches, size = 64, 120, 10 // 76,800 answers, the writer never idle
	roster := newRoster(t, st, "wal@s.test", "W", writers)
	var kids, sessions []int64
	for _, kid := range roster {
		kids = append(kids, kid.ID)
		sessions = append(sessions, newSession(t, st, kid.ID, monday9).ID)
	}
	var wg sync.WaitGroup
	for i := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(i), 5))
			for n := range batches {
				_, err := st.RecordPractice(ctx, kids[i], sessions[i], answers(rng, int64(size*n), size), monday9.Add(time.Duration(n)*time.Second))
				if !assert.NoError(t, err) {
					return
				}
			}
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	var walMax int64
	for running := true; running; {
		select {
		case <-done:
			running = false
		default:
			_, err := st.FactStatsOf(ctx, kids[0]) // a reader, as the dashboards and logins are
			require.NoError(t, err)
		}
		if fi, err := os.Stat(db.URL + "-wal"); err == nil {
			walMax = max(walMax, fi.Size())
		}
	}
	t.Logf("largest WAL file: %d KiB", walMax>>10)
	assert.Less(t, walMax, int64(96<<20), "the WAL file started over instead of holding the whole stream")
}
