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

// adultsAboutStudent: the student's teacher and linked parent; other adults
// find nothing; students are refused (the adults' views of a child).
func adultsAboutStudent(status int) expect {
	return expect{"anonymous": 401, "otherStudent": 403, "otherParent": 404, "otherTeacher": 404, "student": 403, "parent": status, "teacher": status}
}

func classOf(s school) int64   { return s.classID }
func studentOf(s school) int64 { return s.studentID }

func pagePath(format string, id func(school) int64) func(school) string {
	return func(s school) string { return fmt.Sprintf(format, id(s)) }
}

// made holds the assignment and game each school's matrix row works on:
// the row's body function (called before its path) creates them once. The
// key carries the teacher's token because the matrix runs on SQLite and on
// PostgreSQL, whose fresh schemas hand out the same ids.
var made = struct {
	sync.Mutex
	assignment map[madeKey]int64 // by class id
	game       map[madeKey]int64 // by student id
}{assignment: map[madeKey]int64{}, game: map[madeKey]int64{}}

type madeKey struct {
	school string // the teacher's token: one per database run
	id     int64
}

// withAssignment creates one assignment of the teacher's class, then sends body.
func withAssignment(body any) func(*testing.T, *env, school, string) any {
	return func(t *testing.T, e *env, s school, _ string) any {
		made.Lock()
		_, ok := made.assignment[madeKey{s.teacher, s.classID}]
		made.Unlock()
		if !ok {
			res := e.must(t, 201, req{Method: "POST", Path: fmt.Sprintf("/api/v1/classes/%d/assignments", s.classID), Token: s.teacher, Body: map[string]any{"level": "violet"}})
			made.Lock()
			made.assignment[madeKey{s.teacher, s.classID}] = num(t, res.JSON["id"])
			made.Unlock()
		}
		return body
	}
}

func assignmentPath(suffix string) func(school) string {
	return func(s school) string {
		made.Lock()
		defer made.Unlock()
		return fmt.Sprintf("/api/v1/assignments/%d%s", made.assignment[madeKey{s.teacher, s.classID}], suffix)
	}
}

// withGame stores one game with an event and an attempt for the student.
func withGame(t *testing.T, e *env, s school, _ string) any {
	made.Lock()
	defer made.Unlock()
	if _, ok := made.game[madeKey{s.teacher, s.studentID}]; !ok {
		made.game[madeKey{s.teacher, s.studentID}] = newStoredGame(t, e.st, s.studentID, e.clock())
	}
	return nil
}

func gamePath(format string) func(school) string {
	return func(s school) string {
		made.Lock()
		defer made.Unlock()
		return fmt.Sprintf(format, made.game[madeKey{s.teacher, s.studentID}])
	}
}

// newStoredGame writes a session, a game, two moves' events and an attempt
// directly through the store.
func newStoredGame(t testing.TB, st *store.Store, studentID int64, now time.Time) int64 {
	t.Helper()
	ctx := context.Background()
	ps := store.PlaySession{StudentID: studentID, Plan: `{"level":{"name":"green","tables":[2,3,4,5]},"timer":{"enabled":true}}`, StartedAt: now.Add(-time.Hour)}
	require.NoError(t, st.CreatePlaySession(ctx, &ps))
	g := store.Game{PlaySessionID: ps.ID, Game: "cube", Seats: "[]", State: "{}", Status: "playing", CreatedAt: ps.StartedAt, UpdatedAt: ps.StartedAt}
	require.NoError(t, st.CreateGame(ctx, &g))
	first, second := ps.StartedAt.Add(time.Minute), ps.StartedAt.Add(2*time.Minute)
	_, err := st.SaveMove(ctx, store.Move{GameID: g.ID, FromVersion: 0, State: "{}", Status: "playing", At: first,
		Events: []store.GameEvent{{At: first, Event: `{"at":0,"seat":-1,"type":"deal"}`}}})
	require.NoError(t, err)
	given, ms := 21, int64(2300)
	_, err = st.SaveMove(ctx, store.Move{GameID: g.ID, FromVersion: 1, State: "{}", Status: "playing", At: second,
		Events:   []store.GameEvent{{At: second, Event: `{"at":60000,"seat":0,"type":"answer","data":{"a":3,"b":7,"given":21}}`}},
		Attempts: []store.Attempt{{StudentID: studentID, PlaySessionID: ps.ID, GameID: &g.ID, Game: "cube", Level: "green", A: 3, B: 7, Given: &given, Correct: true, Kind: "answer", ResponseMS: &ms, Seq: 1, At: second}}})
	require.NoError(t, err)
	return g.ID
}
