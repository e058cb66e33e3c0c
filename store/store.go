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

	"gorm.io/driver/postgres"
	"gorm.io/driver/sqlite"
	"gorm.io/gorm"
	gormlogger "gorm.io/gorm/logger"

	"github.com/multipli/multipli/migrations"
	"github.com/multipli/multipli/pedagogy"
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
	model   pedagogy.Model
	w       *writer
	stmts   sync.Map // SQL text → *sql.Stmt, the write path's prepared statements (SQLite)
	logins  *loginCache
}

// Open connects to databaseURL — a postgres:// or postgresql:// URL, or else
// the path of a SQLite file (an optional "sqlite:" or "file:" prefix is
// accepted) — and applies the pending migrations.
func Open(ctx context.Context, databaseURL string, logger *slog.Logger) (*Store, error) {
	st, err := Connect(ctx, databaseURL, logger)
	if err != nil {
		return nil, err
	}
	applied, err := migrations.Up(ctx, st.sqlDB, st.dialect)
	if err != nil {
		return nil, errors.Join(err, st.Close())
	}
	for _, s := range applied {
		logger.Info("migration applied", "version", s.Version, "name", s.Name)
	}
	return st, nil
}

// Connect opens the database without migrating it (for `multipli migrate`).
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
		err     error
	)
	if IsPostgres(databaseURL) {
		dialect = migrations.Postgres
		db, err = gorm.Open(postgres.Open(databaseURL), cfg)
	} else {
		dialect = migrations.SQLite
		var dsn string
		dsn, err = sqliteDSN(databaseURL)
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
		sqlDB.SetMaxOpenConns(20)
		sqlDB.SetConnMaxIdleTime(5 * time.Minute)
	}
	st := &Store{db: db, sqlDB: sqlDB, dialect: dialect, logger: logger, model: pedagogy.DefaultModel(), logins: newLoginCache()}
	st.w = newWriter(st)
	if err := st.Ping(ctx); err != nil {
		return nil, errors.Join(err, st.Close())
	}
	return st, nil
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
func sqliteDSN(databaseURL string) (string, error) {
	path := strings.TrimPrefix(strings.TrimPrefix(databaseURL, "sqlite:"), "file:")
	if path == "" {
		return "", errors.New("empty SQLite path")
	}
	busy := "10000"
	if i := strings.IndexByte(path, '?'); i >= 0 {
		if given, err := url.ParseQuery(path[i+1:]); err == nil && given.Get("_busy_timeout") != "" {
			busy = given.Get("_busy_timeout")
		}
		path = path[:i]
	}
	if dir := filepath.Dir(path); dir != "." {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return "", fmt.Errorf("create directory for %s: %w", path, err)
		}
	}
	q := url.Values{}
	q.Set("_busy_timeout", busy)
	q.Set("_journal_mode", "WAL")
	q.Set("_foreign_keys", "on")
	q.Set("_synchronous", "FULL")
	q.Set("_txlock", "immediate")
	return "file:" + path + "?" + q.Encode(), nil
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
	return migrations.Up(ctx, s.sqlDB, s.dialect)
}

// MigrationStatus lists every migration step and when it was applied.
func (s *Store) MigrationStatus(ctx context.Context) ([]migrations.Status, error) {
	return migrations.StatusOf(ctx, s.sqlDB, s.dialect)
}

// tx runs fn in one transaction.
func (s *Store) tx(ctx context.Context, fn func(tx *gorm.DB) error) error {
	return s.db.WithContext(ctx).Transaction(fn)
}

// wrap turns GORM's errors into the store's sentinels and adds context. A
// passing fault (faults.go) becomes ErrUnavailable here too, for the reads
// and small writes that do not go through the writer: on PostgreSQL they
// wait for locks (lock_timeout) and meet dead connections like the write
// path does, and must answer 503, not 500.
func wrap(err error, format string, args ...any) error {
	if err == nil {
		return nil
	}
	switch {
	case errors.Is(err, gorm.ErrRecordNotFound):
		err = ErrNotFound
	case errors.Is(err, gorm.ErrDuplicatedKey):
		err = fmt.Errorf("%w: %w", ErrConflict, err)
	case !errors.Is(err, ErrUnavailable) && transient(err):
		err = fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	return fmt.Errorf("store: "+format+": %w", append(args, err)...)
}
