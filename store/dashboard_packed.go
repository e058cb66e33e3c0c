package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/multipli/multipli/dashboard"
	"github.com/multipli/multipli/migrations"
)

// packedFactStatsSQL reads each fact_stats row as one text column. A class
// of 30 has up to 30 × 78 rows; scanning 11 columns per row was most of the
// class dashboard's and heatmap's time (BenchmarkDashboards): SQLite's driver
// crosses from Go to C twice per column and parses every timestamp against a
// list of layouts, and database/sql converts each column by reflection. One
// column per row, split in Go, costs a fraction of that. PostgreSQL writes
// last_seen as epoch milliseconds, so the session's time zone and DateStyle
// do not matter.
var packedFactStatsSQL = map[migrations.Dialect]string{
	migrations.SQLite: `
SELECT student_id || '|' || a || '|' || b || '|' || attempts || '|' || correct || '|' || recent_accuracy || '|' ||
  COALESCE(typical_ms, '') || '|' || COALESCE(last_seen, '') || '|' || mastery || '|' || uncertainty || '|' || fluent
FROM fact_stats WHERE student_id IN ? ORDER BY student_id, a, b`,
	migrations.Postgres: `
SELECT student_id || '|' || a || '|' || b || '|' || attempts || '|' || correct || '|' || recent_accuracy || '|' ||
  COALESCE(typical_ms::text, '') || '|' || COALESCE((EXTRACT(EPOCH FROM last_seen) * 1000)::bigint::text, '') || '|' ||
  mastery || '|' || uncertainty || '|' || fluent
FROM fact_stats WHERE student_id IN ? ORDER BY student_id, a, b`,
}

func (d Dashboards) packedFactStats(ctx context.Context, studentIDs []int64) ([]dashboard.FactStat, error) {
	rows, err := d.s.db.WithContext(ctx).Raw(packedFactStatsSQL[d.s.dialect], studentIDs).Rows()
	if err != nil {
		return nil, wrap(err, "fact stats of %d students", len(studentIDs))
	}
	defer rows.Close()
	out := make([]dashboard.FactStat, 0, len(studentIDs)*40)
	var line string
	for rows.Next() {
		if err := rows.Scan(&line); err != nil {
			return nil, wrap(err, "fact stats of %d students", len(studentIDs))
		}
		f, err := unpackFactStat(line)
		if err != nil {
			return nil, wrap(err, "fact stats of %d students", len(studentIDs))
		}
		out = append(out, f)
	}
	return out, wrap(rows.Err(), "fact stats of %d students", len(studentIDs))
}

// unpackFactStat splits one packed row (see packedFactStatsSQL).
func unpackFactStat(line string) (dashboard.FactStat, error) {
	var (
		f     dashboard.FactStat
		parts [11]string
		err   error
	)
	rest := line
	for i := range parts {
		if i == len(parts)-1 {
			parts[i] = rest
			break
		}
		var ok bool
		if parts[i], rest, ok = strings.Cut(rest, "|"); !ok {
			return f, fmt.Errorf("packed fact stat %q: too few fields", line)
		}
	}
	ints := []struct {
		s string
		v *int64
	}{{parts[0], &f.StudentID}, {parts[6], &f.TypicalMS}}
	for _, x := range ints {
		if x.s == "" {
			continue
		}
		if *x.v, err = strconv.ParseInt(x.s, 10, 64); err != nil {
			return f, fmt.Errorf("packed fact stat %q: %w", line, err)
		}
	}
	for i, v := range []*int{&f.A, &f.B, &f.Attempts, &f.Correct} {
		if *v, err = strconv.Atoi(parts[1+i]); err != nil {
			return f, fmt.Errorf("packed fact stat %q: %w", line, err)
		}
	}
	for i, v := range []*float64{&f.RecentAccuracy, &f.Mastery, &f.Uncertainty} {
		idx := []int{5, 8, 9}[i]
		if *v, err = strconv.ParseFloat(parts[idx], 64); err != nil {
			return f, fmt.Errorf("packed fact stat %q: %w", line, err)
		}
	}
	if ms, err := strconv.ParseInt(parts[7], 10, 64); err == nil {
		f.LastSeen = time.UnixMilli(ms).UTC()
	} else if parts[7] != "" {
		var t anyTime
		if err := t.Scan(parts[7]); err != nil {
			return f, err
		}
		f.LastSeen = t.t
	}
	f.Fluent = parts[10] == "1" || parts[10] == "true"
	return f, nil
}
