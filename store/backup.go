package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/multipli/multipli/migrations"
)

// ErrBackupExists refuses to overwrite an existing file with a backup.
var ErrBackupExists = errors.New("store: backup file already exists")

// Backup writes a consistent copy of a live SQLite database to the file to
// (which must not exist). VACUUM INTO reads one snapshot of the database
// in a read transaction, so writers go on meanwhile (WAL) and the copy holds
// whole transactions only; it is also compact. The copy is written under a
// temporary name, synced, then renamed, so that a crash never leaves a
// half-written file under the final name. PostgreSQL has its own tools
// (pg_dump, base backups); the store does not replace them.
func (s *Store) Backup(ctx context.Context, to string) error {
	if s.dialect != migrations.SQLite {
		return errors.New("store: backup: use pg_dump for PostgreSQL")
	}
	if _, err := os.Stat(to); err == nil {
		return fmt.Errorf("%w: %s", ErrBackupExists, to)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o700); err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	tmp := to + ".partial"
	_ = os.Remove(tmp)
	// Made empty and private first: VACUUM INTO writes into an empty file,
	// and would otherwise create it readable by every user of the machine.
	if f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600); err == nil {
		_ = f.Close()
	}
	if _, err := s.sqlDB.ExecContext(ctx, "VACUUM INTO ?", tmp); err != nil {
		_ = os.Remove(tmp)
		return classify(err, "backup")
	}
	if err := syncFile(tmp); err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("store: backup: %w", err)
	}
	if err := os.Rename(tmp, to); err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("store: backup: %w", err)
	}
	return syncFile(filepath.Dir(to))
}

// syncFile flushes a file (or a directory's entries) to the disk.
func syncFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		_ = f.Close()
		return err
	}
	return f.Close()
}
