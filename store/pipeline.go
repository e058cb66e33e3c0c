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

	"github.com/multipli/multipli/learning"
)

// The PostgreSQL pipeline runs a group of practice batches (RecordPractice)
// as one transaction in two round trips, whatever the group's size:
//
//  1. BEGIN; for every batch, in child id order (two instances then lock
//     children in the same order), its session read with the child locked
//     (practiceLockSQL) and its attempts inserted — only if the session is
//     the child's and open (attemptsInsert with a guard) — ON CONFLICT DO NOTHING
//     RETURNING; and the facts of the children the state cache does not
//     hold;
//  2. every write of the batches' meaning (learning.Meaning.Record, written
//     by apply: the same statements as recordKnown's), and COMMIT.
//
// A cached child whose stored core is not the one this process wrote
// (another instance wrote for them) costs one more round trip between the
// two, to read their facts again.
//
// The statements of a step go to the server in one network write (a pgx
// batch on one connection of the pool). Before, each batch took its own
// four round trips under a savepoint, one after the other: on a 2-core
// machine where PostgreSQL shares the cores with the server,
// the waits between them bounded the rate and made the latency's tail
// (cmd/multipli/LOADTEST.md).
//
// The meaning in between is recordKnown's own (learning.Meaning.Record,
// then apply.go), so both paths write the same rows. A refused batch (a
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
	cached  bool      // st came from the state cache: to check against the stored core
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
		if it.st != nil && it.st.raw != "" {
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

// steps are the round trips: two, and a third between them when another
// instance (or a rolled-back commit) changed a cached child.
func (w *writer) steps(ctx context.Context, pc *pgx.Conn, items []*piped) error {
	if err := w.readAll(ctx, pc, items); err != nil {
		return err
	}
	if err := w.reloadStale(ctx, pc, items); err != nil {
		return err
	}
	return w.writeAll(ctx, pc, items)
}

// readAll is step 1: BEGIN; for each batch, its session read with its
// child locked, then its attempts inserted; and the facts of the children
// the state cache does not hold.
func (w *writer) readAll(ctx context.Context, pc *pgx.Conn, items []*piped) error {
	b := &pgx.Batch{}
	b.Queue("BEGIN")
	lock, facts := dollars(practiceLockSQL), dollars(factsOfSQL)
	type inserted struct {
		chunk []Attempt
		index map[[2]int64]int
	}
	ins := make([]inserted, len(items))
	for i, it := range items {
		it.row = sessionRow{id: it.p.session, locked: true, week: learning.WeekOf(it.p.student, it.p.at)}
		b.Queue(lock, it.row.week.Year, it.row.week.Week, it.p.session, it.p.student)
		chunk := it.p.attempts("") // the guard takes the child's level as stored
		guard := &insertGuard{}
		if it.p.plan != nil {
			guard.plan = &it.p.plan.from
		}
		query, args, index := attemptsInsert(chunk, guard)
		ins[i] = inserted{chunk, index}
		b.Queue(dollars(query), args...)
		it.st = w.checked.take(it.p.student)
		if it.cached = it.st != nil; !it.cached {
			b.Queue(facts, it.p.student)
		}
	}
	res := pc.SendBatch(ctx, b)
	defer func() { _ = res.Close() }()
	if _, err := res.Exec(); err != nil {
		return err
	}
	for i, it := range items {
		var (
			ended sql.NullTime
			plan  string
		)
		r := &it.row
		err := res.QueryRow().Scan(&r.student, &ended, &it.level, &r.started, &r.previous, &r.playedMS, &r.core, &r.typical, &plan)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		it.refused = it.p.check(err, r.student, ended, plan)
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
			a := ins[i].chunk[ins[i].index[key]]
			a.ID, a.Level = id, it.level
			it.fresh = append(it.fresh, a)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		if it.refused != nil && len(it.fresh) > 0 {
			// The insert checks what the lock read: they cannot disagree.
			return fmt.Errorf("store: %d answers stored in a refused batch", len(it.fresh))
		}
		slices.SortFunc(it.fresh, func(x, y Attempt) int { return cmp.Compare(x.ID, y.ID) })
		if it.st == nil {
			if it.st, err = scanFacts(res, it.row.core); err != nil {
				return err
			}
		}
	}
	return res.Close()
}

// reloadStale reads again the facts of the children whose cached state is
// not the stored one (state_cache.go): another instance wrote for them.
func (w *writer) reloadStale(ctx context.Context, pc *pgx.Conn, items []*piped) error {
	b := &pgx.Batch{}
	facts := dollars(factsOfSQL)
	var stale []*piped
	for _, it := range items {
		if it.cached && it.refused == nil && (it.st.raw != it.row.core || it.row.core == "") {
			stale = append(stale, it)
			b.Queue(facts, it.p.student)
		}
	}
	if len(stale) == 0 {
		return nil
	}
	res := pc.SendBatch(ctx, b)
	defer func() { _ = res.Close() }()
	for _, it := range stale {
		var err error
		if it.st, err = scanFacts(res, it.row.core); err != nil {
			return err
		}
	}
	return res.Close()
}

// scanFacts reads the next result of a batch, a child's factsOfSQL, into a
// state whose core is raw.
func scanFacts(res pgx.BatchResults, raw string) (*studentState, error) {
	rows, err := res.Query()
	if err != nil {
		return nil, err
	}
	st := newStudentState(parseCore(raw))
	for rows.Next() {
		if err := st.scanFact(rows); err != nil {
			rows.Close()
			return nil, err
		}
	}
	st.raw = raw
	return st, rows.Err()
}

// writeAll is the last step: the meaning of every batch with new attempts,
// written by apply (as recordKnown does), and COMMIT.
func (w *writer) writeAll(ctx context.Context, pc *pgx.Conn, items []*piped) error {
	q := conn{ctx: ctx, st: w.st, pg: true, collect: true}
	b := &pgx.Batch{}
	for _, it := range items {
		if it.refused == nil {
			if err := it.p.allNew(len(it.fresh)); err != nil {
				// Its answers are in the group's transaction: the savepoint
				// path refuses it alone.
				return err
			}
		}
		if it.refused != nil || len(it.fresh) == 0 {
			it.p.rec = Recorded{Stored: len(it.fresh), Duplicates: len(it.p.answers) - len(it.fresh)}
			continue
		}
		it.st.Weeks = map[learning.Week]*int64{it.row.week: nil}
		if it.row.typical.Valid {
			it.st.Weeks[it.row.week] = &it.row.typical.Int64
		}
		next, ch := w.st.meaning.Record(learning.Batch{
			Attempts: it.fresh,
			Sessions: map[int64]learning.Session{it.p.session: it.row.session()},
			States:   map[int64]learning.State{it.p.student: it.st.State},
		})
		q.plan = nil
		if it.p.plan != nil {
			q.plan = &sessionPlan{id: it.p.session, plan: it.p.plan.to}
		}
		cores, stmts, err := q.apply(ch)
		if err != nil {
			return err
		}
		it.st = &studentState{State: next[it.p.student], raw: cores[it.p.student]}
		for _, d := range stmts {
			b.Queue(dollars(d.query), d.args...)
		}
		if q.plan != nil && !q.plan.written {
			b.Queue(dollars(planUpdate), it.p.plan.to, it.p.session)
		}
		it.p.rec = Recorded{Stored: len(it.fresh), Duplicates: len(it.p.answers) - len(it.fresh)}
	}
	b.Queue("COMMIT")
	return pc.SendBatch(ctx, b).Close()
}
