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

// newStudent makes a teacher, a class and one student.
func newStudent(t testing.TB, st *store.Store) store.Student {
	t.Helper()
	c := newClass(t, st, newTeacher(t, st, "t@s.test").ID, "CE2")
	require.NoError(t, st.AddStudents(context.Background(), c.ID, []store.Student{{DisplayName: "Léa", SecretKind: store.SecretPIN, SecretHash: "h"}}))
	kids, err := st.StudentsOf(context.Background(), c.ID)
	require.NoError(t, err)
	return kids[0]
}

func newGame(t testing.TB, st *store.Store, studentID int64) (store.PlaySession, store.Game) {
	t.Helper()
	ctx := context.Background()
	ps := store.PlaySession{StudentID: studentID, Plan: `{"level":"green"}`, StartedAt: time.Now()}
	require.NoError(t, st.CreatePlaySession(ctx, &ps))
	g := store.Game{PlaySessionID: ps.ID, Game: "potion", Seats: "[]", State: "{}", Status: "playing", CreatedAt: time.Now(), UpdatedAt: time.Now()}
	require.NoError(t, st.CreateGame(ctx, &g))
	return ps, g
}

func TestResentAttemptIsStoredOnce(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kid := newStudent(t, st)
		ps, _ := newGame(t, st, kid.ID)
		given := 56
		a := store.Attempt{StudentID: kid.ID, PlaySessionID: ps.ID, Game: "potion", Level: "violet", A: 7, B: 8, Given: &given, Correct: true, Kind: "capture", Seq: 1, At: time.Now()}
		n, err := st.RecordAttempts(ctx, []store.Attempt{a})
		require.NoError(t, err)
		assert.EqualValues(t, 1, n)
		a.ID = 0
		n, err = st.RecordAttempts(ctx, []store.Attempt{a, {StudentID: kid.ID, PlaySessionID: ps.ID, Game: "potion", Level: "violet", A: 3, B: 4, Kind: "missed", Seq: 2, At: time.Now()}})
		require.NoError(t, err)
		assert.EqualValues(t, 1, n, "only seq 2 is new")
		got, err := st.AttemptsOfSession(ctx, ps.ID)
		require.NoError(t, err)
		require.Len(t, got, 2)
		assert.Nil(t, got[1].Given, "a missed attempt has no given")
		assert.Nil(t, got[1].ResponseMS)
		assert.Equal(t, 56, *got[0].Given)
	})
}

func TestSaveMoveRefusesAStaleVersionAndWritesNothing(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kid := newStudent(t, st)
		ps, g := newGame(t, st, kid.ID)
		move := func(from, seq int) store.Move {
			return store.Move{
				GameID: g.ID, FromVersion: from, State: `{"turn":` + string(rune('0'+seq)) + `}`, Status: "playing", At: time.Now(),
				Events:   []store.GameEvent{{Event: `{"type":"move"}`}},
				Attempts: []store.Attempt{{StudentID: kid.ID, PlaySessionID: ps.ID, Game: "potion", Level: "green", A: 4, B: 3, Kind: "missed", Seq: int64(seq), At: time.Now()}},
			}
		}
		v, err := st.SaveMove(ctx, move(0, 1))
		require.NoError(t, err)
		assert.Equal(t, 1, v)
		_, err = st.SaveMove(ctx, move(0, 2))
		assert.ErrorIs(t, err, store.ErrStale)
		assert.ErrorIs(t, err, store.ErrConflict)
		v, err = st.SaveMove(ctx, move(1, 3))
		require.NoError(t, err)
		assert.Equal(t, 2, v)

		events, err := st.GameEvents(ctx, g.ID, 0)
		require.NoError(t, err)
		require.Len(t, events, 2)
		assert.Equal(t, []int{1, 2}, []int{events[0].N, events[1].N})
		attempts, err := st.AttemptsOfSession(ctx, ps.ID)
		require.NoError(t, err)
		assert.Len(t, attempts, 2, "the stale move's attempt was not written")
		stats, err := st.FactStatsOf(ctx, kid.ID)
		require.NoError(t, err)
		require.Len(t, stats, 1)
		assert.Equal(t, [3]int{3, 4, 2}, [3]int{stats[0].A, stats[0].B, stats[0].Attempts}, "the pair is stored ordered, counting the two stored attempts only")
		_, err = st.SaveMove(ctx, store.Move{GameID: 999, State: "{}", Status: "x"})
		assert.ErrorIs(t, err, store.ErrNotFound)
	})
}

func TestLevelChangeMovesTheStudent(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kid := newStudent(t, st)
		require.NoError(t, st.RecordLevelChange(ctx, &store.LevelChange{StudentID: kid.ID, At: time.Now(), FromLevel: "green", ToLevel: "violet", Decision: "up", ReasonEN: "r", ReasonFR: "r"}))
		got, err := st.Student(ctx, kid.ID)
		require.NoError(t, err)
		assert.Equal(t, "violet", got.Level)
		h, err := st.LevelHistoryOf(ctx, kid.ID)
		require.NoError(t, err)
		assert.Len(t, h, 1)
		require.NoError(t, st.SaveStudentModel(ctx, store.StudentModel{StudentID: kid.ID, Model: `{"v":1}`, UpdatedAt: time.Now()}))
		require.NoError(t, st.SaveStudentModel(ctx, store.StudentModel{StudentID: kid.ID, Model: `{"v":2}`, UpdatedAt: time.Now()}))
		m, err := st.StudentModel(ctx, kid.ID)
		require.NoError(t, err)
		assert.Equal(t, `{"v":2}`, m.Model)
	})
}

func TestActiveAssignmentsFollowDatesAndStudents(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kid := newStudent(t, st)
		require.NoError(t, st.AddStudents(ctx, kid.ClassID, []store.Student{{DisplayName: "Tom", SecretKind: store.SecretPIN, SecretHash: "h"}}))
		kids, err := st.StudentsOf(ctx, kid.ClassID)
		require.NoError(t, err)
		other := kids[1]
		cl, err := st.Class(ctx, kid.ClassID)
		require.NoError(t, err)
		now := time.Now()
		past := now.Add(-time.Hour)
		mk := func(starts time.Time, due *time.Time) *store.Assignment {
			return &store.Assignment{ClassID: cl.ID, TeacherID: cl.TeacherID, Level: `{"tables":[7,8]}`, Games: `["potion"]`, Timers: true, StartsAt: starts, DueAt: due, CreatedAt: now}
		}
		whole := mk(past, nil)
		require.NoError(t, st.CreateAssignment(ctx, whole, nil))
		justTom := mk(past, nil)
		require.NoError(t, st.CreateAssignment(ctx, justTom, []int64{other.ID}))
		require.NoError(t, st.CreateAssignment(ctx, mk(now.Add(time.Hour), nil), nil))
		require.NoError(t, st.CreateAssignment(ctx, mk(past.Add(-time.Hour), &past), nil))

		got, err := st.ActiveAssignmentsFor(ctx, kid.ID, now)
		require.NoError(t, err)
		require.Len(t, got, 1)
		assert.Equal(t, whole.ID, got[0].ID)
		got, err = st.ActiveAssignmentsFor(ctx, other.ID, now)
		require.NoError(t, err)
		assert.Len(t, got, 2)
	})
}
