package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/migrations"
	"github.com/multipli/multipli/pedagogy"
)

// Where the pedagogy state lives: student_models.model holds the
// pedagogy.Student without its facts (ability, level, counters), and each
// fact's pedagogy.FactState is fact_stats.model beside the columns the
// dashboards read. A batch of attempts then loads and rewrites only the
// facts it touches, not the student's whole table.

// SetModel gives the store the pedagogy model its write path uses (the
// default is pedagogy.DefaultModel()). Call it before serving.
func (s *Store) SetModel(m pedagogy.Model) { s.model = m }

// Model is the pedagogy model of the write path.
func (s *Store) Model() pedagogy.Model { return s.model }

// observe folds a student's new attempts, in log order, into their pedagogy
// state and the week deltas, and writes the changed state.
func (s *Store) observe(q conn, studentID int64, attempts []Attempt, known *sessionRow, deltas map[weekKey]*weekDelta, later *[]deferred) error {
	st, err := s.stateFor(q, studentID, weekOf(studentID, attempts[0].At), known)
	if err != nil {
		return err
	}
	if err := q.loadWeekTypicals(studentID, attempts, st.weeks); err != nil {
		return err
	}
	raw, err := s.fold(q, studentID, st, attempts, deltas, later)
	if err != nil {
		return err
	}
	if q.pg {
		st.raw = raw
		s.keepState(studentID, st)
	}
	return nil
}

// fold is observe once the state is read: the pedagogy's Observe of every
// attempt, the week deltas, and the writes of the changed state (held back
// on PostgreSQL). It returns the core model as written.
func (s *Store) fold(q conn, studentID int64, st *studentState, attempts []Attempt, deltas map[weekKey]*weekDelta, later *[]deferred) (string, error) {
	var pairs []games.Fact
	for _, a := range attempts {
		p := games.Fact{A: a.A, B: a.B}.Pair()
		if !containsFact(pairs, p) {
			pairs = append(pairs, p)
		}
	}
	for _, a := range attempts {
		s.model.Observe(&st.core, PedagogyAttempt(a))
		k := weekOf(studentID, a.At)
		d := delta(deltas, k)
		d.attempts++
		if !right(a) {
			continue
		}
		d.correct++
		if a.ResponseMS != nil && *a.ResponseMS > 0 {
			v := weekTypical(st.weeks[k], *a.ResponseMS)
			st.weeks[k] = &v
			d.typicalMS = &v
		}
	}
	raw, err := s.saveState(q, studentID, st, pairs, attempts[len(attempts)-1].At, later)
	if err != nil {
		return "", err
	}
	fluent := st.fluentN
	if st.fluent == nil {
		if err := q.queryRow("SELECT COUNT(*) FROM fact_stats WHERE student_id = ? AND fluent", studentID).Scan(&fluent); err != nil {
			return "", err
		}
	}
	for k, d := range deltas {
		if k.student == studentID && d.attempts > 0 {
			d.fluentFacts = &fluent
		}
	}
	return raw, nil
}

// stateFor gives the state observe works on. On SQLite it is the writer's
// cached entry (read whole on a miss), changed in place; on PostgreSQL the
// student's row is locked first and a cached entry is used only if the
// stored core model is the one it holds (state_cache.go).
func (s *Store) stateFor(q conn, studentID int64, week weekKey, known *sessionRow) (*studentState, error) {
	if cache := s.w.cache; cache != nil && !q.pg {
		st := cache.get(studentID)
		if st == nil {
			var err error
			if st, err = q.loadWholeState(studentID); err != nil {
				return nil, err
			}
			cache.put(studentID, st)
		}
		cache.touch(studentID)
		return st, nil
	}
	// Two instances writing for the same child would otherwise read the
	// same state and lose one update (SQLite's write lock serialises
	// every writer anyway). One round trip locks and reads the core, and
	// the typical time of the batch's (first) week.
	lock := `SELECT COALESCE(sm.model, ''), (SELECT typical_ms FROM student_weeks WHERE student_id = s.id AND year = ? AND week = ?)
		FROM students s LEFT JOIN student_models sm ON sm.student_id = s.id WHERE s.id = ?`
	if q.pg {
		lock += " FOR UPDATE OF s"
	}
	var raw string
	var typical sql.NullInt64
	if known != nil && known.locked && known.student == studentID && known.week == week {
		raw, typical = known.core, known.typical
	} else if err := q.queryRow(lock, week.year, week.week, studentID).Scan(&raw, &typical); err != nil {
		return nil, err
	}
	var st *studentState
	if s.w.checked != nil {
		if st = s.w.checked.take(studentID); st != nil && (st.raw != raw || raw == "") {
			st = nil
		}
	}
	if st == nil {
		var err error
		if st, err = q.loadFactsOf(studentID, parseCore(raw)); err != nil {
			return nil, err
		}
		st.raw = raw
	}
	// The weeks are not covered by the check: read at every commit.
	st.weeks = map[weekKey]*int64{week: nil}
	if typical.Valid {
		st.weeks[week] = &typical.Int64
	}
	return st, nil
}

// keepState hands a state back to the PostgreSQL cache once its core is written.
func (s *Store) keepState(studentID int64, st *studentState) {
	if s.w.checked != nil && st.raw != "" {
		s.w.checked.put(studentID, st)
	}
}

// weekTypical moves a week's typical time toward a right answer's time; the
// first right answer of the week sets it. Rounded at every step, so the
// stored integer replays exactly.
func weekTypical(current *int64, ms int64) int64 {
	if current == nil {
		return ms
	}
	return int64(math.Round(float64(*current) + weekTypicalAlpha*float64(ms-*current)))
}

func containsFact(fs []games.Fact, f games.Fact) bool {
	for _, x := range fs {
		if x == f {
			return true
		}
	}
	return false
}

// loadStudentCore reads the student's pedagogy state without facts; a
// student without one starts from the zero state.
func (q conn) loadStudentCore(studentID int64) (pedagogy.Student, error) {
	var raw string
	err := q.queryRow("SELECT model FROM student_models WHERE student_id = ?", studentID).Scan(&raw)
	switch {
	case err == sql.ErrNoRows:
		return pedagogy.Student{}, nil
	case err != nil:
		return pedagogy.Student{}, err
	}
	return parseCore(raw), nil
}

// parseCore decodes a stored core model. Facts a caller may have stored in
// the JSON are ignored: fact_stats holds them. A model written by hand or
// by an older version starts over from the facts rather than refuse the
// child's answers.
func parseCore(raw string) pedagogy.Student {
	var st pedagogy.Student
	if raw == "" || json.Unmarshal([]byte(raw), &st) != nil {
		return pedagogy.Student{}
	}
	st.Facts = nil
	return st
}

// saveState writes the pairs' facts and the core model, and returns the
// core as stored. On PostgreSQL the two upserts are held back (later) to
// go with the week's upsert in one statement: one round trip instead of
// three per child and commit.
func (s *Store) saveState(q conn, studentID int64, st *studentState, pairs []games.Fact, at time.Time, later *[]deferred) (string, error) {
	factsSQL, factArgs, err := s.factRows(studentID, st, pairs)
	if err != nil {
		return "", err
	}
	core := st.core
	core.Facts = nil
	raw, err := json.Marshal(core)
	if err != nil {
		return "", fmt.Errorf("encode model of student %d: %w", studentID, err)
	}
	const coreSQL = `INSERT INTO student_models (student_id, model, updated_at) VALUES (?, ?, ?)
		ON CONFLICT (student_id) DO UPDATE SET model = excluded.model, updated_at = excluded.updated_at`
	coreArgs := []any{studentID, string(raw), at}
	if factsSQL != "" {
		if err := q.hold(later, deferred{factsSQL, factArgs}); err != nil {
			return "", err
		}
	}
	return string(raw), q.hold(later, deferred{coreSQL, coreArgs})
}

// maxHeldArgs bounds the parameters of the statements held back for one
// statement, far below PostgreSQL's 65,535.
const maxHeldArgs = 20_000

// hold runs a statement now on SQLite (in-process: nothing to save) and
// holds it back on PostgreSQL, unless the held ones grow too big to go
// together: then they run now.
func (q conn) hold(later *[]deferred, d deferred) error {
	if !q.pg {
		_, err := q.exec(d.query, d.args...)
		return err
	}
	*later = append(*later, d)
	if q.collect {
		return nil
	}
	n := 0
	for _, l := range *later {
		n += len(l.args)
	}
	if n <= maxHeldArgs {
		return nil
	}
	for _, l := range *later {
		if _, err := q.exec(l.query, l.args...); err != nil {
			return err
		}
	}
	*later = (*later)[:0]
	return nil
}

// factRows is the upsert of the pairs' state and the columns read by the
// dashboards, the mastery estimated at the fact's last attempt ("" when no
// pair has a state). It keeps the cached fluent flags up to date.
func (s *Store) factRows(studentID int64, st *studentState, pairs []games.Fact) (string, []any, error) {
	var b strings.Builder
	b.WriteString(factUpsert)
	var args []any
	n := 0
	for _, p := range pairs {
		fs, ok := st.core.Facts[p]
		if !ok {
			continue // a factor outside 1–12: the pedagogy ignores it
		}
		raw, err := json.Marshal(fs)
		if err != nil {
			return "", nil, fmt.Errorf("encode fact %v: %w", p, err)
		}
		est := s.model.Estimate(fs, fs.LastSeen)
		if st.fluent != nil {
			switch was := st.fluent[p]; {
			case est.Fluent && !was:
				st.fluentN++
			case was && !est.Fluent:
				st.fluentN--
			}
			st.fluent[p] = est.Fluent
		}
		var typical any
		if fs.TypicalMS > 0 {
			typical = int64(math.Round(fs.TypicalMS))
		}
		// mastery is the estimated chance of a right answer in under 3 s
		// (pedagogy's Known), the figure every screen reads; fluent is
		// "known by heart" under the same definition.
		row := []any{studentID, p.A, p.B, fs.Attempts, fs.Correct, fs.RecentAccuracy, typical, fs.LastSeen,
			est.Known, est.SD, est.Fluent, string(raw)}
		if n > 0 {
			b.WriteByte(',')
		}
		n++
		b.WriteString("(?,?,?,?,?,?,?,?,?,?,?,?)")
		args = append(args, row...)
	}
	if n == 0 {
		return "", nil, nil
	}
	b.WriteString(factOnConflict)
	return b.String(), args, nil
}

const (
	factUpsert     = `INSERT INTO fact_stats (student_id, a, b, attempts, correct, recent_accuracy, typical_ms, last_seen, mastery, uncertainty, fluent, model) VALUES `
	factOnConflict = ` ON CONFLICT (student_id, a, b) DO UPDATE SET attempts = excluded.attempts, correct = excluded.correct,
		recent_accuracy = excluded.recent_accuracy, typical_ms = excluded.typical_ms, last_seen = excluded.last_seen,
		mastery = excluded.mastery, uncertainty = excluded.uncertainty, fluent = excluded.fluent, model = excluded.model`
)

// loadWeekTypicals reads the typical time of the weeks the attempts fall
// in that known does not hold yet.
func (q conn) loadWeekTypicals(studentID int64, attempts []Attempt, known map[weekKey]*int64) error {
	for _, a := range attempts {
		k := weekOf(studentID, a.At)
		if _, ok := known[k]; ok {
			continue
		}
		var v sql.NullInt64
		err := q.queryRow("SELECT typical_ms FROM student_weeks WHERE student_id = ? AND year = ? AND week = ?", studentID, k.year, k.week).Scan(&v)
		if err != nil && err != sql.ErrNoRows {
			return err
		}
		known[k] = nil
		if v.Valid {
			known[k] = &v.Int64
		}
	}
	return nil
}

// upsertWeeks adds the deltas to student_weeks (weekStatements) and runs
// the statements held back.
func (q conn) upsertWeeks(deltas map[weekKey]*weekDelta, later []deferred) error {
	for _, d := range weekStatements(deltas, later) {
		if _, err := q.exec(d.query, d.args...); err != nil {
			return err
		}
	}
	return nil
}

// weekStatements are the upserts of student_weeks: counts add up (so that a
// concurrent session start is never lost), the typical time and the fluent
// facts are replaced. The statements held back (later) go with the first
// upsert, as a data-modifying WITH, or alone when no week changed.
func weekStatements(deltas map[weekKey]*weekDelta, later []deferred) []deferred {
	var out []deferred
	for k, d := range deltas {
		var prefix string
		var args []any
		for i, l := range later {
			if i == 0 {
				prefix = "WITH "
			} else {
				prefix += ", "
			}
			prefix += "p" + strconv.Itoa(i) + " AS (" + l.query + ") "
			args = append(args, l.args...)
		}
		later = nil
		args = append(args, k.student, k.year, k.week, d.playedSeconds, d.attempts, d.correct, intOr0(d.fluentFacts), nullable(d.typicalMS), nullable(d.fluentFacts))
		out = append(out, deferred{prefix + `INSERT INTO student_weeks (student_id, year, week, sessions, played_seconds, attempts, correct, fluent_facts, typical_ms)
			VALUES (?, ?, ?, 0, ?, ?, ?, ?, ?)
			ON CONFLICT (student_id, year, week) DO UPDATE SET
				played_seconds = student_weeks.played_seconds + excluded.played_seconds,
				attempts = student_weeks.attempts + excluded.attempts,
				correct = student_weeks.correct + excluded.correct,
				fluent_facts = COALESCE(?, student_weeks.fluent_facts),
				typical_ms = COALESCE(excluded.typical_ms, student_weeks.typical_ms)`, args})
	}
	return append(out, later...) // no week changed
}

func intOr0(p *int) int {
	if p == nil {
		return 0
	}
	return *p
}

// PedagogyStudent is a student's whole pedagogy state: the stored core and
// every fact met (for plans and opponents).
func (s *Store) PedagogyStudent(ctx context.Context, studentID int64) (pedagogy.Student, error) {
	q := conn{ctx: ctx, st: s, sql: s.sqlDB, pg: s.dialect == migrations.Postgres}
	st, err := q.loadStudentCore(studentID)
	if err != nil {
		return st, wrap(err, "pedagogy state of student %d", studentID)
	}
	rows, err := q.query("SELECT a, b, model FROM fact_stats WHERE student_id = ?", studentID)
	if err != nil {
		return st, wrap(err, "pedagogy state of student %d", studentID)
	}
	defer func() { _ = rows.Close() }()
	st.Facts = map[games.Fact]pedagogy.FactState{}
	for rows.Next() {
		var f games.Fact
		var raw string
		if err := rows.Scan(&f.A, &f.B, &raw); err != nil {
			return st, wrap(err, "pedagogy state of student %d", studentID)
		}
		var fs pedagogy.FactState
		if json.Unmarshal([]byte(raw), &fs) == nil && fs.Precision > 0 {
			st.Facts[f] = fs
		}
	}
	return st, wrap(rows.Err(), "pedagogy state of student %d", studentID)
}
