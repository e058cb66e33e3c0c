package server_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// callers of the matrix, in the order they call each route: the owner of the
// data comes last, so a route that changes something (archive, logout)
// changes it after the refusals were checked.
var callers = []string{"anonymous", "otherStudent", "otherParent", "otherTeacher", "student", "parent", "teacher"}

func (s school) token(caller string) string {
	return map[string]string{
		"teacher": s.teacher, "otherTeacher": s.otherTeacher, "parent": s.parent, "otherParent": s.otherParent,
		"student": s.student, "otherStudent": s.otherStudent,
	}[caller]
}

// expect is the status each caller gets.
type expect map[string]int

// open: everyone, signed in or not.
func open(status int) expect {
	out := expect{}
	for _, c := range callers {
		out[c] = status
	}
	return out
}

// page: an HTML page sends anonymous callers (and expired logins) to the
// sign-in page, which brings them back (server/auth.go, signInFirst).
func page(e expect) expect {
	e["anonymous"] = http.StatusSeeOther
	return e
}

// signedIn: any role; anonymous callers are refused.
func signedIn(status int) expect {
	out := open(status)
	out["anonymous"] = http.StatusUnauthorized
	return out
}

// teacherOnly: the owning teacher; another teacher finds nothing (404),
// other roles are refused (403).
func teacherOnly(status int) expect {
	return expect{"anonymous": 401, "otherStudent": 403, "otherParent": 403, "otherTeacher": 404, "student": 403, "parent": 403, "teacher": status}
}

// teachersAll: any teacher, on their own data (no other's data involved).
func teachersAll(status int) expect {
	return expect{"anonymous": 401, "otherStudent": 403, "otherParent": 403, "otherTeacher": status, "student": 403, "parent": 403, "teacher": status}
}

func parentsAll(status int) expect {
	return expect{"anonymous": 401, "otherStudent": 403, "otherParent": status, "otherTeacher": 403, "student": 403, "parent": status, "teacher": 403}
}

// aboutStudent: the student's teacher, linked parent and themself; the
// others find nothing.
func aboutStudent(status int) expect {
	return expect{"anonymous": 401, "otherStudent": 404, "otherParent": 404, "otherTeacher": 404, "student": status, "parent": status, "teacher": status}
}

// matrixEntry is one route of the matrix: what each caller gets, and the
// request to send (path parameters filled from the school).
type matrixEntry struct {
	expect expect
	path   func(s school) string
	body   func(t *testing.T, e *env, s school, caller string) any
}

func classPath(suffix string) func(s school) string {
	return func(s school) string { return fmt.Sprintf("/api/v1/classes/%d%s", s.classID, suffix) }
}

func studentPath(suffix string) func(s school) string {
	return func(s school) string { return fmt.Sprintf("/api/v1/students/%d%s", s.studentID, suffix) }
}

func fixed(p string) func(school) string { return func(school) string { return p } }

func constBody(v any) func(*testing.T, *env, school, string) any {
	return func(*testing.T, *env, school, string) any { return v }
}

// matrix covers every route of the server. Adding a route without adding it
// here fails TestAuthorizationMatrixCoversEveryRoute.
var matrix = map[string]matrixEntry{
	"GET /healthz":                  {expect: open(200), path: fixed("/healthz")},
	"GET /readyz":                   {expect: open(200), path: fixed("/readyz")},
	"GET /api/v1/openapi.json":      {expect: open(200), path: fixed("/api/v1/openapi.json")},
	"GET /":                         {expect: open(200), path: fixed("/")},
	"GET /home":                     {expect: open(200), path: fixed("/home")},
	"GET /static/*":                 {expect: open(200), path: fixed("/static/style.css")},
	"GET /favicon.ico":              {expect: open(200), path: fixed("/favicon.ico")},
	"GET /i18n/:file":               {expect: open(200), path: fixed("/i18n/fr.json")},
	"GET /classes/:id/cards":        {expect: page(teacherOnly(200)), path: func(s school) string { return fmt.Sprintf("/classes/%d/cards", s.classID) }},
	"GET /classes/:id/letters.pdf":  {expect: page(teacherOnly(200)), path: func(s school) string { return fmt.Sprintf("/classes/%d/letters.pdf", s.classID) }},
	"GET /api/v1/me":                {expect: signedIn(200), path: fixed("/api/v1/me")},
	"POST /api/v1/auth/logout":      {expect: signedIn(204), path: fixed("/api/v1/auth/logout")},
	"GET /api/v1/class-codes/:code": {expect: open(200), path: func(s school) string { return "/api/v1/class-codes/" + s.classCode }},
	"POST /api/v1/teachers": {expect: open(202), path: fixed("/api/v1/teachers"), body: func(*testing.T, *env, school, string) any {
		return map[string]string{"email": uniqueEmail("new"), "password": "correct horse battery", "name": "New"}
	}},
	"POST /api/v1/parents": {expect: open(202), path: fixed("/api/v1/parents"), body: func(*testing.T, *env, school, string) any {
		return map[string]string{"email": uniqueEmail("new"), "password": "correct horse battery", "name": "New"}
	}},
	"POST /api/v1/auth/teacher": {expect: open(200), path: fixed("/api/v1/auth/teacher"), body: func(_ *testing.T, _ *env, s school, _ string) any {
		return map[string]string{"email": s.teacherEmail, "password": "correct horse battery"}
	}},
	"POST /api/v1/auth/parent": {expect: open(401), path: fixed("/api/v1/auth/parent"), body: func(*testing.T, *env, school, string) any {
		// An e-mail each: one account's guesses wait after the first few.
		return map[string]string{"email": uniqueEmail("nobody"), "password": "correct horse battery"}
	}},
	"POST /api/v1/auth/student": {expect: open(200), path: fixed("/api/v1/auth/student"), body: func(_ *testing.T, _ *env, s school, _ string) any {
		return map[string]any{"class_code": s.classCode, "student_id": s.studentID, "pin": "1234"}
	}},
	"POST /api/v1/auth/card": {expect: open(200), path: fixed("/api/v1/auth/card"), body: func(t *testing.T, e *env, s school, _ string) any {
		return map[string]string{"token": e.cardToken(t, s.teacher, s.classID, s.studentID)}
	}},
	"POST /api/v1/students/:id/unlock":       {expect: teacherOnly(204), path: studentPath("/unlock")},
	"GET /api/v1/classes":                    {expect: teachersAll(200), path: fixed("/api/v1/classes")},
	"POST /api/v1/classes":                   {expect: teachersAll(201), path: fixed("/api/v1/classes"), body: constBody(map[string]string{"name": "CM1"})},
	"GET /api/v1/classes/:id":                {expect: teacherOnly(200), path: classPath("")},
	"PATCH /api/v1/classes/:id":              {expect: teacherOnly(200), path: classPath(""), body: constBody(map[string]string{"name": "CE2 bis"})},
	"POST /api/v1/classes/:id/archive":       {expect: teacherOnly(200), path: classPath("/archive")},
	"GET /api/v1/classes/:id/students":       {expect: teacherOnly(200), path: classPath("/students")},
	"POST /api/v1/classes/:id/students":      {expect: teacherOnly(201), path: classPath("/students"), body: constBody(map[string]string{"names": "Nour"})},
	"GET /api/v1/students/:id":               {expect: aboutStudent(200), path: studentPath("")},
	"PATCH /api/v1/students/:id":             {expect: teacherOnly(200), path: studentPath(""), body: constBody(map[string]any{"no_timers": true})},
	"POST /api/v1/students/:id/secret":       {expect: teacherOnly(200), path: studentPath("/secret"), body: constBody(map[string]string{"kind": "pin", "pin": "1234"})},
	"POST /api/v1/students/:id/parent-codes": {expect: teacherOnly(201), path: studentPath("/parent-codes")},
	// The teacher calls last: the parent is unlinked after the refusals.
	"DELETE /api/v1/students/:id/parents/:parent_id": {expect: teacherOnly(204), path: func(s school) string {
		return fmt.Sprintf("/api/v1/students/%d/parents/%d", s.studentID, s.parentID)
	}},
	"GET /api/v1/children": {expect: parentsAll(200), path: fixed("/api/v1/children")},
	"POST /api/v1/parent-links": {expect: parentsAll(201), path: fixed("/api/v1/parent-links"), body: func(t *testing.T, e *env, s school, _ string) any {
		// A fresh code for the spare child, so every parent can redeem one.
		pc := e.must(t, 201, req{Method: "POST", Path: fmt.Sprintf("/api/v1/students/%d/parent-codes", s.spareStudentID), Token: s.teacher})
		return map[string]string{"code": pc.JSON["code"].(string)}
	}},

	// play
	"GET /api/v1/games":                  {expect: open(200), path: fixed("/api/v1/games")},
	"GET /api/v1/play/home":              {expect: studentsOnly(200), path: fixed("/api/v1/play/home")},
	"POST /api/v1/play/sessions":         {expect: studentsOnly(201), path: fixed("/api/v1/play/sessions"), body: constBody(map[string]any{"game": "potion"})},
	"POST /api/v1/play/sessions/:id/end": {expect: studentsOnly(404), path: fixed("/api/v1/play/sessions/999999/end")},
	"GET /api/v1/play/games/:id":         {expect: studentsOnly(404), path: fixed("/api/v1/play/games/999999")},
	"POST /api/v1/play/games/:id/open":   {expect: studentsOnly(404), path: fixed("/api/v1/play/games/999999/open")},
	"POST /api/v1/play/games/:id/moves":  {expect: studentsOnly(404), path: fixed("/api/v1/play/games/999999/moves"), body: constBody(map[string]any{"version": 0, "seq": 1, "move": map[string]string{"type": "draw"}})},
	"GET /api/v1/play/games/:id/ws":      {expect: studentsOnly(404), path: fixed("/api/v1/play/games/999999/ws")},
	"GET /student":                       {expect: open(200), path: fixed("/student")},
	"GET /play/:id":                      {expect: open(200), path: fixed("/play/1")},
	// A new student has mastered no level: no certificate yet.
	"GET /api/v1/play/collection":          {expect: studentsOnly(200), path: fixed("/api/v1/play/collection")},
	"GET /api/v1/play/certificates/:level": {expect: studentsOnly(404), path: fixed("/api/v1/play/certificates/green")},
	"GET /student/collection":              {expect: open(200), path: fixed("/student/collection")},

	// ingest
	"GET /api/v1/students/:id/export": {expect: teacherOnly(200), path: studentPath("/export")},
	"DELETE /api/v1/students/:id":     {expect: teacherOnly(204), path: studentPath("")},
	"POST /api/v1/practice/sessions":  {expect: studentsAll(201), path: fixed("/api/v1/practice/sessions"), body: constBody(map[string]any{"questions": 5})},
	"POST /api/v1/play/sessions/:id/attempts": {expect: aboutStudentOnly(200), path: practicePath, body: func(t *testing.T, e *env, s school, _ string) any {
		return openPractice(t, e, s)
	}},
	"GET /api/v1/play/sessions/:id/questions": {expect: aboutStudentOnly(200), path: func(s school) string {
		return strings.TrimSuffix(practicePath(s), "/attempts") + "/questions"
	}, body: func(t *testing.T, e *env, s school, _ string) any {
		openPractice(t, e, s)
		return nil
	}},

	// dashboards
	"GET /api/v1/classes/:id/assignments":           {expect: teacherOnly(200), path: classPath("/assignments")},
	"POST /api/v1/classes/:id/assignments":          {expect: teacherOnly(201), path: classPath("/assignments"), body: constBody(map[string]any{"tables": []int{7}})},
	"GET /api/v1/assignments/:id":                   {expect: teacherOnly(200), path: assignmentPath(""), body: withAssignment(nil)},
	"PATCH /api/v1/assignments/:id":                 {expect: teacherOnly(200), path: assignmentPath(""), body: withAssignment(map[string]any{"title": "Sevens"})},
	"POST /api/v1/assignments/:id/archive":          {expect: teacherOnly(200), path: assignmentPath("/archive"), body: withAssignment(nil)},
	"POST /api/v1/assignments/:id/unarchive":        {expect: teacherOnly(200), path: assignmentPath("/unarchive"), body: withAssignment(nil)},
	"GET /api/v1/students/:id/assignments":          {expect: aboutStudent(200), path: studentPath("/assignments")},
	"GET /api/v1/classes/:id/dashboard":             {expect: teacherOnly(200), path: classPath("/dashboard")},
	"GET /api/v1/classes/:id/heatmap":               {expect: teacherOnly(200), path: classPath("/heatmap")},
	"GET /api/v1/classes/:id/export/attempts.csv":   {expect: teacherOnly(200), path: classPath("/export/attempts.csv")},
	"GET /api/v1/classes/:id/export/fact-stats.csv": {expect: teacherOnly(200), path: classPath("/export/fact-stats.csv")},
	"GET /api/v1/students/:id/progress":             {expect: adultsAboutStudent(200), path: studentPath("/progress")},
	"GET /api/v1/students/:id/report":               {expect: adultsAboutStudent(200), path: studentPath("/report")},
	"GET /api/v1/games/:id/replay":                  {expect: adultsAboutStudent(200), path: gamePath("/api/v1/games/%d/replay"), body: withGame},
	"GET /dashboard":                                {expect: page(teachersAll(200)), path: fixed("/dashboard")},
	"GET /dashboard/classes/:id":                    {expect: page(teacherOnly(200)), path: pagePath("/dashboard/classes/%d", classOf)},
	"GET /dashboard/classes/:id/heatmap":            {expect: page(teacherOnly(200)), path: pagePath("/dashboard/classes/%d/heatmap", classOf)},
	"GET /dashboard/classes/:id/assignments":        {expect: page(teacherOnly(200)), path: pagePath("/dashboard/classes/%d/assignments", classOf)},
	"GET /dashboard/students/:id":                   {expect: page(teacherOnly(200)), path: pagePath("/dashboard/students/%d", studentOf)},
	"GET /dashboard/games/:id":                      {expect: page(teacherOnly(200)), path: gamePath("/dashboard/games/%d"), body: withGame},
	"GET /reports":                                  {expect: page(parentsAll(200)), path: fixed("/reports")},
	"GET /reports/students/:id":                     {expect: page(adultsAboutStudent(200)), path: pagePath("/reports/students/%d", studentOf)},

	// roster
	"POST /api/v1/classes/:id/roster/preview": {expect: teacherOnly(200), path: classPath("/roster/preview"), body: constBody(map[string]string{"text": "Nour\nLéa"})},
	"POST /api/v1/classes/:id/new-year":       {expect: teacherOnly(201), path: classPath("/new-year"), body: constBody(map[string]any{"name": "CM1 2027"})},
	"POST /api/v1/students/:id/move": {expect: teacherOnly(200), path: studentPath("/move"), body: func(t *testing.T, e *env, s school, _ string) any {
		c := e.must(t, 201, req{Method: "POST", Path: "/api/v1/classes", Token: s.teacher, Body: map[string]string{"name": "CM1"}})
		return map[string]any{"class_id": num(t, c.JSON["id"])}
	}},
	"GET /classes/:id/roster": {expect: page(teacherOnly(200)), path: func(s school) string { return fmt.Sprintf("/classes/%d/roster", s.classID) }},
}

func TestAuthorizationMatrixCoversEveryRoute(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	routes := newEnv(t, st).srv.Routes()
	declared := map[string]bool{}
	for _, r := range routes {
		key := r.Method + " " + r.Path
		declared[key] = true
		assert.Contains(t, matrix, key, "route %s has no entry in the authorization matrix", key)
	}
	for key := range matrix {
		assert.True(t, declared[key], "matrix entry %s is not a route", key)
	}
}

func TestAuthorizationMatrix(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		for key, entry := range matrix {
			method, _, _ := strings.Cut(key, " ")
			t.Run(key, func(t *testing.T) {
				e := newEnv(t, st)
				s := e.newSchool(t)
				require.Len(t, entry.expect, len(callers), "every caller has an expectation")
				for _, caller := range callers {
					var body any
					if entry.body != nil {
						body = entry.body(t, e, s, caller)
					}
					res := e.do(t, req{Method: method, Path: entry.path(s), Token: s.token(caller), Body: body})
					assert.Equal(t, entry.expect[caller], res.Status, "%s as %s: %s", key, caller, res.Raw)
					if res.Status >= 400 {
						assert.NotEmpty(t, res.errCode(), "%s as %s: a refusal has a JSON error", key, caller)
					}
				}
			})
		}
	})
}

// Every GET route answers HEAD with the same status and headers and no
// body, under the same roles (server.go), over a real HTTP server (which
// drops a HEAD answer's body).
func TestHEADAnswersAsGETWithoutTheBody(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	s := e.newSchool(t)
	ts := httptest.NewServer(e.srv.Handler())
	t.Cleanup(ts.Close)
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	call := func(method, path, token string) (*http.Response, int) {
		r, err := http.NewRequest(method, ts.URL+path, nil)
		require.NoError(t, err)
		if token != "" {
			r.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := client.Do(r)
		require.NoError(t, err)
		defer func() { _ = res.Body.Close() }()
		body, err := io.ReadAll(res.Body)
		require.NoError(t, err)
		return res, len(body)
	}
	n := 0
	for _, r := range e.srv.Routes() {
		if r.Method != http.MethodGet {
			continue
		}
		path := strings.NewReplacer(":id", strconv.FormatInt(s.classID, 10), ":code", s.classCode).Replace(r.Path)
		for _, token := range []string{"", s.teacher, s.student} {
			get, _ := call("GET", path, token)
			head, size := call("HEAD", path, token)
			assert.Equal(t, get.StatusCode, head.StatusCode, "HEAD %s", path)
			if get.StatusCode < 400 { // an error's JSON body, and its type, are left out
				assert.Equal(t, get.Header.Get("Content-Type"), head.Header.Get("Content-Type"), "HEAD %s", path)
			}
			assert.Equal(t, get.Header.Get("Location"), head.Header.Get("Location"), "HEAD %s", path)
			assert.Zero(t, size, "HEAD %s has no body", path)
			n++
		}
	}
	assert.Greater(t, n, 30)
}
