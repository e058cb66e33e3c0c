package store_test

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// Ids are found in the games' seats and the sessions' plans with a LIKE
// ("student_id":1…) that also matches student 10: erasing student 1 must
// leave a game of students 10 and 11, and a plan naming student 10, as
// they were.
func TestErasingAStudentLeavesAloneTheGamesOfAStudentWhoseIDStartsTheSame(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kids := newRoster(t, st, "ids@s.test", "k", 12)
		slices.SortFunc(kids, func(a, b store.Student) int { return int(a.ID - b.ID) })
		erased := kids[0]
		var host, mate store.Student
		for _, k := range kids[1:] {
			if strings.HasPrefix(strconv.FormatInt(k.ID, 10), strconv.FormatInt(erased.ID, 10)) {
				if host.ID == 0 {
					host = k
				} else if mate.ID == 0 {
					mate = k
				}
			}
		}
		require.NotZero(t, mate.ID, "two students whose ids start with %d", erased.ID)

		now := time.Now().UTC()
		hostPS := store.PlaySession{StudentID: host.ID, Plan: `{"game":"potion"}`, StartedAt: now}
		require.NoError(t, st.CreatePlaySession(ctx, &hostPS))
		matePlan := fmt.Sprintf(`{"game":"potion","decision":"keep","invited_by":%d}`, host.ID)
		matePS := store.PlaySession{StudentID: mate.ID, Plan: matePlan, StartedAt: now}
		require.NoError(t, st.CreatePlaySession(ctx, &matePS))
		seats := fmt.Sprintf(`[{"kind":"student","name":%q,"student_id":%d},{"kind":"student","name":%q,"student_id":%d}]`, host.DisplayName, host.ID, mate.DisplayName, mate.ID)
		state := fmt.Sprintf(`{"engine":{"config":{"seats":[{"kind":"student","name":%q},{"kind":"student","name":%q}]}},"sessions":[%d,%d]}`,
			host.DisplayName, mate.DisplayName, hostPS.ID, matePS.ID)
		g := store.Game{PlaySessionID: hostPS.ID, Game: "potion", Seats: seats, State: state, Status: "playing", CreatedAt: now, UpdatedAt: now}
		require.NoError(t, st.CreateGame(ctx, &g))

		exp, err := st.ExportStudent(ctx, erased.ID, now)
		require.NoError(t, err)
		assert.Empty(t, exp.Tables["games"], "another child's game is not in the export")

		require.NoError(t, st.EraseStudent(ctx, erased.ID))

		after, err := st.Game(ctx, g.ID)
		require.NoError(t, err)
		assert.Equal(t, seats, after.Seats)
		assert.Equal(t, state, after.State)
		assert.Equal(t, g.Version, after.Version)
		assert.Equal(t, hostPS.ID, after.PlaySessionID)
		ps, err := st.PlaySession(ctx, matePS.ID)
		require.NoError(t, err)
		assert.Equal(t, matePlan, ps.Plan)
	})
}
