package dashboard

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
)

func TestParseWeekReadsISOWeeksOnly(t *testing.T) {
	w, ok := ParseWeek("2026-W47")
	require.True(t, ok)
	assert.Equal(t, Week{Year: 2026, Num: 47}, w)
	w, ok = ParseWeek("2020-W53")
	assert.True(t, ok, "2020 has a week 53")
	assert.Equal(t, "2020-12-28", w.Monday().Format(time.DateOnly))
	for _, bad := range []string{"", "2026-47", "2026-W", "2026-W7", "2026-W00", "2026-W54", "2025-W53", "26-W47", "2026-Wxx", "1999-W10", "2026-W47x"} {
		_, ok := ParseWeek(bad)
		assert.False(t, ok, bad)
	}
}

func TestPeriodTextSaysTheDaysInWords(t *testing.T) {
	w47 := Week{Year: 2026, Num: 47} // 16–22 November 2026
	tests := []struct {
		name   string
		p      Period
		en, fr string
	}{
		{"one week", OneWeek(w47), "Week of 16 to 22 November", "Semaine du 16 au 22 novembre"},
		{"across two months", OneWeek(Week{Year: 2026, Num: 49}), "Week of 30 November to 6 December", "Semaine du 30 novembre au 6 décembre"},
		{"the first of a month", OneWeek(Week{Year: 2026, Num: 10}), "Week of 2 to 8 March", "Semaine du 2 au 8 mars"},
		{"a range", Period{From: Week{Year: 2026, Num: 45}, To: w47}, "Weeks of 2 to 22 November", "Semaines du 2 au 22 novembre"},
		{"across two years", OneWeek(Week{Year: 2026, Num: 53}), "Week of 28 December 2026 to 3 January 2027", "Semaine du 28 décembre 2026 au 3 janvier 2027"},
		{"another year", OneWeek(Week{Year: 2025, Num: 49}), "Week of 1 to 7 December 2025", "Semaine du 1er au 7 décembre 2025"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.en, PeriodText(LangEN, tt.p, now))
			assert.Equal(t, tt.fr, PeriodText(LangFR, tt.p, now))
			assert.NotContains(t, PeriodText(LangEN, tt.p, now), "-W", "never an ISO week number")
		})
	}
}

func TestDefaultWeekIsLastWeekUntilSomeonePlaysThisWeek(t *testing.T) {
	monday := time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC) // week 48
	w, fallback := DefaultWeek(monday, false)
	assert.Equal(t, Week{Year: 2026, Num: 47}, w, "nothing played yet: the last full week")
	assert.True(t, fallback)
	w, fallback = DefaultWeek(monday, true)
	assert.Equal(t, Week{Year: 2026, Num: 48}, w, "someone played: this week")
	assert.False(t, fallback)

	// In the class dashboard: one child's play this week is enough.
	week := WeekOf(now)
	in := ClassInput{
		Students: []StudentSummary{{ID: 1, Name: "Léa"}, {ID: 2, Name: "Zoé"}},
		Weeks: []WeekStat{
			{StudentID: 1, Week: week.Add(-1), Sessions: 4, PlayedSeconds: 600, Attempts: 40, Correct: 30},
			{StudentID: 2, Week: week.Add(-1), Sessions: 1, PlayedSeconds: 60, Attempts: 5, Correct: 5},
		},
	}
	d := NewClassDashboard(in, now, LangEN)
	assert.Equal(t, week.Add(-1), d.Week)
	assert.True(t, d.Period.Fallback)
	assert.Equal(t, "Nothing played yet this week: showing last week.", d.Period.FallbackText)
	assert.Equal(t, 4, d.Rows[0].Sessions, "last week's figures")
	assert.NotNil(t, d.Period.Next, "this week stays one click away")
	assert.Equal(t, OneWeek(week), *d.Period.Next)

	in.Weeks = append(in.Weeks, WeekStat{StudentID: 2, Week: week, Sessions: 1, Attempts: 3})
	d = NewClassDashboard(in, now, LangEN)
	assert.Equal(t, week, d.Week)
	assert.False(t, d.Period.Fallback)
	assert.Empty(t, d.Period.FallbackText)
	assert.Nil(t, d.Period.Next, "no next link on the current week")
	assert.Equal(t, 0, d.Rows[0].Sessions, "Léa has not played this week")
	assert.Equal(t, "Rien de joué encore cette semaine\u00a0: voici la semaine dernière.",
		NewParentReport(ParentInput{Student: StudentSummary{ID: 1}, Weeks: in.Weeks}, now, LangFR).Period.FallbackText,
		"the parent report follows the child: Léa has not played this week")

	// An asked week is shown as asked, even an empty one.
	in.Period = OneWeek(week.Add(-5))
	d = NewClassDashboard(in, now, LangEN)
	assert.Equal(t, week.Add(-5), d.Week)
	assert.False(t, d.Period.Fallback)
	assert.Equal(t, OneWeek(week.Add(-6)), d.Period.Prev)
	assert.Equal(t, OneWeek(week.Add(-4)), *d.Period.Next)
}

func TestPeriodNavigationMovesByThePeriodAndStopsAtThisWeek(t *testing.T) {
	week := WeekOf(now)
	r := Period{From: week.Add(-5), To: week.Add(-2)} // 4 weeks
	v := newPeriodView(LangEN, r, false, now)
	assert.Equal(t, Period{From: week.Add(-9), To: week.Add(-6)}, v.Prev)
	require.NotNil(t, v.Next)
	assert.Equal(t, Period{From: week.Add(-1), To: week}, *v.Next, "cut at this week")
	assert.Equal(t, "The 4 weeks before", v.PrevText)
	assert.Equal(t, 4, r.Len())
	assert.True(t, r.Contains(week.Add(-3)))
	assert.False(t, r.Contains(week.Add(-1)))
	assert.Nil(t, newPeriodView(LangEN, Period{From: week.Add(-1), To: week}, false, now).Next)
}

// Looking back, the page says which figures are today's.
func TestAPastPeriodSaysTheLevelIsTodays(t *testing.T) {
	week := WeekOf(now)
	assert.Empty(t, newPeriodView(LangEN, OneWeek(week), false, now).PastText, "this week: nothing to say")
	assert.Empty(t, newPeriodView(LangEN, Period{From: week.Add(-2), To: week}, false, now).PastText, "a range up to this week")
	assert.Equal(t, "Levels and facts known by heart are as they are today; the other figures are those of the weeks shown.",
		newPeriodView(LangEN, OneWeek(week.Add(-1)), true, now).PastText)
	assert.Equal(t, "Les niveaux et les calculs sus par cœur sont ceux d’aujourd’hui\u00a0; les autres chiffres sont ceux des semaines affichées.",
		newPeriodView(LangFR, OneWeek(week.Add(-3)), false, now).PastText)
}

// A child who did not play in the week is "not played", never "stuck"; a
// child who played and struggles is stuck. Both have the same history at
// their level.
func TestNotPlayedIsKeptApartFromStuck(t *testing.T) {
	week := WeekOf(now)
	struggling := func(id int64, name string) StudentSummary {
		return StudentSummary{ID: id, Name: name, Level: games.Green(), SessionsAtLevel: StuckSessions + 5,
			LastPlayed: now.Add(-time.Hour), JoinedAt: now.AddDate(0, -2, 0)}
	}
	in := ClassInput{
		Students: []StudentSummary{struggling(1, "Léa"), struggling(2, "Zoé")},
		Weeks:    []WeekStat{{StudentID: 1, Week: week, Sessions: 2, PlayedSeconds: 500, Attempts: 30, Correct: 12}},
	}
	for _, lang := range []string{LangEN, LangFR} {
		d := NewClassDashboard(in, now, lang)
		lea, zoe := d.Rows[0], d.Rows[1]
		assert.True(t, lea.Played)
		assert.Equal(t, []AlertKind{AlertStuck}, kinds(lea.Alerts), "played and struggles: stuck")
		assert.False(t, zoe.Played)
		assert.Empty(t, kinds(zoe.Alerts), "did not play this week: not stuck")
		assert.Equal(t, 1, d.NotPlayed)
		assert.Equal(t, 1, d.Stuck)
		if lang == LangEN {
			assert.Equal(t, "Not played this week", zoe.NotPlayedText)
			assert.Empty(t, lea.NotPlayedText)
			assert.Equal(t, "Not played this week: 1", d.NotPlayedText)
		} else {
			assert.Equal(t, "Pas joué cette semaine", zoe.NotPlayedText)
		}
	}
	// Last week, nobody played: both "not played", nobody stuck.
	in.Period = OneWeek(week.Add(-1))
	d := NewClassDashboard(in, now, LangEN)
	assert.Equal(t, 2, d.NotPlayed)
	assert.Equal(t, 0, d.Stuck)
	assert.Equal(t, "Not played that week", d.Rows[0].NotPlayedText)
	assert.Equal(t, "Sessions", d.Columns[3].Label, "not \"this week\" on another week")
	assert.Equal(t, "Sessions this week", NewClassDashboard(ClassInput{Period: OneWeek(week)}, now, LangEN).Columns[3].Label)
}

func TestARangeSumsItsWeeks(t *testing.T) {
	week := WeekOf(now)
	in := ClassInput{
		Students: []StudentSummary{{ID: 1, Name: "Léa"}},
		Period:   Period{From: week.Add(-3), To: week.Add(-1)},
		Weeks: []WeekStat{
			{StudentID: 1, Week: week.Add(-3), Sessions: 1, PlayedSeconds: 90, Attempts: 10, Correct: 5},
			{StudentID: 1, Week: week.Add(-1), Sessions: 2, PlayedSeconds: 90, Attempts: 10, Correct: 10},
			{StudentID: 1, Week: week, Sessions: 7, PlayedSeconds: 900, Attempts: 100, Correct: 0}, // after the range
		},
	}
	d := NewClassDashboard(in, now, LangEN)
	r := d.Rows[0]
	assert.Equal(t, 3, r.Sessions)
	assert.Equal(t, 3, r.Minutes, "180 s, summed before rounding")
	assert.InDelta(t, 0.75, r.Accuracy, 1e-9)
	assert.Equal(t, "Weeks of 26 October to 15 November", d.Period.Text)

	rep := NewParentReport(ParentInput{Student: StudentSummary{ID: 1, Name: "Léa"}, Period: in.Period, Weeks: in.Weeks}, now, LangEN)
	assert.Equal(t, 3, rep.This.Sessions)
	assert.Equal(t, []string{"", "26 Oct – 15 Nov", "5–25 Oct", "Change"}, rep.Compare.Head)
	assert.Equal(t, "26 Oct – 15 Nov against 5–25 Oct", rep.CompareTitle)
	assert.Equal(t, "Time played: 3 min in 3 sessions.", rep.TimeText)
	assert.Len(t, rep.Trend.Table.Rows, ParentWeeks)

	p := NewStudentPage(StudentInput{Student: StudentSummary{ID: 1}, Period: in.Period, Weeks: in.Weeks}, now, LangEN)
	require.Len(t, p.Weeks, 3, "the charts show the range's weeks")
	assert.Equal(t, week.Add(-1), p.Weeks[2].Week)
}

func kinds(as []Alert) []AlertKind {
	var out []AlertKind
	for _, a := range as {
		out = append(out, a.Kind)
	}
	return out
}
