package learning

import (
	"cmp"
	"math"
	"slices"
	"time"
)

// WeekTypicalAlpha weighs the last ~10 right answers in a week's typical time.
const WeekTypicalAlpha = 0.1

// Week names one student's ISO week (UTC): one row of student_weeks.
type Week struct {
	StudentID  int64
	Year, Week int
}

// WeekOf is the student's week of t.
func WeekOf(studentID int64, t time.Time) Week {
	y, w := t.UTC().ISOWeek()
	return Week{StudentID: studentID, Year: y, Week: w}
}

// WeeksOf lists the weeks a student's attempts fall in, first seen first:
// the weeks whose typical time the state must hold.
func WeeksOf(studentID int64, attempts []Attempt) []Week {
	var out []Week
	for _, a := range attempts {
		if w := WeekOf(studentID, a.At); !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

// WeekDelta is what a change adds to a week: counts add up (so that a
// concurrent write is never lost), the typical time and the fluent-fact
// count replace the stored ones when set.
type WeekDelta struct {
	Week
	Sessions, PlayedSeconds, Attempts, Correct int
	TypicalMS                                  *int64 // the new value when right answers came in
	FluentFacts                                *int   // the new value when the student's facts changed
}

// weekTypical moves a week's typical time toward a right answer's time; the
// first right answer of the week sets it. Rounded at every step, so the
// stored integer replays exactly.
func weekTypical(current *int64, ms int64) int64 {
	if current == nil {
		return ms
	}
	return int64(math.Round(float64(*current) + WeekTypicalAlpha*float64(ms-*current)))
}

// weekDeltas gathers the deltas of one change-set.
type weekDeltas map[Week]*WeekDelta

func (d *weekDeltas) get(w Week) *WeekDelta {
	if *d == nil {
		*d = weekDeltas{}
	}
	x, ok := (*d)[w]
	if !ok {
		x = &WeekDelta{Week: w}
		(*d)[w] = x
	}
	return x
}

// list is the deltas in (student, year, week) order: writers that take
// the weeks' rows in one order never deadlock each other.
func (d weekDeltas) list() []WeekDelta {
	out := make([]WeekDelta, 0, len(d))
	for _, x := range d {
		out = append(out, *x)
	}
	slices.SortFunc(out, func(x, y WeekDelta) int {
		return cmp.Or(cmp.Compare(x.StudentID, y.StudentID), cmp.Compare(x.Year, y.Year), cmp.Compare(x.Week.Week, y.Week.Week))
	})
	return out
}
