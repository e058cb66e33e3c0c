package dashboard

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// An assignment's figure sums the week's seconds of the student under it,
// then rounds once, a started minute counting: two sessions of 1 min 40 s
// and 1 min 50 s are 4 minutes (not 3 by rounding down, nor 2 by rounding
// each session down), whichever page asks.
func TestAssignmentDoneSumsThenRoundsOnce(t *testing.T) {
	week := WeekOf(now)
	a := Assignment{ID: 1, Target: Target{Unit: TargetMinutes, PerWeek: 4}}
	rows := []AssignmentProgress{
		{AssignmentID: 1, StudentID: 5, Week: week, Sessions: 1, PlayedSeconds: 100},
		{AssignmentID: 1, StudentID: 5, Week: week, Sessions: 1, PlayedSeconds: 110},
		{AssignmentID: 1, StudentID: 5, Week: week.Add(-1), Sessions: 3, PlayedSeconds: 900}, // last week
		{AssignmentID: 2, StudentID: 5, Week: week, Sessions: 1, PlayedSeconds: 600},         // another assignment
		{AssignmentID: 1, StudentID: 6, Week: week, Sessions: 1, PlayedSeconds: 40},
	}
	assert.Equal(t, AssignmentDone{StudentID: 5, Week: week, Sessions: 2, Minutes: 4, Done: 4, Percent: 100, Complete: true}, a.Done(5, week, rows))
	assert.Equal(t, 1, a.Done(6, week, rows).Done, "40 seconds read 1 minute, not 0")
	assert.Equal(t, AssignmentDone{StudentID: 7, Week: week}, a.Done(7, week, rows), "not played: 0")

	sessions := Assignment{ID: 1, Target: Target{PerWeek: 3}} // no unit: sessions
	d := sessions.Done(5, week, rows)
	assert.Equal(t, 2, d.Done)
	assert.Equal(t, 66, d.Percent)
	assert.False(t, d.Complete)

	// The class dashboard's cell is the same figure.
	c := assignmentCell(LangEN, 5, []Assignment{a}, rows, week)
	require.NotNil(t, c)
	assert.Equal(t, 4, c.Done)
	assert.Equal(t, "4 / 4 min", c.Text)
}

// LoadDone reads the week holding now (UTC) for the one assignment.
func TestAssignmentLoadDoneReadsThisWeek(t *testing.T) {
	week := WeekOf(now)
	src := &fakeSource{in: ClassInput{Progress: []AssignmentProgress{
		{AssignmentID: 1, StudentID: 5, Week: week, Sessions: 2, PlayedSeconds: 61},
		{AssignmentID: 1, StudentID: 5, Week: week.Add(-1), Sessions: 4},
	}}}
	d, err := Assignment{ID: 1, Target: Target{Unit: TargetSessions, PerWeek: 3}}.LoadDone(context.Background(), src, 5, now)
	require.NoError(t, err)
	assert.Equal(t, AssignmentDone{StudentID: 5, Week: week, Sessions: 2, Minutes: 2, Done: 2, Percent: 66}, d)
}
