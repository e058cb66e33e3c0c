package store_test

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/mattn/go-sqlite3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

func TestFaultsThatPassAre503sAndFaultsThatLastAre500s(t *testing.T) {
	tests := []struct {
		name  string
		err   error
		fault store.Fault
	}{
		{"SQLite busy", sqlite3.Error{Code: sqlite3.ErrBusy}, store.FaultBusy},
		{"SQLite locked", sqlite3.Error{Code: sqlite3.ErrLocked}, store.FaultBusy},
		{"SQLite full", sqlite3.Error{Code: sqlite3.ErrFull}, store.FaultFull},
		{"SQLite read-only", sqlite3.Error{Code: sqlite3.ErrReadonly}, store.FaultReadOnly},
		{"SQLite corrupt", sqlite3.Error{Code: sqlite3.ErrCorrupt}, store.FaultCorrupt},
		{"SQLite not a database", sqlite3.Error{Code: sqlite3.ErrNotADB}, store.FaultCorrupt},
		{"SQLite cannot open", sqlite3.Error{Code: sqlite3.ErrCantOpen}, store.FaultCannotOpen},
		{"SQLite I/O error", sqlite3.Error{Code: sqlite3.ErrIoErr}, store.FaultIO},
		{"PostgreSQL lock_timeout", &pgconn.PgError{Code: "55P03"}, store.FaultBusy},
		{"PostgreSQL deadlock", &pgconn.PgError{Code: "40P01"}, store.FaultBusy},
		{"PostgreSQL serialization", &pgconn.PgError{Code: "40001"}, store.FaultBusy},
		{"PostgreSQL too many connections", &pgconn.PgError{Code: "53300"}, store.FaultBusy},
		{"PostgreSQL disk full", &pgconn.PgError{Code: "53100"}, store.FaultFull},
		{"PostgreSQL connection lost", &pgconn.PgError{Code: "08006"}, store.FaultUnreachable},
		{"PostgreSQL backend terminated", &pgconn.PgError{Code: "57P01"}, store.FaultUnreachable},
		{"PostgreSQL read-only transaction", &pgconn.PgError{Code: "25006"}, store.FaultReadOnly},
		{"PostgreSQL database dropped", &pgconn.PgError{Code: "57P04"}, store.FaultCannotOpen},
		{"PostgreSQL data corrupted", &pgconn.PgError{Code: "XX001"}, store.FaultCorrupt},
		{"PostgreSQL index corrupted", &pgconn.PgError{Code: "XX002"}, store.FaultCorrupt},
		{"PostgreSQL I/O error", &pgconn.PgError{Code: "58030"}, store.FaultIO},
		{"PostgreSQL unique violation", &pgconn.PgError{Code: "23505"}, ""},
		{"a timeout", context.DeadlineExceeded, store.FaultUnreachable},
		{"no database error", errors.New("something else"), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.fault, store.FaultOf(tt.err))
			passing := tt.fault == store.FaultBusy || tt.fault == store.FaultUnreachable || tt.fault == store.FaultFull
			assert.Equal(t, passing, tt.fault.Passing())
		})
	}
}

// damagedFile makes a SQLite database with a teacher in it, closed, then
// damages the teachers table.
func damagedFile(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "multipli.db")
	st, err := store.Open(context.Background(), path, nil)
	require.NoError(t, err)
	require.NoError(t, st.CreateTeacher(context.Background(), &store.Teacher{Email: "t@school.test", Name: "T", PasswordHash: "x", CreatedAt: time.Now()}))
	require.NoError(t, st.Close())
	storetest.DamageTable(t, path, "teachers")
	return path
}

func TestADamagedSQLiteFileRefusesToOpenAndSaysSo(t *testing.T) {
	t.Run("a damaged page", func(t *testing.T) {
		_, err := store.Open(context.Background(), damagedFile(t), nil)
		require.Error(t, err)
		t.Log(err)
		assert.Equal(t, store.FaultCorrupt, store.HealthFault(err))
		assert.ErrorContains(t, err, "is damaged; restore the last backup")
	})
	t.Run("not a database at all", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "multipli.db")
		garbage := make([]byte, 8192)
		for i := range garbage {
			garbage[i] = byte(i * 7)
		}
		require.NoError(t, os.WriteFile(path, garbage, 0o600))
		_, err := store.Open(context.Background(), path, nil)
		require.Error(t, err)
		assert.ErrorContains(t, err, "is damaged; restore the last backup")
	})
}

func TestADatabaseDamagedWhileServingIsNotReadyAndItsErrorsAre500s(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "multipli.db")
	st := storetest.Open(t, path)
	tc := store.Teacher{Email: "t@school.test", Name: "T", PasswordHash: "x", CreatedAt: time.Now()}
	require.NoError(t, st.CreateTeacher(ctx, &tc))
	require.NoError(t, st.Ready(ctx))

	storetest.DamageTable(t, path, "teachers")
	_, err := st.Teacher(ctx, tc.ID)
	require.Error(t, err)
	assert.ErrorIs(t, err, store.ErrBroken, "a damaged file is a lasting fault")
	assert.NotErrorIs(t, err, store.ErrUnavailable, "not a 503 to retry")

	err = st.Check(ctx) // quick_check finds it without a request's help
	assert.Equal(t, store.FaultCorrupt, store.HealthFault(err), "%v", err)
	assert.ErrorContains(t, err, "quick_check")
	err = st.Ready(ctx)
	assert.Equal(t, store.FaultCorrupt, store.HealthFault(err), "%v", err)
}

func TestAStoreThatCannotWriteIsNotReady(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "multipli.db")
	st := storetest.Open(t, path)
	require.NoError(t, st.Ready(ctx))
	require.NoError(t, st.Probe(ctx))

	require.NoError(t, st.QueryOnly(ctx))
	err := st.Probe(ctx)
	assert.Equal(t, store.FaultReadOnly, store.HealthFault(err), "%v", err)
	assert.ErrorIs(t, err, store.ErrBroken)
	err = st.Ready(ctx)
	assert.Equal(t, store.FaultReadOnly, store.HealthFault(err), "%v", err)
}

func TestAFaultARequestMetLastsUntilAProbePasses(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "multipli.db")
	st := storetest.Open(t, path)

	// A real SQLITE_READONLY, from a connection opened read-only.
	ro, err := sql.Open("sqlite3", "file:"+path+"?mode=ro")
	require.NoError(t, err)
	defer func() { _ = ro.Close() }()
	_, readOnly := ro.ExecContext(ctx, "DELETE FROM teachers")
	require.Equal(t, store.FaultReadOnly, store.FaultOf(readOnly), "%v", readOnly)

	st.NoteFault(errors.New("a request refused for its own reasons"))
	require.NoError(t, st.Ready(ctx), "only database faults count")
	st.NoteFault(sqlite3.Error{Code: sqlite3.ErrBusy})
	require.NoError(t, st.Ready(ctx), "busy passes by itself: still ready")

	st.NoteFault(readOnly)
	err = st.Ready(ctx)
	assert.Equal(t, store.FaultReadOnly, store.HealthFault(err), "not ready at once, before any probe")
	require.NoError(t, st.Probe(ctx), "the database can be written")
	assert.NoError(t, st.Ready(ctx), "ready again once a probe passed")
}

func TestDatabaseFilesAreTheirUsersAlone(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "data")
	path := filepath.Join(dir, "multipli.db")
	st, err := store.Open(ctx, path, nil)
	require.NoError(t, err)
	require.NoError(t, st.CreateTeacher(ctx, &store.Teacher{Email: "t@school.test", Name: "T", PasswordHash: "x", CreatedAt: time.Now()}))
	modes := func() map[string]os.FileMode {
		out := map[string]os.FileMode{}
		for _, p := range []string{dir, path, path + "-wal", path + "-shm"} {
			info, err := os.Stat(p)
			require.NoError(t, err)
			out[filepath.Base(p)] = info.Mode().Perm()
		}
		return out
	}
	private := map[string]os.FileMode{"data": 0o700, "multipli.db": 0o600, "multipli.db-wal": 0o600, "multipli.db-shm": 0o600}
	assert.Equal(t, private, modes(), "made private")

	backup := filepath.Join(t.TempDir(), "copy.db")
	require.NoError(t, st.Backup(ctx, backup))
	info, err := os.Stat(backup)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm(), "the backup too")
	require.NoError(t, st.Close())

	// A file an older version left readable by everyone is narrowed.
	require.NoError(t, os.Chmod(path, 0o644))
	var logged syncLog
	st, err = store.Open(ctx, path, slog.New(slog.NewTextHandler(&logged, nil)))
	require.NoError(t, err)
	defer func() { _ = st.Close() }()
	assert.Equal(t, private, modes(), "narrowed")
	assert.Contains(t, logged.String(), "readable by other users")
}

func TestHoldsAccountsTellsAFirstStart(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		held, err := st.HoldsAccounts(ctx)
		require.NoError(t, err)
		assert.False(t, held)
		require.NoError(t, st.CreateTeacher(ctx, &store.Teacher{Email: "t@school.test", Name: "T", PasswordHash: "x", CreatedAt: time.Now()}))
		held, err = st.HoldsAccounts(ctx)
		require.NoError(t, err)
		assert.True(t, held)
	})
}

// withRuntimeParam sets a PostgreSQL run-time parameter on a URL (pgx sends
// the ones it does not know to the server).
func withRuntimeParam(t *testing.T, base, key, value string) string {
	t.Helper()
	u, err := url.Parse(base)
	require.NoError(t, err)
	q := u.Query()
	q.Set(key, value)
	u.RawQuery = q.Encode()
	return u.String()
}

func TestAReadOnlyPostgresRefusesToStartAndIsNotReady(t *testing.T) {
	base := os.Getenv(storetest.PostgresEnv)
	if base == "" {
		t.Skip("needs PostgreSQL: set " + storetest.PostgresEnv)
	}
	ctx := context.Background()
	for _, migrated := range []bool{false, true} {
		schema := storetest.PostgresSchema(t, base)
		if migrated {
			require.NoError(t, storetest.Open(t, schema).Close())
		}
		// default_transaction_read_only is what a standby or a server set
		// read-only answers: every write fails with SQLSTATE 25006.
		readOnly := withRuntimeParam(t, schema, "default_transaction_read_only", "on")
		_, err := store.Open(ctx, readOnly, nil)
		require.Error(t, err, "migrated %v", migrated)
		t.Log(err)
		assert.Equal(t, store.FaultReadOnly, store.HealthFault(err), "%v", err)
		assert.ErrorContains(t, err, "accepts no writes; point the URL at the primary server")

		st, err := store.Connect(ctx, readOnly, nil)
		require.NoError(t, err)
		err = st.Probe(ctx)
		assert.Equal(t, store.FaultReadOnly, store.HealthFault(err), "%v", err)
		err = st.Ready(ctx)
		assert.Equal(t, store.FaultReadOnly, store.HealthFault(err), "%v", err)
		require.NoError(t, st.Close())
	}
}

// syncLog is a log destination the store's goroutines may share.
type syncLog struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *syncLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *syncLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}
