package server_test

import (
	"context"
	"fmt"
	"net/http"
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
var practiceSessions sync.Map // student token → *drill

// openPractice opens (once) the matrix student's practice session and
// returns a body answering its first question.
func openPractice(t testing.TB, e *env, s school) any {
	t.Helper()
	d, ok := practiceSessions.Load(s.student)
	if !ok {
		d, _ = practiceSessions.LoadOrStore(s.student, newDrill(t, e, s.student))
	}
	return d.(*drill).next(t, 1)
}

func practicePath(s school) string {
	d, ok := practiceSessions.Load(s.student)
	if !ok {
		return "/api/v1/play/sessions/0/attempts"
	}
	return d.(*drill).path
}

// drill is a practice session a test answers as a child would: the
// questions the server asked, in order, right, each after 1.5 s of the
// test's clock.
type drill struct {
	e       *env
	token   string
	id      int64
	path    string
	waiting []any // the questions the server waits for
}

// newDrill opens a practice session with rounds of 100 questions.
func newDrill(t testing.TB, e *env, token string) *drill {
	t.Helper()
	res := e.must(t, http.StatusCreated, req{Method: "POST", Path: "/api/v1/practice/sessions", Token: token, Body: map[string]any{"questions": 100}})
	return drillOf(t, e, token, res)
}

// drillOf is the drill of a practice session just opened (res).
func drillOf(t testing.TB, e *env, token string, res response) *drill {
	t.Helper()
	id := num(t, res.JSON["id"])
	d := &drill{e: e, token: token, id: id, path: fmt.Sprintf("/api/v1/play/sessions/%d/attempts", id)}
	d.took(t, res)
	return d
}

// next is a body answering the next n waiting questions; the test's clock
// moves on by the child's time to answer them. The questions still wait
// until took reads an answer.
func (d *drill) next(t testing.TB, n int) map[string]any {
	t.Helper()
	d.e.advance(time.Duration(n) * 1500 * time.Millisecond)
	return d.answers(t, n)
}

// answers is next without the time passing.
func (d *drill) answers(t testing.TB, n int) map[string]any {
	t.Helper()
	require.GreaterOrEqual(t, len(d.waiting), n, "questions waiting")
	out := make([]map[string]any, n)
	for i := range out {
		q := d.waiting[i].(map[string]any)
		a, b := int(num(t, q["a"])), int(num(t, q["b"]))
		out[i] = map[string]any{"seq": num(t, q["seq"]), "a": a, "b": b, "given": a * b, "response_ms": 1500, "kind": "answer"}
	}
	return map[string]any{"attempts": out}
}

// took reads the questions waiting after a 2xx answer.
func (d *drill) took(t testing.TB, res response) {
	t.Helper()
	if res.Status/100 == 2 {
		qs, ok := res.JSON["questions"].([]any)
		require.True(t, ok, "the answer carries the questions waiting: %s", res.Raw)
		d.waiting = qs
	}
}

// send answers the next n questions and requires them stored.
func (d *drill) send(t testing.TB, n int) response {
	t.Helper()
	res := d.e.must(t, http.StatusOK, req{Method: "POST", Path: d.path, Token: d.token, Body: d.next(t, n)})
	require.EqualValues(t, n, res.JSON["stored"], "%s", res.Raw)
	d.took(t, res)
	return res
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
