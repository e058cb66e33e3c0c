package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

func newTeacher(t testing.TB, st *store.Store, email string) store.Teacher {
	t.Helper()
	tc := store.Teacher{Email: email, Name: "T", PasswordHash: "x"}
	require.NoError(t, st.CreateTeacher(context.Background(), &tc))
	return tc
}

func newClass(t testing.TB, st *store.Store, teacherID int64, name string) store.Class {
	t.Helper()
	c := store.Class{TeacherID: teacherID, Name: name}
	require.NoError(t, st.CreateClass(context.Background(), &c))
	return c
}

// newRoster creates a teacher (by email) and a class of n students named
// prefix0, prefix1…, and returns the students as stored.
func newRoster(t testing.TB, st *store.Store, email, prefix string, n int) []store.Student {
	t.Helper()
	ctx := context.Background()
	c := newClass(t, st, newTeacher(t, st, email).ID, "CE2")
	kids := make([]store.Student, n)
	for i := range kids {
		kids[i] = store.Student{DisplayName: fmt.Sprintf("%s%d", prefix, i), SecretKind: store.SecretPIN, SecretHash: "h"}
	}
	require.NoError(t, st.AddStudents(ctx, c.ID, kids))
	kids, err := st.StudentsOf(ctx, c.ID)
	require.NoError(t, err)
	return kids
}

func TestTeacherEmailIsUniqueIgnoringCase(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		newTeacher(t, st, "ana@school.test")
		dup := store.Teacher{Email: " ANA@School.test", Name: "A", PasswordHash: "x"}
		assert.ErrorIs(t, st.CreateTeacher(context.Background(), &dup), store.ErrConflict)
		got, err := st.TeacherByEmail(context.Background(), "Ana@school.TEST")
		require.NoError(t, err)
		assert.Equal(t, "ana@school.test", got.Email)
		_, err = st.TeacherByEmail(context.Background(), "nobody@school.test")
		assert.ErrorIs(t, err, store.ErrNotFound)
	})
}

func TestArchivedClassCodeNoLongerFindsTheClass(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		c := newClass(t, st, newTeacher(t, st, "a@s.test").ID, "CE2")
		require.Len(t, c.Code, store.ClassCodeLength)
		_, err := st.ClassByCode(ctx, c.Code)
		require.NoError(t, err)
		require.NoError(t, st.ArchiveClass(ctx, c.ID, time.Now()))
		_, err = st.ClassByCode(ctx, c.Code)
		assert.ErrorIs(t, err, store.ErrNotFound)
		active, err := st.ClassesOf(ctx, c.TeacherID, false)
		require.NoError(t, err)
		assert.Empty(t, active)
		all, err := st.ClassesOf(ctx, c.TeacherID, true)
		require.NoError(t, err)
		assert.Len(t, all, 1)
	})
}

func TestAddStudentsIsAllOrNothing(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		c := newClass(t, st, newTeacher(t, st, "a@s.test").ID, "CE2")
		mk := func(name string) store.Student {
			return store.Student{DisplayName: name, SecretKind: store.SecretPIN, SecretHash: "h"}
		}
		require.NoError(t, st.AddStudents(ctx, c.ID, []store.Student{mk("Léa"), mk("Tom")}))
		err := st.AddStudents(ctx, c.ID, []store.Student{mk("Zoé"), mk("Léa")})
		assert.ErrorIs(t, err, store.ErrConflict)
		got, err := st.StudentsOf(ctx, c.ID)
		require.NoError(t, err)
		require.Len(t, got, 2)
		assert.Equal(t, "green", got[0].Level)
	})
}
