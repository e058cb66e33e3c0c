package store_test

import (
	"context"
	"database/sql"
	"log/slog"
	"net/url"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// pgSchema is a fresh PostgreSQL schema's URL, or a skip when none is set.
func pgSchema(t *testing.T) string {
	t.Helper()
	base := os.Getenv(storetest.PostgresEnv)
	if base == "" {
		t.Skip("lock_timeout is a PostgreSQL setting: set " + storetest.PostgresEnv)
	}
	return storetest.PostgresSchema(t, base)
}

func withQuery(t *testing.T, base, key, value string) string {
	t.Helper()
	u, err := url.Parse(base)
	require.NoError(t, err)
	q := u.Query()
	q.Set(key, value)
	u.RawQuery = q.Encode()
	return u.String()
}

// lockTimeoutIs fails unless the store's connections have that lock_timeout.
func lockTimeoutIs(st *store.Store, want string) error {
	return store.ExecForTest(context.Background(), st, `DO $$ BEGIN
		IF current_setting('lock_timeout') <> '`+want+`' THEN
			RAISE EXCEPTION 'lock_timeout is %, not `+want+`', current_setting('lock_timeout');
		END IF; END $$`)
}

func TestPostgresLockWaitsAreBoundedByDefaultAndTheURLMayChangeTheBound(t *testing.T) {
	base := pgSchema(t)
	assert.NoError(t, lockTimeoutIs(storetest.Open(t, base), store.DefaultLockTimeout), "the default")
	assert.Equal(t, "5s", store.DefaultLockTimeout)
	assert.NoError(t, lockTimeoutIs(storetest.Open(t, withQuery(t, base, "lock_timeout", "250ms")), "250ms"), "a URL parameter")
	assert.NoError(t, lockTimeoutIs(storetest.Open(t, withQuery(t, base, "options", "-c lock_timeout=1s")), "1s"), "options=-c")

	// A statement that waits past it is refused as ErrUnavailable, and
	// nothing is written.
	st := storetest.Open(t, withQuery(t, base, "lock_timeout", "250ms"))
	ctx := context.Background()
	other, err := sql.Open("pgx", base)
	require.NoError(t, err)
	defer func() { _ = other.Close() }()
	tx, err := other.BeginTx(ctx, nil)
	require.NoError(t, err)
	defer func() { _ = tx.Rollback() }()
	_, err = tx.ExecContext(ctx, "LOCK TABLE students IN ACCESS EXCLUSIVE MODE")
	require.NoError(t, err)
	start := time.Now()
	_, err = st.Student(ctx, 1)
	assert.ErrorIs(t, err, store.ErrUnavailable, "a read waiting for the lock")
	assert.Less(t, time.Since(start), 5*time.Second)
	require.NoError(t, tx.Rollback())
}

func TestMigrationsWaitForTheirLockPastTheLockTimeout(t *testing.T) {
	base := pgSchema(t)
	ctx := context.Background()
	other, err := sql.Open("pgx", base)
	require.NoError(t, err)
	defer func() { _ = other.Close() }()
	conn, err := other.Conn(ctx)
	require.NoError(t, err)
	defer func() { _ = conn.Close() }()
	// Another instance migrating: it holds the migrations' advisory lock
	// (migrations/runner.go), one per database, for a second.
	_, err = conn.ExecContext(ctx, "SELECT pg_advisory_lock(746501)")
	require.NoError(t, err)
	release := time.AfterFunc(time.Second, func() { _, _ = conn.ExecContext(ctx, "SELECT pg_advisory_unlock(746501)") })
	defer release.Stop()

	start := time.Now()
	st, err := store.Open(ctx, withQuery(t, base, "lock_timeout", "100ms"), slog.New(slog.DiscardHandler))
	if err == nil {
		defer func() { _ = st.Close() }()
	}
	require.NoError(t, err, "the instance starts once the other one has migrated")
	assert.GreaterOrEqual(t, time.Since(start), 800*time.Millisecond, "it waited for the lock (is 746501 still the migrations' key?)")
	require.NoError(t, lockTimeoutIs(st, "100ms"), "the requests' connections keep the URL's lock_timeout")
}

// Twenty game moves wait in the writer while another connection holds the
// games table past lock_timeout (300 ms). The first to run times out; the
// commits grouped behind it answer ErrUnavailable at once instead of each
// waiting as long again (twenty in turn: ~6 s), and nothing is written.
func TestCommitsQueuedBehindALockTimeoutAnswerAtOnce(t *testing.T) {
	base := pgSchema(t)
	st := storetest.Open(t, withQuery(t, base, "lock_timeout", "300ms"))
	ctx := context.Background()
	roster := newRoster(t, st, "lock@s.test", "L", 20)
	gameIDs := make([]int64, len(roster))
	for i, k := range roster {
		_, g := newGame(t, st, k.ID)
		gameIDs[i] = g.ID
	}

	other, err := sql.Open("pgx", base)
	require.NoError(t, err)
	defer func() { _ = other.Close() }()
	lock, err := other.BeginTx(ctx, nil)
	require.NoError(t, err)
	defer func() { _ = lock.Rollback() }()
	_, err = lock.ExecContext(ctx, "LOCK TABLE games IN ACCESS EXCLUSIVE MODE")
	require.NoError(t, err)

	start := time.Now()
	var wg sync.WaitGroup
	errs := make([]error, len(roster))
	for i := range roster {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = st.SaveMove(ctx, store.Move{GameID: gameIDs[i], FromVersion: 0, State: `{"moved":true}`, Status: "playing", At: time.Now()})
		}()
	}
	wg.Wait()
	took := time.Since(start)
	for i, err := range errs {
		assert.ErrorIs(t, err, store.ErrUnavailable, "move %d", i)
	}
	// Two lock timeouts at most (a first group, then the rest), with room
	// for a busy machine; in turn they would take twenty.
	assert.Less(t, took, 3*time.Second, "the queued moves did not each wait for the lock")
	require.NoError(t, lock.Rollback())
	for i, k := range roster {
		_, err := st.SaveMove(ctx, store.Move{GameID: gameIDs[i], FromVersion: 0, State: `{"moved":true}`, Status: "playing", At: time.Now()})
		assert.NoError(t, err, "student %d's move, once the lock is gone: nothing was half written", k.ID)
	}
}
