package store

import (
	"context"
	"errors"
	"fmt"
	"net"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/mattn/go-sqlite3"
)

// ErrUnavailable says the database cannot take the request now — locked past
// the busy timeout, full, out of reach — and that nothing of the request was
// written: the client may retry later (HTTP 503).
var ErrUnavailable = errors.New("store: database unavailable")

// classify wraps a database error for callers: the store's own sentinels
// pass through, passing faults become ErrUnavailable, the rest is wrapped.
func classify(err error, what string) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, ErrNotFound), errors.Is(err, ErrConflict), errors.Is(err, ErrUnavailable),
		errors.Is(err, errClosed):
		return err
	case transient(err):
		return fmt.Errorf("store: %s: %w: %w", what, ErrUnavailable, err)
	}
	return wrap(err, "%s", what)
}

// transient recognises the faults that pass: SQLite busy, locked, full or
// failing to write; PostgreSQL out of resources (class 53, e.g. disk full),
// shutting down or our backend terminated (57P), unreachable (class 08), a
// deadlock or serialization failure, a lock not granted within lock_timeout
// (55P03), or a network error; a transaction that ran out of time.
func transient(err error) bool {
	var se sqlite3.Error
	if errors.As(err, &se) {
		switch se.Code {
		case sqlite3.ErrBusy, sqlite3.ErrLocked, sqlite3.ErrFull, sqlite3.ErrIoErr, sqlite3.ErrCantOpen, sqlite3.ErrReadonly:
			return true
		}
		return false
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		c := pe.Code
		// 40001 and 40P01: a serialization failure or a deadlock between
		// two instances' (or two PostgreSQL writers') groups; a retry succeeds.
		// 55P03 (lock_not_available): the statement waited lock_timeout
		// (store.go) for a lock someone else holds — a table locked by an
		// operator, a migration or a VACUUM FULL, a row held by a stuck
		// transaction. It is PostgreSQL's "database is locked": the
		// statement was cancelled before it changed anything, its
		// transaction (or savepoint) is rolled back, and a retry once the
		// lock is gone succeeds, so it is a 503 like SQLite's busy timeout,
		// not a 500. The other 55 codes (an object in use, a bad state of
		// the system) are not passing faults and stay 500s.
		return len(c) == 5 && (c[:2] == "53" || c[:2] == "08" || c[:3] == "57P" || c == "40001" || c == "40P01" || c == "55P03")
	}
	var ne net.Error
	return errors.As(err, &ne) || errors.Is(err, context.DeadlineExceeded) || pgconn.Timeout(err)
}

// lockTimedOut tells a PostgreSQL statement that waited lock_timeout for a
// lock (55P03).
func lockTimedOut(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "55P03"
}
