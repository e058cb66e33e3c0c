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

func TestParentCodeIsOneTimeAndExpires(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kid := newStudent(t, st)
		cl, err := st.Class(ctx, kid.ClassID)
		require.NoError(t, err)
		mkParent := func(email string) store.Parent {
			p := store.Parent{Email: email, Name: "P", PasswordHash: "x"}
			require.NoError(t, st.CreateParent(ctx, &p))
			return p
		}
		p1, p2 := mkParent("p1@s.test"), mkParent("p2@s.test")
		now := time.Now()
		require.NoError(t, st.CreateParentCode(ctx, &store.ParentCode{StudentID: kid.ID, CodeHash: "h1", CreatedBy: cl.TeacherID, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}))
		require.NoError(t, st.CreateParentCode(ctx, &store.ParentCode{StudentID: kid.ID, CodeHash: "h2", CreatedBy: cl.TeacherID, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}))

		_, err = st.RedeemParentCode(ctx, "nope", p1.ID, now)
		assert.ErrorIs(t, err, store.ErrNotFound)
		_, err = st.RedeemParentCode(ctx, "h2", p1.ID, now.Add(2*time.Hour))
		assert.ErrorIs(t, err, store.ErrCodeUsed, "expired")
		link, err := st.RedeemParentCode(ctx, "h1", p1.ID, now)
		require.NoError(t, err)
		assert.Equal(t, kid.ID, link.StudentID)
		_, err = st.RedeemParentCode(ctx, "h1", p2.ID, now)
		assert.ErrorIs(t, err, store.ErrCodeUsed, "used")
		_, err = st.RedeemParentCode(ctx, "h2", p1.ID, now)
		assert.ErrorIs(t, err, store.ErrConflict, "already linked")
		link, err = st.RedeemParentCode(ctx, "h2", p2.ID, now)
		require.NoError(t, err, "the conflict rolled back: h2 is still usable")

		ok, err := st.IsLinked(ctx, p2.ID, kid.ID)
		require.NoError(t, err)
		assert.True(t, ok)
		kids, err := st.ChildrenOf(ctx, p1.ID)
		require.NoError(t, err)
		require.Len(t, kids, 1)
		assert.Equal(t, "Léa", kids[0].DisplayName)
	})
}

func TestRevokedAuthSessionKeepsTheFirstTime(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		now := time.Now().UTC().Truncate(time.Second)
		require.NoError(t, st.CreateAuthSession(ctx, &store.AuthSession{JTI: "j1", Role: "teacher", Subject: 1, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}))
		require.NoError(t, st.RevokeAuthSession(ctx, "j1", now))
		require.NoError(t, st.RevokeAuthSession(ctx, "j1", now.Add(time.Minute)))
		a, err := st.AuthSession(ctx, "j1")
		require.NoError(t, err)
		require.NotNil(t, a.RevokedAt)
		assert.True(t, a.RevokedAt.Equal(now))
		_, err = st.AuthSession(ctx, "j2")
		assert.ErrorIs(t, err, store.ErrNotFound)
	})
}
