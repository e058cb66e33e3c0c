package dashboard

import (
	"context"
	"fmt"
	"time"
)

// AssignmentDone is how much of an assignment's weekly target one child has
// done in one ISO week. It is the one figure of "done this week under this
// assignment" that every page showing it reads, so that they agree: the
// class dashboard's assignment column (AssignmentCell), the class's
// assignments page and the assignments JSON (server), and the child's own
// home (play.Home, through LoadDone).
type AssignmentDone struct {
	StudentID int64
	Week      Week
	Sessions  int // sessions played under the assignment in the week
	Minutes   int // their playing time, in whole minutes (DoneMinutes)
	Done      int // Sessions or Minutes, as the target counts
	Percent   int // Done of the weekly target, 0–100
	Complete  bool
}

// DoneMinutes is the one rounding rule of an assignment's minutes: the
// week's playing time under the assignment is summed in seconds first (each
// session already capped by the store), then rounded once, a started minute
// counting as a whole one — the rule of every minutes figure of this package
// (minutes).
//
// Why: the three pages that show it disagreed because each rounded its own
// way (this package up on the sum, the assignments page down on the sum,
// the child's home down on each session: 3 min 30 s in two sessions read 4,
// 3 and 2). Summing before rounding, because rounding each session adds or
// loses up to a minute per session. Up rather than down, because it is what
// the class dashboard's minutes column next to it shows (a child whose only
// play is the assignment reads the same number twice on one row), and
// because a child who played 40 seconds reads "1 minute done", not a
// discouraging "0" that looks as if their game was lost; since it is
// rounded once per week and not per session, it gives at most 59 seconds,
// and short sessions cannot be stacked to reach the target.
func DoneMinutes(playedSeconds int64) int { return minutes(playedSeconds) }

// CountsMinutes reports whether the assignment's target is in minutes;
// any other unit (an old row without one included) counts sessions.
func (t Target) CountsMinutes() bool { return t.Unit == TargetMinutes }

// Done sums what the student did under the assignment in the week, from
// the rows of Source.AssignmentProgress (rows of other assignments, students
// or weeks are ignored; none: all zero), in the target's unit. It does not
// ask whether the assignment is for the student: the pages that list
// children pick them with For.
func (a Assignment) Done(studentID int64, week Week, rows []AssignmentProgress) AssignmentDone {
	d := AssignmentDone{StudentID: studentID, Week: week}
	var played int64
	for _, p := range rows {
		if p.AssignmentID == a.ID && p.StudentID == studentID && p.Week == week {
			d.Sessions += p.Sessions
			played += p.PlayedSeconds
		}
	}
	d.Minutes = DoneMinutes(played)
	d.Done = d.Sessions
	if a.Target.CountsMinutes() {
		d.Done = d.Minutes
	}
	if a.Target.PerWeek > 0 {
		d.Percent = min(100, 100*d.Done/a.Target.PerWeek)
		d.Complete = d.Done >= a.Target.PerWeek
	}
	return d
}

// ProgressSource is the part of Source that LoadDone reads.
type ProgressSource interface {
	AssignmentProgress(ctx context.Context, assignmentIDs []int64, week Week) ([]AssignmentProgress, error)
}

// LoadDone reads the student's progress under the assignment in the ISO
// week holding now, in UTC (the store counts a week from Monday 00:00 UTC),
// and sums it with Done: the child's home.
func (a Assignment) LoadDone(ctx context.Context, src ProgressSource, studentID int64, now time.Time) (AssignmentDone, error) {
	week := WeekOf(now.UTC())
	rows, err := src.AssignmentProgress(ctx, []int64{a.ID}, week)
	if err != nil {
		return AssignmentDone{}, fmt.Errorf("dashboard: assignment %d progress: %w", a.ID, err)
	}
	return a.Done(studentID, week, rows), nil
}
