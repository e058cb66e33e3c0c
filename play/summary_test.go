package play

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/dashboard"
	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/pedagogy"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

func answer(a, b, given int) store.Attempt {
	return store.Attempt{A: a, B: b, Given: &given, Correct: given == a*b, Kind: string(games.KindCapture)}
}

func TestSummaryStarsToWatchAndBecameFluent(t *testing.T) {
	missed := store.Attempt{A: 7, B: 8, Kind: string(games.KindMissed)}
	for _, tc := range []struct {
		name     string
		attempts []store.Attempt
		stars    int
		watch    *games.Fact
	}{
		{"nothing played, no star", nil, 0, nil},
		{"nine in ten right is three stars", append(repeat(answer(3, 4, 12), 9), answer(6, 7, 43)), 3, &games.Fact{A: 6, B: 7}},
		{"seven in ten right is two stars", append(repeat(answer(3, 4, 12), 7), answer(6, 7, 43), answer(6, 7, 41), missed), 2, &games.Fact{A: 6, B: 7}},
		{"any right answer is a star", []store.Attempt{answer(3, 4, 12), missed, missed, answer(8, 7, 54)}, 1, &games.Fact{A: 7, B: 8}},
		{"all wrong is no star", []store.Attempt{answer(3, 4, 13)}, 0, &games.Fact{A: 3, B: 4}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sum := summarise(tc.attempts, nil, nil)
			assert.Equal(t, tc.stars, sum.Stars)
			assert.Equal(t, tc.watch, sum.ToWatch)
		})
	}
	stats := []store.FactStat{{A: 3, B: 4, Fluent: true}, {A: 2, B: 5, Fluent: true}, {A: 6, B: 7, Fluent: true}}
	sum := summarise([]store.Attempt{answer(4, 3, 12), answer(2, 5, 10)}, stats, []games.Fact{{A: 2, B: 5}})
	assert.Equal(t, []games.Fact{{A: 3, B: 4}}, sum.BecameFluent, "fluent now, practised, and not fluent at the start")
	assert.Equal(t, 2, sum.FactsAnswered)
}

func repeat(a store.Attempt, n int) []store.Attempt {
	out := make([]store.Attempt, n)
	for i := range out {
		out[i] = a
	}
	return out
}

func TestAssignmentBecomesTheConstraint(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kid := class(t, st, "Léa")[0]
		s := newService(st, newFakeClock())
		wall := newFakeClock().Now()
		c, id, err := s.constraintFor(ctx, kid.ID, "potion", wall)
		require.NoError(t, err)
		assert.Nil(t, id, "no assignment: nothing constrained")
		assert.Equal(t, pedagogy.Constraint{}, c)

		tc, err := st.Student(ctx, kid.ID)
		require.NoError(t, err)
		cls, err := st.Class(ctx, tc.ClassID)
		require.NoError(t, err)
		a := store.NewAssignment(dashboard.Assignment{ClassID: cls.ID, Title: "7 et 8", Level: games.Custom(7, 8),
			Games: []string{"potion", "cats"}, Target: dashboard.Target{Unit: dashboard.TargetSessions, PerWeek: 3},
			Timers: false, Start: wall.Add(-time.Hour)}, cls.TeacherID, wall)
		require.NoError(t, st.CreateAssignment(ctx, &a, nil))

		c, id, err = s.constraintFor(ctx, kid.ID, "potion", wall)
		require.NoError(t, err)
		require.NotNil(t, id)
		assert.Equal(t, []int{7, 8}, c.Tables)
		assert.True(t, c.NoTimers, "an assignment without timers")
		_, id, err = s.constraintFor(ctx, kid.ID, "cube", wall)
		require.NoError(t, err)
		assert.Nil(t, id, "the assignment does not cover Monster Cube")

		res, err := s.Start(ctx, StartRequest{StudentID: kid.ID, Game: "potion"})
		require.NoError(t, err)
		assert.Equal(t, games.LevelCustom, res.Session.Plan.LevelName)
		assert.Equal(t, pedagogy.DecisionAssigned, res.Session.Plan.Decision)
		home, err := s.Home(ctx, kid.ID)
		require.NoError(t, err)
		require.Len(t, home.Assignments, 1)
		assert.Equal(t, HomeProgress{Done: 0, Target: 3, Unit: "sessions"}, home.Assignments[0].Progress, "opened, not played yet")
		assert.Equal(t, "7 et 8", home.Assignments[0].TitleFR)
		assert.Equal(t, []int{7, 8}, home.Assignments[0].Tables)
	})
}
