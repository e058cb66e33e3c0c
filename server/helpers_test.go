package server_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/bcrypt"

	"github.com/multipli/multipli/server"
	"github.com/multipli/multipli/store"
)

// testKey is a signing key for tests only.
var testKey = []byte("test-key-test-key-test-key-test-key!")

// env is a server under test with a clock the test moves.
type env struct {
	st  *store.Store
	srv *server.Server
	mu  sync.Mutex
	now time.Time
}

func newEnv(t testing.TB, st *store.Store, tweak ...func(*server.Config)) *env {
	t.Helper()
	e := &env{st: st, now: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
	// Tests create many accounts from one address at one instant; the
	// sign-up limit has tests of its own (login_policy_test.go).
	cfg := server.Config{SecretKey: testKey, BcryptCost: bcrypt.MinCost, Now: e.clock, Throttle: server.Throttle{Signup: 1 << 20}}
	for _, f := range tweak {
		f(&cfg)
	}
	e.srv = server.New(cfg, st, nil)
	return e
}

func (e *env) clock() time.Time {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.now
}

func (e *env) advance(d time.Duration) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.now = e.now.Add(d)
}

// response is a recorded answer with its JSON decoded.
type response struct {
	Status int
	Header http.Header
	Raw    []byte
	JSON   map[string]any
}

// errCode is the "error.code" of a refusal ("" when none).
func (r response) errCode() string {
	e, _ := r.JSON["error"].(map[string]any)
	code, _ := e["code"].(string)
	return code
}

func (r response) String() string { return fmt.Sprintf("%d %s", r.Status, r.Raw) }

// req describes one request; Body is JSON-encoded unless it is a string
// (sent as is) or nil.
type req struct {
	Method, Path string
	Body         any
	Token        string
	Header       map[string]string
	Cookies      []*http.Cookie
}

func (e *env) do(t testing.TB, r req) response {
	t.Helper()
	var body io.Reader
	switch b := r.Body.(type) {
	case nil:
	case string:
		body = strings.NewReader(b)
	case []byte:
		body = bytes.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		require.NoError(t, err)
		body = bytes.NewReader(raw)
	}
	hr := httptest.NewRequest(r.Method, r.Path, body)
	if body != nil {
		hr.Header.Set("Content-Type", "application/json")
	}
	if r.Token != "" {
		hr.Header.Set("Authorization", "Bearer "+r.Token)
	}
	for k, v := range r.Header {
		hr.Header.Set(k, v)
	}
	for _, c := range r.Cookies {
		hr.AddCookie(c)
	}
	rec := httptest.NewRecorder()
	e.srv.Handler().ServeHTTP(rec, hr)
	out := response{Status: rec.Code, Header: rec.Header(), Raw: rec.Body.Bytes()}
	if strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") && rec.Body.Len() > 0 {
		require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &out.JSON), "answer is JSON: %s", rec.Body.String())
	}
	return out
}

// must does a request and requires the status.
func (e *env) must(t testing.TB, status int, r req) response {
	t.Helper()
	res := e.do(t, r)
	require.Equal(t, status, res.Status, "%s %s: %s", r.Method, r.Path, res.Raw)
	return res
}

func num(t testing.TB, v any) int64 {
	t.Helper()
	f, ok := v.(float64)
	require.True(t, ok, "%v is a number", v)
	return int64(f)
}

// school is a small world: two teachers with a class each, one student in
// each class (PIN 1234), one parent linked to each student.
type school struct {
	teacher, otherTeacher string // tokens
	parent, otherParent   string
	student, otherStudent string
	teacherEmail          string
	classID, otherClassID int64
	classCode             string
	studentID, otherID    int64
	spareStudentID        int64 // in the teacher's class, linked to nobody
	parentID              int64 // the parent's account, linked to studentID
}

var schoolSeq struct {
	sync.Mutex
	n int
}

func uniqueEmail(prefix string) string {
	schoolSeq.Lock()
	defer schoolSeq.Unlock()
	schoolSeq.n++
	return fmt.Sprintf("%s%d@school.test", prefix, schoolSeq.n)
}

// signup creates an account and signs in with it (a sign-up answers the
// same whether the e-mail was free or not, and signs nobody in).
func (e *env) signup(t testing.TB, role, email string) string {
	t.Helper()
	e.must(t, http.StatusAccepted, req{Method: "POST", Path: "/api/v1/" + role + "s",
		Body: map[string]string{"email": email, "password": "correct horse battery", "name": "N " + email}})
	res := e.must(t, http.StatusOK, req{Method: "POST", Path: "/api/v1/auth/" + role,
		Body: map[string]string{"email": email, "password": "correct horse battery"}})
	return res.JSON["token"].(string)
}

// classWithStudent creates a class and students, the first with PIN 1234.
func (e *env) classWithStudent(t testing.TB, teacher string, names string) (classID int64, code string, ids []int64) {
	t.Helper()
	c := e.must(t, http.StatusCreated, req{Method: "POST", Path: "/api/v1/classes", Token: teacher, Body: map[string]string{"name": "CE2"}})
	classID, code = num(t, c.JSON["id"]), c.JSON["code"].(string)
	s := e.must(t, http.StatusCreated, req{Method: "POST", Path: fmt.Sprintf("/api/v1/classes/%d/students", classID), Token: teacher,
		Body: map[string]string{"names": names}})
	for _, st := range s.JSON["students"].([]any) {
		ids = append(ids, num(t, st.(map[string]any)["id"]))
	}
	e.must(t, http.StatusOK, req{Method: "POST", Path: fmt.Sprintf("/api/v1/students/%d/secret", ids[0]), Token: teacher,
		Body: map[string]string{"kind": "pin", "pin": "1234"}})
	return classID, code, ids
}

func (e *env) linkParent(t testing.TB, teacher, parent string, studentID int64) {
	t.Helper()
	pc := e.must(t, http.StatusCreated, req{Method: "POST", Path: fmt.Sprintf("/api/v1/students/%d/parent-codes", studentID), Token: teacher})
	e.must(t, http.StatusCreated, req{Method: "POST", Path: "/api/v1/parent-links", Token: parent, Body: map[string]string{"code": pc.JSON["code"].(string)}})
}

func (e *env) studentLogin(t testing.TB, code string, id int64, pin string) response {
	t.Helper()
	return e.do(t, req{Method: "POST", Path: "/api/v1/auth/student", Body: map[string]any{"class_code": code, "student_id": id, "pin": pin}})
}

func (e *env) newSchool(t testing.TB) school {
	t.Helper()
	var s school
	s.teacherEmail = uniqueEmail("t")
	s.teacher = e.signup(t, "teacher", s.teacherEmail)
	s.otherTeacher = e.signup(t, "teacher", uniqueEmail("t"))
	var ids []int64
	s.classID, s.classCode, ids = e.classWithStudent(t, s.teacher, "Léa\nZoé")
	s.studentID, s.spareStudentID = ids[0], ids[1]
	otherClass, otherCode, otherIDs := e.classWithStudent(t, s.otherTeacher, "Tom")
	s.otherClassID, s.otherID = otherClass, otherIDs[0]
	s.parent = e.signup(t, "parent", uniqueEmail("p"))
	s.otherParent = e.signup(t, "parent", uniqueEmail("p"))
	e.linkParent(t, s.teacher, s.parent, s.studentID)
	s.parentID = int64(e.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/me", Token: s.parent}).JSON["id"].(float64))
	e.linkParent(t, s.otherTeacher, s.otherParent, s.otherID)
	s.student = e.must(t, http.StatusOK, e.studentReq(s.classCode, s.studentID, "1234")).JSON["token"].(string)
	s.otherStudent = e.must(t, http.StatusOK, e.studentReq(otherCode, s.otherID, "1234")).JSON["token"].(string)
	return s
}

func (e *env) studentReq(code string, id int64, pin string) req {
	return req{Method: "POST", Path: "/api/v1/auth/student", Body: map[string]any{"class_code": code, "student_id": id, "pin": pin}}
}
