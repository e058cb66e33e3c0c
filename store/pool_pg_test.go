package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store"
)

// TestABurstOfRequestsReusesThePoolsPostgresConnections: database/sql keeps
// only two idle connections unless told otherwise, so after each burst the
// pool closed all but two and the next burst opened new PostgreSQL backends
// (a fork and an authentication each), which cut the loadtest's closed-loop
// rate eightfold. Backends are told apart by (pid, backend_start) in
// pg_stat_activity, under an application_name unique to the test's schema.
func TestABurstOfRequestsReusesThePoolsPostgresConnections(t *testing.T) {
	base := pgSchema(t)
	app := fmt.Sprintf("pool_%p", t)
	st, err := store.Open(context.Background(), withQuery(t, base, "application_name", app), slog.New(slog.DiscardHandler))
	require.NoError(t, err)
	t.Cleanup(func() { _ = st.Close() })
	admin, err := sql.Open("pgx", base)
	require.NoError(t, err)
	t.Cleanup(func() { _ = admin.Close() })

	backends := func() map[string]bool {
		rows, err := admin.Query(`SELECT pid::text || '@' || backend_start::text FROM pg_stat_activity
			WHERE datname = current_database() AND application_name = $1`, app)
		require.NoError(t, err)
		defer rows.Close()
		out := map[string]bool{}
		for rows.Next() {
			var id string
			require.NoError(t, rows.Scan(&id))
			out[id] = true
		}
		require.NoError(t, rows.Err())
		return out
	}
	// burst runs 200 callers at once and returns every backend seen while
	// they ran (pg_stat_activity is sampled, since a pool that closes its
	// connections afterwards would leave nothing to see).
	burst := func() map[string]bool {
		seen := map[string]bool{}
		done := make(chan struct{})
		sampled := make(chan struct{})
		go func() {
			defer close(sampled)
			for {
				for id := range backends() {
					seen[id] = true
				}
				select {
				case <-done:
					return
				case <-time.After(5 * time.Millisecond):
				}
			}
		}()
		var wg sync.WaitGroup
		for range 200 {
			wg.Go(func() {
				for range 5 {
					_, _ = st.ClassByCode(context.Background(), "ZZZZZZ")
				}
			})
		}
		wg.Wait()
		close(done)
		<-sampled
		for id := range backends() {
			seen[id] = true
		}
		return seen
	}

	warm := burst()
	for id := range burst() { // a second one, in case the first did not reach the pool's size
		warm[id] = true
	}
	require.Greater(t, len(warm), 2, "a burst of 200 callers should need more than two connections")
	for round := range 3 {
		for id := range burst() {
			assert.True(t, warm[id], "burst %d: backend %s was opened after the pool was warm", round+3, id)
		}
	}
}
