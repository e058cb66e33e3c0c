package play

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/dashboard"
	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// A game opened and left without a move is no session of the assignment's
// target; the same child's next game, played, is — on the child's home and
// on the teacher's progress alike.
func TestAssignmentCountsOnlyTheSessionsPlayed(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kid := class(t, st, "Léa")[0]
		clock := newFakeClock()
		s := newService(st, clock)
		tc, err := st.Student(ctx, kid.ID)
		require.NoError(t, err)
		cls, err := st.Class(ctx, tc.ClassID)
		require.NoError(t, err)
		a := store.NewAssignment(dashboard.Assignment{ClassID: cls.ID, Title: "2 à 5", Level: games.Custom(2, 3, 4, 5),
			Games: []string{"magicoa"}, Target: dashboard.Target{Unit: dashboard.TargetSessions, PerWeek: 3},
			Start: clock.Now().Add(-time.Hour)}, cls.TeacherID, clock.Now())
		require.NoError(t, st.CreateAssignment(ctx, &a, nil))
		progress := func() (home, teacher int) {
			h, err := s.Home(ctx, kid.ID)
			require.NoError(t, err)
			require.Len(t, h.Assignments, 1)
			got, err := st.Dashboards().AssignmentProgress(ctx, []int64{a.ID}, dashboard.WeekOf(clock.Now()))
			require.NoError(t, err)
			for _, p := range got {
				teacher += p.Sessions
			}
			return h.Assignments[0].Progress.Done, teacher
		}

		_, err = s.Start(ctx, StartRequest{StudentID: kid.ID, Game: "magicoa", Edition: "multiplication"})
		require.NoError(t, err)
		clock.Add(time.Minute)
		home, teacher := progress()
		assert.Equal(t, 0, home, "an unplayed session does not count on the home")
		assert.Equal(t, 0, teacher, "nor on the teacher's progress")

		res, err := s.Start(ctx, StartRequest{StudentID: kid.ID, Game: "magicoa", Edition: "multiplication"})
		require.NoError(t, err)
		g, err := s.loadGame(ctx, res.Game.ID)
		require.NoError(t, err)
		legal := legalMoves(t, g.eng, 0)
		require.NotEmpty(t, legal)
		clock.Add(time.Second)
		_, err = s.Move(ctx, MoveRequest{GameID: res.Game.ID, StudentID: kid.ID, Version: g.Row.Version, Seq: 1, Move: legal[len(legal)-1]})
		if _, ok := games.AsRuleError(err); !ok {
			require.NoError(t, err)
		}
		home, teacher = progress()
		assert.Equal(t, 1, home, "a played session counts")
		assert.Equal(t, 1, teacher)
	})
}

// "Continue a game … against Pixel" named one of three computer cats: the
// home lists every other player of an unfinished game.
func TestHomeNamesEveryOpponentOfAGameToContinue(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kid := class(t, st, "Léa")[0]
		s := newService(st, newFakeClock())
		res, err := s.Start(ctx, StartRequest{StudentID: kid.ID, Game: "cats", Opponents: 3})
		require.NoError(t, err)
		h, err := s.Home(ctx, kid.ID)
		require.NoError(t, err)
		require.Len(t, h.Continue, 1)
		c := h.Continue[0]
		assert.Equal(t, res.Game.ID, c.GameID)
		assert.Len(t, c.Opponents, 3, "the three computer cats")
		assert.NotContains(t, c.Opponents, "Léa")
		assert.Equal(t, c.Opponents[0], c.Opponent)
	})
}
