package store

import (
	"context"
	"errors"
	"strconv"
	"time"

	"gorm.io/gorm"

	"github.com/multipli/multipli/migrations"
)

// The SQLite write-ahead log, as the writer (writer.go) keeps it: copied
// back into the database file off the writer's path, started over under a
// steady load, and cut back after a burst. And the full-disk drill.

// walSizeLimit is the size, in bytes, the SQLite WAL file is cut back to
// when it starts over.
const walSizeLimit = 32 << 20

// checkpointEvery is how often the SQLite WAL is copied back into the
// database file.
const checkpointEvery = 250 * time.Millisecond

// walRestartAt is the size of the WAL past which the writer helps it start
// over (restartWAL). Its catch-up checkpoint holds every waiting answer
// (a copy and an fsync of the database file: 5–120 ms under the load
// test); run after every one of checkpoints() (4 a second), it took a
// fifth of the writer's time at 10,000 answers/s and made the latency's
// tail. Once per walRestartAt of WAL, it is rare.
const walRestartAt = walSizeLimit

// walPageSize is SQLite's default page size, which the database keeps: a
// WAL frame holds one page.
const walPageSize = 4096

// checkpoints copies the WAL back into the database file from a goroutine
// of its own. By default SQLite does it inside the commit that crosses
// 1,000 WAL pages — in the writer, which every waiting answer then waits
// for; here the other core does it while the writer goes on (a PASSIVE
// checkpoint never blocks a writer). Durability does not depend on it: a
// commit is durable once its WAL frames are fsynced (synchronous=FULL).
func (w *writer) checkpoints() {
	defer w.wg.Done()
	t := time.NewTicker(checkpointEvery)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			// A failure (busy, I/O) is retried at the next tick; the
			// WAL just grows meanwhile.
			var busy, frames, copied int64
			err := w.st.sqlDB.QueryRowContext(context.Background(), "PRAGMA wal_checkpoint(PASSIVE)").Scan(&busy, &frames, &copied)
			if err == nil && frames*walPageSize >= walRestartAt {
				// Once more first: it copies only what the writer
				// appended during the first, and leaves the writer's
				// own checkpoint (restartWAL) less to copy while every
				// answer waits.
				_, _ = w.st.sqlDB.ExecContext(context.Background(), "PRAGMA wal_checkpoint(PASSIVE)")
				w.caughtUp.Store(true)
			}
		case <-w.stop:
			return
		}
	}
}

// restartWAL keeps the SQLite WAL file from growing without end. SQLite
// writes the WAL from its start again only when a write begins after a
// checkpoint that copied every frame; the checkpoints of checkpoints(),
// running while the writer keeps appending, never catch up under a steady
// load (a 3 GB WAL after 80 s at 5,000 answers/s, 2026-11-22). Between two
// groups nothing is appended: after the other goroutine's checkpoints
// when the WAL reached walRestartAt, the writer runs one too, which copies
// only the frames appended meanwhile, and its next group restarts the WAL. A reader still
// on an older snapshot makes it copy less: it tries again after the next one.
func (w *writer) restartWAL() {
	if w.conn == nil || !w.caughtUp.Swap(false) {
		return
	}
	_, _ = w.conn.ExecContext(context.Background(), "PRAGMA wal_checkpoint(PASSIVE)")
}

// LimitPages caps the SQLite database at pages pages on the writer's
// connection (PRAGMA max_page_count; 0 lifts the cap to SQLite's maximum)
// and returns the database's current page count. It is the fault drill for
// a full disk: a write that needs more room then fails with "database or
// disk is full", as it would on a full disk, and the store answers
// ErrUnavailable. Not for PostgreSQL.
func (s *Store) LimitPages(ctx context.Context, pages int) (int, error) {
	if s.dialect != migrations.SQLite {
		return 0, errors.New("store: page limits are a SQLite setting")
	}
	if pages <= 0 {
		pages = 4294967294
	}
	var count int
	err := s.w.write(ctx, 0, func(tx *gorm.DB) error {
		q := s.conn(tx)
		if _, err := q.sql.ExecContext(q.ctx, "PRAGMA max_page_count = "+strconv.Itoa(pages)); err != nil {
			return err
		}
		return q.sql.QueryRowContext(q.ctx, "PRAGMA page_count").Scan(&count)
	})
	return count, classify(err, "limit pages")
}
