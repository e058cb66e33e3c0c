// Package storetest runs tests against every database the platform supports:
// always SQLite (a file in t.TempDir()), and PostgreSQL when
// MULTIPLI_TEST_POSTGRES_URL is set, each test in a fresh schema so that
// tests stay isolated and may run in parallel.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver for schema set-up
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store"
)

// PostgresEnv names the variable holding the test PostgreSQL URL.
const PostgresEnv = "MULTIPLI_TEST_POSTGRES_URL"

// Database is one database a test runs on.
type Database struct {
	Name string // "sqlite" or "postgres"
	URL  string // what store.Open takes
}

// Databases returns a fresh, empty database of each kind for the test. It
// fails the test (never skips) when PostgreSQL is asked for but unreachable.
func Databases(t testing.TB) []Database {
	t.Helper()
	out := []Database{{Name: "sqlite", URL: filepath.Join(t.TempDir(), "multipli.db")}}
	if base := os.Getenv(PostgresEnv); base != "" {
		out = append(out, Database{Name: "postgres", URL: PostgresSchema(t, base)})
	}
	return out
}

// ForEachDB runs fn as a subtest on each database, with an open, migrated store.
func ForEachDB(t *testing.T, fn func(t *testing.T, st *store.Store)) {
	t.Helper()
	for _, db := range Databases(t) {
		t.Run(db.Name, func(t *testing.T) {
			fn(t, Open(t, db.URL))
		})
	}
}

// Open opens and migrates a store, closed when the test ends.
func Open(t testing.TB, databaseURL string) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), databaseURL, slog.New(slog.DiscardHandler))
	require.NoError(t, err, "open test database")
	t.Cleanup(func() { _ = st.Close() })
	return st
}

// PostgresSchema creates a uniquely named schema in the database at base,
// dropped when the test ends, and returns a URL whose connections use it.
func PostgresSchema(t testing.TB, base string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	admin, err := sql.Open("pgx", base)
	require.NoError(t, err, "%s is set but cannot be opened", PostgresEnv)
	t.Cleanup(func() { _ = admin.Close() })
	require.NoError(t, admin.PingContext(ctx), "%s is set but PostgreSQL does not answer", PostgresEnv)

	var suffix [6]byte
	_, _ = rand.Read(suffix[:])
	schema := "t_" + hex.EncodeToString(suffix[:])
	_, err = admin.ExecContext(ctx, "CREATE SCHEMA "+schema)
	require.NoError(t, err, "create test schema")
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_, _ = admin.ExecContext(ctx, "DROP SCHEMA "+schema+" CASCADE")
	})

	u, err := url.Parse(base)
	require.NoError(t, err, "parse %s", PostgresEnv)
	q := u.Query()
	q.Set("search_path", schema) // pgx sends unknown parameters as run-time settings
	u.RawQuery = q.Encode()
	return u.String()
}
