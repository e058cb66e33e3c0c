package dashboard

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/multipli/multipli/catalog"
	"github.com/multipli/multipli/games"
)

// AccuracyWeeks is the window of the class dashboard's accuracy column: the
// current ISO week and the ones before it, the same span the accuracy-falling
// alert looks at, so the column does not swing on one bad Monday.
const AccuracyWeeks = FallingBaselineWeeks + 1

// ClassInput is everything the class dashboard needs, as read from Source.
type ClassInput struct {
	Students []StudentSummary
	Facts    []FactStat
	// Period is the weeks asked for; zero opens on DefaultWeek.
	Period Period
	// Weeks must cover the period and the AccuracyWeeks-1 weeks before its
	// last (with a zero Period: the current week and the AccuracyWeeks
	// before it, since the default may be last week).
	Weeks       []WeekStat
	Assignments []Assignment // active now
	Progress    []AssignmentProgress
}

// ClassDashboard is one row per student, with column headers in the
// reader's language.
type ClassDashboard struct {
	// Week is the period's last week; Period what the page says about it.
	Week   Week
	Period PeriodView
	// Definition says what "known by heart" means (KnownDefinition).
	Definition string
	Columns    []ColumnHeader
	Rows       []ClassRow
	Alerts     int // rows with at least one alert
	// NotPlayed counts the rows without any attempt in the period; Stuck
	// the rows with the stuck alert (never the same children).
	NotPlayed, Stuck int
	// NotPlayedText counts them in words: "Not played this week: 3".
	NotPlayedText string
}

// ColumnHeader names a sortable column.
type ColumnHeader struct {
	Column Column
	Label  string
}

// ClassRow is one student's line.
type ClassRow struct {
	StudentID  int64
	Name       string
	Level      games.Level
	LevelLabel string
	LastPlayed time.Time // zero when never played
	LastText   string    // "3 days ago"
	Sessions   int       // in the period
	Minutes    int       // in the period
	// Played says the student has sessions or attempts in the period. A
	// student who has not is "not played" (NotPlayedText), a state kept
	// apart from the alerts: they are never "stuck" for it.
	Played        bool
	NotPlayedText string
	// Accuracy is over AccuracyWeeks weeks; HasAccuracy is false without attempts.
	Accuracy     float64
	HasAccuracy  bool
	AccuracyText string // "84%" or "—"
	FluentFacts  int    // fluent facts of the current level
	LevelFacts   int    // facts of the current level (unordered pairs)
	FluentText   string // "12 / 40"
	Assignment   *AssignmentCell
	Alerts       []Alert
}

// AssignmentCell is the row's progress on the assignment due soonest.
type AssignmentCell struct {
	AssignmentID int64
	Title        string
	Done         int // minutes or sessions this week, as the target counts
	Target       Target
	Percent      int // 0–100
	Text         string
	Due          time.Time
}

// NewClassDashboard builds the rows, sorted by name.
func NewClassDashboard(in ClassInput, now time.Time, lang string) ClassDashboard {
	period, fallback := choosePeriod(in.Period, now, in.Weeks)
	week := period.To
	weeks := byStudentWeek(in.Weeks)
	facts := make(map[int64][]FactStat)
	for _, f := range in.Facts {
		facts[f.StudentID] = append(facts[f.StudentID], f)
	}
	d := ClassDashboard{Week: week, Period: newPeriodView(lang, period, fallback, now), Columns: columnHeaders(lang), Definition: KnownDefinition(lang)}
	pairs := make(levelCache)
	for _, s := range in.Students {
		row := newClassRow(lang, s, facts[s.ID], weeks[s.ID], period, now, pairs)
		row.Assignment = assignmentCell(lang, s.ID, in.Assignments, in.Progress, week)
		if len(row.Alerts) > 0 {
			d.Alerts++
		}
		if !row.Played {
			d.NotPlayed++
		}
		if slices.ContainsFunc(row.Alerts, func(a Alert) bool { return a.Kind == AlertStuck }) {
			d.Stuck++
		}
		d.Rows = append(d.Rows, row)
	}
	d.NotPlayedText = notPlayedText(lang, period, now, d.NotPlayed)
	// "Sessions this week" is wrong for another week, or for a range:
	// their headers name no week (the period is named above the table).
	if period != OneWeek(WeekOf(now)) {
		for i, h := range d.Columns {
			switch h.Column {
			case ColumnSessions, ColumnMinutes:
				d.Columns[i].Label = wt(lang, "col_"+string(h.Column))
			case ColumnAssignment: // its progress is its last week's
				key := "col_assignment"
				if !period.Single() {
					key = "col_assignment_range"
				}
				d.Columns[i].Label = wt(lang, key)
			}
		}
	}
	d.Sort(ColumnName, false)
	return d
}

// newClassRow builds one student's line for the period. The level, the
// fluent facts, "last played" and the not-playing and stuck alerts are
// today's (the store keeps no level per week); the figures of play and the
// accuracy-falling alert are the period's, the latter for its last week.
func newClassRow(lang string, s StudentSummary, facts []FactStat, weeks weekTotals, period Period, now time.Time, pairs levelCache) ClassRow {
	week := period.To
	this := weeks[week]
	row := ClassRow{
		StudentID:  s.ID,
		Name:       s.Name,
		Level:      s.Level,
		LevelLabel: LevelLabel(lang, s.Level),
		LastPlayed: s.LastPlayed,
		LastText:   ago(lang, s.LastPlayed, now),
	}
	var played int64
	for _, w := range period.Weeks() {
		t := weeks[w]
		row.Sessions += t.Sessions
		played += t.PlayedSeconds
		if t.Sessions > 0 || t.Attempts > 0 {
			row.Played = true
		}
	}
	row.Minutes = minutes(played)
	if !row.Played {
		row.NotPlayedText = notPlayedText(lang, period, now, -1)
	}
	// Accuracy over the period, and never fewer than AccuracyWeeks weeks
	// ending with its last, so that one week's column does not swing on a
	// bad Monday.
	span := max(period.Len(), AccuracyWeeks)
	var n, c int
	for _, w := range weeksEnding(week, span) {
		n += weeks[w].Attempts
		c += weeks[w].Correct
	}
	row.AccuracyText = "—"
	if n > 0 {
		row.Accuracy, row.HasAccuracy = float64(c)/float64(n), true
		row.AccuracyText = pct(lang, row.Accuracy)
	}
	row.FluentFacts, row.LevelFacts = pairs.fluentIn(s.Level, facts)
	row.FluentText = tr(lang, "of", "n", row.FluentFacts, "total", row.LevelFacts)

	if a, ok := inactiveAlert(lang, s, now); ok {
		row.Alerts = append(row.Alerts, a)
	}
	baseline := make([]WeekStat, 0, FallingBaselineWeeks)
	for _, w := range weeksEnding(week.Add(-1), FallingBaselineWeeks) {
		baseline = append(baseline, weeks[w])
	}
	if a, ok := fallingAlert(lang, this, baseline); ok {
		row.Alerts = append(row.Alerts, a)
	}
	// Stuck is for a child who plays and struggles: a child who did not
	// play in the period is "not played", never stuck.
	if a, ok := stuckAlert(lang, s, row.FluentFacts, row.LevelFacts); ok && row.Played {
		row.Alerts = append(row.Alerts, a)
	}
	return row
}

// levelPairs lists the unordered facts of a level, smaller factor first,
// in the level's own order.
func levelPairs(l games.Level) []games.Fact {
	seen := make(map[games.Fact]bool)
	var out []games.Fact
	for _, f := range l.Facts() {
		p := f.Pair()
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

// levelCache keeps each level's set of pairs: a class shares a few levels.
type levelCache map[string]map[games.Fact]bool

func (c levelCache) set(l games.Level) map[games.Fact]bool {
	key := fmt.Sprint(l.Tables, l.MinFactor, l.MaxFactor)
	in, ok := c[key]
	if !ok {
		pairs := levelPairs(l)
		in = make(map[games.Fact]bool, len(pairs))
		for _, p := range pairs {
			in[p] = true
		}
		c[key] = in
	}
	return in
}

// fluentInLevel counts the level's facts and how many of them are fluent.
func fluentInLevel(l games.Level, facts []FactStat) (fluent, total int) {
	return make(levelCache).fluentIn(l, facts)
}

func (c levelCache) fluentIn(l games.Level, facts []FactStat) (fluent, total int) {
	in := c.set(l)
	// A pair the store gave twice (7×8 and 8×7) counts once.
	seen := make(map[games.Fact]bool)
	for _, f := range facts {
		if p := f.Fact(); f.Fluent && in[p] && !seen[p] {
			seen[p] = true
			fluent++
		}
	}
	return fluent, len(in)
}

// assignmentCell shows the student's active assignment due soonest (ties:
// the older assignment), with this week's progress towards its target.
func assignmentCell(lang string, studentID int64, as []Assignment, progress []AssignmentProgress, week Week) *AssignmentCell {
	var best *Assignment
	for i := range as {
		a := &as[i]
		if !a.For(studentID) {
			continue
		}
		if best == nil || a.Due.Before(best.Due) || (a.Due.Equal(best.Due) && a.ID < best.ID) {
			best = a
		}
	}
	if best == nil {
		return nil
	}
	// The same figure as the assignments page and the child's home.
	done := best.Done(studentID, week, progress)
	cell := &AssignmentCell{AssignmentID: best.ID, Title: best.Title, Target: best.Target, Due: best.Due, Done: done.Done, Percent: done.Percent}
	key := "assign.sessions"
	if best.Target.CountsMinutes() {
		key = "assign.minutes"
	}
	cell.Text = tr(lang, key, "done", cell.Done, "target", best.Target.PerWeek)
	return cell
}

// Column names a sortable column of the class dashboard.
type Column string

// The class dashboard's columns.
const (
	ColumnName       Column = "name"
	ColumnLevel      Column = "level"
	ColumnLastPlayed Column = "last_played"
	ColumnSessions   Column = "sessions"
	ColumnMinutes    Column = "minutes"
	ColumnAccuracy   Column = "accuracy"
	ColumnFluent     Column = "fluent"
	ColumnAssignment Column = "assignment"
	ColumnAlerts     Column = "alerts"
)

// columnOrder lists the columns in display order.
var columnOrder = []Column{ColumnName, ColumnLevel, ColumnLastPlayed, ColumnSessions, ColumnMinutes,
	ColumnAccuracy, ColumnFluent, ColumnAssignment, ColumnAlerts}

// ParseColumn reads a column from a query parameter; unknown names sort by name.
func ParseColumn(s string) Column {
	c := Column(s)
	if slices.Contains(columnOrder, c) {
		return c
	}
	return ColumnName
}

func columnHeaders(lang string) []ColumnHeader {
	out := make([]ColumnHeader, len(columnOrder))
	for i, c := range columnOrder {
		out[i] = ColumnHeader{Column: c, Label: tr(lang, "col."+string(c))}
	}
	return out
}

// Sort orders the rows by a column, ascending or descending. Rows with no
// value in the column (no accuracy, no assignment) stay at the bottom both
// ways; a student who never played is the oldest "last played". Ties are
// broken by name, then by id, so the order never depends on the input's.
func (d *ClassDashboard) Sort(col Column, desc bool) {
	byName := catalog.NameOrder()
	slices.SortStableFunc(d.Rows, func(x, y ClassRow) int {
		xm, ym := missing(col, x), missing(col, y)
		if xm != ym {
			if xm {
				return 1
			}
			return -1
		}
		c := compareBy(col, x, y, byName)
		if desc {
			c = -c
		}
		if c != 0 {
			return c
		}
		return cmp.Or(byName(x.Name, y.Name), cmp.Compare(x.StudentID, y.StudentID))
	})
}

func missing(col Column, r ClassRow) bool {
	switch col {
	case ColumnAccuracy:
		return !r.HasAccuracy
	case ColumnAssignment:
		return r.Assignment == nil
	}
	return false
}

// compareBy compares two rows by a column; byName orders names (the
// column's and the ties').
func compareBy(col Column, x, y ClassRow, byName func(a, b string) int) int {
	switch col {
	case ColumnLevel:
		return cmp.Or(cmp.Compare(levelRank(x.Level), levelRank(y.Level)), strings.Compare(x.LevelLabel, y.LevelLabel))
	case ColumnLastPlayed:
		return x.LastPlayed.Compare(y.LastPlayed)
	case ColumnSessions:
		return cmp.Compare(x.Sessions, y.Sessions)
	case ColumnMinutes:
		return cmp.Compare(x.Minutes, y.Minutes)
	case ColumnAccuracy:
		return cmp.Compare(x.Accuracy, y.Accuracy)
	case ColumnFluent:
		// By the share of the level that is fluent, then by count: 10 of
		// 40 and 10 of 100 are not the same progress.
		return cmp.Or(cmp.Compare(x.FluentFacts*max(y.LevelFacts, 1), y.FluentFacts*max(x.LevelFacts, 1)),
			cmp.Compare(x.FluentFacts, y.FluentFacts))
	case ColumnAssignment:
		return cmp.Compare(x.Assignment.Percent, y.Assignment.Percent)
	case ColumnAlerts:
		return cmp.Compare(len(x.Alerts), len(y.Alerts))
	}
	// ColumnName: compared here (not left to the tie-break, which never
	// reverses) so that a descending sort by name is Z to A.
	return byName(x.Name, y.Name)
}

// factsOf keeps one student's stats.
func factsOf(studentID int64, facts []FactStat) []FactStat {
	var out []FactStat
	for _, f := range facts {
		if f.StudentID == studentID {
			out = append(out, f)
		}
	}
	return out
}

// notPlayedText is "Not played this week" for one row (n < 0), or the
// count of such rows, "Not played this week: 3", in the period's words.
func notPlayedText(lang string, p Period, now time.Time, n int) string {
	key := "not_played_week"
	switch {
	case !p.Single():
		key = "not_played_range"
	case p.To != WeekOf(now):
		key = "not_played_that_week"
	}
	if n < 0 {
		return wt(lang, key)
	}
	return wt(lang, key+"_count", "n", n)
}
