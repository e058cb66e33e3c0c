package server_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/server"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

func answer(seq int64, a, b, given int) map[string]any {
	return map[string]any{"seq": seq, "a": a, "b": b, "given": given, "response_ms": 1500, "kind": "answer"}
}

func storedAttempts(t testing.TB, st *store.Store, studentID int64) int {
	t.Helper()
	got, err := st.AttemptsOf(context.Background(), studentID, time.Time{})
	require.NoError(t, err)
	return len(got)
}

func TestAnswersAreStoredOnceAndJudgedByTheServer(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		s := e.newSchool(t)
		d := newDrill(t, e, s.student)
		body := d.next(t, 3)
		given := body["attempts"].([]map[string]any)
		given[1]["given"] = given[1]["given"].(int) + 1 // wrong
		given[2]["given"] = nil                         // the timer ran out
		res := e.must(t, http.StatusOK, req{Method: "POST", Path: d.path, Token: s.student, Body: body})
		assert.EqualValues(t, 3, res.JSON["stored"])
		assert.EqualValues(t, 0, res.JSON["duplicates"])
		again := e.must(t, http.StatusOK, req{Method: "POST", Path: d.path, Token: s.student, Body: body})
		assert.EqualValues(t, 0, again.JSON["stored"], "a resent batch stores nothing")
		assert.EqualValues(t, 3, again.JSON["duplicates"])
		assert.Equal(t, res.JSON["questions"], again.JSON["questions"], "and is answered with the same questions")

		got, err := st.AttemptsOf(context.Background(), s.studentID, time.Time{})
		require.NoError(t, err)
		require.Len(t, got, 3)
		assert.Equal(t, []bool{true, false, false}, []bool{got[0].Correct, got[1].Correct, got[2].Correct})
		assert.Nil(t, got[2].Given)
	})
}

func TestBadAnswersGetA4xxJSONErrorAndWriteNothing(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		s := e.newSchool(t)
		d := newDrill(t, e, s.student)
		path := d.path
		with := func(k string, v any) map[string]any {
			a := answer(0, 7, 8, 56)
			if v == nil {
				delete(a, k)
			} else {
				a[k] = v
			}
			return map[string]any{"attempts": []map[string]any{a}}
		}
		many := make([]map[string]any, 101)
		for i := range many {
			many[i] = answer(int64(i+1), 3, 4, 12)
		}
		tests := []struct {
			name   string
			body   any
			status int
			code   string
		}{
			{"the client says it is correct", map[string]any{"attempts": []map[string]any{{"seq": 0, "a": 7, "b": 8, "given": 1, "response_ms": 900, "kind": "answer", "correct": true}}}, 400, "unknown_field"},
			{"no attempts", map[string]any{"attempts": []any{}}, 400, "required"},
			{"a bare array", `[{"seq":0}]`, 400, "wrong_type"},
			{"factor 0", with("a", 0), 400, "out_of_range"},
			{"factor 13", with("b", 13), 400, "out_of_range"},
			{"negative seq", with("seq", -1), 400, "out_of_range"},
			{"seq past 2^53", with("seq", int64(1)<<60), 400, "out_of_range"},
			{"zero response time", with("response_ms", 0), 400, "out_of_range"},
			{"an hour to answer", with("response_ms", 3_600_000), 400, "out_of_range"},
			{"a huge given", `{"attempts":[{"seq":0,"a":2,"b":2,"given":1e30,"response_ms":900,"kind":"answer"}]}`, 400, "wrong_type"},
			{"a negative given", with("given", -4), 400, "out_of_range"},
			{"a fractional factor", with("a", 2.5), 400, "wrong_type"},
			{"a string factor", with("a", "7"), 400, "wrong_type"},
			{"missing kind", with("kind", nil), 400, "required"},
			{"missing response time", with("response_ms", nil), 400, "required"},
			{"another kind", with("kind", "capture"), 400, "bad_attempt_kind"},
			{"a seq twice", map[string]any{"attempts": []map[string]any{answer(4, 2, 3, 6), answer(4, 2, 4, 8)}}, 400, "duplicate_seq"},
			{"too many", map[string]any{"attempts": many}, 400, "too_many_attempts"},
			{"deep nesting", `{"attempts":` + strings.Repeat("[", 5000) + strings.Repeat("]", 5000) + `}`, 400, "wrong_type"},
			{"a round of 101", map[string]any{"attempts": []map[string]any{answer(1, 2, 2, 4)}, "questions": 101}, 400, "out_of_range"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				res := e.do(t, req{Method: "POST", Path: path, Token: s.student, Body: tt.body})
				assert.Equal(t, tt.status, res.Status, "%s", res.Raw)
				assert.Equal(t, tt.code, res.errCode(), "%s", res.Raw)
			})
		}
		assert.Zero(t, storedAttempts(t, st, s.studentID), "nothing was written")
	})
}

func TestAnswersToAnEndedSessionAreRefused(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		s := e.newSchool(t)
		d := newDrill(t, e, s.student)
		require.NoError(t, st.EndPlaySession(context.Background(), d.id, time.Now()))
		res := e.do(t, req{Method: "POST", Path: d.path, Token: s.student, Body: d.next(t, 2)})
		assert.Equal(t, http.StatusConflict, res.Status)
		assert.Equal(t, "session_ended", res.errCode())
		assert.Zero(t, storedAttempts(t, st, s.studentID))
	})
}

func TestAnswersAreRateLimitedPerStudent(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st, func(c *server.Config) { c.IngestLimit = server.IngestLimit{Rate: 2, Burst: 10} })
	s := e.newSchool(t)
	d := newDrill(t, e, s.student)
	d.send(t, 10)
	res := e.do(t, req{Method: "POST", Path: d.path, Token: s.student, Body: d.answers(t, 4)})
	assert.Equal(t, http.StatusTooManyRequests, res.Status)
	assert.Equal(t, "2", res.Header.Get("Retry-After"), "4 answers at 2 a second")
	assert.Equal(t, 10, storedAttempts(t, st, s.studentID), "the refused batch was not written")

	other := newDrill(t, e, s.otherStudent)
	other.send(t, 10)

	e.advance(2 * time.Second)
	d.send(t, 4)
}
