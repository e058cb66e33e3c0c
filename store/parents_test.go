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

// The teacher's view of the links (ParentsOf), unlinking, and the codes a
// parents' letter may print again (OpenParentCodes).
func TestParentLinksListedUnlinkedAndOpenCodes(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kid := newStudent(t, st)
		cl, err := st.Class(ctx, kid.ClassID)
		require.NoError(t, err)
		now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
		code := func(hash string, created time.Time, ttl time.Duration) {
			require.NoError(t, st.CreateParentCode(ctx, &store.ParentCode{StudentID: kid.ID, CodeHash: hash, CreatedBy: cl.TeacherID, CreatedAt: created, ExpiresAt: created.Add(ttl)}))
		}
		code("old", now.Add(-2*time.Hour), time.Hour) // expired
		code("a", now.Add(-time.Hour), 24*time.Hour)
		code("b", now, 24*time.Hour)
		code("c", now, 24*time.Hour)

		var parents []store.Parent
		for i, email := range []string{"ana@s.test", "bo@s.test"} {
			p := store.Parent{Email: email, Name: "P" + email[:2], PasswordHash: "x"}
			require.NoError(t, st.CreateParent(ctx, &p))
			parents = append(parents, p)
			_, err := st.RedeemParentCode(ctx, []string{"c", "a"}[i], p.ID, now.Add(time.Duration(i)*time.Minute))
			require.NoError(t, err)
		}

		open, err := st.OpenParentCodes(ctx, kid.ID, now)
		require.NoError(t, err)
		require.Len(t, open, 1, "neither used nor expired")
		assert.Equal(t, "b", open[0].CodeHash)
		assert.True(t, open[0].CreatedAt.Equal(now), "the creation time comes back to the second: %v", open[0].CreatedAt)

		byKid, err := st.ParentsOf(ctx, []int64{kid.ID, kid.ID + 1000})
		require.NoError(t, err)
		require.Len(t, byKid[kid.ID], 2)
		assert.Equal(t, []string{"ana@s.test", "bo@s.test"}, []string{byKid[kid.ID][0].Email, byKid[kid.ID][1].Email}, "in the order they were linked")
		assert.Equal(t, parents[0].ID, byKid[kid.ID][0].ParentID)
		assert.Equal(t, "Pan", byKid[kid.ID][0].Name)
		assert.Empty(t, byKid[kid.ID+1000])
		none, err := st.ParentsOf(ctx, nil)
		require.NoError(t, err)
		assert.Empty(t, none)

		require.NoError(t, st.Unlink(ctx, parents[0].ID, kid.ID))
		linked, err := st.IsLinked(ctx, parents[0].ID, kid.ID)
		require.NoError(t, err)
		assert.False(t, linked)
		linked, err = st.IsLinked(ctx, parents[1].ID, kid.ID)
		require.NoError(t, err)
		assert.True(t, linked, "the other parent keeps the child")
		assert.ErrorIs(t, st.Unlink(ctx, parents[0].ID, kid.ID), store.ErrNotFound)
		byKid, err = st.ParentsOf(ctx, []int64{kid.ID})
		require.NoError(t, err)
		require.Len(t, byKid[kid.ID], 1)
		assert.Equal(t, parents[1].ID, byKid[kid.ID][0].ParentID)
	})
}
