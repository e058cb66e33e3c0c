package store_test

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

func TestABackupOfALiveDatabaseHoldsEveryAttemptBeforeIt(t *testing.T) {
	dir := t.TempDir()
	st := storetest.Open(t, filepath.Join(dir, "live.db"))
	ctx := context.Background()
	kid := newStudent(t, st)
	ps := newSession(t, st, kid.ID, monday9)

	// Answers keep coming while the backup runs.
	var (
		mu    sync.Mutex
		acked = map[int64]bool{}
		stop  = make(chan struct{})
		wg    sync.WaitGroup
	)
	wg.Add(1)
	go func() {
		defer wg.Done()
		rng := rand.New(rand.NewPCG(5, 6))
		for seq := int64(0); ; seq += 5 {
			select {
			case <-stop:
				return
			default:
			}
			_, err := st.RecordPractice(ctx, kid.ID, ps.ID, answers(rng, seq, 5), monday9.Add(time.Duration(seq)*time.Second))
			if !assert.NoError(t, err) {
				return
			}
			mu.Lock()
			for i := range int64(5) {
				acked[seq+i] = true
			}
			mu.Unlock()
		}
	}()
	time.Sleep(200 * time.Millisecond)
	mu.Lock()
	before := len(acked)
	mu.Unlock()
	to := filepath.Join(dir, "backups", "copy.db")
	require.NoError(t, st.Backup(ctx, to))
	close(stop)
	wg.Wait()
	assert.ErrorIs(t, st.Backup(ctx, to), store.ErrBackupExists, "a backup never overwrites a file")

	restored := storetest.Open(t, to)
	log, err := restored.AttemptsOfSession(ctx, ps.ID)
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(log), before, "every attempt acknowledged before the backup is in it")
	for i, a := range log {
		require.Equal(t, int64(i), a.Seq, "whole batches, in order, none missing")
	}
	assert.Zero(t, len(log)%5, "whole transactions only")
	assertAgreesWithLog(t, restored, kid.ID, map[[2]int]int{{2026, 10}: 1})
}
