package dashboard

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/multipli/multipli/games"
)

// An assignment of 2 sessions a week over two ISO weeks asks 4 of each
// child; the summary says who did them and which of its facts, practised
// since the start, are fluent now (most children first).
func TestSummariseAssignment(t *testing.T) {
	start := time.Date(2026, 11, 18, 0, 0, 0, 0, time.UTC)  // a Wednesday
	end := time.Date(2026, 11, 27, 23, 59, 59, 0, time.UTC) // the next Friday
	a := Assignment{ID: 9, Level: games.Custom(7), Target: Target{Unit: TargetSessions, PerWeek: 2}, Start: start, Due: end,
		StudentIDs: []int64{1, 2}}
	roster := []StudentSummary{{ID: 1, Name: "Léa"}, {ID: 2, Name: "Tom"}, {ID: 3, Name: "Zoé"}}
	done := []AssignmentProgress{
		{AssignmentID: 9, StudentID: 1, Week: WeekOf(start), Sessions: 2},
		{AssignmentID: 9, StudentID: 1, Week: WeekOf(end), Sessions: 3},
		{AssignmentID: 9, StudentID: 2, Week: WeekOf(end), Sessions: 1},
		{AssignmentID: 8, StudentID: 2, Week: WeekOf(end), Sessions: 5}, // another assignment
	}
	during, before := start.AddDate(0, 0, 2), start.AddDate(0, 0, -3)
	facts := []FactStat{
		{StudentID: 1, A: 7, B: 8, Fluent: true, LastSeen: during},
		{StudentID: 2, A: 7, B: 8, Fluent: true, LastSeen: during},
		{StudentID: 1, A: 3, B: 7, Fluent: true, LastSeen: during},
		{StudentID: 2, A: 6, B: 7, Fluent: false, LastSeen: during}, // not fluent
		{StudentID: 1, A: 7, B: 9, Fluent: true, LastSeen: before},  // fluent before the start
		{StudentID: 1, A: 2, B: 3, Fluent: true, LastSeen: during},  // not a fact of the tables
		{StudentID: 3, A: 7, B: 7, Fluent: true, LastSeen: during},  // not a child of the assignment
	}
	weeks := []WeekStat{
		{StudentID: 1, Week: WeekOf(start).Add(-1), FluentFacts: 10},
		{StudentID: 1, Week: WeekOf(end), FluentFacts: 14},
		{StudentID: 2, Week: WeekOf(start), FluentFacts: 3},
	}
	got := SummariseAssignment(a, end, roster, done, facts, weeks)
	assert.Equal(t, 2, got.Weeks)
	assert.Equal(t, 4, got.Asked)
	assert.Equal(t, []ChildDone{
		{StudentID: 1, Name: "Léa", Done: 5, Sessions: 5, Complete: true, FluentGained: 4},
		{StudentID: 2, Name: "Tom", Done: 1, Sessions: 1, FluentGained: 3},
	}, got.Children)
	assert.Equal(t, []FactImproved{{Fact: games.Fact{A: 7, B: 8}, Children: 2}, {Fact: games.Fact{A: 3, B: 7}, Children: 1}}, got.Improved)
}

// Minutes are summed from the played time, in the target's unit.
func TestSummariseAssignmentInMinutes(t *testing.T) {
	start := time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
	a := Assignment{ID: 1, Level: games.Green(), Target: Target{Unit: TargetMinutes, PerWeek: 20}, Start: start}
	got := SummariseAssignment(a, start.AddDate(0, 0, 3), []StudentSummary{{ID: 5, Name: "Ali"}},
		[]AssignmentProgress{{AssignmentID: 1, StudentID: 5, Sessions: 2, PlayedSeconds: 21 * 60}}, nil, nil)
	assert.Equal(t, 20, got.Asked)
	assert.Equal(t, []ChildDone{{StudentID: 5, Name: "Ali", Done: 21, Sessions: 2, Complete: true}}, got.Children)
	assert.Empty(t, got.Improved)
}
