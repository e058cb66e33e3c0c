package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/dashboard"
	"github.com/multipli/multipli/migrations"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// The dashboards' speed goal: with 1,000 students and 1,000,000
// attempts stored, the class dashboard and the class heatmap of a class of
// 30 answer in under 50 ms at the 95th percentile, on SQLite and on
// PostgreSQL. The aggregates are inserted in bulk (the point is that the
// dashboards read them, not the log), and the million attempt rows are
// inserted too, so the log really is there beside them.
//
// Building the database takes a while, so it is kept between runs: a SQLite
// file in the temp directory and a PostgreSQL schema, both named after the
// schema version, and only built when a benchmark runs.
//
//	go test -run '^$' -bench Dashboards -benchtime 200x ./store/

const (
	benchStudents        = 1000
	benchClassSize       = 30
	benchSessions        = 34 // per student
	benchAttemptsPerSess = 30 // 1000 × 34 × 30 = 1,020,000 attempts
	benchWeeks           = 12
)

var benchNow = time.Date(2026, 3, 11, 15, 0, 0, 0, time.UTC)

func benchName() string { return fmt.Sprintf("multipli_dash_bench_m%d_v1", migrations.Latest()) }

// benchDatabases opens (building once) the benchmark database of each kind.
func benchDatabases(b *testing.B) []storetest.Database {
	b.Helper()
	out := []storetest.Database{{Name: "sqlite", URL: filepath.Join(os.TempDir(), benchName()+".db")}}
	if base := os.Getenv(storetest.PostgresEnv); base != "" {
		admin, err := sql.Open("pgx", base)
		require.NoError(b, err)
		defer admin.Close()
		_, err = admin.Exec("CREATE SCHEMA IF NOT EXISTS " + benchName())
		require.NoError(b, err)
		u, err := url.Parse(base)
		require.NoError(b, err)
		q := u.Query()
		q.Set("search_path", benchName())
		u.RawQuery = q.Encode()
		out = append(out, storetest.Database{Name: "postgres", URL: u.String()})
	}
	return out
}

// openBench opens the database, building it when it is not complete yet.
func openBench(b *testing.B, db storetest.Database) *store.Store {
	b.Helper()
	st, err := store.Open(context.Background(), db.URL, slog.New(slog.DiscardHandler))
	require.NoError(b, err)
	b.Cleanup(func() { _ = st.Close() })
	raw := openRaw(b, db)
	var ready int
	if raw.QueryRow("SELECT COUNT(*) FROM bench_ready").Scan(&ready) == nil && ready == 1 {
		return st
	}
	start := time.Now()
	buildBench(b, raw)
	raw.exec(b, "CREATE TABLE bench_ready (done INT)")
	raw.exec(b, "INSERT INTO bench_ready (done) VALUES (1)")
	if raw.postgres {
		raw.exec(b, "ANALYZE")
	} else {
		raw.exec(b, "ANALYZE")
	}
	b.Logf("%s: built the benchmark database in %s", db.Name, time.Since(start).Round(time.Second))
	return st
}

// bulk inserts rows in multi-row INSERTs inside one transaction.
func bulk(b *testing.B, raw rawDB, table string, cols []string, rows [][]any) {
	b.Helper()
	per := max(1, 6000/len(cols))
	tx, err := raw.Begin()
	require.NoError(b, err)
	one := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", ") + ")"
	for i := 0; i < len(rows); i += per {
		chunk := rows[i:min(i+per, len(rows))]
		query := "INSERT INTO " + table + " (" + strings.Join(cols, ", ") + ") VALUES " + strings.TrimSuffix(strings.Repeat(one+", ", len(chunk)), ", ")
		args := make([]any, 0, len(chunk)*len(cols))
		for _, r := range chunk {
			args = append(args, r...)
		}
		_, err := tx.Exec(raw.q(query), args...)
		require.NoError(b, err, table)
	}
	require.NoError(b, tx.Commit())
}

// buildBench fills the database: 34 classes of up to 30, their students
// with 12 weeks of play, per-fact and weekly aggregates, level changes,
// one assignment per class, and the attempts behind them.
func buildBench(b *testing.B, raw rawDB) {
	b.Helper()
	rng := rand.New(rand.NewPCG(7, 11))
	joined := benchNow.AddDate(0, 0, -7*benchWeeks-7)
	raw.exec(b, "INSERT INTO teachers (id, email, name, password_hash, created_at) VALUES (1, 'bench@school.test', 'Bench', 'x', ?)", joined)
	classes := (benchStudents + benchClassSize - 1) / benchClassSize
	var rows [][]any
	for c := 1; c <= classes; c++ {
		rows = append(rows, []any{c, 1, fmt.Sprintf("Class %d", c), fmt.Sprintf("BENCH%03d", c), joined})
	}
	bulk(b, raw, "classes", []string{"id", "teacher_id", "name", "code", "created_at"}, rows)
	rows = rows[:0]
	levels := []string{"green", "violet", "all"}
	for s := 1; s <= benchStudents; s++ {
		rows = append(rows, []any{s, (s-1)/benchClassSize + 1, fmt.Sprintf("Student %04d", s), "pin", "x", levels[s%3], joined})
	}
	bulk(b, raw, "students", []string{"id", "class_id", "display_name", "secret_kind", "secret_hash", "level", "created_at"}, rows)
	rows = rows[:0]
	for c := 1; c <= classes; c++ {
		rows = append(rows, []any{c, c, 1, `{"name":"custom","tables":[7,8],"min_factor":1,"max_factor":10}`, `["potion"]`, `{"unit":"minutes","per_week":30,"title":"7 and 8"}`, true, benchNow.AddDate(0, 0, -14), benchNow.AddDate(0, 0, 14), joined})
	}
	bulk(b, raw, "assignments", []string{"id", "class_id", "teacher_id", "level", "games", "target", "timers", "starts_at", "due_at", "created_at"}, rows)

	var sessions, attempts, history, facts, weeks [][]any
	sessionID := 0
	for s := 1; s <= benchStudents; s++ {
		skill := 0.55 + 0.4*rng.Float64()
		for k := range benchSessions {
			sessionID++
			start := benchNow.Add(-time.Duration(benchSessions-k) * 58 * time.Hour)
			var assignment any
			if start.After(benchNow.AddDate(0, 0, -14)) {
				assignment = (s-1)/benchClassSize + 1
			}
			sessions = append(sessions, []any{sessionID, s, assignment, `{"level":{"name":"green","tables":[2,3,4,5]},"timer":{"enabled":true}}`, start, start.Add(12 * time.Minute)})
			for q := range benchAttemptsPerSess {
				a, bb := 2+rng.IntN(8), 1+rng.IntN(10)
				ok := rng.Float64() < skill
				given := a * bb
				if !ok {
					given++
				}
				attempts = append(attempts, []any{s, sessionID, "potion", "green", a, bb, given, ok, "answer", 1500 + rng.IntN(4000), q + 1, start.Add(time.Duration(q) * 20 * time.Second)})
			}
		}
		history = append(history,
			[]any{s, joined, "green", "green", "keep", "Starting at green.", "Début au vert."},
			[]any{s, benchNow.AddDate(0, 0, -30), "green", levels[s%3], "promote", "Fluent on most of green.", "Fluent sur presque tout le vert."})
		for a := 1; a <= 12; a++ {
			for bb := a; bb <= 12; bb++ {
				m := min(1, max(0, skill+0.3*rng.Float64()-0.15-float64(a*bb)/400))
				facts = append(facts, []any{s, a, bb, 10, int(10 * m), m, 1500 + rng.IntN(3000), benchNow.AddDate(0, 0, -rng.IntN(20)), m, 0.2, m > 0.8})
			}
		}
		for w := range benchWeeks {
			wk := dashboard.WeekOf(benchNow.AddDate(0, 0, -7*w))
			n := 60 + rng.IntN(60)
			weeks = append(weeks, []any{s, wk.Year, wk.Num, 3, 36 * 60, n, int(float64(n) * skill), 40 - w*2, 2000 + rng.IntN(1500)})
		}
	}
	bulk(b, raw, "play_sessions", []string{"id", "student_id", "assignment_id", "plan", "started_at", "ended_at"}, sessions)
	bulk(b, raw, "level_history", []string{"student_id", "at", "from_level", "to_level", "decision", "reason_en", "reason_fr"}, history)
	bulk(b, raw, "fact_stats", []string{"student_id", "a", "b", "attempts", "correct", "recent_accuracy", "typical_ms", "last_seen", "mastery", "uncertainty", "fluent"}, facts)
	bulk(b, raw, "student_weeks", []string{"student_id", "year", "week", "sessions", "played_seconds", "attempts", "correct", "fluent_facts", "typical_ms"}, weeks)
	bulk(b, raw, "attempts", []string{"student_id", "play_session_id", "game", "level", "a", "b", "given", "correct", "kind", "response_ms", "seq", "at"}, attempts)
	if raw.postgres {
		// Identity columns given explicitly: move their sequences past the rows.
		for _, t := range []string{"teachers", "classes", "students", "assignments", "play_sessions"} {
			raw.exec(b, fmt.Sprintf("SELECT setval(pg_get_serial_sequence('%s', 'id'), (SELECT MAX(id) FROM %s))", t, t))
		}
	}
}

// benchP95 runs fn b.N times and reports the 95th percentile in ms.
func benchP95(b *testing.B, fn func() error) {
	b.Helper()
	var took []time.Duration
	b.ResetTimer()
	for b.Loop() {
		start := time.Now()
		if err := fn(); err != nil {
			b.Fatal(err)
		}
		took = append(took, time.Since(start))
	}
	b.StopTimer()
	slices.Sort(took)
	p95 := took[min(len(took)-1, len(took)*95/100)]
	b.ReportMetric(float64(p95.Microseconds())/1000, "p95-ms")
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
}

func BenchmarkDashboards(b *testing.B) {
	for _, db := range benchDatabases(b) {
		st := openBench(b, db)
		src := st.Dashboards()
		ctx := context.Background()
		const classID = 17 // a full class of 30 in the middle of the table
		roster, err := src.ClassRoster(ctx, classID)
		require.NoError(b, err)
		require.Len(b, roster, benchClassSize)
		b.Run(db.Name+"/ClassDashboard30", func(b *testing.B) {
			benchP95(b, func() error {
				d, err := dashboard.LoadClassDashboard(ctx, src, classID, benchNow, "en")
				if err == nil && len(d.Rows) != benchClassSize {
					err = fmt.Errorf("%d rows", len(d.Rows))
				}
				return err
			})
		})
		b.Run(db.Name+"/ClassHeatmap30", func(b *testing.B) {
			benchP95(b, func() error {
				_, err := dashboard.LoadClassHeatmap(ctx, src, classID, "Class 17", "en")
				return err
			})
		})
	}
}
