package dashboard

import (
	"cmp"
	"slices"
	"time"

	"github.com/multipli/multipli/games"
)

// AssignmentSummary is what a teacher reads once an assignment has ended
// (past its due date, or archived): who did it and which facts improved.
type AssignmentSummary struct {
	Unit     string // the target's unit: TargetMinutes or TargetSessions
	Weeks    int    // ISO weeks the assignment ran over
	Asked    int    // per child, in Unit: the weekly target times Weeks
	Children []ChildDone
	Improved []FactImproved
}

// ChildDone is one child's share of an ended assignment.
type ChildDone struct {
	StudentID int64
	Name      string
	Done      int // in the summary's unit
	Sessions  int
	Complete  bool
	// FluentGained is how many more facts (all tables) the child held
	// fluent at the end than before the start, from the weekly aggregates.
	FluentGained int
}

// FactImproved is one of the assignment's facts and how many of its
// children practised it during the assignment and hold it fluent now.
type FactImproved struct {
	Fact     games.Fact
	Children int
}

// SummariseAssignment sums an ended assignment. done is what each student
// did under it over its whole span (Week ignored); roster lists the class
// in its order; facts and weeks are the class's aggregates.
//
// The aggregates keep each fact's current state, not its history: a fact
// counts as improved for a child who practised it since the start (last
// seen since; a later game may have seen it again, which does not undo the
// assignment's part) and holds it fluent now. The weekly aggregates
// do keep the number of fluent facts at each week's end, which gives each
// child's gain.
func SummariseAssignment(a Assignment, end time.Time, roster []StudentSummary, done []AssignmentProgress, facts []FactStat, weeks []WeekStat) AssignmentSummary {
	first, last := WeekOf(a.Start), WeekOf(end)
	n := 1
	for w := first; w.Before(last); w = w.Add(1) {
		n++
	}
	out := AssignmentSummary{Unit: a.Target.Unit, Weeks: n, Asked: a.Target.PerWeek * n, Children: []ChildDone{}, Improved: []FactImproved{}}
	if out.Unit != TargetMinutes {
		out.Unit = TargetSessions
	}
	mine := map[int64]AssignmentProgress{}
	for _, d := range done {
		if d.AssignmentID == a.ID {
			p := mine[d.StudentID]
			p.Sessions += d.Sessions
			p.PlayedSeconds += d.PlayedSeconds
			mine[d.StudentID] = p
		}
	}
	for _, s := range roster {
		if !a.For(s.ID) {
			continue
		}
		p := mine[s.ID]
		c := ChildDone{StudentID: s.ID, Name: s.Name, Sessions: p.Sessions, Done: p.Sessions}
		if out.Unit == TargetMinutes {
			c.Done = DoneMinutes(p.PlayedSeconds) // the weekly figure's rule, over the whole span
		}
		c.Complete = out.Asked > 0 && c.Done >= out.Asked
		c.FluentGained = fluentGain(s.ID, weeks, first, last)
		out.Children = append(out.Children, c)
	}
	out.Improved = improvedFacts(a, out.Children, facts)
	return out
}

// fluentGain is the fluent facts at the end of the assignment's last week
// with play minus those before its first week (none before: zero).
func fluentGain(studentID int64, weeks []WeekStat, first, last Week) int {
	var before, after *WeekStat
	for i, w := range weeks {
		if w.StudentID != studentID {
			continue
		}
		if w.Week.Before(first) && (before == nil || before.Week.Before(w.Week)) {
			before = &weeks[i]
		}
		if !last.Before(w.Week) && (after == nil || after.Week.Before(w.Week)) {
			after = &weeks[i]
		}
	}
	if after == nil {
		return 0
	}
	gain := after.FluentFacts
	if before != nil {
		gain -= before.FluentFacts
	}
	return max(gain, 0)
}

// improvedFacts lists the assignment's facts practised during it and fluent
// now, by how many of its children, most first, then in the level's order.
func improvedFacts(a Assignment, children []ChildDone, facts []FactStat) []FactImproved {
	ofLevel := map[games.Fact]int{}
	pairs := levelPairs(a.Level)
	for i, f := range pairs {
		ofLevel[f] = i
	}
	who := map[int64]bool{}
	for _, c := range children {
		who[c.StudentID] = true
	}
	count := map[games.Fact]int{}
	for _, f := range facts {
		_, inLevel := ofLevel[f.Fact()]
		if !inLevel || !who[f.StudentID] || !f.Fluent || f.LastSeen.Before(a.Start) {
			continue
		}
		count[f.Fact()]++
	}
	out := []FactImproved{}
	for f, n := range count {
		out = append(out, FactImproved{Fact: f, Children: n})
	}
	slices.SortFunc(out, func(x, y FactImproved) int {
		return cmp.Or(cmp.Compare(y.Children, x.Children), cmp.Compare(ofLevel[x.Fact], ofLevel[y.Fact]))
	})
	return out
}
