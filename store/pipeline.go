package store

import (
	"cmp"
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"slices"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// The PostgreSQL pipeline runs a group of practice batches (RecordPractice)
// as one transaction in three round trips, whatever the group's size:
//
//  1. BEGIN, and for every batch its session read and its student locked
//     (practiceLockSQL), in student id order so that two instances lock
//     children in the same order;
//  2. every batch's attempts inserted (ON CONFLICT DO NOTHING RETURNING),
//     and the facts of the children the state cache cannot vouch for;
//  3. every write of the aggregates (the same statements as recordKnown's),
//     and COMMIT.
//
// The statements of a step go to the server in one network write (a pgx
// batch on one connection of the pool). Before, each batch took its own
// four round trips under a savepoint, one after the other: on the 2-core
// machine of issue 8, where PostgreSQL shares the cores with the server,
// the waits between them bounded the rate and made the latency's tail
// (cmd/multipli/LOADTEST.md).
//
// The computing in between is recordKnown's own (touchSessions, fold,
// weekStatements), so both paths write the same rows. A refused batch (a
// session that is not the child's, or has ended) is found in step 1 and
// writes nothing. Any database error undoes the whole transaction: a
// passing fault (unreachable, locked, out of time) answers every batch
// ErrUnavailable; any other error — one batch the database refuses — runs
// the group again through the savepoint path, which isolates it.

// pipelined picks the commits of a group the pipeline takes: practice
// batches, one per child, none behind another commit of the same child
// (a child's commits keep their order). The rest run as before.
func pipelined(group []commit) (pipe, rest []commit) {
	taken := map[int64]bool{}
	for _, c := range group {
		p := c.practice
		if p != nil && !taken[p.student] && len(p.answers) <= insertChunk {
			taken[p.student] = true
			pipe = append(pipe, c)
			continue
		}
		if p != nil {
			taken[p.student] = true // its later batches wait behind it
		} else {
			taken[c.key] = true
		}
		rest = append(rest, c)
	}
	return pipe, rest
}

// piped is one practice batch going through the pipeline.
type piped struct {
	c       commit
	p       *practiceWrite
	row     sessionRow
	level   string
	refused error // the batch's own refusal: no write
	st      *studentState
	fresh   []Attempt // the attempts really inserted, in log order
}

// errFallback marks a pipeline failure that the savepoint path may get
// past (one batch the database refuses).
var errFallback = errors.New("store: pipeline failed")

// runPipeline runs the pipe's batches and answers them, but for those it
// returns: they should run again through the savepoint path.
func (w *writer) runPipeline(pipe []commit) (again []commit) {
	ctx, cancel := context.WithTimeout(context.Background(), txTimeout)
	defer cancel()
	items := make([]*piped, 0, len(pipe))
	for _, c := range pipe {
		if err := c.ctx.Err(); err != nil {
			// The caller gave up before its turn: it was not acknowledged.
			c.done <- fmt.Errorf("store: wait to write: %w", err)
			continue
		}
		items = append(items, &piped{c: c, p: c.practice})
	}
	if len(items) == 0 {
		return nil
	}
	slices.SortFunc(items, func(x, y *piped) int { return cmp.Compare(x.p.student, y.p.student) })
	err := w.pipeline(ctx, items)
	switch {
	case errors.Is(err, errFallback):
		w.fallbacks.Add(1)
		for _, it := range items {
			again = append(again, it.c)
		}
		return again
	case err != nil:
		for _, it := range items {
			it.c.done <- classify(err, "write")
		}
		return nil
	}
	for _, it := range items {
		if it.st != nil {
			w.checked.put(it.p.student, it.st)
		}
		it.c.done <- it.refused
	}
	return nil
}

// pipeline runs the transaction on one pooled connection. A database
// error comes back wrapped in errFallback unless it is a passing fault.
func (w *writer) pipeline(ctx context.Context, items []*piped) error {
	conn, err := w.st.sqlDB.Conn(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = conn.Close() }()
	return conn.Raw(func(dc any) error {
		sc, ok := dc.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("store: pipeline on %T", dc)
		}
		pc := sc.Conn()
		err := w.steps(ctx, pc, items)
		if err == nil {
			return nil
		}
		for _, it := range items {
			it.st = nil // nothing of it was written
		}
		if !transient(err) {
			err = fmt.Errorf("%w: %w", errFallback, err)
		}
		if pc.PgConn().TxStatus() != 'I' {
			if _, rb := pc.Exec(ctx, "ROLLBACK"); rb != nil {
				// The connection's state is unknown (a batch pgx could
				// not encode leaves it closed): the pool must not reuse it.
				_ = pc.Close(ctx)
				return errors.Join(err, driver.ErrBadConn)
			}
		}
		return err
	})
}

// steps are the three round trips.
func (w *writer) steps(ctx context.Context, pc *pgx.Conn, items []*piped) error {
	if err := w.lockAll(ctx, pc, items); err != nil {
		return err
	}
	if err := w.insertAll(ctx, pc, items); err != nil {
		return err
	}
	return w.writeAll(ctx, pc, items)
}

// lockAll is step 1: BEGIN, and each batch's session read, its child locked.
func (w *writer) lockAll(ctx context.Context, pc *pgx.Conn, items []*piped) error {
	b := &pgx.Batch{}
	b.Queue("BEGIN")
	lock := dollars(practiceLockSQL)
	for _, it := range items {
		it.row = sessionRow{id: it.p.session, locked: true, week: weekOf(it.p.student, it.p.at)}
		b.Queue(lock, it.row.week.year, it.row.week.week, it.p.session, it.p.student)
	}
	res := pc.SendBatch(ctx, b)
	defer func() { _ = res.Close() }()
	if _, err := res.Exec(); err != nil {
		return err
	}
	for _, it := range items {
		var ended sql.NullTime
		r := &it.row
		err := res.QueryRow().Scan(&r.student, &ended, &it.level, &r.started, &r.previous, &r.playedMS, &r.core, &r.typical)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		it.refused = it.p.check(err, r.student, ended)
	}
	return res.Close()
}

// insertAll is step 2: the attempts, and the facts of the children whose
// cached state is not the stored one (state_cache.go).
func (w *writer) insertAll(ctx context.Context, pc *pgx.Conn, items []*piped) error {
	b := &pgx.Batch{}
	type inserted struct {
		chunk []Attempt
		index map[[2]int64]int
	}
	ins := make([]inserted, len(items))
	facts := dollars(factsOfSQL)
	for i, it := range items {
		if it.refused != nil {
			continue
		}
		chunk := it.p.attempts(it.level)
		query, args, index := attemptsInsert(chunk)
		ins[i] = inserted{chunk, index}
		b.Queue(dollars(query), args...)
		if st := w.checked.take(it.p.student); st != nil && st.raw == it.row.core && st.raw != "" {
			it.st = st
		} else {
			b.Queue(facts, it.p.student)
		}
	}
	if b.Len() == 0 {
		return nil
	}
	res := pc.SendBatch(ctx, b)
	defer func() { _ = res.Close() }()
	for i, it := range items {
		if it.refused != nil {
			continue
		}
		rows, err := res.Query()
		if err != nil {
			return err
		}
		for rows.Next() {
			var id int64
			var key [2]int64
			if err := rows.Scan(&id, &key[0], &key[1]); err != nil {
				rows.Close()
				return err
			}
			j := ins[i].index[key]
			ins[i].chunk[j].ID = id
			it.fresh = append(it.fresh, ins[i].chunk[j])
		}
		if err := rows.Err(); err != nil {
			return err
		}
		slices.SortFunc(it.fresh, func(x, y Attempt) int { return cmp.Compare(x.ID, y.ID) })
		if it.st != nil {
			continue
		}
		rows, err = res.Query()
		if err != nil {
			return err
		}
		it.st = newStudentState(parseCore(it.row.core))
		for rows.Next() {
			if err := it.st.scanFact(rows); err != nil {
				rows.Close()
				return err
			}
		}
		if err := rows.Err(); err != nil {
			return err
		}
		it.st.raw = it.row.core
	}
	return res.Close()
}

// writeAll is step 3: the writes of recordKnown for every batch with new
// attempts, and COMMIT.
func (w *writer) writeAll(ctx context.Context, pc *pgx.Conn, items []*piped) error {
	q := conn{ctx: ctx, st: w.st, pg: true, collect: true}
	b := &pgx.Batch{}
	for _, it := range items {
		if it.refused != nil || len(it.fresh) == 0 {
			it.p.rec = Recorded{Stored: len(it.fresh), Duplicates: len(it.p.answers) - len(it.fresh)}
			continue
		}
		deltas := map[weekKey]*weekDelta{}
		// One activity: every answer of a batch has the batch's time.
		later, err := q.touchSessions([]activity{{sessionID: it.p.session, at: it.fresh[0].At}}, &it.row, deltas)
		if err != nil {
			return err
		}
		it.st.weeks = map[weekKey]*int64{it.row.week: nil}
		if it.row.typical.Valid {
			it.st.weeks[it.row.week] = &it.row.typical.Int64
		}
		raw, err := w.st.fold(q, it.p.student, it.st, it.fresh, deltas, &later)
		if err != nil {
			return err
		}
		it.st.raw = raw
		for _, d := range weekStatements(deltas, later) {
			b.Queue(dollars(d.query), d.args...)
		}
		it.p.rec = Recorded{Stored: len(it.fresh), Duplicates: len(it.p.answers) - len(it.fresh)}
	}
	b.Queue("COMMIT")
	return pc.SendBatch(ctx, b).Close()
}
