package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/multipli/multipli/dashboard"
	"github.com/multipli/multipli/games"
)

// Dashboards reads what the teacher and parent pages show. It implements
// dashboard.Source from the aggregate tables only (students, fact_stats,
// student_weeks, level_history, assignments, play_sessions) and
// dashboard.ExportSource, whose EachAttempt is the one reader of the
// attempt log.
type Dashboards struct{ s *Store }

// Dashboards returns the dashboards' reader. (A separate type, because
// dashboard.Source's Student and FactStats clash with the store's own.)
func (s *Store) Dashboards() Dashboards { return Dashboards{s: s} }

var (
	_ dashboard.Source       = Dashboards{}
	_ dashboard.ExportSource = Dashboards{}
)

// rosterSQL reads each student with their level's start and their last
// play. LevelSince is the latest decision that changed the level (a "keep"
// does not restart the count), else enrolment; SessionsAtLevel counts the
// sessions started since, through the (student_id, started_at) index.
//
// A student whose level is "custom" (the teacher's own tables: the stored
// name carries no tables) reads as the ladder level they held before, the
// from_level of their latest move into custom tables: what the teacher
// knows of them on the ladder, during the assignment and after it ends
// until their next game places them again. Never placed on the ladder
// before: no level yet.
var rosterSQL = `
SELECT r.id, r.display_name, ` + ladderLevelSQL("r") + `,
  r.created_at, r.level_since,
  (SELECT MAX(COALESCE(p.ended_at, p.started_at)) FROM play_sessions p WHERE p.student_id = r.id),
  (SELECT COUNT(*) FROM play_sessions p WHERE p.student_id = r.id AND p.started_at >= COALESCE(r.level_since, r.created_at))
FROM (SELECT s.id, s.display_name, s.level, s.created_at,
    (SELECT MAX(h.at) FROM level_history h WHERE h.student_id = s.id AND h.from_level <> h.to_level) AS level_since
  FROM students s WHERE %s) r`

// ladderLevelSQL is the level an adult reads for the student row alias:
// the stored level, or for "custom" the ladder level held before the
// teacher's own tables (see rosterSQL), or empty when there was none.
func ladderLevelSQL(alias string) string {
	return strings.ReplaceAll(`CASE WHEN {s}.level = 'custom' THEN COALESCE((SELECT h.from_level FROM level_history h
      WHERE h.student_id = {s}.id AND h.to_level = 'custom' AND h.from_level <> 'custom' ORDER BY h.at DESC, h.id DESC LIMIT 1), '')
    ELSE {s}.level END`, "{s}", alias)
}

// ClassRoster lists the class's students by name.
func (d Dashboards) ClassRoster(ctx context.Context, classID int64) ([]dashboard.StudentSummary, error) {
	out, err := d.summaries(ctx, "s.class_id = ?", classID)
	return out, wrap(err, "class %d roster", classID)
}

// Student returns one student's summary; ErrNotFound when there is none.
func (d Dashboards) Student(ctx context.Context, studentID int64) (dashboard.StudentSummary, error) {
	out, err := d.summaries(ctx, "s.id = ?", studentID)
	if err == nil && len(out) == 0 {
		err = ErrNotFound
	}
	if err != nil {
		return dashboard.StudentSummary{}, wrap(err, "student %d summary", studentID)
	}
	return out[0], nil
}

func (d Dashboards) summaries(ctx context.Context, where string, arg any) ([]dashboard.StudentSummary, error) {
	rows, err := d.s.db.WithContext(ctx).Raw(fmt.Sprintf(rosterSQL, where), arg).Rows()
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var (
		out    []dashboard.StudentSummary
		sorted []Student // for the class's name order
	)
	for rows.Next() {
		var (
			sum                       dashboard.StudentSummary
			level                     string
			joined, since, lastPlayed anyTime
		)
		if err := rows.Scan(&sum.ID, &sum.Name, &level, &joined, &since, &lastPlayed, &sum.SessionsAtLevel); err != nil {
			return nil, err
		}
		sum.Level = LevelOf(level)
		sum.JoinedAt, sum.LastPlayed = joined.t, lastPlayed.t
		sum.LevelSince = since.t
		if sum.LevelSince.IsZero() {
			sum.LevelSince = sum.JoinedAt
		}
		out = append(out, sum)
		sorted = append(sorted, Student{ID: sum.ID, DisplayName: sum.Name})
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	// The class's order: by name as people sort them (students.go).
	sortByName(sorted)
	rank := make(map[int64]int, len(sorted))
	for i, s := range sorted {
		rank[s.ID] = i
	}
	ordered := make([]dashboard.StudentSummary, len(out))
	for _, s := range out {
		ordered[rank[s.ID]] = s
	}
	return ordered, nil
}

// LevelOf reads a student's level as stored: a ladder step name
// (games.ParseLevel) or a games.Level as JSON. Unknown text, and custom
// without its tables, read as no level, which the pages show as "not placed
// yet".
func LevelOf(stored string) games.Level {
	if n, err := games.ParseLevel(strings.TrimSpace(stored)); err == nil {
		l, _ := n.Deck()
		return l
	}
	var l games.Level
	if strings.HasPrefix(strings.TrimSpace(stored), "{") && json.Unmarshal([]byte(stored), &l) == nil {
		return l
	}
	return games.Level{}
}

// FactStats returns the students' per-fact aggregates (read packed, see
// packedFactStatsSQL).
func (d Dashboards) FactStats(ctx context.Context, studentIDs []int64) ([]dashboard.FactStat, error) {
	if len(studentIDs) == 0 {
		return nil, nil
	}
	return d.packedFactStats(ctx, studentIDs)
}

// WeeklyStats returns the students' rows of student_weeks from..to.
func (d Dashboards) WeeklyStats(ctx context.Context, studentIDs []int64, from, to dashboard.Week) ([]dashboard.WeekStat, error) {
	if len(studentIDs) == 0 {
		return nil, nil
	}
	// year*100+week orders ISO weeks and lets one range test pick them.
	rows, err := d.s.db.WithContext(ctx).Raw(`
SELECT student_id, year, week, sessions, played_seconds, attempts, correct, fluent_facts, typical_ms
FROM student_weeks WHERE student_id IN ? AND year * 100 + week BETWEEN ? AND ?
ORDER BY student_id, year, week`, studentIDs, from.Year*100+from.Num, to.Year*100+to.Num).Rows()
	if err != nil {
		return nil, wrap(err, "weekly stats of %d students", len(studentIDs))
	}
	defer rows.Close()
	var out []dashboard.WeekStat
	for rows.Next() {
		var (
			w       dashboard.WeekStat
			typical sql.NullInt64
		)
		if err := rows.Scan(&w.StudentID, &w.Week.Year, &w.Week.Num, &w.Sessions, &w.PlayedSeconds, &w.Attempts, &w.Correct, &w.FluentFacts, &typical); err != nil {
			return nil, wrap(err, "weekly stats of %d students", len(studentIDs))
		}
		w.TypicalMS = typical.Int64
		out = append(out, w)
	}
	return out, wrap(rows.Err(), "weekly stats of %d students", len(studentIDs))
}

// LevelHistory returns the student's level decisions, oldest first.
func (d Dashboards) LevelHistory(ctx context.Context, studentID int64) ([]dashboard.LevelChange, error) {
	rows, err := d.s.LevelHistoryOf(ctx, studentID)
	if err != nil {
		return nil, err
	}
	out := make([]dashboard.LevelChange, len(rows))
	for i, r := range rows {
		out[i] = dashboard.LevelChange{
			StudentID: r.StudentID, At: r.At, From: LevelOf(r.FromLevel), To: LevelOf(r.ToLevel),
			Decision: decisionOf(r.Decision), Reason: games.Message{EN: r.ReasonEN, FR: r.ReasonFR},
		}
	}
	return out, nil
}

// decisionOf maps the pedagogy's words (promote, demote, keep, assigned)
// onto the dashboard's (up, down, keep); an assignment's level is a "keep"
// of the policy.
func decisionOf(d string) string {
	switch d {
	case "promote", dashboard.DecisionUp:
		return dashboard.DecisionUp
	case "demote", dashboard.DecisionDown:
		return dashboard.DecisionDown
	}
	return dashboard.DecisionKeep
}

// RecentSessions returns the student's latest sessions, newest first. The
// attempts and right answers of these few sessions are counted through the
// (play_session_id, seq) unique index: a bounded lookup of the listed
// sessions, not a scan of the student's log.
func (d Dashboards) RecentSessions(ctx context.Context, studentID int64, limit int) ([]dashboard.SessionSummary, error) {
	rows, err := d.s.db.WithContext(ctx).Raw(`
SELECT p.id, p.plan, p.started_at, p.ended_at,
  (SELECT g.game FROM games g WHERE g.play_session_id = p.id ORDER BY g.id LIMIT 1),
  (SELECT COUNT(*) FROM attempts x WHERE x.play_session_id = p.id),
  (SELECT COUNT(*) FROM attempts x WHERE x.play_session_id = p.id AND x.correct)
FROM play_sessions p WHERE p.student_id = ? ORDER BY p.started_at DESC, p.id DESC LIMIT ?`, studentID, limit).Rows()
	if err != nil {
		return nil, wrap(err, "recent sessions of student %d", studentID)
	}
	defer rows.Close()
	var out []dashboard.SessionSummary
	for rows.Next() {
		var (
			s          = dashboard.SessionSummary{StudentID: studentID}
			plan       string
			start, end anyTime
			game       sql.NullString
		)
		if err := rows.Scan(&s.ID, &plan, &start, &end, &game, &s.Attempts, &s.Correct); err != nil {
			return nil, wrap(err, "recent sessions of student %d", studentID)
		}
		s.Start, s.End, s.Game = start.t, end.t, game.String
		s.Level, s.Timers = planOf(plan)
		out = append(out, s)
	}
	return out, wrap(rows.Err(), "recent sessions of student %d", studentID)
}

// planOf reads the level and timers of a session's plan (pedagogy.Plan as
// JSON); a plan it cannot read gives no level and no timers.
func planOf(plan string) (games.Level, bool) {
	var p struct {
		Level games.Level `json:"level"`
		Timer struct {
			Enabled bool `json:"enabled"`
		} `json:"timer"`
	}
	_ = json.Unmarshal([]byte(plan), &p)
	return p.Level, p.Timer.Enabled
}

// anyTime scans a timestamp whether the driver gives a time.Time or, as
// SQLite does for MAX() and other expressions that lose the column type,
// text. NULL leaves the zero time.
type anyTime struct{ t time.Time }

// sqliteLayouts are the forms mattn/go-sqlite3 writes and reads.
var sqliteLayouts = []string{
	"2006-01-02 15:04:05.999999999-07:00",
	"2006-01-02T15:04:05.999999999-07:00",
	"2006-01-02 15:04:05.999999999",
	"2006-01-02T15:04:05.999999999",
	"2006-01-02 15:04:05",
	"2006-01-02T15:04:05Z07:00",
	"2006-01-02",
}

func (a *anyTime) Scan(v any) error {
	switch x := v.(type) {
	case nil:
		a.t = time.Time{}
	case time.Time:
		a.t = x.UTC()
	case []byte:
		return a.Scan(string(x))
	case string:
		s := strings.TrimSuffix(x, "Z")
		for _, layout := range sqliteLayouts {
			if t, err := time.Parse(layout, s); err == nil {
				a.t = t.UTC()
				return nil
			}
		}
		return fmt.Errorf("store: read time %q", x)
	default:
		return fmt.Errorf("store: read time from %T", v)
	}
	return nil
}
