package server_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

func TestTeacherFlow(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		e.signup(t, "teacher", "ana@school.test")
		login := e.must(t, http.StatusOK, req{Method: "POST", Path: "/api/v1/auth/teacher",
			Body: map[string]string{"email": "ANA@school.test", "password": "correct horse battery"}})
		assert.Equal(t, "teacher", login.JSON["role"])
		tok := login.JSON["token"].(string)

		c := e.must(t, http.StatusCreated, req{Method: "POST", Path: "/api/v1/classes", Token: tok, Body: map[string]string{"name": " CE2 B "}})
		id := num(t, c.JSON["id"])
		assert.Equal(t, "CE2 B", c.JSON["name"])
		assert.Len(t, c.JSON["code"], store.ClassCodeLength)
		classPath := fmt.Sprintf("/api/v1/classes/%d", id)

		r := e.must(t, http.StatusOK, req{Method: "PATCH", Path: classPath, Token: tok, Body: map[string]string{"name": "CE2 Lune"}})
		assert.Equal(t, "CE2 Lune", r.JSON["name"])

		added := e.must(t, http.StatusCreated, req{Method: "POST", Path: classPath + "/students", Token: tok,
			Body: map[string]string{"names": "Léa\n  Tom  Martin \n\nZoé; Éthan", "secret_kind": "pictures"}})
		students := added.JSON["students"].([]any)
		require.Len(t, students, 4)
		first := students[0].(map[string]any)
		assert.Equal(t, "Léa", first["name"])
		assert.Len(t, first["pictures"], 3, "the new secret is shown once")
		assert.Equal(t, "Tom Martin", students[1].(map[string]any)["name"])

		list := e.must(t, http.StatusOK, req{Method: "GET", Path: classPath + "/students", Token: tok})
		var names []string
		for _, s := range list.JSON["students"].([]any) {
			names = append(names, s.(map[string]any)["name"].(string))
			assert.NotContains(t, s, "pictures", "secrets are not listed")
		}
		assert.Equal(t, []string{"Éthan", "Léa", "Tom Martin", "Zoé"}, names, "French class-list order")

		cards := e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/classes/%d/cards", id), Token: tok})
		html := string(cards.Raw)
		assert.Contains(t, html, "Tom Martin")
		assert.Contains(t, html, c.JSON["code"].(string))
		for _, p := range first["pictures"].([]any) {
			assert.Contains(t, html, "/static/pictures/"+p.(string)+".svg")
		}

		sid := num(t, first["id"])
		reset := e.must(t, http.StatusOK, req{Method: "POST", Path: fmt.Sprintf("/api/v1/students/%d/secret", sid), Token: tok, Body: map[string]string{"kind": "pin"}})
		pin := reset.JSON["pin"].(string)
		assert.Len(t, pin, 4)
		cards = e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/classes/%d/cards", id), Token: tok})
		assert.Contains(t, string(cards.Raw), pin, "the card shows the new PIN")

		up := e.must(t, http.StatusOK, req{Method: "PATCH", Path: fmt.Sprintf("/api/v1/students/%d", sid), Token: tok, Body: map[string]any{"no_timers": true, "level": "violet"}})
		assert.Equal(t, true, up.JSON["no_timers"])
		assert.Equal(t, "violet", up.JSON["level"])

		e.must(t, http.StatusOK, req{Method: "POST", Path: classPath + "/archive", Token: tok})
		all := e.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/classes", Token: tok})
		assert.Empty(t, all.JSON["classes"])
		all = e.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/classes?archived=true", Token: tok})
		assert.Len(t, all.JSON["classes"], 1)
		gone := e.do(t, req{Method: "GET", Path: "/api/v1/class-codes/" + c.JSON["code"].(string)})
		assert.Equal(t, http.StatusNotFound, gone.Status, "an archived class's code no longer logs in")
	})
}

func TestParentFlow(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		teacher := e.signup(t, "teacher", "t@school.test")
		_, _, ids := e.classWithStudent(t, teacher, "Léa\nTom")
		parent := e.signup(t, "parent", "p@home.test")
		e.must(t, http.StatusOK, req{Method: "POST", Path: "/api/v1/auth/parent", Body: map[string]string{"email": "p@home.test", "password": "correct horse battery"}})

		kids := e.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/children", Token: parent})
		assert.Empty(t, kids.JSON["children"])
		e.must(t, http.StatusNotFound, req{Method: "GET", Path: fmt.Sprintf("/api/v1/students/%d", ids[0]), Token: parent})

		pc := e.must(t, http.StatusCreated, req{Method: "POST", Path: fmt.Sprintf("/api/v1/students/%d/parent-codes", ids[0]), Token: teacher})
		code := pc.JSON["code"].(string)
		typed := strings.ToLower(strings.ReplaceAll(code, "-", " ")) // as a parent might type it
		linked := e.must(t, http.StatusCreated, req{Method: "POST", Path: "/api/v1/parent-links", Token: parent, Body: map[string]string{"code": typed}})
		assert.Equal(t, "Léa", linked.JSON["child"].(map[string]any)["name"])

		kids = e.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/children", Token: parent})
		require.Len(t, kids.JSON["children"], 1)
		e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/api/v1/students/%d", ids[0]), Token: parent})
		e.must(t, http.StatusNotFound, req{Method: "GET", Path: fmt.Sprintf("/api/v1/students/%d", ids[1]), Token: parent})

		other := e.signup(t, "parent", "q@home.test")
		again := e.do(t, req{Method: "POST", Path: "/api/v1/parent-links", Token: other, Body: map[string]string{"code": code}})
		assert.Equal(t, http.StatusNotFound, again.Status, "a code works once")
		assert.Equal(t, "bad_code", again.errCode())
	})
}

func TestStudentFlow(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		teacher := e.signup(t, "teacher", "t@school.test")
		_, code, ids := e.classWithStudent(t, teacher, "Léa\nTom")
		pics := e.must(t, http.StatusOK, req{Method: "POST", Path: fmt.Sprintf("/api/v1/students/%d/secret", ids[1]), Token: teacher,
			Body: map[string]any{"kind": "pictures", "pictures": []string{"cat", "sun", "tree"}}})
		assert.Equal(t, []any{"cat", "sun", "tree"}, pics.JSON["pictures"])

		lookup := e.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/class-codes/" + strings.ToLower(code)})
		students := lookup.JSON["students"].([]any)
		require.Len(t, students, 2)
		assert.Equal(t, "pin", students[0].(map[string]any)["secret_kind"])
		assert.Equal(t, "pictures", students[1].(map[string]any)["secret_kind"])

		assert.Equal(t, http.StatusUnauthorized, e.studentLogin(t, code, ids[0], "4321").Status)
		tok := e.must(t, http.StatusOK, e.studentReq(code, ids[0], "1234")).JSON["token"].(string)
		me := e.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/me", Token: tok})
		assert.Equal(t, "student", me.JSON["role"])
		assert.Equal(t, "Léa", me.JSON["name"])
		assert.Equal(t, "CE2", me.JSON["class"])
		e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/api/v1/students/%d", ids[0]), Token: tok})
		e.must(t, http.StatusNotFound, req{Method: "GET", Path: fmt.Sprintf("/api/v1/students/%d", ids[1]), Token: tok})

		wrongOrder := e.do(t, req{Method: "POST", Path: "/api/v1/auth/student", Body: map[string]any{"class_code": code, "student_id": ids[1], "pictures": []string{"sun", "cat", "tree"}}})
		assert.Equal(t, http.StatusUnauthorized, wrongOrder.Status, "the order of the pictures counts")
		e.must(t, http.StatusOK, req{Method: "POST", Path: "/api/v1/auth/student", Body: map[string]any{"class_code": code, "student_id": ids[1], "pictures": []string{"cat", "sun", "tree"}}})
		pinForPictures := e.studentLogin(t, code, ids[1], "1234")
		assert.Equal(t, http.StatusUnauthorized, pinForPictures.Status)

		otherTeacher := e.signup(t, "teacher", "u@school.test")
		_, otherCode, _ := e.classWithStudent(t, otherTeacher, "Max")
		assert.Equal(t, http.StatusUnauthorized, e.studentLogin(t, otherCode, ids[0], "1234").Status, "a student logs in through their own class only")
	})
}
