package dashboard

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
)

func TestStudentPage(t *testing.T) {
	week := WeekOf(now)
	s := StudentSummary{ID: 3, Name: `<script>alert(1)</script>`, Level: games.Violet()}
	in := StudentInput{
		Student: s,
		Facts:   []FactStat{{StudentID: 3, A: 6, B: 7, Attempts: 9, Mastery: 0.4}},
		Weeks: []WeekStat{
			{StudentID: 3, Week: week.Add(-20), FluentFacts: 5, Sessions: 1}, // before the window: carried
			{StudentID: 3, Week: week.Add(-2), Sessions: 2, PlayedSeconds: 600, Attempts: 40, Correct: 30, FluentFacts: 12, TypicalMS: 2400},
			{StudentID: 3, Week: week, Sessions: 1, PlayedSeconds: 300, Attempts: 10, Correct: 9, FluentFacts: 15, TypicalMS: 1800},
		},
		History: []LevelChange{
			{At: now.AddDate(0, -2, 0), From: games.Level{}, To: games.Green(), Decision: DecisionKeep,
				Reason: games.Message{EN: "First level.", FR: "Premier niveau."}},
			{At: now.AddDate(0, -1, 0), From: games.Green(), To: games.Violet(), Decision: DecisionUp,
				Reason: games.Message{EN: "90% of green fluent.", FR: "90 % du vert maîtrisé."}},
		},
		Sessions: []SessionSummary{{ID: 11, Game: "potion/3", Level: games.Violet(), Start: now.Add(-time.Hour),
			End: now.Add(-45 * time.Minute), Attempts: 20, Correct: 15, Timers: true}},
	}
	p := NewStudentPage(in, now, LangEN)
	require.Len(t, p.Weeks, StudentWeeks)
	last := p.Weeks[len(p.Weeks)-1]
	assert.Equal(t, week, last.Week)
	assert.Equal(t, 15, last.FluentFacts)
	assert.InDelta(t, 0.9, last.Accuracy, 1e-9)
	assert.Equal(t, 5, p.Weeks[0].FluentFacts, "carried from before the window")
	assert.True(t, math.IsNaN(p.Weeks[0].Accuracy))
	assert.Equal(t, 12, p.Weeks[len(p.Weeks)-2].FluentFacts, "carried through an idle week")
	assert.Equal(t, "16 Nov", last.Label)

	require.Len(t, p.History, 2)
	assert.Equal(t, "Moved up", p.History[0].Decision, "newest first")
	assert.Equal(t, "90% of green fluent.", p.History[0].Reason)
	assert.Equal(t, "Violet (tables 6–9)", p.History[0].To)
	require.Len(t, p.Sessions, 1)
	assert.Equal(t, SessionRow{ID: 11, When: "19 Nov 2026 09:00", Game: "MultipliPotion (3)", Level: "Violet (tables 6–9)",
		Minutes: 15, Attempts: 20, Accuracy: "75%", Timers: "timer on"}, p.Sessions[0])

	for _, c := range []Chart{p.Fluent, p.Accuracy, p.Speed} {
		els, text := wellFormed(t, string(c.SVG))
		assert.Zero(t, els["script"])
		assert.Equal(t, StudentWeeks, els["g"], "one focusable point per week")
		assert.Contains(t, text, "Week of")
		require.Len(t, c.Table.Rows, StudentWeeks)
		wellFormed(t, string(c.Table.HTML()))
	}
	assert.Equal(t, []string{"16 Nov", "90%"}, p.Accuracy.Table.Rows[StudentWeeks-1])
	assert.Equal(t, []string{"2 Nov", "2.4\u00a0s"}, p.Speed.Table.Rows[StudentWeeks-3])
	assert.Equal(t, "—", p.Speed.Table.Rows[0][1], "a week without play")
	assert.Equal(t, 2, countPaths(string(p.Accuracy.SVG)), "one line piece per run of weeks with data: idle weeks break it")

	fr := NewStudentPage(in, now, LangFR)
	assert.Equal(t, "Monte d’un niveau", fr.History[0].Decision)
	assert.Equal(t, "90 % du vert maîtrisé.", fr.History[0].Reason)
	assert.Equal(t, []string{"2 nov.", "2,4\u00a0s"}, fr.Speed.Table.Rows[StudentWeeks-3])
}

// countPaths counts the pen-down moves of the chart's line.
func countPaths(svg string) int {
	_, rest, ok := strings.Cut(svg, `<path d="`)
	if !ok {
		return 0
	}
	d, _, _ := strings.Cut(rest, `"`)
	return strings.Count(d, "M")
}

func TestNiceScaleGivesRoundTicks(t *testing.T) {
	for _, tt := range []struct{ in, top, step float64 }{
		{0, 1, 0.2}, {0.9, 1, 0.2}, {1, 1, 0.2}, {1.2, 1.5, 0.5}, {3, 3, 1}, {5.3, 6, 2}, {10, 10, 2}, {41, 50, 10}, {78, 80, 20},
	} {
		top, step := niceScale(tt.in)
		assert.InDelta(t, tt.top, top, 1e-9, "top of %v", tt.in)
		assert.InDelta(t, tt.step, step, 1e-9, "step of %v", tt.in)
	}
}

func TestStudentViewsKeepOnlyTheirStudentsFacts(t *testing.T) {
	facts := []FactStat{
		{StudentID: 1, A: 7, B: 8, Attempts: 5, Mastery: 0.2},
		{StudentID: 2, A: 7, B: 8, Attempts: 5, Mastery: 0.9, Fluent: true},
	}
	p := NewStudentPage(StudentInput{Student: StudentSummary{ID: 1}, Facts: facts}, now, LangEN)
	assert.InDelta(t, 0.2, p.Heatmap.Cell(7, 8).Mastery, 1e-9)
	r := NewParentReport(ParentInput{Student: StudentSummary{ID: 1, Level: games.Custom(7)}, Facts: facts}, now, LangEN)
	assert.Equal(t, 0, r.FluentFacts)
}
