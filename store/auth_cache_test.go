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

// fakeClock is a clock the test moves by hand.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *fakeClock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func newLogin(t testing.TB, st *store.Store, jti string, subject int64) {
	t.Helper()
	now := time.Now().UTC()
	require.NoError(t, st.CreateAuthSession(context.Background(), &store.AuthSession{
		JTI: jti, Role: "student", Subject: subject, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}))
}

func TestALogoutIsSeenAtOnceInItsOwnProcessAndWithinTheTTLElsewhere(t *testing.T) {
	for _, db := range storetest.Databases(t) {
		t.Run(db.Name, func(t *testing.T) {
			ctx := context.Background()
			here, there := storetest.Open(t, db.URL), storetest.Open(t, db.URL)
			clock := &fakeClock{t: time.Now()}
			store.SetLoginClockForTest(there, clock.now)
			kid := newStudent(t, here)
			newLogin(t, here, "tok-1", kid.ID)

			for _, st := range []*store.Store{here, there} { // both instances have it cached
				a, err := st.AuthSession(ctx, "tok-1")
				require.NoError(t, err)
				require.Nil(t, a.RevokedAt)
			}
			require.NoError(t, here.RevokeAuthSession(ctx, "tok-1", time.Now()))

			a, err := here.AuthSession(ctx, "tok-1")
			require.NoError(t, err)
			assert.NotNil(t, a.RevokedAt, "the instance that logged out refuses the token at once")

			a, err = there.AuthSession(ctx, "tok-1")
			require.NoError(t, err)
			assert.Nil(t, a.RevokedAt, "another instance may still accept it within the TTL (documented)")
			clock.add(store.AuthSessionTTL)
			a, err = there.AuthSession(ctx, "tok-1")
			require.NoError(t, err)
			assert.NotNil(t, a.RevokedAt, "after the TTL every instance refuses it")
		})
	}
}

func TestAnErasedStudentsLoginsAreRefusedAtOnce(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kid := newStudent(t, st)
		newLogin(t, st, "tok-kid", kid.ID)
		_, err := st.AuthSession(ctx, "tok-kid")
		require.NoError(t, err)
		require.NoError(t, st.EraseStudent(ctx, kid.ID))
		_, err = st.AuthSession(ctx, "tok-kid")
		assert.ErrorIs(t, err, store.ErrNotFound)
	})
}
