package dashboard

import (
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/catalog"
	"github.com/multipli/multipli/games"
)

func TestParentReportThisWeekAgainstLastWeek(t *testing.T) {
	week := WeekOf(now)
	in := ParentInput{
		Student: StudentSummary{ID: 9, Name: "Léa", Level: games.Green()},
		Facts: []FactStat{
			{StudentID: 9, A: 2, B: 2, Attempts: 5, Mastery: 0.95, Fluent: true},
			{StudentID: 9, A: 8, B: 9, Attempts: 5, Mastery: 0.95, Fluent: true}, // fluent, outside green
			{StudentID: 9, A: 4, B: 7, Attempts: 5, Mastery: 0.3},
		},
		Weeks: []WeekStat{
			{StudentID: 9, Week: week.Add(-1), Sessions: 2, PlayedSeconds: 1200, Attempts: 50, Correct: 40, FluentFacts: 1},
			{StudentID: 9, Week: week, Sessions: 3, PlayedSeconds: 1500, Attempts: 40, Correct: 36, FluentFacts: 2},
		},
	}
	r := NewParentReport(in, now, LangEN)
	assert.Equal(t, "How Léa is doing", r.Title)
	assert.Equal(t, "Week of 16 to 22 November", r.WeekText)
	assert.Equal(t, WeekFigures{Sessions: 3, Minutes: 25, Attempts: 40, Accuracy: 0.9, FluentFacts: 2}, r.This)
	assert.Equal(t, 20, r.Last.Minutes)
	assert.Equal(t, 2, r.FluentFacts)
	assert.Equal(t, 1, r.LevelFluent)
	assert.Equal(t, "2 facts known by heart; 1 of the 34 facts of the current level, Green (tables 2–5).", r.Mastered)
	assert.Equal(t, "Time played this week: 25 min in 3 sessions.", r.TimeText)
	assert.Equal(t, [][]string{
		{"Minutes played", "25", "20", "+5"},
		{"Sessions", "3", "2", "+1"},
		{"Accuracy", "90%", "80%", "+10"},
		{"Facts known by heart", "2", "1", "+1"},
	}, r.Compare.Rows)
	require.Len(t, r.Practise, PractiseCount)
	assert.Equal(t, "4 × 7", r.Practise[0].Text, "the weakest tried fact of the level comes first")
	assert.Equal(t, "Times 4 is double, then double again: 7 × 2 = 14, 14 × 2 = 28.", r.Practise[0].Tip)
	require.Len(t, r.Trend.Table.Rows, ParentWeeks)
	wellFormed(t, string(r.Trend.SVG))

	fr := NewParentReport(in, now, LangFR)
	assert.Equal(t, "Où en est Léa", fr.Title)
	assert.Equal(t, "Fois 4, c’est le double du double\u00a0: 7 × 2 = 14, 14 × 2 = 28.", fr.Practise[0].Tip)
	assert.Equal(t, []string{"Réussite", "90\u00a0%", "80\u00a0%", "+10"}, fr.Compare.Rows[2])
}

func TestPractiseFactsRule(t *testing.T) {
	f := func(a, b int, m float64, attempts int, fluent bool) FactStat {
		return FactStat{A: a, B: b, Mastery: m, Attempts: attempts, Fluent: fluent}
	}
	tests := []struct {
		name  string
		level games.Level
		facts []FactStat
		want  []string
	}{
		{"lowest mastery first, one per strategy",
			games.Violet(),
			[]FactStat{f(6, 9, 0.1, 5, false), f(7, 9, 0.2, 5, false), f(6, 8, 0.3, 5, false), f(7, 7, 0.4, 5, false)},
			[]string{"6×9", "6×8", "7×7"}}, // 7×9 is a second ×9 finger trick
		{"variety gives way when too few strategies",
			games.Custom(9),
			[]FactStat{f(6, 9, 0.1, 5, false), f(7, 9, 0.2, 5, false), f(8, 9, 0.3, 5, false)},
			[]string{"6×9", "7×9", "8×9"}},
		{"equal mastery: more attempts first",
			games.Violet(),
			[]FactStat{f(6, 6, 0.2, 3, false), f(7, 7, 0.2, 9, false), f(8, 8, 0.2, 1, false)},
			[]string{"7×7", "6×6", "8×8"}},
		{"fluent facts never, facts outside the level never, then untried, hardest first",
			games.Custom(3),
			[]FactStat{f(1, 3, 0.1, 5, true), f(7, 8, 0.1, 5, false), f(3, 4, 0.5, 5, false)},
			[]string{"3×4", "3×9", "3×8"}},
		{"no level yet: green, hardest first, one per strategy",
			games.Level{},
			nil,
			[]string{"4×9", "3×8", "4×7"}}, // 3×9 is a second ×9 finger trick
		{"answered right once: after every untried fact, however easy",
			games.Custom(2),
			knownTable2Except(f(1, 2, 0.9, 1, false), f(2, 9, 0.3, 4, false), f(2, 8, 0, 0, false)),
			[]string{"2×9", "2×8", "1×2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, p := range practiseFacts(tt.level, tt.facts) {
				got = append(got, p.String())
			}
			assert.Equal(t, tt.want, got)
		})
	}
	all := games.All(2)
	var facts []FactStat
	for _, p := range levelPairs(all) {
		facts = append(facts, f(p.A, p.B, 1, 9, true))
	}
	assert.Empty(t, practiseFacts(all, facts), "everything fluent: nothing to practise")
}

// knownTable2Except is table 2 known by heart (1 × 2 to 2 × 10), but for
// the facts given.
func knownTable2Except(facts ...FactStat) []FactStat {
	out := facts
	for b := 1; b <= 10; b++ {
		if !slices.ContainsFunc(facts, func(f FactStat) bool { return f.A*f.B == 2*b }) {
			out = append(out, FactStat{A: min(2, b), B: max(2, b), Mastery: 1, Attempts: 9, Fluent: true})
		}
	}
	return out
}

func TestTipForEveryFactStatesTheProduct(t *testing.T) {
	for a := 1; a <= games.MaxFactor; a++ {
		for b := a; b <= games.MaxFactor; b++ {
			f := games.Fact{A: a, B: b}
			for _, lang := range []string{LangEN, LangFR} {
				tip := Tip(lang, f)
				assert.Contains(t, tip, strconv.Itoa(a*b), "%v %s: %s", f, lang, tip)
				assert.NotContains(t, tip, "{", "%v %s: unfilled placeholder in %q", f, lang, tip)
			}
			assert.NotEqual(t, "any", strategyFor(f).key, "%v has a strategy", f)
		}
	}
}

func TestTipsPerTable(t *testing.T) {
	tests := []struct {
		fact games.Fact
		want string
	}{
		{games.Fact{A: 9, B: 7}, "Finger trick for 7 × 9: hold up ten fingers, fold down finger number 7: 6 fingers on its left are the tens, 3 on its right the units: 63."},
		{games.Fact{A: 9, B: 12}, "Times 9 is times 10 minus once: 120 − 12 = 108."},
		{games.Fact{A: 5, B: 7}, "Times 5 is half of times 10: 7 × 10 = 70, and half of 70 is 35."},
		{games.Fact{A: 6, B: 6}, "6 × 6 is a square: draw 6 rows of 6 dots, a square of 36 dots."},
		{games.Fact{A: 8, B: 7}, "Count 5, 6, 7, 8: 56 = 7 × 8."},
		{games.Fact{A: 2, B: 8}, "2 × 8 is a double: 8 + 8 = 16."},
		{games.Fact{A: 6, B: 8}, "Times 8 is doubling three times: 6 → 12 → 24 → 48."},
		{games.Fact{A: 6, B: 7}, "Times 6 is times 5 plus once more: 35 + 7 = 42."},
		{games.Fact{A: 3, B: 7}, "Times 3 is the double plus once more: 14 + 7 = 21."},
	}
	for _, tt := range tests {
		t.Run(tt.fact.String(), func(t *testing.T) {
			assert.Equal(t, tt.want, Tip(LangEN, tt.fact))
		})
	}
}

// Every strategy has its tip in the catalogue (which checks both
// languages and their placeholders).
func TestEveryTipInTheCatalogue(t *testing.T) {
	for _, s := range append(strategies, strategy{key: "any"}) {
		assert.True(t, catalog.Has("dashboard.tip."+s.key), s.key)
	}
}
