package store

import (
	"context"
	"database/sql"

	"github.com/multipli/multipli/dashboard"
	"github.com/multipli/multipli/games"
)

// EachAttempt streams the class's attempts with From ≤ at < To (a zero
// bound is open) in time order, through the (student_id, at) index: the one
// place the dashboards read the attempt log, for the CSV export.
func (d Dashboards) EachAttempt(ctx context.Context, q dashboard.ExportQuery, fn func(dashboard.AttemptRow) error) error {
	query := `
SELECT x.student_id, s.display_name, x.a, x.b, x.correct, x.response_ms, x.at, x.game, x.kind, x.given, x.play_session_id, x.seq
FROM attempts x JOIN students s ON s.id = x.student_id
WHERE s.class_id = ?`
	args := []any{q.ClassID}
	if !q.From.IsZero() {
		query += " AND x.at >= ?"
		args = append(args, q.From.UTC())
	}
	if !q.To.IsZero() {
		query += " AND x.at < ?"
		args = append(args, q.To.UTC())
	}
	query += " ORDER BY x.at, x.play_session_id, x.seq"
	rows, err := d.s.db.WithContext(ctx).Raw(query, args...).Rows()
	if err != nil {
		return wrap(err, "export attempts of class %d", q.ClassID)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			r     dashboard.AttemptRow
			ms    sql.NullInt64
			given sql.NullInt64
			at    anyTime
			kind  string
		)
		if err := rows.Scan(&r.StudentID, &r.StudentName, &r.A, &r.B, &r.Correct, &ms, &at, &r.Game, &kind, &given, &r.SessionID, &r.Seq); err != nil {
			return wrap(err, "export attempts of class %d", q.ClassID)
		}
		r.At, r.Kind = at.t, games.Kind(kind)
		if ms.Valid {
			v := ms.Int64
			r.ResponseMS = &v
		}
		if given.Valid {
			v := int(given.Int64)
			r.Given = &v
		}
		if err := fn(r); err != nil {
			return err
		}
	}
	return wrap(rows.Err(), "export attempts of class %d", q.ClassID)
}

// EachFactStat streams the class's current per-fact statistics, by student
// then fact. The date range does not apply: these are running aggregates.
func (d Dashboards) EachFactStat(ctx context.Context, q dashboard.ExportQuery, fn func(dashboard.FactStatRow) error) error {
	rows, err := d.s.db.WithContext(ctx).Raw(`
SELECT f.student_id, s.display_name, f.a, f.b, f.attempts, f.correct, f.recent_accuracy, f.typical_ms, f.last_seen, f.mastery, f.uncertainty, f.fluent
FROM fact_stats f JOIN students s ON s.id = f.student_id
WHERE s.class_id = ? ORDER BY f.student_id, f.a, f.b`, q.ClassID).Rows()
	if err != nil {
		return wrap(err, "export fact stats of class %d", q.ClassID)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			r       dashboard.FactStatRow
			typical sql.NullInt64
			seen    anyTime
		)
		if err := rows.Scan(&r.StudentID, &r.StudentName, &r.A, &r.B, &r.Attempts, &r.Correct, &r.RecentAccuracy, &typical, &seen, &r.Mastery, &r.Uncertainty, &r.Fluent); err != nil {
			return wrap(err, "export fact stats of class %d", q.ClassID)
		}
		r.TypicalMS, r.LastSeen = typical.Int64, seen.t
		if err := fn(r); err != nil {
			return err
		}
	}
	return wrap(rows.Err(), "export fact stats of class %d", q.ClassID)
}
