package store

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"gorm.io/gorm"
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

// txTimeout bounds one group transaction: a database that does not answer
// fails the group (503 to the clients) rather than holding it forever.
const txTimeout = 30 * time.Second

// commit is one unit of work for the writer.
type commit struct {
	ctx  context.Context
	fn   func(tx *gorm.DB) error
	done chan error // buffered (1)
}

// writer owns the group transactions of one Store.
type writer struct {
	st    *Store
	queue chan commit
	stop  chan struct{}
	wg    sync.WaitGroup
	once  sync.Once
}

func newWriter(st *Store) *writer {
	w := &writer{st: st, queue: make(chan commit, writeQueue), stop: make(chan struct{})}
	w.wg.Add(1)
	go w.loop()
	return w
}

// errClosed answers commits sent after Close.
var errClosed = errors.New("store: closed")

// write runs fn in a group transaction and returns once it is committed (nil)
// or rolled back (fn's error, or the transaction's). ctx bounds the wait in
// the queue; once the group runs, the commit completes even if ctx ends, so
// that "acknowledged" and "stored" never disagree.
func (w *writer) write(ctx context.Context, fn func(tx *gorm.DB) error) error {
	c := commit{ctx: ctx, fn: fn, done: make(chan error, 1)}
	select {
	case w.queue <- c:
	case <-ctx.Done():
		return fmt.Errorf("store: wait to write: %w", ctx.Err())
	case <-w.stop:
		return errClosed
	}
	return <-c.done
}

func (w *writer) close() {
	w.once.Do(func() { close(w.stop) })
	w.wg.Wait()
}

func (w *writer) loop() {
	defer w.wg.Done()
	group := make([]commit, 0, maxGroup)
	for {
		select {
		case c := <-w.queue:
			group = append(group[:0], c)
		case <-w.stop:
			w.drain()
			return
		}
	collect:
		for len(group) < maxGroup {
			select {
			case c := <-w.queue:
				group = append(group, c)
			default:
				break collect
			}
		}
		w.run(group)
		clear(group) // drop references to finished commits
	}
}

// drain refuses what is left in the queue at Close.
func (w *writer) drain() {
	for {
		select {
		case c := <-w.queue:
			c.done <- errClosed
		default:
			return
		}
	}
}

// run commits one group and answers every caller.
func (w *writer) run(group []commit) {
	ctx, cancel := context.WithTimeout(context.Background(), txTimeout)
	defer cancel()
	if len(group) == 1 {
		// A lone commit needs no savepoint: its failure rolls back the transaction.
		c := group[0]
		if err := c.ctx.Err(); err != nil {
			c.done <- fmt.Errorf("store: wait to write: %w", err)
			return
		}
		c.done <- classify(w.st.db.WithContext(ctx).Transaction(c.fn), "write")
		return
	}
	results := make([]error, len(group))
	err := w.st.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for i, c := range group {
			if err := c.ctx.Err(); err != nil {
				// The caller gave up before its turn: skip it, it was not acknowledged.
				results[i] = fmt.Errorf("store: wait to write: %w", err)
				continue
			}
			results[i] = w.runOne(tx, i, c)
		}
		return nil
	})
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
	name := "c" + strconv.Itoa(i)
	if err := tx.SavePoint(name).Error; err != nil {
		return classify(err, "savepoint")
	}
	if err := c.fn(tx); err != nil {
		if rb := tx.RollbackTo(name).Error; rb != nil {
			return errors.Join(err, classify(rb, "rollback to savepoint"))
		}
		return err
	}
	return nil
}
