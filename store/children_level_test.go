package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// A parent reads the level the teacher's dashboard shows: a child on the
// teacher's own tables (stored "custom") is at the ladder level held before
// them, also once the assignment is archived and before the next game.
func TestChildrenOfReadsOwnTablesAsTheLadderLevelBefore(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kid := newStudent(t, st)
		cl, err := st.Class(ctx, kid.ClassID)
		require.NoError(t, err)
		p := store.Parent{Email: "p@s.test", Name: "P", PasswordHash: "x"}
		require.NoError(t, st.CreateParent(ctx, &p))
		now := time.Now()
		require.NoError(t, st.CreateParentCode(ctx, &store.ParentCode{StudentID: kid.ID, CodeHash: "h", CreatedBy: cl.TeacherID, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}))
		_, err = st.RedeemParentCode(ctx, "h", p.ID, now)
		require.NoError(t, err)

		require.NoError(t, st.RecordLevelChange(ctx, &store.LevelChange{StudentID: kid.ID, At: now.Add(-2 * time.Hour), FromLevel: "green", ToLevel: "violet", Decision: "up"}))
		require.NoError(t, st.RecordLevelChange(ctx, &store.LevelChange{StudentID: kid.ID, At: now.Add(-time.Hour), FromLevel: "violet", ToLevel: "custom", Decision: "assigned"}))
		kids, err := st.ChildrenOf(ctx, p.ID)
		require.NoError(t, err)
		require.Len(t, kids, 1)
		assert.Equal(t, "violet", kids[0].Level, "the ladder level before the teacher's tables")
		sum, err := st.Dashboards().Student(ctx, kid.ID)
		require.NoError(t, err)
		assert.Equal(t, kids[0].Level, string(sum.Level.Name), "the same level as the teacher's dashboard")

		// Placed again by a game: that level.
		require.NoError(t, st.RecordLevelChange(ctx, &store.LevelChange{StudentID: kid.ID, At: now, FromLevel: "custom", ToLevel: "all-10", Decision: "placed"}))
		kids, err = st.ChildrenOf(ctx, p.ID)
		require.NoError(t, err)
		assert.Equal(t, "all-10", kids[0].Level)
	})
}
