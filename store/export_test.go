package store

import "context"

// ExecForTest runs raw SQL on the store's pool: the tests' way to set up
// a fault (a trigger that refuses a write) the API cannot cause.
func ExecForTest(ctx context.Context, st *Store, query string) error {
	_, err := st.sqlDB.ExecContext(ctx, query)
	return err
}
