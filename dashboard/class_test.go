package dashboard

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/catalog"
	"github.com/multipli/multipli/games"
)

func TestClassRowFigures(t *testing.T) {
	week := WeekOf(now)
	s := StudentSummary{ID: 7, Name: "Zoé", Level: games.Green(), LastPlayed: now.Add(-50 * time.Hour)}
	in := ClassInput{
		Students: []StudentSummary{s},
		Facts: []FactStat{
			{StudentID: 7, A: 2, B: 3, Attempts: 5, Fluent: true},
			{StudentID: 7, A: 3, B: 2, Attempts: 5, Fluent: true}, // the same pair twice counts once
			{StudentID: 7, A: 7, B: 8, Attempts: 5, Fluent: true}, // not in green
			{StudentID: 7, A: 4, B: 6, Attempts: 5, Fluent: false},
		},
		Weeks: []WeekStat{
			{StudentID: 7, Week: week, Sessions: 3, PlayedSeconds: 601, Attempts: 10, Correct: 5},
			{StudentID: 7, Week: week.Add(-3), Attempts: 10, Correct: 10},
			{StudentID: 7, Week: week.Add(-4), Attempts: 1000, Correct: 0}, // outside the 4-week window
		},
	}
	d := NewClassDashboard(in, now, LangEN)
	require.Len(t, d.Rows, 1)
	r := d.Rows[0]
	assert.Equal(t, "Green (tables 2–5)", r.LevelLabel)
	assert.Equal(t, "2 days ago", r.LastText)
	assert.Equal(t, 3, r.Sessions)
	assert.Equal(t, 11, r.Minutes, "a started minute counts")
	assert.True(t, r.HasAccuracy)
	assert.InDelta(t, 0.75, r.Accuracy, 1e-9)
	assert.Equal(t, "75%", r.AccuracyText)
	// Green: tables 2–5 × 1–10 as unordered pairs.
	assert.Equal(t, 34, r.LevelFacts)
	assert.Equal(t, 1, r.FluentFacts, "2×3 once, 7×8 is outside the level")
	assert.Nil(t, r.Assignment)
	assert.Empty(t, r.Alerts)
	assert.Len(t, d.Columns, 9)

	fr := NewClassDashboard(in, now, LangFR).Rows[0]
	assert.Equal(t, "75\u00a0%", fr.AccuracyText)
	assert.Equal(t, "il y a 2 jours", fr.LastText)
}

func TestLevelPairsAreUnordered(t *testing.T) {
	assert.Len(t, levelPairs(games.Green()), 34) // 40 facts, 6 counted twice (2×3, 2×4, 2×5, 3×4, 3×5, 4×5)
	assert.Len(t, levelPairs(games.All(12)), 78) // 12·13/2
	assert.Len(t, levelPairs(games.Custom(7, 8)), 19)
}

func TestAssignmentCell(t *testing.T) {
	week := WeekOf(now)
	as := []Assignment{
		{ID: 1, Title: "later", Target: Target{Unit: TargetMinutes, PerWeek: 20}, Due: now.AddDate(0, 0, 9)},
		{ID: 2, Title: "sooner", StudentIDs: []int64{5}, Target: Target{Unit: TargetSessions, PerWeek: 3}, Due: now.AddDate(0, 0, 2)},
		{ID: 3, Title: "same due, newer", Target: Target{Unit: TargetMinutes, PerWeek: 20}, Due: now.AddDate(0, 0, 9)},
	}
	progress := []AssignmentProgress{
		{AssignmentID: 2, StudentID: 5, Week: week, Sessions: 2, PlayedSeconds: 900},
		{AssignmentID: 2, StudentID: 5, Week: week.Add(-1), Sessions: 9},
		{AssignmentID: 1, StudentID: 6, Week: week, PlayedSeconds: 45 * 60},
	}
	t.Run("the one due soonest, when given to the student", func(t *testing.T) {
		c := assignmentCell(LangEN, 5, as, progress, week)
		require.NotNil(t, c)
		assert.Equal(t, int64(2), c.AssignmentID)
		assert.Equal(t, 2, c.Done, "only this week's sessions")
		assert.Equal(t, 66, c.Percent)
		assert.Equal(t, "2 / 3 sessions", c.Text)
	})
	t.Run("not given to this student: the class-wide one, older first on equal due dates", func(t *testing.T) {
		c := assignmentCell(LangFR, 6, as, progress, week)
		require.NotNil(t, c)
		assert.Equal(t, int64(1), c.AssignmentID)
		assert.Equal(t, 45, c.Done)
		assert.Equal(t, 100, c.Percent, "capped at 100")
		assert.Equal(t, "45 / 20 min", c.Text)
	})
	t.Run("no assignment", func(t *testing.T) {
		assert.Nil(t, assignmentCell(LangEN, 5, nil, progress, week))
	})
}

func TestClassDashboardAlertsCountRows(t *testing.T) {
	in := ClassInput{Students: []StudentSummary{
		{ID: 1, Name: "Never", JoinedAt: now.AddDate(0, -1, 0)},
		{ID: 2, Name: "Today", LastPlayed: now},
	}}
	d := NewClassDashboard(in, now, LangEN)
	assert.Equal(t, 1, d.Alerts)
	require.Len(t, d.Rows[0].Alerts, 1)
	assert.Equal(t, AlertInactive, d.Rows[0].Alerts[0].Kind)
	assert.Equal(t, "never", d.Rows[0].LastText)
}

func TestSortByEveryColumn(t *testing.T) {
	d := NewClassDashboard(classOf(30, 3), now, LangEN)
	d.Rows[4].HasAccuracy = false // a row without a value
	d.Rows[5].Assignment = nil
	for _, col := range columnOrder {
		for _, desc := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s desc=%v", col, desc), func(t *testing.T) {
				d.Sort(col, desc)
				seenMissing := false
				for i := 1; i < len(d.Rows); i++ {
					x, y := d.Rows[i-1], d.Rows[i]
					if missing(col, x) {
						seenMissing = true
					}
					if seenMissing {
						assert.True(t, missing(col, y), "rows without a value stay at the bottom")
						continue
					}
					if missing(col, y) {
						continue
					}
					c := compareBy(col, x, y, catalog.NameOrder())
					if desc {
						c = -c
					}
					assert.LessOrEqual(t, c, 0, "rows %d and %d out of order", i-1, i)
					if c == 0 {
						assert.LessOrEqual(t, catalog.NameOrder()(x.Name, y.Name), 0, "ties by name")
					}
				}
			})
		}
	}
}

func TestSortIsIndependentOfInputOrder(t *testing.T) {
	in := classOf(30, 4)
	a := NewClassDashboard(in, now, LangEN)
	for i, j := 0, len(in.Students)-1; i < j; i, j = i+1, j-1 {
		in.Students[i], in.Students[j] = in.Students[j], in.Students[i]
	}
	b := NewClassDashboard(in, now, LangEN)
	for _, col := range columnOrder {
		a.Sort(col, true)
		b.Sort(col, true)
		assert.Equal(t, a.Rows, b.Rows, string(col))
	}
}

func TestSortByLevelAndLastPlayed(t *testing.T) {
	d := ClassDashboard{Rows: []ClassRow{
		{Name: "c", Level: games.Custom(7), LastPlayed: now},
		{Name: "a", Level: games.Violet(), LastPlayed: now.Add(-time.Hour)},
		{Name: "b", Level: games.Green()}, // never played: the oldest
	}}
	d.Sort(ColumnLevel, false)
	assert.Equal(t, []string{"b", "a", "c"}, names(d.Rows))
	d.Sort(ColumnLastPlayed, false)
	assert.Equal(t, []string{"b", "a", "c"}, names(d.Rows))
	d.Sort(ColumnLastPlayed, true)
	assert.Equal(t, []string{"c", "a", "b"}, names(d.Rows))
	assert.Equal(t, ColumnAccuracy, ParseColumn("accuracy"))
	assert.Equal(t, ColumnName, ParseColumn("<script>"))
}

func TestSortByFluentUsesTheShareOfTheLevel(t *testing.T) {
	d := ClassDashboard{Rows: []ClassRow{
		{Name: "a", FluentFacts: 10, LevelFacts: 100},
		{Name: "b", FluentFacts: 10, LevelFacts: 20},
		{Name: "c", FluentFacts: 5, LevelFacts: 10},
	}}
	d.Sort(ColumnFluent, true)
	assert.Equal(t, []string{"b", "c", "a"}, names(d.Rows), "50% with 10 facts before 50% with 5")
}

func names(rows []ClassRow) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r.Name
	}
	return out
}
