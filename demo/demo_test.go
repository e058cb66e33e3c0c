package demo_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/demo"
	"github.com/multipli/multipli/server/credential"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

func TestDemoSchoolIsCompleteAndLoadsOnce(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		sealer, err := credential.NewSealer([]byte("demo-test-key-demo-test-key-demo-test"))
		require.NoError(t, err)
		// At the history tests' date: the history must be the same as theirs.
		school, err := demo.Load(ctx, st, sealer, historyNow)
		require.NoError(t, err)
		assert.False(t, school.Preloaded)
		sameAsBefore(t, historyDigest(t, st, school))
		require.Len(t, school.Classes, 2)

		total, kinds := 0, map[string]int{}
		for _, c := range school.Classes {
			for _, s := range c.Students {
				total++
				kinds[s.SecretKind]++
				assert.True(t, s.PIN != "" || len(s.Pictures) == 3, "%s has a readable secret", s.DisplayName)
				secret := s.PIN
				if s.Pictures != nil {
					secret = credential.JoinPictures(s.Pictures)
				}
				assert.True(t, credential.Verify(s.SecretHash, secret), "%s can log in with the printed secret", s.DisplayName)
			}
		}
		assert.InDelta(t, 50, total, 2)
		assert.Positive(t, kinds[store.SecretPIN])
		assert.Positive(t, kinds[store.SecretPictures])

		kids, err := st.ChildrenOf(ctx, school.Parent.ID)
		require.NoError(t, err)
		require.Len(t, kids, 1, "the parent is linked to one child")
		assert.Equal(t, school.Child.ID, kids[0].ID)
		assert.True(t, credential.Verify(school.Teacher.PasswordHash, demo.TeacherPassword))

		again, err := demo.Load(ctx, st, sealer, historyNow)
		require.NoError(t, err)
		assert.True(t, again.Preloaded)
		classes, err := st.ClassesOf(ctx, school.Teacher.ID, true)
		require.NoError(t, err)
		assert.Len(t, classes, 2, "a second load adds nothing")
	})
}
