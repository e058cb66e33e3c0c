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

// ErrBroken says the database cannot do its work until someone repairs
// it: it is read-only, damaged, cannot be opened, or its disk fails. A
// retry in a moment gives the same answer, so it is a server fault (HTTP
// 500), never the 503 "try again" of ErrUnavailable; /readyz reports it
// (health.go).
var ErrBroken = errors.New("store: database broken")

// Fault names what kind of database fault an error is ("" for none: a
// refusal of the request itself, a bug, or no database error at all).
type Fault string

// The faults. Busy, Unreachable and Full pass by themselves or once an
// operator frees room, with nothing written meanwhile: ErrUnavailable
// (503). The others need an operator: ErrBroken (500).
const (
	// FaultBusy: locked past the busy timeout or lock_timeout, a deadlock
	// or serialization failure, no connection slot left.
	FaultBusy Fault = "busy"
	// FaultUnreachable: the connection failed or timed out, the server is
	// shutting down or starting.
	FaultUnreachable Fault = "unreachable"
	// FaultFull: the disk (or the database's own size limit) is full.
	FaultFull Fault = "full"
	// FaultReadOnly: the file, its directory, its disk, or the PostgreSQL
	// server (a standby, default_transaction_read_only) refuses writes.
	FaultReadOnly Fault = "read_only"
	// FaultCorrupt: the file is damaged or is not a database.
	FaultCorrupt Fault = "corrupt"
	// FaultCannotOpen: SQLite cannot open the file or its -wal/-shm
	// companions (a missing or unwritable directory, a moved file), or the
	// PostgreSQL database was dropped.
	FaultCannotOpen Fault = "cannot_open"
	// FaultIO: the disk reports an I/O error.
	FaultIO Fault = "io"
)

// Passing reports whether a fault goes away without repair, so that the
// client's retry will succeed: busy, unreachable, full.
//
// Full is passing, although someone must free room: a full disk refuses
// the whole request and writes nothing half, the same request succeeds
// once room is made — often by the log rotation or the cleanup that the
// alert triggers, without a restart — and a child's device keeps the
// answers it could not send and sends them again on a 503. /readyz
// reports it all the same (health.go), so that the operator is told.
func (f Fault) Passing() bool {
	return f == FaultBusy || f == FaultUnreachable || f == FaultFull
}

// FaultOf classifies a database error (found anywhere in err's chain).
func FaultOf(err error) Fault {
	if err == nil {
		return ""
	}
	var se sqlite3.Error
	if errors.As(err, &se) {
		return sqliteFault(se)
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return postgresFault(pe.Code)
	}
	var ne net.Error
	if errors.As(err, &ne) || errors.Is(err, context.DeadlineExceeded) || pgconn.Timeout(err) {
		return FaultUnreachable
	}
	return ""
}

// sqliteFault reads SQLite's primary result code. An I/O error is not
// passing: SQLite reports a full disk as SQLITE_FULL, so SQLITE_IOERR is
// a disk or a file system that failed (or was remounted read-only after
// an error), which a retry in a second does not mend.
func sqliteFault(e sqlite3.Error) Fault {
	switch e.Code {
	case sqlite3.ErrBusy, sqlite3.ErrLocked:
		return FaultBusy
	case sqlite3.ErrFull:
		return FaultFull
	case sqlite3.ErrReadonly:
		return FaultReadOnly
	case sqlite3.ErrCorrupt, sqlite3.ErrNotADB:
		return FaultCorrupt
	case sqlite3.ErrCantOpen:
		return FaultCannotOpen
	case sqlite3.ErrIoErr:
		return FaultIO
	}
	return ""
}

// postgresFault reads a SQLSTATE.
//
// 40001 and 40P01: a serialization failure or a deadlock between two
// instances' (or two PostgreSQL writers') groups; a retry succeeds.
// 55P03 (lock_not_available): the statement waited lock_timeout (store.go)
// for a lock someone else holds — a table locked by an operator, a
// migration or a VACUUM FULL, a row held by a stuck transaction. It is
// PostgreSQL's "database is locked": the statement was cancelled before it
// changed anything, its transaction (or savepoint) is rolled back, and a
// retry once the lock is gone succeeds. The other 55 codes (an object in
// use, a bad state of the system) are not passing faults and stay 500s.
// 53300: every connection slot is taken, for a moment.
//
// 25006 (read_only_sql_transaction): a standby, or a server set read-only;
// no retry helps until an operator points the URL at the primary.
// 57P04: the database was dropped. XX001/XX002: damaged data or index.
// 58030: an I/O error on the server's disk.
func postgresFault(c string) Fault {
	switch {
	case len(c) != 5:
		return ""
	case c == "40001", c == "40P01", c == "55P03", c == "53300":
		return FaultBusy
	case c == "57P04":
		return FaultCannotOpen
	case c[:2] == "53":
		return FaultFull
	case c[:2] == "08", c[:3] == "57P":
		return FaultUnreachable
	case c == "25006":
		return FaultReadOnly
	case c == "XX001", c == "XX002":
		return FaultCorrupt
	case c == "58030":
		return FaultIO
	}
	return ""
}

// classify wraps a database error for callers: the store's own sentinels
// pass through, passing faults become ErrUnavailable and lasting ones
// ErrBroken, the rest is wrapped.
func classify(err error, what string) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, ErrNotFound), errors.Is(err, ErrConflict), errors.Is(err, ErrUnavailable),
		errors.Is(err, ErrBroken), errors.Is(err, errClosed):
		return err
	}
	if f := FaultOf(err); f != "" {
		return fmt.Errorf("store: %s: %w: %w", what, sentinelOf(f), err)
	}
	return wrap(err, "%s", what)
}

// sentinelOf is the store's sentinel for a fault.
func sentinelOf(f Fault) error {
	if f.Passing() {
		return ErrUnavailable
	}
	return ErrBroken
}

// transient recognises the faults that pass (Fault.Passing).
func transient(err error) bool {
	return FaultOf(err).Passing()
}

// lockTimedOut tells a PostgreSQL statement that waited lock_timeout for a
// lock (55P03).
func lockTimedOut(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "55P03"
}
