package server_test

import (
	"context"
	"fmt"
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

func answer(seq int, a, b, given int) map[string]any {
	return map[string]any{"seq": seq, "a": a, "b": b, "given": given, "response_ms": 1500, "kind": "answer"}
}

func batch(from, n int) map[string]any {
	out := make([]map[string]any, n)
	for i := range out {
		out[i] = answer(from+i, 3, 4, 12)
	}
	return map[string]any{"attempts": out}
}

// practice opens a practice session as the student and returns its answers path.
func practice(t testing.TB, e *env, token string) string {
	t.Helper()
	res := e.must(t, http.StatusCreated, req{Method: "POST", Path: "/api/v1/practice/sessions", Token: token})
	return fmt.Sprintf("/api/v1/play/sessions/%d/attempts", num(t, res.JSON["id"]))
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
		path := practice(t, e, s.student)
		body := map[string]any{"attempts": []map[string]any{answer(0, 7, 8, 56), answer(1, 7, 8, 54), {"seq": 2, "a": 6, "b": 7, "given": nil, "response_ms": 8000, "kind": "answer"}}}
		res := e.must(t, http.StatusOK, req{Method: "POST", Path: path, Token: s.student, Body: body})
		assert.Equal(t, map[string]any{"stored": 3.0, "duplicates": 0.0}, res.JSON)
		res = e.must(t, http.StatusOK, req{Method: "POST", Path: path, Token: s.student, Body: body})
		assert.Equal(t, map[string]any{"stored": 0.0, "duplicates": 3.0}, res.JSON, "a resent batch stores nothing")

		got, err := st.AttemptsOf(context.Background(), s.studentID, time.Time{})
		require.NoError(t, err)
		require.Len(t, got, 3)
		assert.Equal(t, []bool{true, false, false}, []bool{got[0].Correct, got[1].Correct, got[2].Correct})
		stats, err := st.FactStatsOf(context.Background(), s.studentID)
		require.NoError(t, err)
		assert.Len(t, stats, 2, "the pedagogy saw 7×8 and 6×7")
	})
}

func TestBadAnswersGetA4xxJSONErrorAndWriteNothing(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		s := e.newSchool(t)
		path := practice(t, e, s.student)
		with := func(k string, v any) map[string]any {
			a := answer(0, 7, 8, 56)
			if v == nil {
				delete(a, k)
			} else {
				a[k] = v
			}
			return map[string]any{"attempts": []map[string]any{a}}
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
			{"too many", batch(0, 101), 400, "too_many_attempts"},
			{"deep nesting", `{"attempts":` + strings.Repeat("[", 5000) + strings.Repeat("]", 5000) + `}`, 400, "wrong_type"},
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
		path := practice(t, e, s.student)
		var id int64
		_, err := fmt.Sscanf(path, "/api/v1/play/sessions/%d/attempts", &id)
		require.NoError(t, err)
		require.NoError(t, st.EndPlaySession(context.Background(), id, time.Now()))
		res := e.do(t, req{Method: "POST", Path: path, Token: s.student, Body: batch(0, 2)})
		assert.Equal(t, http.StatusConflict, res.Status)
		assert.Equal(t, "session_ended", res.errCode())
		assert.Zero(t, storedAttempts(t, st, s.studentID))
	})
}

func TestAnswersAreRateLimitedPerStudent(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st, func(c *server.Config) { c.IngestLimit = server.IngestLimit{Rate: 2, Burst: 10} })
	s := e.newSchool(t)
	path := practice(t, e, s.student)
	e.must(t, http.StatusOK, req{Method: "POST", Path: path, Token: s.student, Body: batch(0, 10)})
	res := e.do(t, req{Method: "POST", Path: path, Token: s.student, Body: batch(10, 4)})
	assert.Equal(t, http.StatusTooManyRequests, res.Status)
	assert.Equal(t, "2", res.Header.Get("Retry-After"), "4 answers at 2 a second")
	assert.Equal(t, 10, storedAttempts(t, st, s.studentID), "the refused batch was not written")

	other := practice(t, e, s.otherStudent)
	e.must(t, http.StatusOK, req{Method: "POST", Path: other, Token: s.otherStudent, Body: batch(0, 10)})

	e.advance(2 * time.Second)
	e.must(t, http.StatusOK, req{Method: "POST", Path: path, Token: s.student, Body: batch(10, 4)})
}
