package dashboard

import (
	"fmt"
	"time"
)

// Week is an ISO 8601 week: the week-numbering year and the week number.
type Week struct {
	Year int
	Num  int
}

// WeekOf is the ISO week holding t, in t's own location.
func WeekOf(t time.Time) Week {
	y, w := t.ISOWeek()
	return Week{Year: y, Num: w}
}

// Monday is the first day of the week, at midnight UTC. The 4th of January
// always falls in week 1.
func (w Week) Monday() time.Time {
	jan4 := time.Date(w.Year, time.January, 4, 0, 0, 0, 0, time.UTC)
	back := (int(jan4.Weekday()) + 6) % 7 // days since Monday
	return jan4.AddDate(0, 0, -back+7*(w.Num-1))
}

// Add moves n weeks forward (or back when n < 0).
func (w Week) Add(n int) Week { return WeekOf(w.Monday().AddDate(0, 0, 7*n)) }

// Before orders weeks in time.
func (w Week) Before(o Week) bool {
	if w.Year != o.Year {
		return w.Year < o.Year
	}
	return w.Num < o.Num
}

func (w Week) String() string { return fmt.Sprintf("%d-W%02d", w.Year, w.Num) }

// weeksEnding lists n weeks ending with last, oldest first.
func weeksEnding(last Week, n int) []Week {
	out := make([]Week, n)
	for i := range out {
		out[i] = last.Add(i - n + 1)
	}
	return out
}

// weekTotals sums one student's week stats by week.
type weekTotals map[Week]WeekStat

func byStudentWeek(stats []WeekStat) map[int64]weekTotals {
	out := make(map[int64]weekTotals)
	for _, s := range stats {
		m := out[s.StudentID]
		if m == nil {
			m = make(weekTotals)
			out[s.StudentID] = m
		}
		// The store gives one row per student and week; should it give
		// more, they add up (fluent facts is a level, so the larger wins).
		t := m[s.Week]
		t.StudentID, t.Week = s.StudentID, s.Week
		t.Sessions += s.Sessions
		t.PlayedSeconds += s.PlayedSeconds
		t.Attempts += s.Attempts
		t.Correct += s.Correct
		t.FluentFacts = max(t.FluentFacts, s.FluentFacts)
		if s.TypicalMS > 0 {
			t.TypicalMS = s.TypicalMS
		}
		m[s.Week] = t
	}
	return out
}
