// Package store is the platform's persistence: the only package that imports
// GORM. A *Store works on SQLite (the default, one file) and PostgreSQL (for
// several app instances); Open applies the embedded migrations. One file per
// entity.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"gorm.io/driver/postgres"
	"gorm.io/driver/sqlite"
	"gorm.io/gorm"
	gormlogger "gorm.io/gorm/logger"

	"github.com/multipli/multipli/learning"
	"github.com/multipli/multipli/migrations"
)

// Sentinel errors; callers test them with errors.Is.
var (
	ErrNotFound = errors.New("store: not found")
	ErrConflict = errors.New("store: conflict")
)

// Store is a handle on the database, safe for concurrent use.
type Store struct {
	db      *gorm.DB
	sqlDB   *sql.DB
	dialect migrations.Dialect
	logger  *slog.Logger
	meaning learning.Meaning // what an attempt means (learning): fixed at Open
	w       *writer
	stmts   sync.Map // SQL text → *sql.Stmt, the write path's prepared statements (SQLite)
	logins  *loginCache
	pgURL   string // PostgreSQL: the URL as given, for the migrations' connections
	// guessGate queues login guesses on SQLite (login_failures.go).
	guessGate guessGate
	path      string // SQLite: the database file
	health    health // what the probes found (health.go)
}

// Open connects to databaseURL — a postgres:// or postgresql:// URL, or else
// the path of a SQLite file (an optional "sqlite:" or "file:" prefix is
// accepted) — applies the pending migrations, and checks that the database
// can be written and (SQLite) is not damaged. A database the server could
// only fail on refuses the start with a message that says what is wrong and
// what to do (health.go), instead of a server that answers 200 to /readyz
// and fails every write.
func Open(ctx context.Context, databaseURL string, logger *slog.Logger) (*Store, error) {
	if path, ok := sqlitePath(databaseURL); ok {
		if err := probeDirectory(path); err != nil {
			return nil, err
		}
	}
	st, err := Connect(ctx, databaseURL, logger)
	if err != nil {
		return nil, explainStart(databaseURL, err)
	}
	fail := func(err error) (*Store, error) {
		return nil, errors.Join(explainStart(databaseURL, err), st.Close())
	}
	// The file is checked before the migrations touch it: a damaged
	// database is told as damaged, not as a migration that failed.
	if err := st.Check(ctx); err != nil {
		return fail(err)
	}
	applied, err := st.Migrate(ctx)
	if err != nil {
		return fail(err)
	}
	for _, s := range applied {
		st.logger.Info("migration applied", "version", s.Version, "name", s.Name)
	}
	if err := st.Probe(ctx); err != nil {
		return fail(err)
	}
	return st, nil
}

// Connect opens the database without migrating or checking it (for
// `multipli migrate` and `multipli backup`).
func Connect(ctx context.Context, databaseURL string, logger *slog.Logger) (*Store, error) {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	cfg := &gorm.Config{
		Logger:         gormlogger.Discard,
		TranslateError: true,
		NowFunc:        func() time.Time { return time.Now().UTC() },
	}
	var (
		db      *gorm.DB
		dialect migrations.Dialect
		path    string
		err     error
	)
	if IsPostgres(databaseURL) {
		dialect = migrations.Postgres
		var serveURL string
		serveURL, err = withLockTimeout(databaseURL)
		if err == nil {
			db, err = gorm.Open(postgres.Open(serveURL), cfg)
		}
	} else {
		dialect = migrations.SQLite
		var dsn string
		path, dsn, err = sqliteDSN(databaseURL)
		if err == nil {
			err = prepareSQLiteFile(path, logger)
		}
		if err == nil {
			db, err = gorm.Open(sqlite.Open(dsn), cfg)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("store: open %s database: %w", dialect, err)
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, fmt.Errorf("store: open %s database: %w", dialect, err)
	}
	if dialect == migrations.Postgres {
		// Keep every connection the pool opens: database/sql keeps only two
		// idle by default, so each burst closed the rest and the next one
		// paid for new PostgreSQL backends (a process and a login each),
		// which cut the closed-loop ingestion rate eightfold
		// (TestABurstOfRequestsReusesThePoolsPostgresConnections).
		sqlDB.SetMaxOpenConns(postgresPoolSize)
		sqlDB.SetMaxIdleConns(postgresPoolSize)
		sqlDB.SetConnMaxIdleTime(5 * time.Minute)
	}
	st := &Store{db: db, sqlDB: sqlDB, dialect: dialect, logger: logger, meaning: learning.Default(), logins: newLoginCache(), path: path}
	st.health.kick = make(chan struct{}, 1)
	if dialect == migrations.Postgres {
		st.pgURL = databaseURL
	}
	st.w = newWriter(st)
	if err := st.Ping(ctx); err != nil {
		return nil, errors.Join(err, st.Close())
	}
	return st, nil
}

// postgresPoolSize bounds the connections one instance opens to PostgreSQL
// (the default max_connections of 100 leaves room for several instances).
const postgresPoolSize = 20

// DefaultLockTimeout is PostgreSQL's lock_timeout on the store's
// connections when the URL (or PGOPTIONS) does not set one: how long a
// statement waits for a lock another connection holds before it gives up
// with SQLSTATE 55P03, which the store answers as ErrUnavailable (503,
// faults.go), nothing written.
//
// The waits of a healthy platform are row locks between the writers'
// group transactions (writer.go) and other instances', a few milliseconds
// each (p99 of a whole answer under load: 150 ms); 5 s is far above them,
// so no busy moment turns into errors. What it catches is a lock held for
// long — an operator's LOCK TABLE or ALTER TABLE, a VACUUM FULL, a
// transaction left open — which SQLite meets as its busy timeout (10 s):
// without it a request would wait for the writer's 30 s transaction
// timeout (writer.go) or the client's, and every pool connection would
// pile up behind the lock. 5 s keeps a child's device well inside its own
// timeouts and answers 503 soon enough for its retry to be useful.
//
// "?lock_timeout=300ms" (or options=-c lock_timeout=…) on the URL overrides
// it; 0 waits for ever. Migrations never use it (Migrate).
const DefaultLockTimeout = "5s"

// withLockTimeout adds DefaultLockTimeout to a PostgreSQL URL that does not
// set lock_timeout (pgx sends unknown URL parameters as run-time settings).
func withLockTimeout(databaseURL string) (string, error) {
	c, err := pgx.ParseConfig(databaseURL)
	if err != nil {
		return "", err
	}
	if _, set := c.RuntimeParams["lock_timeout"]; set || strings.Contains(c.RuntimeParams["options"], "lock_timeout") {
		return databaseURL, nil
	}
	u, err := url.Parse(databaseURL)
	if err != nil {
		return "", err
	}
	if u.RawQuery != "" {
		u.RawQuery += "&"
	}
	u.RawQuery += "lock_timeout=" + DefaultLockTimeout
	return u.String(), nil
}

// IsPostgres reports whether a database URL names PostgreSQL.
func IsPostgres(databaseURL string) bool {
	return strings.HasPrefix(databaseURL, "postgres://") || strings.HasPrefix(databaseURL, "postgresql://")
}

// sqliteDSN builds the mattn/go-sqlite3 DSN. The driver sets busy_timeout
// right after opening, before journal_mode=WAL, so a second process waiting
// on the file does not fail at once; foreign keys are off by default in
// SQLite and must be asked for on every connection; BEGIN IMMEDIATE takes the
// write lock at the start of a transaction, which avoids the SQLITE_BUSY a
// read-then-write transaction gets when it upgrades its lock in WAL mode.
//
// Durability: an acknowledged attempt must survive a crash of the process
// AND of the machine. WAL with synchronous=NORMAL survives a killed process
// (the WAL is in the OS cache) but can lose the last commits on power loss,
// because it syncs only at checkpoints; synchronous=FULL syncs the WAL at
// every commit. FULL costs one fsync per transaction, which the writer's
// group commit (writer.go) shares among every commit of the group, so we
// pay it and keep "acknowledged = durable" true on power loss too.
//
// A "?_busy_timeout=MS" query on the path overrides the 10 s wait for the
// write lock (the fault tests use a short one).
func sqliteDSN(databaseURL string) (path, dsn string, err error) {
	path, _ = sqlitePath(databaseURL)
	if path == "" {
		return "", "", errors.New("empty SQLite path")
	}
	busy := "10000"
	if i := strings.IndexByte(databaseURL, '?'); i >= 0 {
		if given, err := url.ParseQuery(databaseURL[i+1:]); err == nil && given.Get("_busy_timeout") != "" {
			busy = given.Get("_busy_timeout")
		}
	}
	q := url.Values{}
	q.Set("_busy_timeout", busy)
	q.Set("_journal_mode", "WAL")
	q.Set("_foreign_keys", "on")
	q.Set("_synchronous", "FULL")
	q.Set("_txlock", "immediate")
	q.Set("_secure_delete", "on") // deleted rows are overwritten with zeros in the file, not left in free pages (erase.go)
	return path, "file:" + path + "?" + q.Encode(), nil
}

// sqlitePath is the file a SQLite database URL names, without its prefix
// and query; ok is false for PostgreSQL.
func sqlitePath(databaseURL string) (path string, ok bool) {
	if IsPostgres(databaseURL) {
		return "", false
	}
	path = strings.TrimPrefix(strings.TrimPrefix(databaseURL, "sqlite:"), "file:")
	if i := strings.IndexByte(path, '?'); i >= 0 {
		path = path[:i]
	}
	return path, true
}

// prepareSQLiteFile makes the database's directory (0700) and file (0600)
// before SQLite does. SQLite would create the file 0644 (less the umask),
// readable by every user of the machine, and it gives the -wal and -shm
// files the mode of the main file: a main file made 0600 first keeps all
// three private. (Setting the umask instead would change it for the whole
// process.) An existing file that others may read, made by an older
// version, is narrowed to 0600 with a warning: only this server reads it.
func prepareSQLiteFile(path string, logger *slog.Logger) error {
	if strings.HasPrefix(path, ":memory:") {
		return nil
	}
	if dir := filepath.Dir(path); dir != "." {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return fmt.Errorf("create directory for %s: %w", path, err)
		}
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if err == nil {
		return f.Close()
	}
	if !errors.Is(err, os.ErrExist) {
		return nil // SQLite's own open says what is wrong, and the start explains it
	}
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		info, err := os.Stat(p)
		if err != nil || info.Mode().Perm()&0o077 == 0 {
			continue
		}
		narrow := info.Mode().Perm() &^ 0o077
		if err := os.Chmod(p, narrow); err != nil {
			logger.Warn("the database file is readable by other users and its mode cannot be narrowed", "file", p, "mode", fmt.Sprintf("%04o", info.Mode().Perm()), "err", err)
			continue
		}
		logger.Warn("the database file was readable by other users: narrowed", "file", p, "from", fmt.Sprintf("%04o", info.Mode().Perm()), "to", fmt.Sprintf("%04o", narrow))
	}
	return nil
}

// Dialect is the SQL flavour of the database behind the store.
func (s *Store) Dialect() migrations.Dialect { return s.dialect }

// Ping checks that the database answers (used by /readyz).
func (s *Store) Ping(ctx context.Context) error {
	if err := s.sqlDB.PingContext(ctx); err != nil {
		return fmt.Errorf("store: ping: %w", err)
	}
	return nil
}

// Close waits for the writes in progress, refuses new ones, and releases
// the connections.
func (s *Store) Close() error {
	s.w.close()
	s.stmts.Range(func(_, v any) bool {
		_ = v.(*sql.Stmt).Close()
		return true
	})
	if err := s.sqlDB.Close(); err != nil {
		return fmt.Errorf("store: close: %w", err)
	}
	return nil
}

// Migrate applies the pending migrations and returns them.
func (s *Store) Migrate(ctx context.Context) ([]migrations.Step, error) {
	db, done, err := s.migrationDB()
	if err != nil {
		return nil, err
	}
	defer done()
	return migrations.Up(ctx, db, s.dialect)
}

// MigrationStatus lists every migration step and when it was applied.
func (s *Store) MigrationStatus(ctx context.Context) ([]migrations.Status, error) {
	db, done, err := s.migrationDB()
	if err != nil {
		return nil, err
	}
	defer done()
	return migrations.StatusOf(ctx, db, s.dialect)
}

// migrationDB is where migrations run. On PostgreSQL, a small pool of its
// own without lock_timeout: every instance takes one advisory lock (per
// database) to migrate, even when nothing is pending, and one must not fail
// to start because another is running a long migration; a migration's DDL
// waits for the requests in flight likewise. ctx bounds the wait.
func (s *Store) migrationDB() (*sql.DB, func(), error) {
	if s.dialect != migrations.Postgres {
		return s.sqlDB, func() {}, nil
	}
	c, err := pgx.ParseConfig(s.pgURL)
	if err != nil {
		return nil, nil, fmt.Errorf("store: migrations: %w", err)
	}
	c.RuntimeParams["lock_timeout"] = "0" // wins over the URL's options=-c lock_timeout=…
	db := stdlib.OpenDB(*c)
	db.SetMaxOpenConns(2)
	return db, func() { _ = db.Close() }, nil
}

// tx runs fn in one transaction.
func (s *Store) tx(ctx context.Context, fn func(tx *gorm.DB) error) error {
	return s.db.WithContext(ctx).Transaction(fn)
}

// wrap turns GORM's errors into the store's sentinels and adds context. A
// passing fault (faults.go) becomes ErrUnavailable here too, for the reads
// and small writes that do not go through the writer: on PostgreSQL they
// wait for locks (lock_timeout) and meet dead connections like the write
// path does, and must answer 503, not 500. A lasting one (read-only,
// damaged) becomes ErrBroken, a 500.
func wrap(err error, format string, args ...any) error {
	if err == nil {
		return nil
	}
	switch {
	case errors.Is(err, gorm.ErrRecordNotFound):
		err = ErrNotFound
	case errors.Is(err, gorm.ErrDuplicatedKey):
		err = fmt.Errorf("%w: %w", ErrConflict, err)
	case errors.Is(err, ErrUnavailable), errors.Is(err, ErrBroken):
	default:
		if f := FaultOf(err); f != "" {
			err = fmt.Errorf("%w: %w", sentinelOf(f), err)
		}
	}
	return fmt.Errorf("store: "+format+": %w", append(args, err)...)
}
