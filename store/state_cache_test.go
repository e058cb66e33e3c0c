package store_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/migrations"
	"github.com/multipli/multipli/pedagogy"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// The SQLite writer caches each child's pedagogy state (state_cache.go).
// These tests fail if a rolled-back write, or a change made outside the
// write path, stays in the cache.

func TestAWriteRolledBackAfterThePedagogyRanLeavesNoCachedState(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kid := newStudent(t, st)
		ps := newSession(t, st, kid.ID, monday9)
		rng := rand.New(rand.NewPCG(3, 4))
		at := monday9.Add(time.Minute)
		_, err := st.RecordPractice(ctx, kid.ID, ps.ID, answers(rng, 0, 8), at)
		require.NoError(t, err)

		// The week's upsert runs after the pedagogy folded the answers
		// into the (cached) state: make it fail, so the commit rolls back.
		drill := []string{`CREATE TRIGGER drill BEFORE UPDATE ON student_weeks BEGIN SELECT RAISE(ABORT, 'drill'); END`}
		undrill := "DROP TRIGGER drill"
		if st.Dialect() == migrations.Postgres {
			drill = []string{
				`CREATE FUNCTION drill() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'drill'; END $$ LANGUAGE plpgsql`,
				`CREATE TRIGGER drill BEFORE UPDATE ON student_weeks FOR EACH ROW EXECUTE FUNCTION drill()`,
			}
			undrill = "DROP TRIGGER drill ON student_weeks"
		}
		for _, q := range drill {
			require.NoError(t, store.ExecForTest(ctx, st, q))
		}
		for i := range 3 {
			_, err = st.RecordPractice(ctx, kid.ID, ps.ID, answers(rng, int64(100+10*i), 8), at.Add(time.Duration(i+1)*time.Second))
			require.Error(t, err)
		}
		require.NoError(t, store.ExecForTest(ctx, st, undrill))

		_, err = st.RecordPractice(ctx, kid.ID, ps.ID, answers(rng, 1000, 8), at.Add(time.Minute))
		require.NoError(t, err)
		y, w := monday9.ISOWeek()
		assertAgreesWithLog(t, st, kid.ID, map[[2]int]int{{y, w}: 1})
	})
}

func TestAModelSavedOutsideTheWritePathIsWhatTheNextAnswerBuildsOn(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kid := newStudent(t, st)
		ps := newSession(t, st, kid.ID, monday9)
		rng := rand.New(rand.NewPCG(5, 6))
		_, err := st.RecordPractice(ctx, kid.ID, ps.ID, answers(rng, 0, 5), monday9.Add(time.Minute))
		require.NoError(t, err)

		raw, err := json.Marshal(pedagogy.Student{Level: "violet", NoTimers: true})
		require.NoError(t, err)
		require.NoError(t, st.SaveStudentModel(ctx, store.StudentModel{StudentID: kid.ID, Model: string(raw), UpdatedAt: monday9}))
		_, err = st.RecordPractice(ctx, kid.ID, ps.ID, answers(rng, 100, 5), monday9.Add(2*time.Minute))
		require.NoError(t, err)

		m, err := st.StudentModel(ctx, kid.ID)
		require.NoError(t, err)
		var got pedagogy.Student
		require.NoError(t, json.Unmarshal([]byte(m.Model), &got))
		assert.True(t, got.NoTimers, "the teacher's setting saved by hand survives the next answers")
		assert.Equal(t, games.LevelViolet, got.Level)
	})
}

func TestAnErasedStudentsStateIsNotCarriedOver(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kid := newStudent(t, st)
		ps := newSession(t, st, kid.ID, monday9)
		rng := rand.New(rand.NewPCG(7, 8))
		_, err := st.RecordPractice(ctx, kid.ID, ps.ID, answers(rng, 0, 20), monday9.Add(time.Minute))
		require.NoError(t, err)
		require.NoError(t, st.EraseStudent(ctx, kid.ID))
		_, err = st.RecordPractice(ctx, kid.ID, ps.ID, answers(rng, 100, 5), monday9.Add(2*time.Minute))
		require.ErrorIs(t, err, store.ErrNotFound)
	})
}

func TestAnInstanceDoesNotBuildOnStateAnotherInstanceChanged(t *testing.T) {
	for _, db := range storetest.Databases(t) {
		if db.Name != "postgres" {
			continue // one process per SQLite file: its writer is the only one
		}
		t.Run(db.Name, func(t *testing.T) {
			ctx := context.Background()
			here, there := storetest.Open(t, db.URL), storetest.Open(t, db.URL)
			kid := newStudent(t, here)
			ps := newSession(t, here, kid.ID, monday9)
			rng := rand.New(rand.NewPCG(9, 10))
			at := monday9
			for i, st := range []*store.Store{here, there, here, there, here} {
				at = at.Add(30 * time.Second)
				_, err := st.RecordPractice(ctx, kid.ID, ps.ID, answers(rng, int64(100*i), 8), at)
				require.NoError(t, err)
			}
			y, w := monday9.ISOWeek()
			assertAgreesWithLog(t, here, kid.ID, map[[2]int]int{{y, w}: 1})
		})
	}
}
