package migrations_test

import (
	"context"
	"database/sql"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib"
	_ "github.com/mattn/go-sqlite3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/migrations"
	"github.com/multipli/multipli/store/storetest"
)

// rawDB is an empty database of each kind, opened with database/sql.
type rawDB struct {
	name    string
	db      *sql.DB
	dialect migrations.Dialect
}

func rawDBs(t *testing.T) []rawDB {
	t.Helper()
	var out []rawDB
	for _, d := range storetest.Databases(t) {
		driver, dsn, dialect := "sqlite3", "file:"+d.URL+"?_foreign_keys=on&_txlock=immediate&_busy_timeout=10000", migrations.SQLite
		if d.Name == "postgres" {
			driver, dsn, dialect = "pgx", d.URL, migrations.Postgres
		}
		db, err := sql.Open(driver, dsn)
		require.NoError(t, err)
		t.Cleanup(func() { _ = db.Close() })
		out = append(out, rawDB{d.Name, db, dialect})
	}
	return out
}

func TestStepsAreNumberedInOrderAndEveryFileIsListed(t *testing.T) {
	steps := migrations.Steps()
	for i, s := range steps {
		assert.Equal(t, i+1, s.Version, "versions are 1, 2, 3… with no gap")
	}
	files, err := fs.Glob(os.DirFS("sql"), "*.sql")
	require.NoError(t, err)
	assert.Len(t, files, len(steps), "every SQL file is a listed step")
	for _, f := range files {
		assert.True(t, strings.HasSuffix(filepath.Base(f), ".sql"))
	}
	assert.Equal(t, steps[len(steps)-1].Version, migrations.Latest())
}

func TestUpIsIdempotentAndRecorded(t *testing.T) {
	ctx := context.Background()
	for _, d := range rawDBs(t) {
		t.Run(d.name, func(t *testing.T) {
			applied, err := migrations.Up(ctx, d.db, d.dialect)
			require.NoError(t, err)
			assert.Len(t, applied, len(migrations.Steps()))
			again, err := migrations.Up(ctx, d.db, d.dialect)
			require.NoError(t, err)
			assert.Empty(t, again, "a second run applies nothing")
			status, err := migrations.StatusOf(ctx, d.db, d.dialect)
			require.NoError(t, err)
			for _, s := range status {
				assert.NotNil(t, s.AppliedAt, "step %d recorded", s.Version)
			}
		})
	}
}

// Several app instances may start at once on one database (PostgreSQL
// replicas): each step must still be applied exactly once.
func TestConcurrentUpAppliesEachStepOnce(t *testing.T) {
	ctx := context.Background()
	for _, d := range rawDBs(t) {
		t.Run(d.name, func(t *testing.T) {
			const n = 4
			errs := make(chan error, n)
			counts := make(chan int, n)
			for range n {
				go func() {
					applied, err := migrations.Up(ctx, d.db, d.dialect)
					errs <- err
					counts <- len(applied)
				}()
			}
			total := 0
			for range n {
				require.NoError(t, <-errs)
				total += <-counts
			}
			assert.Equal(t, len(migrations.Steps()), total, "every step applied by exactly one runner")
		})
	}
}

// TestStep0001InitialSchema checks what later code relies on: the tables,
// and the constraints that keep the learning record whole.
func TestStep0001InitialSchema(t *testing.T) {
	ctx := context.Background()
	for _, d := range rawDBs(t) {
		t.Run(d.name, func(t *testing.T) {
			_, err := migrations.UpTo(ctx, d.db, d.dialect, 1)
			require.NoError(t, err)
			for _, table := range []string{"teachers", "parents", "classes", "students", "parent_codes", "parent_links",
				"auth_sessions", "login_failures", "play_sessions", "games", "game_events", "attempts", "fact_stats",
				"student_models", "level_history", "assignments", "assignment_students"} {
				_, err := d.db.ExecContext(ctx, "SELECT COUNT(*) FROM "+table)
				assert.NoError(t, err, "table %s exists", table)
			}
			ph := func(n int) string {
				if d.dialect == migrations.Postgres {
					return "$" + string(rune('0'+n))
				}
				return "?"
			}
			exec := func(q string, args ...any) error {
				for i := len(args); i >= 1; i-- {
					q = strings.Replace(q, "$"+string(rune('0'+i)), ph(i), 1)
				}
				_, err := d.db.ExecContext(ctx, q, args...)
				return err
			}
			now := "2026-03-02 09:00:00"
			require.NoError(t, exec("INSERT INTO teachers (email, name, password_hash, created_at) VALUES ('t@s', 'T', 'h', $1)", now))
			require.NoError(t, exec("INSERT INTO classes (teacher_id, name, code, created_at) VALUES (1, 'CE2', 'ABCDEF', $1)", now))
			assert.Error(t, exec("INSERT INTO classes (teacher_id, name, code, created_at) VALUES (1, 'CM1', 'ABCDEF', $1)", now), "class codes are unique")
			assert.Error(t, exec("INSERT INTO classes (teacher_id, name, code, created_at) VALUES (99, 'CM1', 'GHJKMN', $1)", now), "foreign keys are enforced")
			require.NoError(t, exec("INSERT INTO students (class_id, display_name, secret_kind, secret_hash, created_at) VALUES (1, 'Léa', 'pin', 'h', $1)", now))
			assert.Error(t, exec("INSERT INTO students (class_id, display_name, secret_kind, secret_hash, created_at) VALUES (1, 'Léa', 'pin', 'h', $1)", now), "names are unique in a class")
			require.NoError(t, exec("INSERT INTO play_sessions (student_id, plan, started_at) VALUES (1, '{}', $1)", now))
			insertAttempt := "INSERT INTO attempts (student_id, play_session_id, game, level, a, b, correct, kind, seq, at) VALUES (1, 1, 'potion', 'green', 3, 4, FALSE, 'missed', $1, $2)"
			require.NoError(t, exec(insertAttempt, 1, now))
			assert.Error(t, exec(insertAttempt, 1, now), "an attempt's (session, seq) is unique")
			assert.Error(t, exec("INSERT INTO fact_stats (student_id, a, b) VALUES (1, 8, 7)"), "fact pairs are stored with a <= b")
			require.NoError(t, exec("INSERT INTO fact_stats (student_id, a, b) VALUES (1, 7, 8)"))
		})
	}
}
