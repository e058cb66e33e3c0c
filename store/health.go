package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"gorm.io/gorm"

	"github.com/multipli/multipli/migrations"
)

// Health: whether the database can do its work, told as it is.
//
// At the start (Open) a database that cannot be written or is damaged
// stops the start with a message saying what to do. While serving, Ready
// answers /readyz from what the last probes found, so that /readyz costs
// a ping and a lock, not a write or a scan of the file:
//
//   - the write probe (Probe, every ProbeEvery under Watch) commits a real
//     write through the writer, the path the answers take: SQLite rewrites
//     user_version with its own value (page 1 goes through the WAL and its
//     fsync, so a file, directory or disk turned read-only is found even
//     when SQLite opened it writable); PostgreSQL asks transaction_read_only
//     (a standby, or default_transaction_read_only);
//   - PRAGMA quick_check (SQLite) reads every page of the file: at the start,
//     every CheckEvery, and soon after a request met a damaged page;
//   - a request that met a lasting fault (NoteFault, called by the server
//     on its 5xx) makes Ready fail at once and asks the prober to look.
//
// Not ready: read-only, damaged, cannot be opened, I/O errors, full, out of
// reach. Busy is not a readiness fault: it passes within seconds by itself
// and taking instances out of a load balancer for it would help no one. A
// probe that was itself busy or timed out changes nothing (inconclusive).
// A write fault clears when a write probe passes; damage clears only when
// quick_check passes.

// ProbeEvery and CheckEvery are Watch's periods (the write probe, and
// SQLite's quick_check). quick_check reads the whole file; its cost is in
// the README (store: Health).
const (
	ProbeEvery = 10 * time.Second
	CheckEvery = time.Hour
)

// probeTimeout bounds one probe: a probe stuck behind a long queue of
// writes is inconclusive, not a fault.
const probeTimeout = 5 * time.Second

// health is what the probes found.
type health struct {
	mu      sync.Mutex
	write   error     // a lasting fault of the last write probe or of a request since; nil once a probe passes
	damage  error     // damage quick_check found or a request met; nil once quick_check passes
	checked time.Time // the last quick_check
	kick    chan struct{}
}

// faultError is a fault the store found itself (not a driver's error).
type faultError struct {
	fault Fault
	msg   string
}

func (e *faultError) Error() string { return e.msg }

// Is makes a faultError match its sentinel (ErrBroken or ErrUnavailable).
func (e *faultError) Is(target error) bool { return target == sentinelOf(e.fault) }

// faultOfAll is FaultOf, the store's own faultError included.
func faultOfAll(err error) Fault {
	var fe *faultError
	if errors.As(err, &fe) {
		return fe.fault
	}
	return FaultOf(err)
}

// HealthFault names the fault a Ready, Probe or start error is about
// ("" when it is none of the store's faults).
func HealthFault(err error) Fault { return faultOfAll(err) }

// lasting reports whether a fault makes the database not ready.
func lasting(f Fault) bool { return f != "" && f != FaultBusy && f != FaultUnreachable }

// Ready reports whether the database can serve: it answers a ping, and no
// lasting fault is known (the header above). It does not write.
func (s *Store) Ready(ctx context.Context) error {
	if err := s.Ping(ctx); err != nil {
		return &faultError{FaultUnreachable, err.Error()}
	}
	s.health.mu.Lock()
	defer s.health.mu.Unlock()
	if s.health.damage != nil {
		return s.health.damage
	}
	return s.health.write
}

// Probe runs the write probe now, and on SQLite quick_check when damage is
// suspected or the last check is older than CheckEvery. It returns the
// lasting fault it found (nil when none, or when the probe was inconclusive).
func (s *Store) Probe(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, probeTimeout)
	defer cancel()
	err := s.probeWrite(ctx)
	f := faultOfAll(err)
	s.health.mu.Lock()
	switch {
	case err == nil:
		s.health.write = nil
	case f == FaultCorrupt:
		s.health.damage = err
	case lasting(f):
		s.health.write = err
	}
	due := s.health.damage != nil || time.Since(s.health.checked) >= CheckEvery
	s.health.mu.Unlock()
	if due && s.dialect == migrations.SQLite {
		_ = s.Check(ctx)
	}
	if err != nil && lasting(f) {
		return err
	}
	s.health.mu.Lock()
	defer s.health.mu.Unlock()
	return s.health.damage
}

// Watch probes every `every` (ProbeEvery when 0), and at once when a request
// met a lasting fault, until ctx ends. The server runs it beside serving.
func (s *Store) Watch(ctx context.Context, every time.Duration) {
	if every <= 0 {
		every = ProbeEvery
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	last := time.Time{}
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		case <-s.health.kick:
			if time.Since(last) < every {
				continue // a burst of failing requests probes once per period
			}
		}
		last = time.Now()
		before := s.Ready(ctx)
		after := s.Probe(ctx)
		switch {
		case after != nil && (before == nil || before.Error() != after.Error()):
			s.logger.Error("database not ready", "fault", faultOfAll(after), "err", after)
		case after == nil && before != nil:
			s.logger.Info("database ready again")
		}
	}
}

// NoteFault tells the store that a request met err. A lasting fault
// (read-only, damaged, I/O, cannot open, full) makes Ready fail at once,
// until a probe finds the database well again, and asks Watch to probe.
func (s *Store) NoteFault(err error) {
	f := faultOfAll(err)
	if !lasting(f) {
		return
	}
	s.health.mu.Lock()
	if f == FaultCorrupt {
		s.health.damage = err
	} else {
		s.health.write = err
	}
	s.health.mu.Unlock()
	select {
	case s.health.kick <- struct{}{}:
	default:
	}
}

// probeWrite commits one real write through the writer (SQLite), or asks
// PostgreSQL whether it accepts writes.
func (s *Store) probeWrite(ctx context.Context) error {
	if s.dialect == migrations.Postgres {
		var ro string
		if err := s.sqlDB.QueryRowContext(ctx, "SHOW transaction_read_only").Scan(&ro); err != nil {
			return classify(err, "probe")
		}
		if ro == "on" {
			return &faultError{FaultReadOnly, "store: probe: PostgreSQL accepts no writes (transaction_read_only is on: a standby, or default_transaction_read_only)"}
		}
		return nil
	}
	err := s.w.write(ctx, 0, func(tx *gorm.DB) error {
		q := s.conn(tx)
		var v int64
		if err := q.sql.QueryRowContext(q.ctx, "PRAGMA user_version").Scan(&v); err != nil {
			return err
		}
		_, err := q.sql.ExecContext(q.ctx, "PRAGMA user_version = "+strconv.FormatInt(v, 10))
		return err
	})
	return classify(err, "probe")
}

// Check runs SQLite's quick_check now (every page read, the b-trees' shape
// and the records checked; not the indexes against their tables, which
// integrity_check adds at several times the cost), records the result for
// Ready, and returns the damage found. Nothing to do on PostgreSQL.
func (s *Store) Check(ctx context.Context) error {
	if s.dialect != migrations.SQLite {
		return nil
	}
	rows, err := s.sqlDB.QueryContext(ctx, "PRAGMA quick_check(5)")
	var found []string
	if err == nil {
		for rows.Next() {
			var line string
			if err = rows.Scan(&line); err != nil {
				break
			}
			found = append(found, line)
		}
		if err == nil {
			err = rows.Err()
		}
		_ = rows.Close()
	}
	var damage error
	switch {
	case err != nil && FaultOf(err) == FaultCorrupt:
		damage = classify(err, "quick_check")
	case err != nil:
		return classify(err, "quick_check") // inconclusive: busy, or the context ended
	case len(found) != 1 || found[0] != "ok":
		damage = &faultError{FaultCorrupt, "store: quick_check: " + strings.Join(found, "; ")}
	}
	s.health.mu.Lock()
	defer s.health.mu.Unlock()
	s.health.checked = time.Now()
	s.health.damage = damage
	return damage
}

// probeDirectory checks, before SQLite opens the file, that the database's
// directory can be written: SQLite creates the -wal and -shm files there,
// and without them it cannot open the database for writing at all.
func probeDirectory(path string) error {
	if strings.HasPrefix(path, ":memory:") {
		return nil
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("store: cannot create the data directory %s (%w): create it, or give the user running multipli (uid %d) write access to its parent", dir, err, os.Getuid())
	}
	f, err := os.CreateTemp(dir, ".multipli-write-probe-*")
	if err != nil {
		return fmt.Errorf("store: the data directory %s cannot be written (%w): the database and its -wal and -shm files live there; give the user running multipli (uid %d) write access to it, and check that its disk is mounted read-write and not full", dir, err, os.Getuid())
	}
	name := f.Name()
	_ = f.Close()
	return os.Remove(name)
}

// explainStart turns an error of the start into a message that says what is
// wrong with the database and what to do, by fault.
func explainStart(databaseURL string, err error) error {
	path, isSQLite := sqlitePath(databaseURL)
	what := "the PostgreSQL database"
	if isSQLite {
		what = "the SQLite database " + path
	}
	var advice string
	switch faultOfAll(err) {
	case FaultCorrupt:
		advice = what + " is damaged; restore the last backup (multipli backup makes them; see the README's Operations), or repair a copy with sqlite3's .recover"
		if !isSQLite {
			advice = what + " reports damaged data; restore it from a backup"
		}
	case FaultReadOnly, FaultCannotOpen:
		advice = fmt.Sprintf("%s cannot be written; give the user running multipli (uid %d) write access to the file, its -wal and -shm files and its directory, and check that the disk is mounted read-write", what, os.Getuid())
		if !isSQLite {
			advice = what + " accepts no writes; point the URL at the primary server, not a standby, and check default_transaction_read_only"
		}
	case FaultFull:
		advice = "the disk of " + what + " is full; make room and start again"
	case FaultIO:
		advice = "the disk of " + what + " reports I/O errors; check the disk, then restore the last backup onto a sound one"
	default:
		return err
	}
	return fmt.Errorf("store: %s (%w)", advice, err)
}

// QueryOnly sets PRAGMA query_only on the writer's connection, for good:
// the fault drill for a read-only file or disk. SQLite then refuses every
// write of the writer (answers, moves, sessions, the write probe) with
// SQLITE_READONLY, the error a read-only file gives. Not for PostgreSQL.
func (s *Store) QueryOnly(ctx context.Context) error {
	if s.dialect != migrations.SQLite {
		return errors.New("store: query_only is a SQLite setting")
	}
	err := s.w.write(ctx, 0, func(tx *gorm.DB) error {
		q := s.conn(tx)
		_, err := q.sql.ExecContext(q.ctx, "PRAGMA query_only = ON")
		return err
	})
	return classify(err, "query only")
}

// HoldsAccounts reports whether any teacher, parent or student exists: the
// start asks it before making a new signing key, which would end every
// login and make every printed login card unreadable.
func (s *Store) HoldsAccounts(ctx context.Context) (bool, error) {
	var held bool
	err := s.sqlDB.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM teachers) OR EXISTS (SELECT 1 FROM parents) OR EXISTS (SELECT 1 FROM students)`).Scan(&held)
	return held, wrap(err, "holds accounts")
}
