package server_test

import (
	"net/http"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/multipli/multipli/store/storetest"
)

// Every answer but the embedded files carries Cache-Control: no-store: the
// login's answer holds its token, the API's hold children's names and
// results, and neither a shared school computer's cache nor a proxy may
// keep them. The embedded files are revalidated (no-cache and an ETag).
func TestAnswersCarryingDataAreNeverStored(t *testing.T) {
	st := storetest.Open(t, filepath.Join(t.TempDir(), "multipli.db"))
	e := newEnv(t, st)
	s := e.newSchool(t)
	for _, r := range []req{
		{Method: "POST", Path: "/api/v1/auth/teacher", Body: map[string]string{"email": s.teacherEmail, "password": "correct horse battery"}},
		{Method: "POST", Path: "/api/v1/auth/teacher", Body: map[string]string{"email": s.teacherEmail, "password": "wrong"}},
		{Method: "POST", Path: "/api/v1/teachers", Body: map[string]string{"email": "new@school.test", "password": "correct horse battery", "name": "Ann"}},
		e.studentReq(s.classCode, s.studentID, "1234"),
		{Method: "GET", Path: "/api/v1/class-codes/" + s.classCode},
		{Method: "GET", Path: "/api/v1/me", Token: s.teacher},
		{Method: "GET", Path: "/api/v1/classes", Token: s.teacher},
		{Method: "GET", Path: "/api/v1/children", Token: s.parent},
		{Method: "GET", Path: "/api/v1/classes"}, // an error answer
		{Method: "GET", Path: "/readyz"},
	} {
		res := e.do(t, r)
		assert.Equal(t, "no-store", res.Header.Get("Cache-Control"), "%s %s → %d", r.Method, r.Path, res.Status)
	}
	res := e.must(t, http.StatusOK, req{Method: "GET", Path: "/static/login.js"})
	assert.Equal(t, "no-cache", res.Header.Get("Cache-Control"), "embedded files are revalidated")
	assert.NotEmpty(t, res.Header.Get("ETag"))
}
