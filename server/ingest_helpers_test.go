package server_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store"
)

// studentsAll: any student, on their own data.
func studentsAll(status int) expect {
	return expect{"anonymous": 401, "otherStudent": status, "otherParent": 403, "otherTeacher": 403, "student": status, "parent": 403, "teacher": 403}
}

// aboutStudentOnly: the student themself; another student finds nothing,
// the other roles are refused.
func aboutStudentOnly(status int) expect {
	return expect{"anonymous": 401, "otherStudent": 404, "otherParent": 403, "otherTeacher": 403, "student": status, "parent": 403, "teacher": 403}
}

// practiceSessions remembers the open practice session of each student of
// the matrix, so that a route's path can name it.
// Keyed by the student's token, unique across the test databases (ids are not).
var practiceSessions sync.Map // student token → session id

func openPractice(t testing.TB, e *env, s school) int64 {
	t.Helper()
	if id, ok := practiceSessions.Load(s.student); ok {
		return id.(int64)
	}
	ps := store.PlaySession{StudentID: s.studentID, Plan: "{}", StartedAt: time.Now()}
	require.NoError(t, e.st.CreatePlaySession(context.Background(), &ps))
	practiceSessions.Store(s.student, ps.ID)
	return ps.ID
}

func practicePath(s school) string {
	id, _ := practiceSessions.Load(s.student)
	return fmt.Sprintf("/api/v1/play/sessions/%v/attempts", id)
}

// dataSnapshot is what the write path keeps about a student.
type dataSnapshot struct {
	Attempts int
	Stats    []store.FactStat
	Weeks    []store.StudentWeek
}

func snapshotOf(t testing.TB, st *store.Store, studentID int64) dataSnapshot {
	t.Helper()
	ctx := context.Background()
	stats, err := st.FactStatsOf(ctx, studentID)
	require.NoError(t, err)
	weeks, err := st.WeeksOf(ctx, studentID)
	require.NoError(t, err)
	return dataSnapshot{Attempts: storedAttempts(t, st, studentID), Stats: stats, Weeks: weeks}
}
