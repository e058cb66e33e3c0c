package dashboard

import (
	"math"
	"time"
)

// StudentWeeks is how many ISO weeks the student page's charts show,
// ending with the current week.
const StudentWeeks = 12

// RecentSessionsLimit is how many sessions the student page lists.
const RecentSessionsLimit = 10

// StudentInput is everything the student page needs, as read from Source.
type StudentInput struct {
	Student StudentSummary
	Facts   []FactStat
	// Period is the weeks asked for; zero opens on DefaultWeek.
	Period Period
	// Weeks: the charts' weeks (chartWeeks, ending with the period's last)
	// and the one before (its fluent count carries); with a zero Period,
	// from the week before last's charts to the current week.
	Weeks    []WeekStat
	History  []LevelChange
	Sessions []SessionSummary // newest first
}

// StudentPage is the teacher's view of one student.
type StudentPage struct {
	Student    StudentSummary
	LevelLabel string
	// Period is what the page says about its weeks: the charts end with
	// the period's last week (a range: the charts show its weeks).
	Period   PeriodView
	Heatmap  Heatmap
	Weeks    []WeekPoint
	Fluent   Chart // fluent facts per week
	Accuracy Chart // accuracy per week
	Speed    Chart // typical response time per week
	History  []HistoryRow
	Sessions []SessionRow
}

// WeekPoint is one week of progress. Accuracy and TypicalMS are NaN/0 in
// weeks without attempts; FluentFacts carries the last known count forward
// through weeks without play, since facts do not stop being known then.
type WeekPoint struct {
	Week     Week
	Label    string
	Sessions int
	Minutes  int
	Attempts int
	Correct  int
	// PlayedSeconds sums exactly over several weeks (Minutes rounds up).
	PlayedSeconds int64
	Accuracy      float64
	TypicalMS     int64
	FluentFacts   int
}

// HistoryRow is one level decision, newest first.
type HistoryRow struct {
	At       time.Time
	When     string
	From, To string
	Decision string // "Moved up", "Kept", "Moved back"
	Reason   string
}

// SessionRow is one recent session.
type SessionRow struct {
	ID       int64
	When     string
	Game     string
	Level    string
	Minutes  int
	Attempts int
	Accuracy string
	Timers   string
}

// NewStudentPage builds the student page.
func NewStudentPage(in StudentInput, now time.Time, lang string) StudentPage {
	s := in.Student
	in.Facts = factsOf(s.ID, in.Facts) // a class's stats may be passed whole
	id := "s" + itoa64(s.ID)
	p := StudentPage{
		Student:    s,
		LevelLabel: LevelLabel(lang, s.Level),
		Heatmap:    NewStudentHeatmap(in.Facts, lang, tr(lang, "heat.student_title", "name", s.Name), id+"-heat"),
	}
	period, fallback := choosePeriod(in.Period, now, factsWeeks(s.ID, in.Weeks))
	p.Period = newPeriodView(lang, period, fallback, now)
	p.Weeks = weekPoints(lang, s.ID, in.Weeks, period.To, chartWeeks(period, StudentWeeks))
	labels := make([]string, len(p.Weeks))
	fluent := make([]float64, len(p.Weeks))
	acc := make([]float64, len(p.Weeks))
	speed := make([]float64, len(p.Weeks))
	for i, w := range p.Weeks {
		labels[i] = w.Label
		fluent[i] = float64(w.FluentFacts)
		acc[i] = w.Accuracy
		speed[i] = math.NaN()
		if w.TypicalMS > 0 {
			speed[i] = float64(w.TypicalMS) / 1000
		}
	}
	p.Fluent = newChart(series{
		title: tr(lang, "chart.fluent_title", "name", s.Name), yLabel: tr(lang, "axis.fluent"),
		x: labels, values: fluent, yMax: 10, format: func(v float64) string { return itoa64(int64(math.Round(v))) },
	}, lang, id+"-fluent")
	p.Accuracy = newChart(series{
		title: tr(lang, "chart.accuracy_title", "name", s.Name), yLabel: tr(lang, "axis.accuracy"),
		x: labels, values: acc, yMax: 1, format: func(v float64) string { return pct(lang, v) },
	}, lang, id+"-accuracy")
	p.Speed = newChart(series{
		title: tr(lang, "chart.speed_title", "name", s.Name), yLabel: tr(lang, "axis.speed"),
		x: labels, values: speed, yMax: 3, bars: true,
		format: func(v float64) string { return seconds(lang, int64(math.Round(v*1000))) },
	}, lang, id+"-speed")

	for i := len(in.History) - 1; i >= 0; i-- {
		h := in.History[i]
		p.History = append(p.History, HistoryRow{
			At: h.At, When: date(lang, h.At),
			From: LevelLabel(lang, h.From), To: LevelLabel(lang, h.To),
			Decision: decisionLabel(lang, h.Decision),
			Reason:   h.Reason.In(lang),
		})
	}
	for _, ss := range in.Sessions {
		p.Sessions = append(p.Sessions, sessionRow(lang, ss))
	}
	return p
}

// chartWeeks is how many weeks a chart shows for the period: n ending with
// a week, or the range's own weeks.
func chartWeeks(p Period, n int) int {
	if p.Single() {
		return n
	}
	return p.Len()
}

// factsWeeks keeps one student's week stats (a class's may be passed whole).
func factsWeeks(studentID int64, stats []WeekStat) []WeekStat {
	var out []WeekStat
	for _, s := range stats {
		if s.StudentID == studentID {
			out = append(out, s)
		}
	}
	return out
}

// weekPoints lays a student's week stats over the n weeks ending with last.
func weekPoints(lang string, studentID int64, stats []WeekStat, last Week, n int) []WeekPoint {
	weeks := byStudentWeek(stats)[studentID]
	// The fluent count before the window, so a first idle week is not 0.
	carry, carryWeek := 0, Week{}
	first := last.Add(-n + 1)
	for w, s := range weeks {
		if w.Before(first) && (carryWeek == Week{} || carryWeek.Before(w)) {
			carry, carryWeek = s.FluentFacts, w
		}
	}
	out := make([]WeekPoint, 0, n)
	for _, w := range weeksEnding(last, n) {
		s, ok := weeks[w]
		pt := WeekPoint{Week: w, Label: weekLabel(lang, w), Accuracy: math.NaN(), FluentFacts: carry}
		if ok {
			pt.Sessions, pt.Minutes, pt.Attempts, pt.TypicalMS = s.Sessions, minutes(s.PlayedSeconds), s.Attempts, s.TypicalMS
			pt.Correct, pt.PlayedSeconds = s.Correct, s.PlayedSeconds
			if s.Attempts > 0 {
				pt.Accuracy = float64(s.Correct) / float64(s.Attempts)
			}
			if s.Sessions > 0 || s.Attempts > 0 || s.FluentFacts > 0 {
				pt.FluentFacts, carry = s.FluentFacts, s.FluentFacts
			}
		}
		out = append(out, pt)
	}
	return out
}

func decisionLabel(lang, d string) string {
	switch d {
	case DecisionUp:
		return tr(lang, "decision.up")
	case DecisionDown:
		return tr(lang, "decision.down")
	default:
		return tr(lang, "decision.keep")
	}
}

func sessionRow(lang string, s SessionSummary) SessionRow {
	r := SessionRow{
		ID: s.ID, When: dateTime(lang, s.Start), Game: gameLabel(s.Game),
		Level: LevelLabel(lang, s.Level), Attempts: s.Attempts, Accuracy: "—",
		Timers: tr(lang, "timers.off"),
	}
	if !s.End.IsZero() && s.End.After(s.Start) {
		r.Minutes = minutes(int64(s.End.Sub(s.Start) / time.Second))
	}
	if s.Attempts > 0 {
		r.Accuracy = pct(lang, float64(s.Correct)/float64(s.Attempts))
	}
	if s.Timers {
		r.Timers = tr(lang, "timers.on")
	}
	return r
}
