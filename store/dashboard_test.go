package store_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/dashboard"
	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/store"
)

// dashWorld is a class of three (Zoé, Léa, Émile) and another class (Tom),
// with sessions, attempts, per-fact and weekly aggregates written directly.
type dashWorld struct {
	class, other       store.Class
	zoe, lea, emile    store.Student
	tom                store.Student
	now                time.Time
	leaSessions        []store.PlaySession
	joined             time.Time
	levelUpAt          time.Time
	assignment, archiv store.Assignment
}

func addKids(t testing.TB, st *store.Store, classID int64, names ...string) map[string]store.Student {
	t.Helper()
	ctx := context.Background()
	var in []store.Student
	for _, n := range names {
		in = append(in, store.Student{DisplayName: n, SecretKind: store.SecretPIN, SecretHash: "h", CreatedAt: time.Date(2026, 2, 1, 8, 0, 0, 0, time.UTC)})
	}
	require.NoError(t, st.AddStudents(ctx, classID, in))
	kids, err := st.StudentsOf(ctx, classID)
	require.NoError(t, err)
	out := map[string]store.Student{}
	for _, k := range kids {
		out[k.DisplayName] = k
	}
	return out
}

func newDashWorld(t *testing.T, st *store.Store, raw rawDB) dashWorld {
	t.Helper()
	ctx := context.Background()
	w := dashWorld{now: time.Date(2026, 3, 11, 15, 0, 0, 0, time.UTC), joined: time.Date(2026, 2, 1, 8, 0, 0, 0, time.UTC)} // a Wednesday, ISO week 11
	teacher := newTeacher(t, st, "dash@s.test")
	w.class = newClass(t, st, teacher.ID, "CE2")
	w.other = newClass(t, st, newTeacher(t, st, "other@s.test").ID, "CM1")
	kids := addKids(t, st, w.class.ID, "Zoé", "Léa", "Émile")
	w.zoe, w.lea, w.emile = kids["Zoé"], kids["Léa"], kids["Émile"]
	w.tom = addKids(t, st, w.other.ID, "Tom")["Tom"]

	// Léa went up to violet on 2 March; two sessions before, three after.
	w.levelUpAt = time.Date(2026, 3, 2, 8, 0, 0, 0, time.UTC)
	require.NoError(t, st.RecordLevelChange(ctx, &store.LevelChange{StudentID: w.lea.ID, At: w.levelUpAt.Add(-7 * 24 * time.Hour), FromLevel: "green", ToLevel: "green", Decision: "keep", ReasonEN: "keep", ReasonFR: "garde"}))
	require.NoError(t, st.RecordLevelChange(ctx, &store.LevelChange{StudentID: w.lea.ID, At: w.levelUpAt, FromLevel: "green", ToLevel: "violet", Decision: "promote", ReasonEN: "fluent on green", ReasonFR: "fluide en vert"}))

	w.assignment = store.NewAssignment(dashboard.Assignment{
		ClassID: w.class.ID, Title: "Tables of 7", Level: games.Custom(7), Games: []string{"potion"},
		Target: dashboard.Target{Unit: dashboard.TargetMinutes, PerWeek: 30}, Start: w.now.Add(-10 * 24 * time.Hour), Due: w.now.Add(5 * 24 * time.Hour), Timers: true,
	}, teacher.ID, w.now)
	require.NoError(t, st.CreateAssignment(ctx, &w.assignment, []int64{w.lea.ID}))
	w.archiv = store.NewAssignment(dashboard.Assignment{ClassID: w.class.ID, Level: games.Green(), Start: w.now.Add(-24 * time.Hour)}, teacher.ID, w.now)
	require.NoError(t, st.CreateAssignment(ctx, &w.archiv, nil))
	require.NoError(t, st.ArchiveAssignment(ctx, w.archiv.ID, w.now))

	starts := []time.Time{
		time.Date(2026, 2, 20, 9, 0, 0, 0, time.UTC), time.Date(2026, 2, 25, 9, 0, 0, 0, time.UTC), // before the level change
		time.Date(2026, 3, 3, 9, 0, 0, 0, time.UTC),                                               // week 10
		time.Date(2026, 3, 9, 9, 0, 0, 0, time.UTC), time.Date(2026, 3, 10, 9, 0, 0, 0, time.UTC), // week 11
	}
	for i, start := range starts {
		ps := store.PlaySession{StudentID: w.lea.ID, Plan: `{"level":{"name":"violet","tables":[6,7,8,9],"min_factor":1,"max_factor":10},"timer":{"enabled":true}}`, StartedAt: start}
		if i >= 3 {
			ps.AssignmentID = &w.assignment.ID
		}
		require.NoError(t, st.CreatePlaySession(ctx, &ps))
		end := start.Add(10 * time.Minute)
		if i == 4 {
			end = start.Add(3 * time.Hour) // left open: capped
		}
		require.NoError(t, st.EndPlaySession(ctx, ps.ID, end))
		g := store.Game{PlaySessionID: ps.ID, Game: "potion/3", Seats: "[]", State: "{}", Status: "over", CreatedAt: start, UpdatedAt: start}
		require.NoError(t, st.CreateGame(ctx, &g))
		ms := int64(2100)
		_, err := st.RecordAttempts(ctx, []store.Attempt{
			{StudentID: w.lea.ID, PlaySessionID: ps.ID, GameID: &g.ID, Game: "potion", Level: "violet", A: 7, B: 8, Given: ptr(56), Correct: true, Kind: "answer", ResponseMS: &ms, Seq: 1, At: start.Add(time.Minute)},
			{StudentID: w.lea.ID, PlaySessionID: ps.ID, GameID: &g.ID, Game: "potion", Level: "violet", A: 6, B: 7, Correct: false, Kind: "missed", Seq: 2, At: start.Add(2 * time.Minute)},
		})
		require.NoError(t, err)
		ps.EndedAt = &end
		w.leaSessions = append(w.leaSessions, ps)
	}
	// Tom's attempt must never show in the CE2 export.
	tomPS := store.PlaySession{StudentID: w.tom.ID, Plan: "{}", StartedAt: w.now.Add(-time.Hour)}
	require.NoError(t, st.CreatePlaySession(ctx, &tomPS))
	_, err := st.RecordAttempts(ctx, []store.Attempt{{StudentID: w.tom.ID, PlaySessionID: tomPS.ID, Game: "cube", Level: "green", A: 2, B: 3, Given: ptr(6), Correct: true, Kind: "answer", Seq: 1, At: w.now.Add(-time.Hour)}})
	require.NoError(t, err)

	seen := w.now.Add(-time.Hour)
	typical := int64(1800)
	require.NoError(t, st.SaveFactStats(ctx, []store.FactStat{
		{StudentID: w.lea.ID, A: 8, B: 7, Attempts: 5, Correct: 5, RecentAccuracy: 1, TypicalMS: &typical, LastSeen: &seen, Mastery: 0.9, Uncertainty: 0.1, Fluent: true},
		{StudentID: w.lea.ID, A: 6, B: 7, Attempts: 5, Correct: 0, Mastery: 0.2, Uncertainty: 0.4},
		{StudentID: w.zoe.ID, A: 2, B: 3, Attempts: 1, Correct: 1, Mastery: 0.5, Uncertainty: 0.8},
		{StudentID: w.tom.ID, A: 2, B: 2, Attempts: 1, Correct: 1, Mastery: 0.5, Uncertainty: 0.8},
	}))
	// The write path already counted the sessions and attempts above in
	// student_weeks; the fixture sets the weeks the tests expect instead.
	raw.exec(t, "DELETE FROM student_weeks")
	for _, r := range []struct {
		id                int64
		year, week        int
		sessions, seconds int
		attempts, correct int
		fluent            int
		typical           any
	}{
		{w.lea.ID, 2025, 52, 1, 300, 10, 5, 1, nil},
		{w.lea.ID, 2026, 1, 2, 600, 20, 15, 3, 2500},
		{w.lea.ID, 2026, 11, 2, 1200, 4, 2, 5, 2100},
		{w.zoe.ID, 2026, 11, 1, 60, 1, 1, 0, nil},
		{w.tom.ID, 2026, 11, 1, 60, 1, 1, 0, nil},
	} {
		raw.exec(t, `INSERT INTO student_weeks (student_id, year, week, sessions, played_seconds, attempts, correct, fluent_facts, typical_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			r.id, r.year, r.week, r.sessions, r.seconds, r.attempts, r.correct, r.fluent, r.typical)
	}
	return w
}

func ptr[T any](v T) *T { return &v }

func TestDashboardsClassRosterSortsByNameWithLevelAndSessionsSinceTheChange(t *testing.T) {
	forEachDashDB(t, func(t *testing.T, st *store.Store, raw rawDB) {
		w := newDashWorld(t, st, raw)
		got, err := st.Dashboards().ClassRoster(context.Background(), w.class.ID)
		require.NoError(t, err)
		require.Len(t, got, 3)
		assert.Equal(t, []string{"Émile", "Léa", "Zoé"}, []string{got[0].Name, got[1].Name, got[2].Name}, "by name as people sort them")
		lea := got[1]
		assert.Equal(t, games.LevelViolet, lea.Level.Name)
		assert.True(t, lea.LevelSince.Equal(w.levelUpAt), "a keep does not restart the level: %v", lea.LevelSince)
		assert.Equal(t, 3, lea.SessionsAtLevel, "sessions since the change only")
		assert.True(t, lea.LastPlayed.Equal(*w.leaSessions[4].EndedAt), "last played is the latest end: %v", lea.LastPlayed)
		assert.True(t, lea.JoinedAt.Equal(w.joined))
		emile := got[0]
		assert.True(t, emile.LastPlayed.IsZero(), "never played")
		assert.Equal(t, games.LevelGreen, emile.Level.Name)
		assert.True(t, emile.LevelSince.Equal(w.joined), "no change: since enrolment")
	})
}

func TestDashboardsStudentIsNotFoundWhenMissing(t *testing.T) {
	forEachDashDB(t, func(t *testing.T, st *store.Store, raw rawDB) {
		w := newDashWorld(t, st, raw)
		got, err := st.Dashboards().Student(context.Background(), w.lea.ID)
		require.NoError(t, err)
		assert.Equal(t, "Léa", got.Name)
		assert.Equal(t, 3, got.SessionsAtLevel)
		_, err = st.Dashboards().Student(context.Background(), w.tom.ID+100)
		assert.ErrorIs(t, err, store.ErrNotFound)
	})
}

func TestDashboardsFactStatsOfTheAskedStudentsOnly(t *testing.T) {
	forEachDashDB(t, func(t *testing.T, st *store.Store, raw rawDB) {
		w := newDashWorld(t, st, raw)
		got, err := st.Dashboards().FactStats(context.Background(), []int64{w.lea.ID, w.zoe.ID})
		require.NoError(t, err)
		require.Len(t, got, 3)
		assert.Equal(t, w.zoe.ID, got[0].StudentID, "by student (Zoé was enrolled first), then fact")
		assert.Equal(t, w.lea.ID, got[1].StudentID)
		assert.Equal(t, [2]int{6, 7}, [2]int{got[1].A, got[1].B})
		f := got[2]
		assert.Equal(t, [2]int{7, 8}, [2]int{f.A, f.B}, "stored as a ≤ b")
		assert.Equal(t, 5, f.Attempts)
		assert.EqualValues(t, 1800, f.TypicalMS)
		assert.True(t, f.Fluent)
		assert.InDelta(t, 0.9, f.Mastery, 1e-9)
		assert.True(t, f.LastSeen.Equal(w.now.Add(-time.Hour)), "last seen read back: %v", f.LastSeen)
		assert.Zero(t, got[1].TypicalMS, "unknown typical time reads 0")
		none, err := st.Dashboards().FactStats(context.Background(), nil)
		require.NoError(t, err)
		assert.Empty(t, none)
	})
}

func TestDashboardsWeeklyStatsKeepTheRangeAcrossTheYearEnd(t *testing.T) {
	forEachDashDB(t, func(t *testing.T, st *store.Store, raw rawDB) {
		w := newDashWorld(t, st, raw)
		got, err := st.Dashboards().WeeklyStats(context.Background(), []int64{w.lea.ID}, dashboard.Week{Year: 2025, Num: 52}, dashboard.Week{Year: 2026, Num: 10})
		require.NoError(t, err)
		require.Len(t, got, 2, "week 11 is outside")
		assert.Equal(t, dashboard.Week{Year: 2025, Num: 52}, got[0].Week)
		assert.Zero(t, got[0].TypicalMS)
		assert.Equal(t, dashboard.WeekStat{StudentID: w.lea.ID, Week: dashboard.Week{Year: 2026, Num: 1}, Sessions: 2, PlayedSeconds: 600, Attempts: 20, Correct: 15, FluentFacts: 3, TypicalMS: 2500}, got[1])
	})
}

func TestDashboardsLevelHistoryMapsThePedagogyDecisions(t *testing.T) {
	forEachDashDB(t, func(t *testing.T, st *store.Store, raw rawDB) {
		w := newDashWorld(t, st, raw)
		got, err := st.Dashboards().LevelHistory(context.Background(), w.lea.ID)
		require.NoError(t, err)
		require.Len(t, got, 2)
		assert.Equal(t, dashboard.DecisionKeep, got[0].Decision)
		assert.Equal(t, dashboard.DecisionUp, got[1].Decision, "promote reads as up")
		assert.Equal(t, games.LevelViolet, got[1].To.Name)
		assert.Equal(t, "fluide en vert", got[1].Reason.FR)
	})
}

func TestDashboardsAssignmentsAreTheActiveOnesWithTheirStudents(t *testing.T) {
	forEachDashDB(t, func(t *testing.T, st *store.Store, raw rawDB) {
		w := newDashWorld(t, st, raw)
		got, err := st.Dashboards().Assignments(context.Background(), w.class.ID, w.now)
		require.NoError(t, err)
		require.Len(t, got, 1, "the archived one is gone")
		a := got[0]
		assert.Equal(t, "Tables of 7", a.Title)
		assert.Equal(t, []int64{w.lea.ID}, a.StudentIDs)
		assert.Equal(t, []int{7}, a.Level.Tables)
		assert.Equal(t, games.LevelCustom, a.Level.Name)
		assert.Equal(t, []string{"potion"}, a.Games)
		assert.Equal(t, dashboard.Target{Unit: dashboard.TargetMinutes, PerWeek: 30}, a.Target)
		assert.True(t, a.Timers)
		later, err := st.Dashboards().Assignments(context.Background(), w.class.ID, w.now.Add(6*24*time.Hour))
		require.NoError(t, err)
		assert.Empty(t, later, "past due")
	})
}

func TestDashboardsAssignmentProgressCountsTheWeekAndCapsAnOpenTablet(t *testing.T) {
	forEachDashDB(t, func(t *testing.T, st *store.Store, raw rawDB) {
		w := newDashWorld(t, st, raw)
		got, err := st.Dashboards().AssignmentProgress(context.Background(), []int64{w.assignment.ID}, dashboard.WeekOf(w.now))
		require.NoError(t, err)
		require.Len(t, got, 1)
		assert.Equal(t, w.lea.ID, got[0].StudentID)
		assert.Equal(t, 2, got[0].Sessions)
		assert.EqualValues(t, 10*60+45*60, got[0].PlayedSeconds, "10 minutes, and 3 hours capped at 45")
		prev, err := st.Dashboards().AssignmentProgress(context.Background(), []int64{w.assignment.ID}, dashboard.WeekOf(w.now).Add(-1))
		require.NoError(t, err)
		assert.Empty(t, prev)
	})
}

func TestDashboardsRecentSessionsNewestFirstWithTheirAttempts(t *testing.T) {
	forEachDashDB(t, func(t *testing.T, st *store.Store, raw rawDB) {
		w := newDashWorld(t, st, raw)
		got, err := st.Dashboards().RecentSessions(context.Background(), w.lea.ID, 3)
		require.NoError(t, err)
		require.Len(t, got, 3)
		assert.Equal(t, w.leaSessions[4].ID, got[0].ID)
		assert.Equal(t, w.leaSessions[2].ID, got[2].ID)
		assert.Equal(t, "potion/3", got[0].Game)
		assert.Equal(t, 2, got[0].Attempts)
		assert.Equal(t, 1, got[0].Correct)
		assert.True(t, got[0].Timers)
		assert.Equal(t, games.LevelViolet, got[0].Level.Name)
		assert.True(t, got[0].Start.Equal(w.leaSessions[4].StartedAt))
	})
}

func TestDashboardsExportAttemptsOfTheClassInTheRange(t *testing.T) {
	forEachDashDB(t, func(t *testing.T, st *store.Store, raw rawDB) {
		w := newDashWorld(t, st, raw)
		var buf bytes.Buffer
		q := dashboard.ExportQuery{ClassID: w.class.ID, From: time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)}
		require.NoError(t, dashboard.ExportAttempts(context.Background(), st.Dashboards(), q, &buf))
		rows, err := csv.NewReader(&buf).ReadAll()
		require.NoError(t, err)
		require.Len(t, rows, 1+6, "three sessions since 1 March, two attempts each; Tom's is another class")
		assert.Equal(t, []string{"student", "a", "b", "correct", "response_ms", "order"}, rows[0][:6])
		assert.Equal(t, []string{itoa(w.lea.ID), "7", "8", "1", "2100", "1"}, rows[1][:6])
		assert.Equal(t, "", rows[2][4], "a missed attempt has no response time")
		assert.Equal(t, "Léa", rows[1][6])

		var n int
		require.NoError(t, st.Dashboards().EachAttempt(context.Background(), dashboard.ExportQuery{ClassID: w.class.ID, To: time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)}, func(dashboard.AttemptRow) error { n++; return nil }))
		assert.Equal(t, 4, n, "the two February sessions")
	})
}

func TestDashboardsExportFactStatsOfTheClass(t *testing.T) {
	forEachDashDB(t, func(t *testing.T, st *store.Store, raw rawDB) {
		w := newDashWorld(t, st, raw)
		var got []dashboard.FactStatRow
		require.NoError(t, st.Dashboards().EachFactStat(context.Background(), dashboard.ExportQuery{ClassID: w.class.ID}, func(r dashboard.FactStatRow) error {
			got = append(got, r)
			return nil
		}))
		require.Len(t, got, 3)
		for _, r := range got {
			assert.NotEqual(t, w.tom.ID, r.StudentID)
		}
		assert.Equal(t, "Zoé", got[0].StudentName)
		assert.Equal(t, "Léa", got[2].StudentName)
	})
}

func TestActiveAssignmentsForStudentDecodesThem(t *testing.T) {
	forEachDashDB(t, func(t *testing.T, st *store.Store, raw rawDB) {
		w := newDashWorld(t, st, raw)
		got, err := st.ActiveAssignmentsForStudent(context.Background(), w.lea.ID, w.now)
		require.NoError(t, err)
		require.Len(t, got, 1)
		assert.Equal(t, "Tables of 7", got[0].Title)
		none, err := st.ActiveAssignmentsForStudent(context.Background(), w.zoe.ID, w.now)
		require.NoError(t, err)
		assert.Empty(t, none, "chosen students only")
	})
}

func TestUpdateAssignmentReplacesTheStudentsAndRefusesAnArchivedOne(t *testing.T) {
	forEachDashDB(t, func(t *testing.T, st *store.Store, raw rawDB) {
		ctx := context.Background()
		w := newDashWorld(t, st, raw)
		a := w.assignment
		a.Timers = false
		require.NoError(t, st.UpdateAssignment(ctx, a, []int64{}))
		got, err := st.ActiveAssignmentsForStudent(ctx, w.zoe.ID, w.now)
		require.NoError(t, err)
		require.Len(t, got, 1, "now for the whole class")
		assert.False(t, got[0].Timers)
		assert.ErrorIs(t, st.UpdateAssignment(ctx, w.archiv, nil), store.ErrNotFound)
	})
}
