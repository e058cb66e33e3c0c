package store

import (
	"context"
	"time"
)

// ExecForTest runs raw SQL on the store's pool: the tests' way to set up
// a fault (a trigger that refuses a write) the API cannot cause.
func ExecForTest(ctx context.Context, st *Store, query string) error {
	_, err := st.sqlDB.ExecContext(ctx, query)
	return err
}

// SetLoginClockForTest sets the clock of the login cache's expiry.
func SetLoginClockForTest(st *Store, now func() time.Time) {
	st.logins.mu.Lock()
	defer st.logins.mu.Unlock()
	st.logins.now = now
}

// PipelineFallbacksForTest is how many PostgreSQL groups the pipeline has
// handed back to the savepoint path.
func PipelineFallbacksForTest(st *Store) int64 { return st.w.fallbacks.Load() }
