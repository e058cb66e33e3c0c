package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"gorm.io/gorm"

	"github.com/multipli/multipli/migrations"
)

// The writer groups the hot writes of a process (attempt batches and game
// moves) into few transactions: one goroutine takes every commit waiting in
// its queue, runs each under its own SAVEPOINT inside one transaction, commits
// once, and only then answers each caller. A commit that fails (a stale game,
// an unknown session) is rolled back to its savepoint alone and the others
// still commit. On SQLite every write is serialised by the database anyway,
// so grouping turns N fsyncs into one; on PostgreSQL it saves a round trip
// and a WAL flush per commit.
//
// Batching needs no timer: while one transaction commits, the next commits
// pile up in the queue, so the group grows with the load and a lone commit is
// not delayed.

// maxGroup bounds the commits of one transaction, so that one transaction
// stays short (a few ms) and the first caller of a group does not wait for
// a long tail.
const maxGroup = 256

// writeQueue is how many commits may wait before callers block: enough for
// a few groups, small enough that a stalled database pushes back on clients
// instead of growing memory.
const writeQueue = 2 * maxGroup

// txTimeout bounds one group transaction on PostgreSQL: a database that
// does not answer fails the group (503 to the clients) rather than holding
// it forever.
const txTimeout = 30 * time.Second

// commit is one unit of work for the writer.
type commit struct {
	ctx      context.Context
	key      int64 // the student it writes for
	fn       func(tx *gorm.DB) error
	practice *practiceWrite // a practice batch, as data for the PostgreSQL pipeline (pipeline.go); else nil
	done     chan error     // buffered (1)
}

// writer owns the group transactions of one Store. On SQLite it keeps one
// connection for itself: the write lock is the database's anyway, its
// prepared statements stay warm, and a per-connection setting (the fault
// drills' max_page_count) holds for every write.
type writer struct {
	st     *Store
	queues []chan commit // one per loop; a student's commits always take the same
	stop   chan struct{}
	gone   chan struct{} // closed once every loop has ended and the queue was refused
	wg     sync.WaitGroup
	once   sync.Once
	conn   *sql.Conn // SQLite only; nil until the first write
	// caughtUp: the SQLite checkpoints() goroutine has just copied the WAL
	// (restartWAL).
	caughtUp atomic.Bool
	cache    *stateCache // SQLite: the pedagogy state of recent students (state_cache.go)
	checked  *stateCache // PostgreSQL: the same, checked against the database before use
	// fallbacks counts the PostgreSQL groups the pipeline handed back to
	// the savepoint path (pipeline.go).
	fallbacks atomic.Int64
}

// pgWriters is how many group transactions run at once on PostgreSQL.
// Two: one writer is a serial stage whose time is mostly waiting (its
// Go work, then PostgreSQL's for the read round trip, its Go work again,
// then PostgreSQL's for the write and the commit's WAL flush), and one
// PostgreSQL backend does all the database's work on one core. With two,
// one group's Go work overlaps the other's database work and two backends
// share the cores. At 10,000 answers/s offered on this 2-core machine
// (load generator in the same process, the machine shared with other
// work), one writer was busy 98 % of the time with groups of 5–8 batches
// (0.85 ms of its time a batch) and gave p99 467 and 1,218 ms, two gave
// 215 and 411 ms (alternating runs, GC at 400 %); closed loop, one gave
// 12,867 and 6,809 answers/s, two 16,818 and 14,186 (GC at 100 %;
// 2026-11-25, store/README.md).
// Before the pipeline, and on a quieter machine, one writer had the
// shorter tail at 5,000 answers/s.
const pgWriters = 2

// With several writers, each takes the commits of its own share of the
// students (student id modulo the writers): two groups running at once
// then never lock the same child's rows, which would deadlock them (found
// by TestAFailingCommitDoesNotSpoilItsGroup). Two instances writing for one
// child at once can still meet a deadlock; PostgreSQL breaks it and the
// loser answers ErrUnavailable, to retry.

// writerCacheKiB is the SQLite writer connection's page cache (64 MiB, used
// as the database grows, not reserved).
const writerCacheKiB = 64 << 10

func newWriter(st *Store) *writer {
	w := &writer{st: st, stop: make(chan struct{}), gone: make(chan struct{})}
	n := 1
	if st.dialect == migrations.Postgres {
		n = pgWriters
		w.checked = newStateCache()
	} else {
		w.cache = newStateCache()
		w.wg.Add(1)
		go w.checkpoints()
	}
	for range n {
		q := make(chan commit, writeQueue)
		w.queues = append(w.queues, q)
		w.wg.Add(1)
		go w.loop(q)
	}
	return w
}

// errClosed answers commits sent after Close.
var errClosed = errors.New("store: closed")

// write runs fn in a group transaction and returns once it is committed (nil)
// or rolled back (fn's error, or the transaction's). ctx bounds the wait in
// the queue; once the group runs, the commit completes even if ctx ends, so
// that "acknowledged" and "stored" never disagree. key (a student id) picks
// the writer on PostgreSQL.
func (w *writer) write(ctx context.Context, key int64, fn func(tx *gorm.DB) error) error {
	return w.send(commit{ctx: ctx, key: key, fn: fn, done: make(chan error, 1)})
}

// writePractice is write for a practice batch: fn is the batch's write,
// p the same as data, which the PostgreSQL writer may run in its pipeline
// instead.
func (w *writer) writePractice(ctx context.Context, p *practiceWrite, fn func(tx *gorm.DB) error) error {
	return w.send(commit{ctx: ctx, key: p.student, fn: fn, practice: p, done: make(chan error, 1)})
}

func (w *writer) send(c commit) error {
	ctx, key := c.ctx, c.key
	select {
	case w.queues[uint64(key)%uint64(len(w.queues))] <- c:
	case <-ctx.Done():
		return fmt.Errorf("store: wait to write: %w", ctx.Err())
	case <-w.stop:
		return errClosed
	}
	select {
	case err := <-c.done:
		return err
	case <-w.gone:
		// Queued as the store closed, after the last loop looked.
		select {
		case err := <-c.done:
			return err
		default:
			return errClosed
		}
	}
}

func (w *writer) close() {
	w.once.Do(func() {
		close(w.stop)
		w.wg.Wait()
		w.drain()
		close(w.gone)
	})
	<-w.gone
	if w.conn != nil {
		_ = w.conn.Close()
	}
}

// db is the GORM handle a group runs on: the writer's own connection on
// SQLite, the pool on PostgreSQL (where a dropped connection must not stop
// the writer).
func (w *writer) db(ctx context.Context) (*gorm.DB, error) {
	if w.st.dialect != migrations.SQLite {
		return w.st.db.WithContext(ctx), nil
	}
	if w.conn == nil {
		c, err := w.st.sqlDB.Conn(ctx)
		if err != nil {
			return nil, err
		}
		// The writer touches the attempts' indexes and every active
		// child's rows: SQLite's default 2 MiB page cache makes it read
		// them back from the OS again and again as the file grows.
		// The writer does not checkpoint: checkpoints below do, off its path.
		// A WAL that a burst made larger than walSizeLimit is cut back
		// to it when it starts over (restartWAL).
		// temp_store = MEMORY keeps the sub-journal (the pages a savepoint
		// or a statement may have to put back) in memory: in a temporary
		// file it was a write system call per page, a tenth of the
		// writer's CPU under the load test (perf).
		if _, err := c.ExecContext(ctx, "PRAGMA cache_size = -"+strconv.Itoa(writerCacheKiB)+"; PRAGMA temp_store = MEMORY; PRAGMA wal_autocheckpoint = 0; PRAGMA journal_size_limit = "+strconv.Itoa(walSizeLimit)); err != nil {
			_ = c.Close()
			return nil, err
		}
		w.conn = c
	}
	g := w.st.db.Session(&gorm.Session{NewDB: true, Context: ctx})
	g.Statement.ConnPool = w.conn
	return g, nil
}

// dropConn forgets a connection that failed for good, so that the next
// group takes a fresh one.
func (w *writer) dropConn(err error) {
	if w.conn != nil && (errors.Is(err, driver.ErrBadConn) || errors.Is(err, sql.ErrConnDone)) {
		_ = w.conn.Close()
		w.conn = nil
	}
}

func (w *writer) loop(queue chan commit) {
	defer w.wg.Done()
	group := make([]commit, 0, maxGroup)
	for {
		select {
		case c := <-queue:
			group = append(group[:0], c)
		case <-w.stop:
			return
		}
	collect:
		for len(group) < maxGroup {
			select {
			case c := <-queue:
				group = append(group, c)
			default:
				break collect
			}
		}
		w.run(group)
		clear(group) // drop references to finished commits
		w.restartWAL()
	}
}

// drain refuses what is left in the queues at Close.
func (w *writer) drain() {
	for _, q := range w.queues {
	empty:
		for {
			select {
			case c := <-q:
				c.done <- errClosed
			default:
				break empty
			}
		}
	}
}

// run commits one group and answers every caller. On PostgreSQL the
// group's practice batches go through the pipeline first.
func (w *writer) run(group []commit) {
	if w.checked != nil {
		pipe, rest := pipelined(group)
		if len(pipe) > 0 {
			rest = append(w.runPipeline(pipe), rest...)
		}
		if len(rest) == 0 {
			return
		}
		group = rest
	}
	ctx := context.Background()
	if w.st.dialect != migrations.SQLite {
		// On SQLite the busy timeout bounds every wait, and a context
		// that can end makes the driver watch each statement from a
		// goroutine of its own: a fifth of the write path's time.
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, txTimeout)
		defer cancel()
	}
	db, err := w.db(ctx)
	if err != nil {
		for _, c := range group {
			c.done <- classify(err, "connect")
		}
		return
	}
	if len(group) == 1 {
		// A lone commit needs no savepoint: its failure rolls back the transaction.
		c := group[0]
		if err := c.ctx.Err(); err != nil {
			c.done <- fmt.Errorf("store: wait to write: %w", err)
			return
		}
		err := db.Transaction(c.fn)
		w.dropConn(err)
		w.groupDone(err == nil)
		c.done <- classify(err, "write")
		return
	}
	results := make([]error, len(group))
	err = db.Transaction(func(tx *gorm.DB) error {
		var locked error
		for i, c := range group {
			if err := c.ctx.Err(); err != nil {
				// The caller gave up before its turn: skip it, it was not acknowledged.
				results[i] = fmt.Errorf("store: wait to write: %w", err)
				continue
			}
			if locked != nil {
				// A table is locked past lock_timeout: the commits behind
				// would each wait as long again (up to txTimeout for the
				// last); they answer at once, to retry, instead.
				results[i] = locked
				continue
			}
			results[i] = w.runOne(tx, i, c)
			if lockTimedOut(results[i]) {
				locked = classify(results[i], "write")
			}
		}
		return nil
	})
	w.dropConn(err)
	w.groupDone(err == nil)
	for i, c := range group {
		switch {
		case err != nil:
			c.done <- classify(err, "commit")
		default:
			c.done <- results[i]
		}
	}
}

// runOne runs one commit under a savepoint, so its failure undoes its own
// writes only.
func (w *writer) runOne(tx *gorm.DB, i int, c commit) error {
	// Straight to the connection (cached statements on SQLite): GORM's
	// SavePoint cost as much as a third of a small commit's own SQL.
	q := w.st.conn(tx)
	name := "c" + strconv.Itoa(i)
	if _, err := q.exec("SAVEPOINT " + name); err != nil {
		return classify(err, "savepoint")
	}
	// Each savepoint is released once its commit is done, whichever way:
	// left open, the group's savepoints nest (up to maxGroup deep), and
	// SQLite then checks every open one at each page it changes and keeps
	// a copy of each page for them in its sub-journal, which outgrows
	// memory and goes to a temporary file (a write system call per page).
	if err := c.fn(tx); err != nil {
		w.commitDone(false)
		if _, rb := q.exec("ROLLBACK TO SAVEPOINT " + name); rb != nil {
			return errors.Join(err, classify(rb, "rollback to savepoint"))
		}
		if _, rel := q.exec("RELEASE SAVEPOINT " + name); rel != nil {
			return errors.Join(err, classify(rel, "release savepoint"))
		}
		return err
	}
	if _, err := q.exec("RELEASE SAVEPOINT " + name); err != nil {
		// Not acknowledged, so not kept: undo it as a failed commit.
		w.commitDone(false)
		err = classify(err, "release savepoint")
		if _, rb := q.exec("ROLLBACK TO SAVEPOINT " + name); rb != nil {
			return errors.Join(err, classify(rb, "rollback to savepoint"))
		}
		return err
	}
	w.commitDone(true)
	return nil
}

// commitDone and groupDone keep the state cache to committed state.
func (w *writer) commitDone(ok bool) {
	if w.cache != nil {
		w.cache.commitDone(ok)
	}
}

func (w *writer) groupDone(ok bool) {
	if w.cache != nil {
		w.cache.groupDone(ok)
	}
}
