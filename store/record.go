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

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/migrations"
	"github.com/multipli/multipli/pedagogy"
)

// The write path: attempts are inserted with ON CONFLICT
// (play_session_id, seq) DO NOTHING, and only the rows really inserted —
// learnt from RETURNING, so that two racing writers of the same attempt
// cannot both count it — update, in the same transaction, the pedagogy
// state (fact_stats, student_models), the weekly aggregates
// (student_weeks) and the session's played time. Game moves (SaveMove) and
// the ingestion endpoint (RecordPractice) share it, so the aggregates always
// agree with the log.

// insertChunk bounds the rows of one INSERT: 13 parameters a row stays far
// under SQLite's 32,766 and PostgreSQL's 65,535 parameters.
const insertChunk = 500

// maxGap caps the time one activity adds to a session's played time: a child
// who leaves the screen for ten minutes did not play for ten minutes.
const maxGap = 2 * time.Minute

// weekTypicalAlpha weighs the last ~10 right answers in a week's typical time.
const weekTypicalAlpha = 0.1

// activity is a moment a play session was active (a move, an attempt).
type activity struct {
	sessionID int64
	at        time.Time
}

// weekKey names one row of student_weeks.
type weekKey struct {
	student    int64
	year, week int
}

func weekOf(student int64, t time.Time) weekKey {
	y, w := t.UTC().ISOWeek()
	return weekKey{student: student, year: y, week: w}
}

// weekDelta is what one transaction adds to a week row.
type weekDelta struct {
	playedSeconds, attempts, correct int
	typicalMS                        *int64 // the new value when right answers came in
	fluentFacts                      *int   // the new value when the student's facts changed
}

// normalize puts an attempt's time in UTC at the precision both databases
// keep (PostgreSQL stores microseconds), so that replaying the stored log
// gives exactly the state computed here.
func normalize(t time.Time) time.Time { return t.UTC().Truncate(time.Microsecond) }

// right is the pedagogy's notion of a right answer: a missed opportunity or a
// timeout is not right, whatever the flag says.
func right(a Attempt) bool {
	return a.Correct && a.Kind != string(games.KindMissed) && a.Given != nil
}

// PedagogyAttempt is the pedagogy's view of a stored attempt. An attempt
// that is not a missed opportunity but has no given answer is a timeout:
// the timer ran out before the child answered.
func PedagogyAttempt(a Attempt) pedagogy.Attempt {
	p := pedagogy.Attempt{A: a.A, B: a.B, Correct: a.Correct, Kind: games.Kind(a.Kind), At: a.At}
	if a.ResponseMS != nil {
		p.ResponseMS = *a.ResponseMS
	}
	p.TimedOut = a.Kind != string(games.KindMissed) && a.Given == nil
	return p
}

// recordTx is the write path inside a transaction: it stores the attempts,
// and for the new ones and the extra activities (a move without attempts
// still counts as play) updates the aggregates. It returns the new attempts.
func (s *Store) recordTx(tx *gorm.DB, attempts []Attempt, extra ...activity) (int, error) {
	return s.recordKnown(tx, attempts, nil, extra...)
}

// sessionRow is what touchSessions reads of a play session; a caller that
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
	week    weekKey
	typical sql.NullInt64
}

// deferred is a statement held back to ride along with a later one.
type deferred struct {
	query string
	args  []any
}

// recordKnown is recordTx with the row of the attempts' session already read.
func (s *Store) recordKnown(tx *gorm.DB, attempts []Attempt, known *sessionRow, extra ...activity) (int, error) {
	q := s.conn(tx)
	fresh, err := q.insertAttempts(attempts)
	if err != nil {
		return 0, err
	}
	acts := extra
	for _, a := range fresh {
		acts = append(acts, activity{sessionID: a.PlaySessionID, at: a.At})
	}
	deltas := map[weekKey]*weekDelta{}
	later, err := q.touchSessions(acts, known, deltas)
	if err != nil {
		return 0, err
	}
	byStudent := map[int64][]Attempt{}
	var students []int64
	for _, a := range fresh {
		if _, ok := byStudent[a.StudentID]; !ok {
			students = append(students, a.StudentID)
		}
		byStudent[a.StudentID] = append(byStudent[a.StudentID], a)
	}
	for _, id := range students {
		if err := s.observe(q, id, byStudent[id], known, deltas, &later); err != nil {
			return 0, err
		}
	}
	return len(fresh), q.upsertWeeks(deltas, later)
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
func dollars(query string) string {
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
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

// insertAttempts inserts the attempts and returns those really inserted,
// with their ids, in id order (the order of the log).
func (q conn) insertAttempts(attempts []Attempt) ([]Attempt, error) {
	if !q.pg {
		return q.insertAttemptsOneByOne(attempts)
	}
	var fresh []Attempt
	for start := 0; start < len(attempts); start += insertChunk {
		chunk := attempts[start:min(start+insertChunk, len(attempts))]
		query, args, index := attemptsInsert(chunk)
		rows, err := q.query(query, args...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var id int64
			var key [2]int64
			if err := rows.Scan(&id, &key[0], &key[1]); err != nil {
				_ = rows.Close()
				return nil, err
			}
			chunk[index[key]].ID = id
			fresh = append(fresh, chunk[index[key]])
		}
		if err := rows.Close(); err != nil {
			return nil, err
		}
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	slices.SortFunc(fresh, func(x, y Attempt) int { return int(x.ID - y.ID) })
	return fresh, nil
}

// attemptsInsert is the PostgreSQL INSERT of at most insertChunk attempts,
// returning the id, session and seq of the rows really inserted, and where
// each (session, seq) is in chunk. It normalises the attempts' times.
func attemptsInsert(chunk []Attempt) (string, []any, map[[2]int64]int) {
	var b strings.Builder
	b.WriteString("INSERT INTO attempts (student_id, play_session_id, game_id, game, level, a, b, given, correct, kind, response_ms, seq, at) VALUES ")
	args := make([]any, 0, 13*len(chunk))
	index := make(map[[2]int64]int, len(chunk))
	for i := range chunk {
		a := &chunk[i]
		a.At = normalize(a.At)
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("(?,?,?,?,?,?,?,?,?,?,?,?,?)")
		args = append(args, a.StudentID, a.PlaySessionID, nullable(a.GameID), a.Game, a.Level, a.A, a.B,
			nullable(a.Given), a.Correct, a.Kind, nullable(a.ResponseMS), a.Seq, a.At)
		key := [2]int64{a.PlaySessionID, a.Seq}
		if _, dup := index[key]; !dup {
			index[key] = i
		}
	}
	b.WriteString(" ON CONFLICT (play_session_id, seq) DO NOTHING RETURNING id, play_session_id, seq")
	return b.String(), args, index
}

// insertAttemptsOneByOne is insertAttempts for SQLite: a cached one-row
// statement run per attempt costs less than preparing a many-row one, as
// SQLite runs in the process (no round trips to save). It does without
// RETURNING, which makes SQLite buffer the statement's output: one changed
// row and the last rowid say the same for a one-row INSERT, in the writer's
// transaction where nobody else inserts.
func (q conn) insertAttemptsOneByOne(attempts []Attempt) ([]Attempt, error) {
	var fresh []Attempt
	for i := range attempts {
		a := &attempts[i]
		a.At = normalize(a.At)
		res, err := q.exec(`INSERT INTO attempts (student_id, play_session_id, game_id, game, level, a, b, given, correct, kind, response_ms, seq, at)
			VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?) ON CONFLICT (play_session_id, seq) DO NOTHING`,
			a.StudentID, a.PlaySessionID, nullable(a.GameID), a.Game, a.Level, a.A, a.B,
			nullable(a.Given), a.Correct, a.Kind, nullable(a.ResponseMS), a.Seq, a.At)
		if err != nil {
			return nil, err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			continue // already stored
		}
		if a.ID, err = res.LastInsertId(); err != nil {
			return nil, err
		}
		fresh = append(fresh, *a)
	}
	return fresh, nil
}

func nullable[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}

// touchSessions adds each activity's gap since the session's previous one,
// capped at maxGap, to the session's played time and to the week of the
// activity. played_ms keeps milliseconds so that whole seconds are counted
// in the weeks without rounding drift. On PostgreSQL the sessions' UPDATEs
// are returned, to go with the weeks' upsert in one round trip; SQLite runs
// them at once.
func (q conn) touchSessions(acts []activity, known *sessionRow, deltas map[weekKey]*weekDelta) ([]deferred, error) {
	var later []deferred
	last := map[int64]time.Time{}
	var order []int64
	for _, a := range acts {
		t, seen := last[a.sessionID]
		if !seen {
			order = append(order, a.sessionID)
		}
		if !seen || a.at.After(t) {
			last[a.sessionID] = a.at
		}
	}
	for _, id := range order {
		at := normalize(last[id])
		var row sessionRow
		if known != nil && known.id == id {
			row = *known
		} else {
			err := q.queryRow("SELECT student_id, started_at, last_active_at, played_ms FROM play_sessions WHERE id = ?", id).
				Scan(&row.student, &row.started, &row.previous, &row.playedMS)
			if err != nil {
				return nil, fmt.Errorf("session %d: %w", id, err)
			}
		}
		student, started, previous, playedMS := row.student, row.started, row.previous, row.playedMS
		prev := started
		if previous.Valid {
			prev = previous.Time
		}
		if !at.After(prev) {
			continue
		}
		gap := min(at.Sub(prev), maxGap).Milliseconds()
		update := deferred{"UPDATE play_sessions SET last_active_at = ?, played_ms = ? WHERE id = ?", []any{at, playedMS + gap, id}}
		if q.pg {
			later = append(later, update)
		} else if _, err := q.exec(update.query, update.args...); err != nil {
			return nil, err
		}
		if sec := int((playedMS+gap)/1000 - playedMS/1000); sec > 0 {
			delta(deltas, weekOf(student, at)).playedSeconds += sec
		}
	}
	return later, nil
}

func delta(deltas map[weekKey]*weekDelta, k weekKey) *weekDelta {
	d, ok := deltas[k]
	if !ok {
		d = &weekDelta{}
		deltas[k] = d
	}
	return d
}
