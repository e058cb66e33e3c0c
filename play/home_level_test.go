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

// A child who played under the teacher's own tables, once the assignment is
// archived, sees a ladder level on the game cards (not "My own tables") and
// the teacher's dashboard shows that level (not "No level yet").
func TestLevelAfterArchivingOwnTables(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kid := class(t, st, "Léa")[0]
		clock := newFakeClock()
		s := newService(st, clock)
		cls, err := st.Class(ctx, kid.ClassID)
		require.NoError(t, err)

		// A first game places her on the ladder.
		_, err = s.Start(ctx, StartRequest{StudentID: kid.ID, Game: "magicoa", Edition: "multiplication"})
		require.NoError(t, err)
		clock.Add(time.Hour)
		a := store.NewAssignment(dashboard.Assignment{ClassID: cls.ID, Level: games.Custom(3, 7),
			Target: dashboard.Target{Unit: dashboard.TargetSessions, PerWeek: 3}, Start: clock.Now().Add(-time.Minute)}, cls.TeacherID, clock.Now())
		require.NoError(t, st.CreateAssignment(ctx, &a, nil))
		_, err = s.Start(ctx, StartRequest{StudentID: kid.ID, Game: "magicoa", Edition: "multiplication"})
		require.NoError(t, err)
		h, err := s.Home(ctx, kid.ID)
		require.NoError(t, err)
		require.Equal(t, games.LevelCustom, h.Student.Level, "during the assignment: the teacher's tables")

		clock.Add(time.Hour)
		require.NoError(t, st.ArchiveAssignment(ctx, a.ID, clock.Now()))
		h, err = s.Home(ctx, kid.ID)
		require.NoError(t, err)
		assert.Contains(t, games.Ladder(), h.Student.Level, "archived: the cards show a ladder level")

		sum, err := st.Dashboards().Student(ctx, kid.ID)
		require.NoError(t, err)
		assert.Equal(t, games.LevelGreen, sum.Level.Name)
		assert.Equal(t, dashboard.LevelLabel("en", games.Green()), dashboard.LevelLabel("en", sum.Level))
		assert.NotEqual(t, "No level yet", dashboard.LevelLabel("en", sum.Level))
	})
}
