package store

import (
	"context"
	"database/sql"
	"encoding/json"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/learning"
	"github.com/multipli/multipli/migrations"
	"github.com/multipli/multipli/pedagogy"
)

// Where the pedagogy state lives: student_models.model holds the
// pedagogy.Student without its facts (ability, level, counters), and each
// fact's pedagogy.FactState is fact_stats.model beside the columns the
// dashboards read. A batch of attempts then loads and rewrites only the
// facts it touches, not the student's whole table.

// Model is the pedagogy model of the write path's meaning (fixed when the
// store opens: learning.Default).
func (s *Store) Model() pedagogy.Model { return s.meaning.Model() }

// stateFor reads the state a student's new attempts fold into, with the
// typical time of the weeks they fall in. On SQLite it is the writer's
// cached entry (read whole on a miss); on PostgreSQL the student's row is
// locked first and a cached entry is used only if the stored core model is
// the one it holds (state_cache.go).
func (s *Store) stateFor(q conn, studentID int64, weeks []learning.Week, known *sessionRow) (*studentState, error) {
	if cache := s.w.cache; cache != nil && !q.pg {
		st := cache.get(studentID)
		if st == nil {
			var err error
			if st, err = q.loadWholeState(studentID); err != nil {
				return nil, err
			}
		}
		return st, q.loadWeekTypicals(studentID, weeks, st.Weeks)
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
	week := weeks[0]
	var raw string
	var typical sql.NullInt64
	if known != nil && known.locked && known.student == studentID && known.week == week {
		raw, typical = known.core, known.typical
	} else if err := q.queryRow(lock, week.Year, week.Week, studentID).Scan(&raw, &typical); err != nil {
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
	st.Weeks = map[learning.Week]*int64{week: nil}
	if typical.Valid {
		st.Weeks[week] = &typical.Int64
	}
	return st, q.loadWeekTypicals(studentID, weeks[1:], st.Weeks)
}

// keepState keeps a student's state as the write path left it: on SQLite
// in the writer's cache (forgotten if the commit rolls back), on
// PostgreSQL as a candidate once its core is written.
func (s *Store) keepState(q conn, studentID int64, st *studentState) {
	switch {
	case s.w.cache != nil && !q.pg:
		s.w.cache.put(studentID, st)
		s.w.cache.touch(studentID)
	case s.w.checked != nil && st.raw != "":
		s.w.checked.put(studentID, st)
	}
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

// loadWeekTypicals reads the typical time of the weeks that known does
// not hold yet.
func (q conn) loadWeekTypicals(studentID int64, weeks []learning.Week, known map[learning.Week]*int64) error {
	for _, k := range weeks {
		if _, ok := known[k]; ok {
			continue
		}
		var v sql.NullInt64
		err := q.queryRow("SELECT typical_ms FROM student_weeks WHERE student_id = ? AND year = ? AND week = ?", studentID, k.Year, k.Week).Scan(&v)
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
