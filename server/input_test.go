package server_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// countRows counts what a refused request must not have written.
func countRows(t testing.TB, st *store.Store, teacherToken string, e *env) (classes, students int) {
	t.Helper()
	res := e.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/classes?archived=true", Token: teacherToken})
	list := res.JSON["classes"].([]any)
	for _, c := range list {
		kids, err := st.StudentsOf(context.Background(), num(t, c.(map[string]any)["id"]))
		require.NoError(t, err)
		students += len(kids)
	}
	return len(list), students
}

func TestBadInputGetsA4xxJSONErrorAndWritesNothing(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		teacher := e.signup(t, "teacher", "t@school.test")
		classID, _, _ := e.classWithStudent(t, teacher, "Léa")
		studentsPath := fmt.Sprintf("/api/v1/classes/%d/students", classID)
		big := `{"name":"` + strings.Repeat("x", 1<<20) + `"}`

		tests := []struct {
			name   string
			r      req
			status int
			code   string
			field  string
		}{
			{"malformed JSON", req{Method: "POST", Path: "/api/v1/classes", Body: `{"name": "CE2"`}, 400, "bad_json", ""},
			{"not JSON at all", req{Method: "POST", Path: "/api/v1/classes", Body: `name=CE2`}, 400, "bad_json", ""},
			{"wrong type", req{Method: "POST", Path: "/api/v1/classes", Body: `{"name": 5}`}, 400, "wrong_type", "name"},
			{"missing field", req{Method: "POST", Path: "/api/v1/classes", Body: `{}`}, 400, "required", "name"},
			{"blank field", req{Method: "POST", Path: "/api/v1/classes", Body: `{"name": "   "}`}, 400, "required", "name"},
			{"unknown field", req{Method: "POST", Path: "/api/v1/classes", Body: `{"name": "CE2", "teacher_id": 2}`}, 400, "unknown_field", "teacher_id"},
			{"two values", req{Method: "POST", Path: "/api/v1/classes", Body: `{"name": "CE2"} {"name": "CM1"}`}, 400, "bad_json", ""},
			{"empty body", req{Method: "POST", Path: "/api/v1/classes", Body: ``, Header: map[string]string{"Content-Type": "application/json"}}, 400, "bad_json", ""},
			{"over 1 MiB", req{Method: "POST", Path: "/api/v1/classes", Body: big}, 413, "too_large", ""},
			{"not declared JSON", req{Method: "POST", Path: "/api/v1/classes", Body: `{"name":"CE2"}`, Header: map[string]string{"Content-Type": "text/plain"}}, 415, "unsupported_media_type", ""},
			{"name too long", req{Method: "POST", Path: "/api/v1/classes", Body: map[string]string{"name": strings.Repeat("é", 61)}}, 400, "too_long", "name"},
			{"duplicate names in a paste", req{Method: "POST", Path: studentsPath, Body: map[string]string{"names": "Tom\nNour\ntom"}}, 400, "duplicate_name", "names"},
			{"name already in class", req{Method: "POST", Path: studentsPath, Body: map[string]string{"names": "Nour\nLéa"}}, 400, "duplicate_name", "names"},
			{"bad secret kind", req{Method: "POST", Path: studentsPath, Body: map[string]string{"names": "Nour", "secret_kind": "emoji"}}, 400, "bad_kind", "secret_kind"},
			{"no names", req{Method: "POST", Path: studentsPath, Body: map[string]string{"names": " \n ; "}}, 400, "required", "names"},
			{"too many names", req{Method: "POST", Path: studentsPath, Body: map[string]string{"names": manyNames(61)}}, 400, "too_many", "names"},
			{"non-numeric id", req{Method: "GET", Path: "/api/v1/classes/abc"}, 400, "bad_id", "id"},
			{"unknown class", req{Method: "GET", Path: "/api/v1/classes/999999"}, 404, "not_found", ""},
			{"unknown route", req{Method: "GET", Path: "/api/v1/nothing-here"}, 404, "not_found", ""},
			{"wrong method", req{Method: "DELETE", Path: "/api/v1/classes"}, 405, "method_not_allowed", ""},
		}
		before, beforeStudents := countRows(t, st, teacher, e)
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				tt.r.Token = teacher
				res := e.do(t, tt.r)
				assert.Equal(t, tt.status, res.Status, "%s", res.Raw)
				assert.Equal(t, tt.code, res.errCode())
				if tt.field != "" {
					assert.Equal(t, tt.field, res.JSON["error"].(map[string]any)["field"])
				}
				assert.NotEmpty(t, res.JSON["error"].(map[string]any)["message"])
			})
		}
		after, afterStudents := countRows(t, st, teacher, e)
		assert.Equal(t, before, after, "no class was written")
		assert.Equal(t, beforeStudents, afterStudents, "no student was written")
	})
}

func manyNames(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "Child %d\n", i)
	}
	return b.String()
}

func TestSignupRefusesWeakAccountsAndWritesNothing(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		e.signup(t, "teacher", "taken@school.test")
		tests := []struct {
			name, email, password, code, field string
		}{
			{"short password", "a@school.test", "123456789", "password_too_short", "password"},
			{"too long password", "a@school.test", strings.Repeat("x", 73), "password_too_long", "password"},
			{"bad e-mail", "not-an-email", "correct horse battery", "bad_email", "email"},
			{"e-mail with a display name", "Ana <a@school.test>", "correct horse battery", "bad_email", "email"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				res := e.do(t, req{Method: "POST", Path: "/api/v1/teachers", Body: map[string]string{"email": tt.email, "password": tt.password, "name": "Ana"}})
				assert.Equal(t, http.StatusBadRequest, res.Status)
				assert.Equal(t, tt.code, res.errCode())
				_, err := st.TeacherByEmail(context.Background(), "a@school.test")
				assert.ErrorIs(t, err, store.ErrNotFound)
			})
		}
	})
}

func TestUnknownClassCodeIs404(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		for _, code := range []string{"ZZZZZZ", "abc", "TOOLONGCODE"} {
			res := e.do(t, req{Method: "GET", Path: "/api/v1/class-codes/" + code, Header: map[string]string{"Accept-Language": "fr-FR,fr;q=0.9"}})
			assert.Equal(t, http.StatusNotFound, res.Status)
			assert.Equal(t, "bad_code", res.errCode())
			assert.Contains(t, res.JSON["error"].(map[string]any)["message"], "Ce code", "the message is in the caller's language")
		}
		res := e.do(t, req{Method: "POST", Path: "/api/v1/auth/student", Body: map[string]any{"class_code": "ZZZZZZ", "student_id": 1, "pin": "1234"}})
		assert.Equal(t, http.StatusNotFound, res.Status)
		n, err := st.ClassesOf(context.Background(), 1, true)
		require.NoError(t, err)
		assert.Empty(t, n)
	})
}

// A body sent without Content-Length (chunked) is cut at 1 MiB while read.
func TestChunkedBodyOverTheLimitIs413(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	teacher := e.signup(t, "teacher", "t@school.test")
	big := `{"name":"` + strings.Repeat("x", 1<<20) + `"}`
	hr := httptest.NewRequest("POST", "/api/v1/classes", io.MultiReader(strings.NewReader(big)))
	hr.ContentLength = -1
	hr.Header.Set("Content-Type", "application/json")
	hr.Header.Set("Authorization", "Bearer "+teacher)
	rec := httptest.NewRecorder()
	e.srv.Handler().ServeHTTP(rec, hr)
	assert.Equal(t, http.StatusRequestEntityTooLarge, rec.Code, rec.Body.String())
	assert.Contains(t, rec.Body.String(), `"too_large"`)
	list := e.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/classes", Token: teacher})
	assert.Empty(t, list.JSON["classes"])
}
