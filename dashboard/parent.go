package dashboard

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/pedagogy"
)

// ParentWeeks is how many weeks the parent report's trend chart shows.
const ParentWeeks = 8

// PractiseCount is how many facts the parent report suggests for home.
const PractiseCount = 3

// ParentInput is everything the parent report needs, as read from Source.
type ParentInput struct {
	Student StudentSummary
	Facts   []FactStat
	// Period is the weeks asked for; zero opens on DefaultWeek.
	Period Period
	// Weeks: the parentWeeks weeks ending with the period's last, and the
	// one before (its fluent count carries); with a zero Period, from the
	// week before those of last week to the current week.
	Weeks []WeekStat
}

// parentWeeks is how many weeks the report reads for the period: the trend
// chart's, and at least the period and as many weeks before it.
func parentWeeks(p Period) int { return max(ParentWeeks, 2*p.Len()) }

// ParentReport is a one-page report for a parent.
type ParentReport struct {
	Child    string
	Title    string
	Week     Week // the period's last week
	WeekText string
	// Period is what the report says about its weeks; This is the period's
	// figures, Last those of as many weeks before it.
	Period PeriodView
	// CompareTitle heads the comparison.
	CompareTitle string
	This, Last   WeekFigures
	Compare      Table // this week against last week
	FluentFacts  int   // fluent facts, all tables
	LevelLabel   string
	LevelFluent  int
	LevelFacts   int
	Mastered     string
	// Definition says what "known by heart" means (KnownDefinition).
	Definition string
	Minutes    int // time played this week
	TimeText   string
	Practise   []PractiseFact
	Trend      Chart
}

// WeekFigures sums one week.
type WeekFigures struct {
	Sessions    int
	Minutes     int
	Attempts    int
	Accuracy    float64 // NaN without attempts
	FluentFacts int
}

// PractiseFact is a fact to practise at home, with a tip.
type PractiseFact struct {
	Fact games.Fact
	Text string // "7 × 8"
	Tip  string
}

// NewParentReport builds the report of the period (by default the week
// holding now, or last week while nothing is played this week).
func NewParentReport(in ParentInput, now time.Time, lang string) ParentReport {
	s := in.Student
	in.Facts = factsOf(s.ID, in.Facts) // a class's stats may be passed whole
	period, fallback := choosePeriod(in.Period, now, factsWeeks(s.ID, in.Weeks))
	week := period.To
	pts := weekPoints(lang, s.ID, in.Weeks, week, parentWeeks(period))
	k := period.Len()
	this, last := figures(pts[len(pts)-k:]), figures(pts[len(pts)-2*k:len(pts)-k])
	pv := newPeriodView(lang, period, fallback, now)
	r := ParentReport{Definition: KnownDefinition(lang),
		Child:      s.Name,
		Title:      tr(lang, "parent.title", "name", s.Name),
		Week:       week,
		WeekText:   pv.Text,
		Period:     pv,
		This:       this,
		Last:       last,
		LevelLabel: LevelLabel(lang, s.Level),
		Minutes:    this.Minutes,
	}
	for _, f := range in.Facts {
		if f.Fluent {
			r.FluentFacts++
		}
	}
	r.LevelFluent, r.LevelFacts = fluentInLevel(s.Level, in.Facts)
	r.Mastered = tr(lang, "parent.mastered", "n", r.FluentFacts, "fluent", r.LevelFluent, "total", r.LevelFacts, "level", r.LevelLabel)
	current := period == OneWeek(WeekOf(now))
	if current {
		r.TimeText = tr(lang, "parent.time", "min", this.Minutes, "sessions", this.Sessions, "count", this.Sessions)
	} else {
		r.TimeText = wt(lang, "time", "min", this.Minutes, "sessions", this.Sessions, "count", this.Sessions)
	}
	r.Compare = compareTable(lang, this, last, period, current)
	r.CompareTitle = r.Compare.Caption
	for _, f := range practiseFacts(s.Level, in.Facts) {
		r.Practise = append(r.Practise, PractiseFact{Fact: f, Text: f.Text(), Tip: Tip(lang, f)})
	}

	pts = pts[len(pts)-max(ParentWeeks, k):]
	labels := make([]string, len(pts))
	fluent := make([]float64, len(pts))
	for i, p := range pts {
		labels[i], fluent[i] = p.Label, float64(p.FluentFacts)
	}
	r.Trend = newChart(series{
		title: tr(lang, "chart.fluent_title", "name", s.Name), yLabel: tr(lang, "axis.fluent"),
		x: labels, values: fluent, yMax: 10, format: func(v float64) string { return itoa64(int64(math.Round(v))) },
	}, lang, "p"+itoa64(s.ID)+"-trend")
	return r
}

// figures sums consecutive weeks; the facts known by heart are those at
// the end of the last.
func figures(pts []WeekPoint) WeekFigures {
	var f WeekFigures
	var played int64
	var correct int
	for _, p := range pts {
		f.Sessions += p.Sessions
		f.Attempts += p.Attempts
		correct += p.Correct
		played += p.PlayedSeconds
		f.FluentFacts = p.FluentFacts
	}
	f.Minutes = minutes(played)
	f.Accuracy = math.NaN()
	if f.Attempts > 0 {
		f.Accuracy = float64(correct) / float64(f.Attempts)
	}
	return f
}

// compareTable sets the period against as many weeks before it. The
// current week reads "This week" and "Last week"; any other period is
// named by its days ("16–22 Nov"), since "this week" would be wrong.
func compareTable(lang string, this, last WeekFigures, p Period, current bool) Table {
	caption, thisHead, lastHead := tr(lang, "parent.compare"), tr(lang, "parent.this_week"), tr(lang, "parent.last_week")
	if !current {
		thisHead, lastHead = shortPeriod(lang, p), shortPeriod(lang, p.Shift(-1))
		caption = wt(lang, "compare", "this", thisHead, "before", lastHead)
	}
	acc := func(v float64) string {
		if math.IsNaN(v) {
			return "—"
		}
		return pct(lang, v)
	}
	change := func(d int) string {
		if d > 0 {
			return "+" + itoa64(int64(d))
		}
		if d < 0 {
			return "−" + itoa64(int64(-d))
		}
		return "="
	}
	accChange := "—"
	if !math.IsNaN(this.Accuracy) && !math.IsNaN(last.Accuracy) {
		accChange = change(int(math.Round(100*this.Accuracy)) - int(math.Round(100*last.Accuracy)))
	}
	return Table{
		Caption:    caption,
		Head:       []string{"", thisHead, lastHead, tr(lang, "parent.change")},
		RowHeaders: true,
		Rows: [][]string{
			{tr(lang, "parent.row_minutes"), itoa64(int64(this.Minutes)), itoa64(int64(last.Minutes)), change(this.Minutes - last.Minutes)},
			{tr(lang, "parent.row_sessions"), itoa64(int64(this.Sessions)), itoa64(int64(last.Sessions)), change(this.Sessions - last.Sessions)},
			{tr(lang, "parent.row_accuracy"), acc(this.Accuracy), acc(last.Accuracy), accChange},
			{tr(lang, "parent.row_fluent"), itoa64(int64(this.FluentFacts)), itoa64(int64(last.FluentFacts)), change(this.FluentFacts - last.FluentFacts)},
		},
	}
}

// practiseFacts picks the facts to practise at home, from the child's
// current level (green when the child has none yet), never a fluent one:
//  1. facts already tried whose estimate is under the bar of knowing by
//     heart, lowest first (ties: more attempts, so the difficulty is well
//     established; then the level's order), taking a fact only if its tip's
//     strategy differs from those already taken, so the three tips teach
//     three different things;
//  2. if fewer than PractiseCount were found, the same list again without
//     the variety condition;
//  3. then facts never tried, the hardest for children in general first
//     (again one per strategy first):
//     a parent of a child who has just begun is pointed at 4 × 8, not at
//     1 × 2, which the child will meet and know at once;
//  4. last, facts the estimate already calls known but with too few answers
//     to say "by heart": one right answer to 1 × 3 is no reason to practise
//     it at home while 3 × 9 waits.
func practiseFacts(l games.Level, facts []FactStat) []games.Fact {
	if len(l.Tables) == 0 {
		l = games.Green()
	}
	model := pedagogy.DefaultModel()
	pairs := levelPairs(l)
	order := make(map[games.Fact]int, len(pairs))
	for i, p := range pairs {
		order[p] = i
	}
	stat := make(map[games.Fact]FactStat)
	for _, f := range facts {
		stat[f.Fact()] = f
	}
	var weak []FactStat
	var untried, nearlyKnown []games.Fact
	for _, p := range pairs {
		f, ok := stat[p]
		switch {
		case ok && f.Fluent:
		case ok && f.Attempts > 0 && f.Mastery >= model.FluentP:
			nearlyKnown = append(nearlyKnown, p)
		case ok && f.Attempts > 0:
			weak = append(weak, f)
		default:
			untried = append(untried, p)
		}
	}
	slices.SortFunc(weak, func(x, y FactStat) int {
		return cmp.Or(cmp.Compare(x.Mastery, y.Mastery), cmp.Compare(y.Attempts, x.Attempts),
			cmp.Compare(order[x.Fact()], order[y.Fact()]))
	})
	slices.SortStableFunc(untried, func(x, y games.Fact) int {
		return cmp.Compare(model.PairEasiness(x), model.PairEasiness(y))
	})
	weakFacts := make([]games.Fact, len(weak))
	for i, f := range weak {
		weakFacts[i] = f.Fact()
	}
	var out []games.Fact
	taken := make(map[games.Fact]bool)
	used := make(map[string]bool)
	take := func(list []games.Fact, varied bool) {
		for _, p := range list {
			if len(out) == PractiseCount {
				return
			}
			k := strategyFor(p).key
			if taken[p] || varied && used[k] {
				continue
			}
			used[k], taken[p] = true, true
			out = append(out, p)
		}
	}
	take(weakFacts, true)
	take(weakFacts, false)
	take(untried, true)
	take(untried, false)
	take(nearlyKnown, false)
	return out
}

// shortPeriod names a period in a table's head: "16–22 Nov", "30 Nov –
// 6 Dec" ("16–22 nov.", "30 nov. – 6 déc.").
func shortPeriod(lang string, p Period) string {
	from, to := p.From.Monday(), p.Sunday()
	months := monthsEN
	if lang == LangFR {
		months = monthsFR
	}
	if from.Month() == to.Month() {
		return fmt.Sprintf("%d–%d %s", from.Day(), to.Day(), months[to.Month()-1])
	}
	return fmt.Sprintf("%d %s – %d %s", from.Day(), months[from.Month()-1], to.Day(), months[to.Month()-1])
}
