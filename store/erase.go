package store

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"gorm.io/gorm"
)

// Privacy (issue 8): a teacher may export everything the platform stores
// about a student, and erase the student.

// sessionsOf and gamesOf select a student's play sessions and their games.
const (
	sessionsOf = "SELECT id FROM play_sessions WHERE student_id = ?"
	gamesOf    = "SELECT id FROM games WHERE play_session_id IN (" + sessionsOf + ")"
)

// erasure lists, in an order the foreign keys accept, the statements that
// remove a student; each takes the student id once per "?".
var erasure = []string{
	"DELETE FROM attempts WHERE student_id = ? OR play_session_id IN (" + sessionsOf + ")",
	// A classmate's attempts in a game the student hosted keep their
	// answers but lose the link to the erased game.
	"UPDATE attempts SET game_id = NULL WHERE game_id IN (" + gamesOf + ")",
	"DELETE FROM game_events WHERE game_id IN (" + gamesOf + ")",
	"DELETE FROM games WHERE play_session_id IN (" + sessionsOf + ")",
	"DELETE FROM play_sessions WHERE student_id = ?",
	"DELETE FROM fact_stats WHERE student_id = ?",
	"DELETE FROM student_models WHERE student_id = ?",
	"DELETE FROM student_weeks WHERE student_id = ?",
	"DELETE FROM level_history WHERE student_id = ?",
	"DELETE FROM parent_links WHERE student_id = ?",
	"DELETE FROM parent_codes WHERE student_id = ?",
	"DELETE FROM assignment_students WHERE student_id = ?",
	"DELETE FROM auth_sessions WHERE role = 'student' AND subject = ?",
	"DELETE FROM students WHERE id = ?",
}

// EraseStudent removes the student and everything stored about them —
// attempts, sessions, games, mastery, weeks, level history, parent links
// and codes, assignment memberships, logins and failed-login records — in
// one transaction: all or nothing. A table added later that references the
// student makes the last DELETE fail (foreign key) rather than leave rows
// behind; its migration must extend this list. ErrNotFound for an unknown
// student.
func (s *Store) EraseStudent(ctx context.Context, studentID int64) error {
	err := s.tx(ctx, func(tx *gorm.DB) error {
		q := s.conn(tx)
		for _, stmt := range erasure {
			args := make([]any, countMarks(stmt))
			for i := range args {
				args[i] = studentID
			}
			res, err := q.exec(stmt, args...)
			if err != nil {
				return fmt.Errorf("%s: %w", stmt, err)
			}
			if stmt == erasure[len(erasure)-1] {
				if n, _ := res.RowsAffected(); n == 0 {
					return ErrNotFound
				}
			}
		}
		_, err := q.exec("DELETE FROM login_failures WHERE bucket = ?", loginBucket(studentID))
		return err
	})
	s.forgetState(studentID)
	s.logins.revoke(func(a AuthSession) bool { return a.Role == "student" && a.Subject == studentID })
	return classify(err, fmt.Sprintf("erase student %d", studentID))
}

// loginBucket is the failed-login bucket of the student's account (the
// server's throttle names it so).
func loginBucket(studentID int64) string { return "student:" + strconv.FormatInt(studentID, 10) }

func countMarks(s string) int {
	n := 0
	for _, r := range s {
		if r == '?' {
			n++
		}
	}
	return n
}

// Export is everything stored about one student, table by table, each row
// as column → value. Secrets are left out: the hash of the child's PIN or
// pictures and its sealed copy, the hashes of parent codes, the ids of
// login tokens.
type Export struct {
	StudentID  int64                       `json:"student_id"`
	ExportedAt time.Time                   `json:"exported_at"`
	Tables     map[string][]map[string]any `json:"tables"`
}

// exportQueries selects a student's rows in every table that holds some.
var exportQueries = []struct{ table, query string }{
	{"students", "SELECT id, class_id, display_name, secret_kind, no_timers, level, created_at FROM students WHERE id = ?"},
	{"play_sessions", "SELECT * FROM play_sessions WHERE student_id = ? ORDER BY id"},
	{"games", "SELECT * FROM games WHERE play_session_id IN (" + sessionsOf + ") ORDER BY id"},
	{"game_events", "SELECT * FROM game_events WHERE game_id IN (" + gamesOf + ") ORDER BY game_id, n"},
	{"attempts", "SELECT * FROM attempts WHERE student_id = ? ORDER BY id"},
	{"fact_stats", "SELECT * FROM fact_stats WHERE student_id = ? ORDER BY a, b"},
	{"student_models", "SELECT * FROM student_models WHERE student_id = ?"},
	{"student_weeks", "SELECT * FROM student_weeks WHERE student_id = ? ORDER BY year, week"},
	{"level_history", "SELECT * FROM level_history WHERE student_id = ? ORDER BY id"},
	{"parent_links", "SELECT l.parent_id, p.name AS parent_name, l.created_at FROM parent_links l JOIN parents p ON p.id = l.parent_id WHERE l.student_id = ?"},
	{"parent_codes", "SELECT id, created_by, created_at, expires_at, used_at, used_by FROM parent_codes WHERE student_id = ? ORDER BY id"},
	{"assignment_students", "SELECT * FROM assignment_students WHERE student_id = ?"},
	{"auth_sessions", "SELECT id, created_at, expires_at, revoked_at FROM auth_sessions WHERE role = 'student' AND subject = ? ORDER BY id"},
	{"login_failures", "SELECT at FROM login_failures WHERE bucket = ? ORDER BY at"}, // the student's login bucket
}

// ExportStudent reads everything stored about the student (ErrNotFound for
// an unknown one), in one read transaction so the tables agree.
func (s *Store) ExportStudent(ctx context.Context, studentID int64, now time.Time) (Export, error) {
	out, err := s.readAbout(ctx, studentID, now)
	if err == nil && len(out.Tables["students"]) == 0 {
		return Export{}, fmt.Errorf("store: export student %d: %w", studentID, ErrNotFound)
	}
	return out, err
}

// StoredAbout counts, table by table, the rows that mention the student:
// all zero after EraseStudent.
func (s *Store) StoredAbout(ctx context.Context, studentID int64) (map[string]int, error) {
	out, err := s.readAbout(ctx, studentID, time.Now())
	counts := map[string]int{}
	for t, rows := range out.Tables {
		counts[t] = len(rows)
	}
	return counts, err
}

func (s *Store) readAbout(ctx context.Context, studentID int64, now time.Time) (Export, error) {
	out := Export{StudentID: studentID, ExportedAt: now.UTC(), Tables: map[string][]map[string]any{}}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		q := s.conn(tx)
		for _, e := range exportQueries {
			args := make([]any, countMarks(e.query))
			for i := range args {
				args[i] = studentID
			}
			if e.table == "login_failures" {
				args = []any{loginBucket(studentID)}
			}
			rows, err := q.query(e.query, args...)
			if err != nil {
				return fmt.Errorf("export %s: %w", e.table, err)
			}
			table, err := scanMaps(rows)
			if err != nil {
				return fmt.Errorf("export %s: %w", e.table, err)
			}
			out.Tables[e.table] = table
		}
		return nil
	})
	return out, classify(err, fmt.Sprintf("export student %d", studentID))
}

type rowsScanner interface {
	Columns() ([]string, error)
	Next() bool
	Scan(dest ...any) error
	Err() error
	Close() error
}

// scanMaps reads rows as column → value; text comes back as strings.
func scanMaps(rows rowsScanner) ([]map[string]any, error) {
	defer func() { _ = rows.Close() }()
	cols, err := rows.Columns()
	if err != nil {
		return nil, err
	}
	out := []map[string]any{}
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		row := make(map[string]any, len(cols))
		for i, c := range cols {
			if b, ok := vals[i].([]byte); ok {
				vals[i] = string(b)
			}
			row[c] = vals[i]
		}
		out = append(out, row)
	}
	return out, rows.Err()
}
