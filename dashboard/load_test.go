package dashboard

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var errNotFound = errors.New("fake: not found")

// fakeSource serves a ClassInput as the store would, and records the week
// ranges asked for.
type fakeSource struct {
	in        ClassInput
	weekAsked [][2]Week
	fail      error
}

func (f *fakeSource) ClassRoster(_ context.Context, classID int64) ([]StudentSummary, error) {
	return f.in.Students, f.fail
}

func (f *fakeSource) Student(_ context.Context, id int64) (StudentSummary, error) {
	for _, s := range f.in.Students {
		if s.ID == id {
			return s, nil
		}
	}
	return StudentSummary{}, errNotFound
}

func (f *fakeSource) FactStats(_ context.Context, ids []int64) ([]FactStat, error) {
	var out []FactStat
	for _, s := range f.in.Facts {
		if slices.Contains(ids, s.StudentID) {
			out = append(out, s)
		}
	}
	return out, nil
}

func (f *fakeSource) WeeklyStats(_ context.Context, ids []int64, from, to Week) ([]WeekStat, error) {
	f.weekAsked = append(f.weekAsked, [2]Week{from, to})
	var out []WeekStat
	for _, s := range f.in.Weeks {
		if slices.Contains(ids, s.StudentID) && !s.Week.Before(from) && !to.Before(s.Week) {
			out = append(out, s)
		}
	}
	return out, nil
}

func (f *fakeSource) LevelHistory(context.Context, int64) ([]LevelChange, error) { return nil, nil }

func (f *fakeSource) Assignments(_ context.Context, _ int64, at time.Time) ([]Assignment, error) {
	var out []Assignment
	for _, a := range f.in.Assignments {
		if !at.Before(a.Start) && !at.After(a.Due) {
			out = append(out, a)
		}
	}
	return out, nil
}

func (f *fakeSource) AssignmentProgress(_ context.Context, ids []int64, week Week) ([]AssignmentProgress, error) {
	var out []AssignmentProgress
	for _, p := range f.in.Progress {
		if slices.Contains(ids, p.AssignmentID) && p.Week == week {
			out = append(out, p)
		}
	}
	return out, nil
}

func (f *fakeSource) RecentSessions(context.Context, int64, int) ([]SessionSummary, error) {
	return nil, nil
}

func (f *fakeSource) EachAttempt(_ context.Context, _ ExportQuery, fn func(AttemptRow) error) error {
	for _, s := range f.in.Students {
		if err := fn(AttemptRow{StudentID: s.ID, StudentName: s.Name, A: 3, B: 4}); err != nil {
			return err
		}
	}
	return nil
}

func (f *fakeSource) EachFactStat(_ context.Context, _ ExportQuery, fn func(FactStatRow) error) error {
	for _, s := range f.in.Facts {
		if err := fn(FactStatRow{FactStat: s}); err != nil {
			return err
		}
	}
	return nil
}

var _ Source = (*fakeSource)(nil)
var _ ExportSource = (*fakeSource)(nil)

func TestLoadersBuildFromTheSource(t *testing.T) {
	ctx := context.Background()
	in := classOf(30, 1)
	src := &fakeSource{in: in}

	d, err := LoadClassDashboard(ctx, src, 1, now, LangEN)
	require.NoError(t, err)
	assert.Equal(t, NewClassDashboard(in, now, LangEN), d)
	week := WeekOf(now)
	// The accuracy window of the current week, or of last week when
	// nothing is played yet this week: one week more than the window.
	assert.Equal(t, [2]Week{week.Add(-4), week}, src.weekAsked[0], "only the weeks the dashboard reads")

	h, err := LoadClassHeatmap(ctx, src, 1, "CM1 <b>", LangFR)
	require.NoError(t, err)
	assert.Equal(t, "Calculs sus par cœur, classe CM1 <b>", h.Title)
	wellFormed(t, string(h.SVG))

	p, err := LoadStudentPage(ctx, src, 3, now, LangEN)
	require.NoError(t, err)
	assert.Equal(t, int64(3), p.Student.ID)

	r, err := LoadParentReport(ctx, src, 3, now, LangFR)
	require.NoError(t, err)
	assert.Len(t, r.Practise, PractiseCount)

	_, err = LoadStudentPage(ctx, src, 999, now, LangEN)
	assert.ErrorIs(t, err, errNotFound, "the store's sentinel stays visible")

	src.fail = errors.New("db down")
	_, err = LoadClassDashboard(ctx, src, 1, now, LangEN)
	assert.ErrorIs(t, err, src.fail)

	var b bytes.Buffer
	require.NoError(t, ExportAttempts(ctx, src, ExportQuery{ClassID: 1}, &b))
	assert.Len(t, readCSV(t, b.String()), 31)
	b.Reset()
	require.NoError(t, ExportFactStats(ctx, src, ExportQuery{ClassID: 1}, &b))
	assert.Len(t, readCSV(t, b.String()), len(in.Facts)+1)
}

func TestDashboardsAreDeterministic(t *testing.T) {
	in := classOf(30, 2)
	assert.Equal(t, NewClassDashboard(in, now, LangFR), NewClassDashboard(in, now, LangFR))
	a, b := NewClassHeatmap(in.Facts, LangEN, "x", "c"), NewClassHeatmap(in.Facts, LangEN, "x", "c")
	assert.Equal(t, a.SVG, b.SVG)
}
