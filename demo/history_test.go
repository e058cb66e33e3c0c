package demo_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/dashboard"
	"github.com/multipli/multipli/demo"
	"github.com/multipli/multipli/server/credential"
	"github.com/multipli/multipli/store/storetest"
)

func TestDemoSchoolHasWeeksOfPlayedHistory(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	sealer, err := credential.NewSealer([]byte("demo-key-demo-key-demo-key-demo-key!"))
	require.NoError(t, err)
	ctx := context.Background()
	now := time.Date(2026, 3, 11, 17, 0, 0, 0, time.UTC)
	start := time.Now()
	school, err := demo.Load(ctx, st, sealer, now)
	require.NoError(t, err)
	t.Logf("demo school with history loaded in %s", time.Since(start).Round(time.Millisecond))

	var sessions, attempts, right, stopped int
	for _, c := range school.Classes {
		for _, s := range c.Students {
			ps, err := st.PlaySessionsOf(ctx, s.ID, now.AddDate(0, 0, -7*demo.HistoryWeeks))
			require.NoError(t, err)
			sessions += len(ps)
			if len(ps) > 0 && now.Sub(*ps[len(ps)-1].EndedAt) > 7*24*time.Hour {
				stopped++
			}
			for _, p := range ps {
				require.NotNil(t, p.EndedAt, "every session ended")
				as, err := st.AttemptsOfSession(ctx, p.ID)
				require.NoError(t, err)
				attempts += len(as)
				for _, a := range as {
					if a.Correct {
						right++
					}
				}
			}
		}
	}
	t.Logf("%d sessions, %d attempts, %d right", sessions, attempts, right)
	assert.Greater(t, sessions, 49*demo.HistoryWeeks, "a few sessions a week each")
	assert.Greater(t, attempts, sessions*3, "games are played with attempts")
	assert.Less(t, right, attempts, "children of varied ability get some wrong")
	assert.Greater(t, right, attempts/3)
	assert.Positive(t, stopped, "some children stopped playing")

	d, err := dashboard.LoadClassDashboard(ctx, st.Dashboards(), school.Classes[0].ID, now, "en")
	require.NoError(t, err)
	alerts, assigned := 0, 0
	for _, r := range d.Rows {
		alerts += len(r.Alerts)
		if r.Assignment != nil && r.Assignment.Done > 0 {
			assigned++
		}
	}
	assert.Positive(t, alerts, "the first look shows alerts with reasons")
	assert.Positive(t, assigned, "sessions count towards the class's assignment")

	again, err := demo.Load(ctx, st, sealer, now)
	require.NoError(t, err)
	assert.True(t, again.Preloaded, "a second load finds the school and plays nothing")
}

func TestDemoLevelsComeFromThePedagogy(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	sealer, err := credential.NewSealer([]byte("demo-key-demo-key-demo-key-demo-key!"))
	require.NoError(t, err)
	ctx := context.Background()
	now := time.Date(2026, 3, 11, 17, 0, 0, 0, time.UTC)
	school, err := demo.Load(ctx, st, sealer, now)
	require.NoError(t, err)
	changes, planned := 0, 0
	for _, c := range school.Classes {
		for _, s := range c.Students {
			h, err := st.LevelHistoryOf(ctx, s.ID)
			require.NoError(t, err)
			for _, lc := range h {
				changes++
				assert.NotEmpty(t, lc.ReasonEN)
				assert.NotEmpty(t, lc.ReasonFR)
				assert.NotEqual(t, lc.FromLevel, lc.ToLevel)
			}
			ps, err := st.PlaySessionsOf(ctx, s.ID, time.Time{})
			require.NoError(t, err)
			for _, p := range ps {
				assert.Contains(t, p.Plan, `"reason"`, "each session carries the pedagogy's plan")
				planned++
			}
		}
	}
	t.Logf("%d sessions planned, %d level changes", planned, changes)
	assert.Positive(t, changes, "some children changed level over the weeks")
}
