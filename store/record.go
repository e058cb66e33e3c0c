package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/multipli/multipli/learning"
	"github.com/multipli/multipli/migrations"
	"github.com/multipli/multipli/pedagogy"
)

// The write path: attempts are inserted with ON CONFLICT (play_session_id,
// seq) DO NOTHING (apply.go), and only the rows really inserted — learnt
// from the insert, so that two racing writers of the same attempt cannot
// both count it — are given their meaning (learning.Meaning.Record): the
// pedagogy state (fact_stats, student_models), the weekly aggregates
// (student_weeks) and the session's played time, written in the same
// transaction (apply.go). Game moves (SaveMove), practice (RecordPractice)
// and RecordAttempts share it, so the aggregates always agree with the log.
// This file loads what the meaning reads; apply.go writes what it decides.

// Attempt is one row of the learning record (learning.Attempt).
type Attempt = learning.Attempt

// PedagogyAttempt is the pedagogy's view of a stored attempt
// (learning.PedagogyAttempt), for tools and tests that replay the log.
func PedagogyAttempt(a Attempt) pedagogy.Attempt { return learning.PedagogyAttempt(a) }

// normalize is learning.Normalize: the precision both databases keep.
func normalize(t time.Time) time.Time { return learning.Normalize(t) }

// recordTx is the write path inside a transaction: it stores the attempts,
// and for the new ones and the extra activities (a move without attempts
// still counts as play) writes their meaning. It returns the new attempts.
func (s *Store) recordTx(tx *gorm.DB, attempts []Attempt, extra ...learning.Activity) (int, error) {
	return s.recordKnown(tx, attempts, nil, extra...)
}

// sessionRow is what the write path reads of a play session; a caller that
// read it already (RecordPractice) passes it along to save a round trip.
type sessionRow struct {
	id, student int64
	started     time.Time
	previous    sql.NullTime
	playedMS    int64
	// On PostgreSQL, RecordPractice also locks the student and reads their
	// core model and the week's typical time in the same round trip.
	locked  bool
	core    string
	week    learning.Week
	typical sql.NullInt64
	// plan: RecordPracticeIf's new plan, written with the played time
	// when the batch's meaning updates it.
	plan *sessionPlan
}

func (r sessionRow) session() learning.Session {
	s := learning.Session{ID: r.id, StudentID: r.student, Started: r.started, PlayedMS: r.playedMS}
	if r.previous.Valid {
		t := r.previous.Time
		s.LastActive = &t
	}
	return s
}

// deferred is a statement held back to ride along with a later one.
type deferred struct {
	query string
	args  []any
}

// recordKnown is recordTx with the row of the attempts' session already
// read: insert, load what the meaning reads, ask it, write its change-set.
func (s *Store) recordKnown(tx *gorm.DB, attempts []Attempt, known *sessionRow, extra ...learning.Activity) (int, error) {
	q := s.conn(tx)
	if known != nil {
		q.plan = known.plan
	}
	fresh, err := q.insertAttempts(attempts)
	if err != nil {
		return 0, err
	}
	b := learning.Batch{Attempts: fresh, Activity: extra, Sessions: map[int64]learning.Session{}}
	for _, a := range extra {
		if err := q.loadSession(b.Sessions, a.SessionID, known); err != nil {
			return 0, err
		}
	}
	var students []int64
	for _, a := range fresh {
		if err := q.loadSession(b.Sessions, a.PlaySessionID, known); err != nil {
			return 0, err
		}
		if !slices.Contains(students, a.StudentID) {
			students = append(students, a.StudentID)
		}
	}
	states := map[int64]*studentState{}
	if len(students) > 0 {
		b.States = make(map[int64]learning.State, len(students))
	}
	for _, id := range students {
		st, err := s.stateFor(q, id, learning.WeeksOf(id, fresh), known)
		if err != nil {
			return 0, err
		}
		states[id] = st
		b.States[id] = st.State
	}
	next, ch := s.meaning.Record(b)
	cores, _, err := q.apply(ch)
	if err != nil {
		return 0, err
	}
	for _, id := range students {
		s.keepState(q, id, &studentState{State: next[id], raw: cores[id]})
	}
	return len(fresh), nil
}

// loadSession reads a session the batch touches, unless known holds it.
func (q conn) loadSession(into map[int64]learning.Session, id int64, known *sessionRow) error {
	if _, ok := into[id]; ok {
		return nil
	}
	if known != nil && known.id == id {
		into[id] = known.session()
		return nil
	}
	row := sessionRow{id: id}
	err := q.queryRow("SELECT student_id, started_at, last_active_at, played_ms FROM play_sessions WHERE id = ?", id).
		Scan(&row.student, &row.started, &row.previous, &row.playedMS)
	if err != nil {
		return fmt.Errorf("session %d: %w", id, err)
	}
	into[id] = row.session()
	return nil
}

// conn is a transaction's connection with the dialect's placeholders. On
// SQLite its statements are prepared once per connection and reused:
// preparing costs more than running them (a third of the write path's CPU
// before the cache). pgx caches PostgreSQL's prepared statements itself.
type conn struct {
	ctx context.Context
	st  *Store
	sql gorm.ConnPool
	tx  *sql.Tx // nil outside a transaction
	pg  bool
	// collect: the statements a PostgreSQL pipeline sends later are only
	// collected, never run (pipeline.go); sql is then nil.
	collect bool
	// plan: a practice session's new plan, for apply to write with its
	// played time (rowStatements).
	plan *sessionPlan
}

func (s *Store) conn(tx *gorm.DB) conn {
	ctx := tx.Statement.Context
	if ctx == nil {
		ctx = context.Background()
	}
	sqlTx, _ := tx.Statement.ConnPool.(*sql.Tx)
	return conn{ctx: ctx, st: s, sql: tx.Statement.ConnPool, tx: sqlTx, pg: s.dialect == migrations.Postgres}
}

// bind turns the "?" placeholders into "$n" for PostgreSQL.
func (q conn) bind(query string) string {
	if !q.pg {
		return query
	}
	return dollars(query)
}

// dollars numbers the "?" placeholders of a query as PostgreSQL's "$n".
// It runs for every statement of the pipeline (a many-row insert has
// hundreds of placeholders): bytes, one allocation ('?' is never part of
// a multi-byte UTF-8 sequence).
func dollars(query string) string {
	n := strings.Count(query, "?")
	if n == 0 {
		return query
	}
	b := make([]byte, 0, len(query)+n*4)
	k := 0
	for i := 0; i < len(query); i++ {
		if query[i] != '?' {
			b = append(b, query[i])
			continue
		}
		k++
		b = append(b, '$')
		b = strconv.AppendInt(b, int64(k), 10)
	}
	return string(b)
}

// stmt is the transaction's copy of a cached prepared statement (SQLite),
// or nil when the query runs unprepared.
func (q conn) stmt(query string) (*sql.Stmt, error) {
	if q.pg || q.tx == nil {
		return nil, nil
	}
	if cached, ok := q.st.stmts.Load(query); ok {
		return q.tx.StmtContext(q.ctx, cached.(*sql.Stmt)), nil
	}
	prepared, err := q.st.sqlDB.PrepareContext(q.ctx, query)
	if err != nil {
		return nil, err
	}
	if old, loaded := q.st.stmts.LoadOrStore(query, prepared); loaded {
		_ = prepared.Close()
		prepared = old.(*sql.Stmt)
	}
	return q.tx.StmtContext(q.ctx, prepared), nil
}

func (q conn) exec(query string, args ...any) (sql.Result, error) {
	st, err := q.stmt(query)
	if err != nil {
		return nil, err
	}
	if st != nil {
		return st.ExecContext(q.ctx, args...)
	}
	return q.sql.ExecContext(q.ctx, q.bind(query), args...)
}

func (q conn) query(query string, args ...any) (*sql.Rows, error) {
	st, err := q.stmt(query)
	if err != nil {
		return nil, err
	}
	if st != nil {
		return st.QueryContext(q.ctx, args...)
	}
	return q.sql.QueryContext(q.ctx, q.bind(query), args...)
}

// queryRow runs a query expected to return at most one row.
func (q conn) queryRow(query string, args ...any) *sql.Row {
	st, err := q.stmt(query)
	if err == nil && st != nil {
		return st.QueryRowContext(q.ctx, args...)
	}
	// A failed preparation surfaces again, as the row's error, here.
	return q.sql.QueryRowContext(q.ctx, q.bind(query), args...)
}
