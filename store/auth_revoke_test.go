package store_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// revocations records what OnLoginsRevoked's watcher was told.
type revocations struct {
	mu    sync.Mutex
	tests []func(store.AuthSession) bool
}

func (r *revocations) watch(match func(store.AuthSession) bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.tests = append(r.tests, match)
}

// ended reports whether some revocation ended the login.
func (r *revocations) ended(a store.AuthSession) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, m := range r.tests {
		if m(a) {
			return true
		}
	}
	return false
}

func TestAStudentsLoginsAllEndTogetherAndTheWatchersAreTold(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		var told revocations
		st.OnLoginsRevoked(told.watch)
		kids := newRoster(t, st, "revoke@s.test", "Élève", 2)
		kid, other := kids[0], kids[1]
		for _, jti := range []string{"kid-tablet", "kid-home"} {
			newLogin(t, st, jti, kid.ID)
		}
		newLogin(t, st, "other", other.ID)
		for _, jti := range []string{"kid-tablet", "kid-home", "other"} { // cached live
			a, err := st.AuthSession(ctx, jti)
			require.NoError(t, err)
			require.Nil(t, a.RevokedAt)
		}

		require.NoError(t, st.RevokeStudentSessions(ctx, kid.ID, time.Now()))
		for _, jti := range []string{"kid-tablet", "kid-home"} {
			a, err := st.AuthSession(ctx, jti)
			require.NoError(t, err)
			assert.NotNil(t, a.RevokedAt, "%s is refused at once", jti)
			assert.True(t, told.ended(a), "the watchers were told %s ended", jti)
		}
		a, err := st.AuthSession(ctx, "other")
		require.NoError(t, err)
		assert.Nil(t, a.RevokedAt, "another child's login lives on")
		assert.False(t, told.ended(a))
		// Nothing live left: ending them again changes nothing.
		require.NoError(t, st.RevokeStudentSessions(ctx, kid.ID, time.Now()))

		// A logout and an erasure are told too.
		newLogin(t, st, "other-2", other.ID)
		require.NoError(t, st.RevokeAuthSession(ctx, "other", time.Now()))
		assert.True(t, told.ended(store.AuthSession{JTI: "other", Role: "student", Subject: other.ID}))
		assert.False(t, told.ended(store.AuthSession{JTI: "other-2", Role: "student", Subject: other.ID}), "a logout ends that login only")
		require.NoError(t, st.EraseStudent(ctx, other.ID))
		assert.True(t, told.ended(store.AuthSession{JTI: "other-2", Role: "student", Subject: other.ID}))
	})
}
