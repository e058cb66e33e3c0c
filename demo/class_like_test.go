package demo_test

import (
	"context"
	"log/slog"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/dashboard"
	"github.com/multipli/multipli/demo"
	"github.com/multipli/multipli/server/credential"
	"github.com/multipli/multipli/store"
)

// lastAttempt is the latest attempt of the whole school.
func lastAttempt(t *testing.T, st *store.Store, school demo.School, since time.Time) time.Time {
	t.Helper()
	var last time.Time
	for _, c := range school.Classes {
		for _, s := range c.Students {
			as, err := st.AttemptsOf(context.Background(), s.ID, since)
			require.NoError(t, err)
			for _, a := range as {
				if a.At.After(last) {
					last = a.At
				}
			}
		}
	}
	return last
}

func day(t time.Time) string { return t.UTC().Format(time.DateOnly) }

// The history reaches yesterday, whatever the day the school is loaded.
func TestDemoHistoryReachesYesterday(t *testing.T) {
	st, school, _ := sharedHistory(t)
	last := lastAttempt(t, st, school, historyNow.AddDate(0, 0, -7))
	assert.Equal(t, day(historyNow.AddDate(0, 0, -1)), day(last), "the last attempt is yesterday's")
}

// Loaded on a Monday morning, the school shows last week's play: most
// children who still play practised in the ISO week just ended, and the
// history reaches Sunday.
func TestDemoOnAMondayShowsLastWeeksPlay(t *testing.T) {
	monday := time.Date(2026, 3, 16, 8, 0, 0, 0, time.UTC)
	require.Equal(t, time.Monday, monday.Weekday())
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "multipli.db"), slog.New(slog.DiscardHandler))
	require.NoError(t, err)
	t.Cleanup(func() { _ = st.Close() })
	sealer, err := credential.NewSealer([]byte("demo-key-demo-key-demo-key-demo-key!"))
	require.NoError(t, err)
	school, err := demo.Load(ctx, st, sealer, monday)
	require.NoError(t, err)

	assert.Equal(t, "2026-03-15", day(lastAttempt(t, st, school, monday.AddDate(0, 0, -7))), "Sunday's play is there")
	lastWeek := dashboard.WeekOf(monday).Add(-1)
	for _, c := range school.Classes {
		played, children := 0, 0
		for _, s := range c.Students {
			children++
			ps, err := st.PlaySessionsOf(ctx, s.ID, lastWeek.Monday())
			require.NoError(t, err)
			if len(ps) > 0 && ps[0].StartedAt.Before(lastWeek.Add(1).Monday()) {
				played++
			}
		}
		assert.GreaterOrEqual(t, 10*played, 7*children, "%s: %d of %d children played last week", c.Name, played, children)
	}
}

// The children spread as a real class does: some answer nearly everything
// right, some struggle, most are between; the strongest know far more facts
// than the weakest; few are stuck (many sessions at one level without
// getting fluent), and both levels show in the school.
func TestDemoClassSpreadsFromFluentToStruggling(t *testing.T) {
	st, school, _ := sharedHistory(t)
	ctx := context.Background()
	levels := map[string]bool{}
	for _, c := range school.Classes {
		d, err := dashboard.LoadClassDashboard(ctx, st.Dashboards(), c.ID, historyNow, "en")
		require.NoError(t, err)
		var accuracy, mastery []float64
		stuck, mostFluent := 0, 0
		for _, r := range d.Rows {
			mostFluent = max(mostFluent, r.FluentFacts)
			levels[string(r.Level.Name)] = true
			for _, a := range r.Alerts {
				if a.Kind == dashboard.AlertStuck {
					stuck++
				}
			}
			if r.HasAccuracy {
				accuracy = append(accuracy, r.Accuracy)
			}
			fs, err := st.Dashboards().FactStats(ctx, []int64{r.StudentID})
			require.NoError(t, err)
			if len(fs) > 0 {
				sum := 0.0
				for _, f := range fs {
					sum += f.Mastery
				}
				mastery = append(mastery, sum/float64(len(fs)))
			}
		}
		slices.Sort(accuracy)
		slices.Sort(mastery)
		n, m := len(accuracy), len(mastery)
		require.Greater(t, n, 20, c.Name)
		t.Logf("%s: accuracy %.2f … %.2f (median %.2f), mean mastery %.2f … %.2f, %d stuck", c.Name, accuracy[0], accuracy[n-1], accuracy[n/2], mastery[0], mastery[m-1], stuck)
		assert.GreaterOrEqual(t, accuracy[n-1], 0.85, "%s: some children answer nearly everything right", c.Name)
		assert.LessOrEqual(t, accuracy[2], 0.5, "%s: a few struggle", c.Name)
		assert.Greater(t, accuracy[n/2], 0.5, "%s: most are on their way", c.Name)
		assert.Less(t, accuracy[n/2], 0.8, c.Name)
		top, bottom := avg(mastery[m-m/4:]), avg(mastery[:m/4])
		assert.Greater(t, top-bottom, 0.2, "%s: the strongest quarter knows far more than the weakest", c.Name)
		assert.LessOrEqual(t, 10*stuck, len(d.Rows), "%s: few stuck", c.Name)
		assert.GreaterOrEqual(t, mostFluent, 4, "%s: the strongest already know facts of their level by heart", c.Name)
	}
	assert.GreaterOrEqual(t, len(levels), 2, "more than one level in the school: %v", levels)
}

func avg(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s / float64(len(v))
}
