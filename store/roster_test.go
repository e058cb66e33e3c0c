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

// rosterWorld is a teacher with a class of three (Léa has played and has
// a parent linked) and an empty second class.
type rosterWorld struct {
	teacher         store.Teacher
	from, to        store.Class
	lea, tom, zoe   store.Student
	parent          store.Parent
	attempts, facts int
}

func newRosterWorld(t *testing.T, st *store.Store, email string) rosterWorld {
	t.Helper()
	ctx := context.Background()
	var w rosterWorld
	w.teacher = newTeacher(t, st, email)
	w.from = newClass(t, st, w.teacher.ID, "CE1")
	w.to = newClass(t, st, w.teacher.ID, "CE2")
	kids := []store.Student{
		{DisplayName: "Léa", SecretKind: store.SecretPIN, SecretHash: "h"},
		{DisplayName: "Tom", SecretKind: store.SecretPIN, SecretHash: "h"},
		{DisplayName: "Zoé", SecretKind: store.SecretPictures, SecretHash: "h"},
	}
	require.NoError(t, st.AddStudents(ctx, w.from.ID, kids))
	w.lea, w.tom, w.zoe = kids[0], kids[1], kids[2]

	now := time.Now().UTC().Truncate(time.Second)
	ps := store.PlaySession{StudentID: w.lea.ID, Plan: "{}", StartedAt: now.Add(-time.Hour)}
	require.NoError(t, st.CreatePlaySession(ctx, &ps))
	n, err := st.RecordAttempts(ctx, []store.Attempt{
		{StudentID: w.lea.ID, PlaySessionID: ps.ID, Game: "cube", Level: "green", A: 3, B: 4, Given: ptr(12), Correct: true, Kind: "answer", Seq: 1, At: now.Add(-50 * time.Minute)},
		{StudentID: w.lea.ID, PlaySessionID: ps.ID, Game: "cube", Level: "green", A: 3, B: 5, Given: ptr(14), Correct: false, Kind: "answer", Seq: 2, At: now.Add(-49 * time.Minute)},
	})
	require.NoError(t, err)
	require.EqualValues(t, 2, n)
	w.attempts = 2
	facts, err := st.FactStatsOf(ctx, w.lea.ID)
	require.NoError(t, err)
	w.facts = len(facts)
	require.NotZero(t, w.facts)

	w.parent = store.Parent{Email: "p-" + email, Name: "P", PasswordHash: "x"}
	require.NoError(t, st.CreateParent(ctx, &w.parent))
	require.NoError(t, st.CreateParentCode(ctx, &store.ParentCode{StudentID: w.lea.ID, CodeHash: "code-" + email, CreatedBy: w.teacher.ID, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}))
	_, err = st.RedeemParentCode(ctx, "code-"+email, w.parent.ID, now)
	require.NoError(t, err)
	return w
}

// historyKept checks that Léa's attempts, statistics and parent link are
// all still hers.
func (w rosterWorld) historyKept(t *testing.T, st *store.Store) {
	t.Helper()
	ctx := context.Background()
	att, err := st.AttemptsOf(ctx, w.lea.ID, time.Time{})
	require.NoError(t, err)
	assert.Len(t, att, w.attempts)
	facts, err := st.FactStatsOf(ctx, w.lea.ID)
	require.NoError(t, err)
	assert.Len(t, facts, w.facts)
	weeks, err := st.WeeksOf(ctx, w.lea.ID)
	require.NoError(t, err)
	assert.NotEmpty(t, weeks)
	linked, err := st.IsLinked(ctx, w.parent.ID, w.lea.ID)
	require.NoError(t, err)
	assert.True(t, linked)
}

func names(t *testing.T, st *store.Store, classID int64) []string {
	t.Helper()
	kids, err := st.StudentsOf(context.Background(), classID)
	require.NoError(t, err)
	out := []string{}
	for _, k := range kids {
		out = append(out, k.DisplayName)
	}
	return out
}

func TestMovingStudentsKeepsTheirHistory(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		w := newRosterWorld(t, st, "move@s.test")
		require.NoError(t, st.MoveStudents(ctx, w.from.ID, w.to.ID, []int64{w.lea.ID}))
		assert.Equal(t, []string{"Tom", "Zoé"}, names(t, st, w.from.ID))
		assert.Equal(t, []string{"Léa"}, names(t, st, w.to.ID))
		moved, err := st.Student(ctx, w.lea.ID)
		require.NoError(t, err)
		assert.Equal(t, w.to.ID, moved.ClassID)
		assert.Equal(t, "h", moved.SecretHash, "her PIN stays")
		w.historyKept(t, st)
	})
}

func TestAMoveIsAllOrNothing(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		w := newRosterWorld(t, st, "all@s.test")
		require.NoError(t, st.AddStudents(ctx, w.to.ID, []store.Student{{DisplayName: "Zoé", SecretKind: store.SecretPIN, SecretHash: "h"}}))

		err := st.MoveStudents(ctx, w.from.ID, w.to.ID, []int64{w.tom.ID, w.zoe.ID})
		assert.ErrorIs(t, err, store.ErrConflict, "the other class has a Zoé")
		assert.Equal(t, []string{"Léa", "Tom", "Zoé"}, names(t, st, w.from.ID), "Tom did not move either")

		other := newClass(t, st, w.teacher.ID, "CM1")
		err = st.MoveStudents(ctx, other.ID, w.to.ID, []int64{w.tom.ID})
		assert.ErrorIs(t, err, store.ErrNotFound, "Tom is not in CM1")
		err = st.MoveStudents(ctx, w.from.ID, w.to.ID, []int64{w.tom.ID, 999999})
		assert.ErrorIs(t, err, store.ErrNotFound, "no such student")
		err = st.MoveStudents(ctx, w.from.ID, 999999, []int64{w.tom.ID})
		assert.ErrorIs(t, err, store.ErrNotFound, "no such class")
		assert.Equal(t, []string{"Léa", "Tom", "Zoé"}, names(t, st, w.from.ID))
	})
}

func TestANewSchoolYearCarriesTheChildrenOver(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		w := newRosterWorld(t, st, "year@s.test")
		at := time.Date(2026, 9, 1, 8, 0, 0, 0, time.UTC)
		next := store.Class{TeacherID: w.teacher.ID, Name: "CE2 2026-2027", CreatedAt: at}
		// Zoé leaves the school: she stays in last year's class.
		require.NoError(t, st.NewSchoolYear(ctx, w.from.ID, &next, []int64{w.lea.ID, w.tom.ID}, true, at))
		require.NotZero(t, next.ID)
		assert.Len(t, next.Code, store.ClassCodeLength)
		assert.NotEqual(t, w.from.Code, next.Code)
		assert.Equal(t, []string{"Léa", "Tom"}, names(t, st, next.ID))
		assert.Equal(t, []string{"Zoé"}, names(t, st, w.from.ID))
		w.historyKept(t, st)

		old, err := st.Class(ctx, w.from.ID)
		require.NoError(t, err)
		require.NotNil(t, old.ArchivedAt, "last year's class is archived")
		assert.True(t, old.ArchivedAt.Equal(at))
		_, err = st.ClassByCode(ctx, w.from.Code)
		assert.ErrorIs(t, err, store.ErrNotFound, "its code is closed")
		found, err := st.ClassByCode(ctx, next.Code)
		require.NoError(t, err)
		assert.Equal(t, next.ID, found.ID)

		// Without archiving, the old class stays open.
		again := store.Class{TeacherID: w.teacher.ID, Name: "CM1", CreatedAt: at}
		require.NoError(t, st.NewSchoolYear(ctx, w.to.ID, &again, nil, false, at))
		kept, err := st.Class(ctx, w.to.ID)
		require.NoError(t, err)
		assert.Nil(t, kept.ArchivedAt)
	})
}

func TestANewSchoolYearThatFailsLeavesNoClass(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		w := newRosterWorld(t, st, "fail@s.test")
		before, err := st.ClassesOf(ctx, w.teacher.ID, true)
		require.NoError(t, err)
		next := store.Class{TeacherID: w.teacher.ID, Name: "CE2", CreatedAt: time.Now()}
		// Tom is listed, and a student of another class too.
		stranger := newRoster(t, st, "other@s.test", "kid", 1)[0]
		err = st.NewSchoolYear(ctx, w.from.ID, &next, []int64{w.tom.ID, stranger.ID}, true, time.Now())
		assert.ErrorIs(t, err, store.ErrNotFound)
		assert.Zero(t, next.ID)
		after, err := st.ClassesOf(ctx, w.teacher.ID, true)
		require.NoError(t, err)
		assert.Equal(t, before, after, "no class created, none archived")
		assert.Equal(t, []string{"Léa", "Tom", "Zoé"}, names(t, st, w.from.ID))

		// A code already taken (given on purpose) is a conflict, not a retry.
		taken := store.Class{TeacherID: w.teacher.ID, Name: "CE2", Code: w.to.Code, CreatedAt: time.Now()}
		assert.ErrorIs(t, st.NewSchoolYear(ctx, w.from.ID, &taken, []int64{w.tom.ID}, true, time.Now()), store.ErrConflict)
		assert.Equal(t, []string{"Léa", "Tom", "Zoé"}, names(t, st, w.from.ID))
	})
}
