package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/migrations"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

func TestGameNoticeReachesAnotherInstance(t *testing.T) {
	for _, db := range storetest.Databases(t) {
		if db.Name != "postgres" {
			continue
		}
		one, two := storetest.Open(t, db.URL), storetest.Open(t, db.URL)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		got := make(chan [2]int64, 8)
		go func() {
			_ = two.ListenGames(ctx, func(id int64, v int) { got <- [2]int64{id, int64(v)} })
		}()
		// The listener needs a moment to subscribe: announce until heard.
		deadline := time.After(10 * time.Second)
		for {
			require.NoError(t, one.NotifyGame(ctx, 42, 7))
			select {
			case n := <-got:
				assert.Equal(t, [2]int64{42, 7}, n)
				return
			case <-time.After(200 * time.Millisecond):
			case <-deadline:
				t.Fatal("the other instance never heard the notice")
			}
		}
	}
	t.Skip("notices between instances need PostgreSQL: set " + storetest.PostgresEnv)
}

func TestOnlyOneInstanceHoldsAGameLock(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		a, b := st.GameLocks(), st.GameLocks()
		defer func() { _ = a.Close(); _ = b.Close() }()
		ok, err := a.TryLock(ctx, 9)
		require.NoError(t, err)
		require.True(t, ok)
		if st.Dialect() != migrations.Postgres {
			return // one instance: every lock is granted
		}
		ok, err = b.TryLock(ctx, 9)
		require.NoError(t, err)
		assert.False(t, ok, "another instance holds it")
		ok, err = b.TryLock(ctx, 10)
		require.NoError(t, err)
		assert.True(t, ok, "locks are per game")
		require.NoError(t, a.Unlock(ctx, 9))
		ok, err = b.TryLock(ctx, 9)
		require.NoError(t, err)
		assert.True(t, ok, "released, it can be taken")
		require.NoError(t, b.Close())
		// The server ends the closed connection's session a moment later.
		for range 50 {
			if ok, err = a.TryLock(ctx, 10); err != nil || ok {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
		require.NoError(t, err)
		assert.True(t, ok, "a closed instance's locks go with its connection")
	})
}
