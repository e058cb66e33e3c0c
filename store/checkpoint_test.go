package store_test

import (
	"context"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store/storetest"
)

// The SQLite writer leaves checkpoints to a goroutine of its own
// (writer.go): the answers reach the database file without any commit
// paying for the copy.
func TestTheWALIsCopiedIntoTheDatabaseFileOffTheWritersPath(t *testing.T) {
	db := storetest.Databases(t)[0]
	require.Equal(t, "sqlite", db.Name)
	st := storetest.Open(t, db.URL)
	ctx := context.Background()
	kid := newStudent(t, st)
	ps := newSession(t, st, kid.ID, monday9)
	before, err := os.Stat(db.URL)
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 100 {
		_, err := st.RecordPractice(ctx, kid.ID, ps.ID, answers(rng, int64(100*i), 50), monday9.Add(time.Duration(i)*time.Second))
		require.NoError(t, err)
	}
	assert.Eventually(t, func() bool {
		now, err := os.Stat(db.URL)
		return err == nil && now.Size() > before.Size()+64<<10
	}, 3*time.Second, 50*time.Millisecond, "the database file grew without a checkpoint by the writer")
}
