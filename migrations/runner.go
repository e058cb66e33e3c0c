package migrations

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// advisoryLock serialises migrations of several app instances starting at
// once on the same PostgreSQL database. SQLite needs none: its transactions
// are opened with BEGIN IMMEDIATE by the store's DSN.
const advisoryLock = 74_6501

// Status is a step and when it was applied (nil when pending).
type Status struct {
	Step
	AppliedAt *time.Time
}

// Up applies every pending step in order and returns those it applied.
func Up(ctx context.Context, db *sql.DB, d Dialect) ([]Step, error) {
	return UpTo(ctx, db, d, Latest())
}

// UpTo applies the pending steps up to and including version.
func UpTo(ctx context.Context, db *sql.DB, d Dialect, version int) ([]Step, error) {
	if err := ensureTable(ctx, db, d); err != nil {
		return nil, err
	}
	var applied []Step
	for _, s := range steps {
		if s.Version > version {
			break
		}
		done, err := apply(ctx, db, d, s)
		if err != nil {
			return applied, err
		}
		if done {
			applied = append(applied, s)
		}
	}
	return applied, nil
}

// StatusOf lists every step with the time it was applied.
func StatusOf(ctx context.Context, db *sql.DB, d Dialect) ([]Status, error) {
	if err := ensureTable(ctx, db, d); err != nil {
		return nil, err
	}
	rows, err := db.QueryContext(ctx, "SELECT version, applied_at FROM schema_migrations")
	if err != nil {
		return nil, fmt.Errorf("migrations: read status: %w", err)
	}
	defer rows.Close()
	at := map[int]time.Time{}
	for rows.Next() {
		var v int
		var t time.Time
		if err := rows.Scan(&v, &t); err != nil {
			return nil, fmt.Errorf("migrations: read status: %w", err)
		}
		at[v] = t
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("migrations: read status: %w", err)
	}
	out := make([]Status, 0, len(steps))
	for _, s := range steps {
		st := Status{Step: s}
		if t, ok := at[s.Version]; ok {
			st.AppliedAt = &t
		}
		out = append(out, st)
	}
	return out, nil
}

func ensureTable(ctx context.Context, db *sql.DB, d Dialect) error {
	ts := "TIMESTAMP"
	if d == Postgres {
		ts = "TIMESTAMPTZ"
	}
	return inTx(ctx, db, d, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at "+ts+" NOT NULL)")
		if err != nil {
			return fmt.Errorf("migrations: create schema_migrations: %w", err)
		}
		return nil
	})
}

// apply runs one step in one transaction unless it is already recorded.
func apply(ctx context.Context, db *sql.DB, d Dialect, s Step) (bool, error) {
	stmts, err := s.Statements(d)
	if err != nil {
		return false, err
	}
	ran := false
	err = inTx(ctx, db, d, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM schema_migrations WHERE version = "+placeholder(d, 1), s.Version).Scan(&n); err != nil {
			return fmt.Errorf("migrations: check step %d: %w", s.Version, err)
		}
		if n > 0 {
			return nil
		}
		for _, stmt := range stmts {
			if _, err := tx.ExecContext(ctx, stmt); err != nil {
				return fmt.Errorf("migrations: step %d (%s): %w\n%s", s.Version, s.Name, err, stmt)
			}
		}
		_, err := tx.ExecContext(ctx, "INSERT INTO schema_migrations (version, name, applied_at) VALUES ("+
			placeholder(d, 1)+", "+placeholder(d, 2)+", "+placeholder(d, 3)+")", s.Version, s.Name, time.Now().UTC())
		if err != nil {
			return fmt.Errorf("migrations: record step %d: %w", s.Version, err)
		}
		ran = true
		return nil
	})
	return ran, err
}

func inTx(ctx context.Context, db *sql.DB, d Dialect, fn func(*sql.Tx) error) (err error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("migrations: begin: %w", err)
	}
	defer func() {
		if err != nil {
			err = errors.Join(err, ignoreDone(tx.Rollback()))
		}
	}()
	if d == Postgres {
		if _, err := tx.ExecContext(ctx, fmt.Sprintf("SELECT pg_advisory_xact_lock(%d)", advisoryLock)); err != nil {
			return fmt.Errorf("migrations: lock: %w", err)
		}
	}
	if err := fn(tx); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("migrations: commit: %w", err)
	}
	return nil
}

func ignoreDone(err error) error {
	if errors.Is(err, sql.ErrTxDone) {
		return nil
	}
	return err
}

func placeholder(d Dialect, n int) string {
	if d == Postgres {
		return fmt.Sprintf("$%d", n)
	}
	return "?"
}
