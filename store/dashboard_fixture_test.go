package store_test

import (
	"database/sql"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// rawDB is a second, plain connection to a test database, for writing
// aggregates directly (the ingest write path owns them in the product).
type rawDB struct {
	*sql.DB
	postgres bool
}

// q rewrites ? placeholders as $n for PostgreSQL.
func (r rawDB) q(query string) string {
	if !r.postgres {
		return query
	}
	var b strings.Builder
	n := 0
	for _, c := range query {
		if c == '?' {
			n++
			fmt.Fprintf(&b, "$%d", n)
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}

func (r rawDB) exec(t testing.TB, query string, args ...any) {
	t.Helper()
	_, err := r.Exec(r.q(query), args...)
	require.NoError(t, err, query)
}

func openRaw(t testing.TB, db storetest.Database) rawDB {
	t.Helper()
	var (
		conn *sql.DB
		err  error
	)
	if db.Name == "postgres" {
		conn, err = sql.Open("pgx", db.URL)
	} else {
		conn, err = sql.Open("sqlite3", "file:"+db.URL+"?_busy_timeout=10000&_foreign_keys=on")
	}
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close() })
	r := rawDB{DB: conn, postgres: db.Name == "postgres"}
	ensureStudentWeeks(t, r)
	return r
}

// ensureStudentWeeks creates student_weeks as the dashboards read it until the
// ingest migration (0002) that owns it is on main; IF NOT EXISTS makes it a
// no-op once it is.
func ensureStudentWeeks(t testing.TB, r rawDB) {
	t.Helper()
	r.exec(t, `CREATE TABLE IF NOT EXISTS student_weeks (
  student_id BIGINT NOT NULL REFERENCES students(id) ON DELETE CASCADE,
  year INT NOT NULL, week INT NOT NULL, sessions INT NOT NULL DEFAULT 0,
  played_seconds INT NOT NULL DEFAULT 0, attempts INT NOT NULL DEFAULT 0,
  correct INT NOT NULL DEFAULT 0, fluent_facts INT NOT NULL DEFAULT 0, typical_ms INT NULL,
  PRIMARY KEY (student_id, year, week))`)
}

// forEachDashDB runs fn on each test database with a raw connection beside
// the store.
func forEachDashDB(t *testing.T, fn func(t *testing.T, st *store.Store, raw rawDB)) {
	t.Helper()
	for _, db := range storetest.Databases(t) {
		t.Run(db.Name, func(t *testing.T) {
			st := storetest.Open(t, db.URL)
			fn(t, st, openRaw(t, db))
		})
	}
}

func itoa(n int64) string { return fmt.Sprint(n) }
