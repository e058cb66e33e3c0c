package store_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// atMost lets a guess through while a bucket holds fewer than n guesses.
func atMost(n int) store.GuessPolicy {
	return func(_ int, times []time.Time) time.Duration {
		if len(times) >= n {
			return time.Minute
		}
		return 0
	}
}

func counts(t *testing.T, st *store.Store, buckets ...string) map[string]int {
	t.Helper()
	n, err := st.LoginFailureCounts(context.Background(), buckets, time.Time{})
	require.NoError(t, err)
	return n
}

// Guesses racing at one bucket from two stores on the same database (two
// app instances) are counted one at a time: exactly the policy's number
// get through, each with its row, and the refused ones write nothing.
func TestLoginGuessesAreTakenAtomicallyAcrossInstances(t *testing.T) {
	for _, db := range storetest.Databases(t) {
		t.Run(db.Name, func(t *testing.T) {
			stores := []*store.Store{storetest.Open(t, db.URL), storetest.Open(t, db.URL)}
			now := time.Now().UTC().Truncate(time.Second)
			buckets := []store.GuessBucket{{Name: "student:1", Since: now.Add(-time.Hour)}, {Name: "addr:a", Since: now.Add(-time.Hour)}}
			var mu sync.Mutex
			taken, waited := 0, 0
			var wg sync.WaitGroup
			for i := range 120 {
				wg.Go(func() {
					g, wait, err := stores[i%2].TakeLoginGuess(context.Background(), now, buckets, atMost(7))
					assert.NoError(t, err)
					mu.Lock()
					defer mu.Unlock()
					if wait > 0 {
						waited++
						assert.Empty(t, g.IDs)
					} else {
						taken++
						assert.Len(t, g.IDs, 2)
					}
				})
			}
			wg.Wait()
			assert.Equal(t, 7, taken)
			assert.Equal(t, 113, waited)
			assert.Equal(t, map[string]int{"student:1": 7, "addr:a": 7}, counts(t, stores[0], "student:1", "addr:a"))
		})
	}
}

// The policy sees each bucket's guesses within its window, oldest first;
// a guess exactly a window old no longer counts.
func TestTheGuessPolicySeesEachBucketsWindow(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
		for _, at := range []time.Time{now.Add(-2 * time.Hour), now.Add(-time.Hour), now.Add(-time.Minute)} {
			_, _, err := st.TakeLoginGuess(ctx, at, []store.GuessBucket{{Name: "a", Since: at}}, atMost(100))
			require.NoError(t, err)
		}
		var seen [][]time.Time
		wait, err := st.CheckLoginGuess(ctx, []store.GuessBucket{{Name: "a", Since: now.Add(-time.Hour)}, {Name: "b", Since: now.Add(-time.Hour)}},
			func(i int, times []time.Time) time.Duration {
				seen = append(seen, times)
				return time.Duration(i) * time.Second
			})
		require.NoError(t, err)
		assert.Equal(t, time.Second, wait, "the longest wait")
		require.Len(t, seen, 2)
		require.Len(t, seen[0], 1, "the guess an hour old is out of the window")
		assert.True(t, seen[0][0].Equal(now.Add(-time.Minute)))
		assert.Empty(t, seen[1])
		assert.Equal(t, map[string]int{"a": 3}, counts(t, st, "a", "b"), "checking counts nothing")
	})
}

// A right guess is taken back, with the earlier failures of the account it
// opened; the other buckets keep their earlier failures. Pruning drops
// what no window counts any more.
func TestARightGuessIsForgottenAndOldGuessesPruned(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
		both := []store.GuessBucket{{Name: "student:1", Since: now.Add(-time.Hour)}, {Name: "addr:a", Since: now.Add(-time.Hour)}}
		for range 3 {
			_, _, err := st.TakeLoginGuess(ctx, now.Add(-time.Minute), both, atMost(100))
			require.NoError(t, err)
		}
		_, _, err := st.TakeLoginGuess(ctx, now.Add(-30*time.Hour), both[1:], atMost(100))
		require.NoError(t, err)
		g, _, err := st.TakeLoginGuess(ctx, now, both, atMost(100))
		require.NoError(t, err)
		require.NoError(t, st.ForgetLoginGuess(ctx, g, "student:1"))
		assert.Equal(t, map[string]int{"addr:a": 4}, counts(t, st, "student:1", "addr:a"))
		n, err := st.LoginFailureCounts(ctx, []string{"addr:a"}, now.Add(-time.Hour))
		require.NoError(t, err)
		assert.Equal(t, 3, n["addr:a"])

		require.NoError(t, st.PruneLoginFailures(ctx, now.Add(-24*time.Hour)))
		assert.Equal(t, map[string]int{"addr:a": 3}, counts(t, st, "addr:a"))
		require.NoError(t, st.ClearLoginFailures(ctx, "addr:a"))
		assert.Empty(t, counts(t, st, "addr:a"))
	})
}

// A guess whose request has ended is not counted, and says so.
func TestALoginGuessOfAnEndedRequestIsNeitherCountedNorAllowed(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		now := time.Now()
		_, _, err := st.TakeLoginGuess(ctx, now, []store.GuessBucket{{Name: "a", Since: now.Add(-time.Hour)}}, atMost(5))
		require.Error(t, err)
		assert.Empty(t, counts(t, st, "a"))
	})
}

// BenchmarkTakeLoginGuess: one guess counted (or refused) at one account
// and one address, alone and with every goroutine at the same bucket.
func BenchmarkTakeLoginGuess(b *testing.B) {
	for _, db := range storetest.Databases(b) {
		st := storetest.Open(b, db.URL)
		now := time.Now().UTC()
		buckets := []store.GuessBucket{{Name: "student:1", Since: now.Add(-time.Hour)}, {Name: "addr:a", Since: now.Add(-time.Hour)}}
		b.Run(db.Name, func(b *testing.B) {
			for b.Loop() {
				if _, _, err := st.TakeLoginGuess(context.Background(), now, buckets, atMost(7)); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(db.Name+"-burst", func(b *testing.B) {
			b.SetParallelism(60)
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					if _, _, err := st.TakeLoginGuess(context.Background(), now, buckets, atMost(7)); err != nil {
						b.Error(err)
					}
				}
			})
		})
	}
}
