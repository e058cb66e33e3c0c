package server_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// A NUL character is refused in every text field of every body with a
// clear 400, signed in or not: PostgreSQL cannot store it (it answered
// 500) and SQLite stored it.
func TestANULCharacterIsRefusedInEveryTextField(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		s := e.newSchool(t)
		nul := "\x00"
		tests := []struct {
			name  string
			r     req
			field string
		}{
			{"teacher sign-up name", req{Method: "POST", Path: "/api/v1/teachers", Body: map[string]string{"email": "n@school.test", "password": "correct horse battery", "name": "Ann" + nul}}, "name"},
			{"teacher sign-up e-mail", req{Method: "POST", Path: "/api/v1/teachers", Body: map[string]string{"email": "n" + nul + "@school.test", "password": "correct horse battery", "name": "Ann"}}, "email"},
			{"parent sign-up password", req{Method: "POST", Path: "/api/v1/parents", Body: map[string]string{"email": "p@school.test", "password": "correct horse" + nul + "battery", "name": "Bo"}}, "password"},
			{"teacher login", req{Method: "POST", Path: "/api/v1/auth/teacher", Body: map[string]string{"email": s.teacherEmail + nul, "password": "correct horse battery"}}, "email"},
			{"parent login", req{Method: "POST", Path: "/api/v1/auth/parent", Body: map[string]string{"email": "p@school.test", "password": nul}}, "password"},
			{"student login", req{Method: "POST", Path: "/api/v1/auth/student", Body: map[string]any{"class_code": s.classCode + nul, "student_id": s.studentID, "pin": "1234"}}, "class_code"},
			{"class name", req{Method: "POST", Path: "/api/v1/classes", Token: s.teacher, Body: map[string]string{"name": "CE2" + nul}}, "name"},
			{"class rename", req{Method: "PATCH", Path: fmt.Sprintf("/api/v1/classes/%d", s.classID), Token: s.teacher, Body: map[string]string{"name": nul}}, "name"},
			{"student names", req{Method: "POST", Path: fmt.Sprintf("/api/v1/classes/%d/students", s.classID), Token: s.teacher, Body: map[string]string{"names": "Tom\nNo" + nul + "ur"}}, "names"},
			{"student rename", req{Method: "PATCH", Path: fmt.Sprintf("/api/v1/students/%d", s.studentID), Token: s.teacher, Body: map[string]string{"name": "Léa" + nul}}, "name"},
			{"picture password", req{Method: "POST", Path: fmt.Sprintf("/api/v1/students/%d/secret", s.studentID), Token: s.teacher, Body: map[string]any{"kind": "pictures", "pictures": []string{"cat", "dog" + nul, "owl"}}}, "pictures[1]"},
			{"parent code", req{Method: "POST", Path: "/api/v1/parent-links", Token: s.parent, Body: map[string]string{"code": "ABCD" + nul + "EFGH"}}, "code"},
			{"assignment title", req{Method: "POST", Path: fmt.Sprintf("/api/v1/classes/%d/assignments", s.classID), Token: s.teacher, Body: map[string]any{"title": "Tables" + nul, "level": "green"}}, "title"},
			{"a game's move", req{Method: "POST", Path: "/api/v1/play/games/1/moves", Token: s.student, Body: map[string]any{"version": 1, "seq": 1, "move": map[string]any{"type": "play" + nul}}}, "move.type"},
			{"a map key", req{Method: "POST", Path: "/api/v1/play/games/1/moves", Token: s.student, Body: map[string]any{"version": 1, "seq": 1, "move": map[string]any{"ty" + nul + "pe": "play"}}}, "move"},
		}
		before, err := st.RowCounts(context.Background())
		require.NoError(t, err)
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				res := e.do(t, tt.r)
				require.Equal(t, http.StatusBadRequest, res.Status, "%s", res.Raw)
				assert.Equal(t, "nul_character", res.errCode())
				assert.Equal(t, tt.field, res.JSON["error"].(map[string]any)["field"])
				assert.Contains(t, res.JSON["error"].(map[string]any)["message"], "NUL")
			})
		}
		after, err := st.RowCounts(context.Background())
		require.NoError(t, err)
		assert.Equal(t, before, after, "nothing written, no failed login counted")

		// In an address: the path or the query.
		for _, path := range []string{
			"/api/v1/class-codes/" + s.classCode[:3] + "%00" + s.classCode[4:],
			"/api/v1/classes?archived=true%00",
		} {
			res := e.do(t, req{Method: "GET", Path: path, Token: s.teacher})
			require.Equal(t, http.StatusBadRequest, res.Status, "%s: %s", path, res.Raw)
			assert.Equal(t, "nul_character", res.errCode())
		}
	})
}

// Names must show: no name made only of invisible characters, no hidden
// or direction-reversing character inside one; real names of every
// script pass. In French and English.
func TestInvisibleAndDisguisedNamesAreRefused(t *testing.T) {
	st := storetest.Open(t, t.TempDir()+"/multipli.db")
	e := newEnv(t, st)
	teacher := e.signup(t, "teacher", "t@school.test")
	classID, _, _ := e.classWithStudent(t, teacher, "Léa")
	students := fmt.Sprintf("/api/v1/classes/%d/students", classID)

	refused := []struct {
		name, code, char string
	}{
		{"\u200b", "name_hidden_char", "U+200B"},     // zero-width space alone
		{"\u3164\u3164", "name_invisible", ""},       // Hangul fillers: letters that show nothing
		{"\u2800", "name_invisible", ""},             // Braille blank
		{"\u0301\u0308", "name_invisible", ""},       // combining marks with nothing to sit on
		{"Léa\u200b", "name_hidden_char", "U+200B"},  // looks like "Léa"
		{"\ufeffZoé", "name_hidden_char", "U+FEFF"},  // a byte-order mark pasted from a file
		{"Zo\u00adé", "name_hidden_char", "U+00AD"},  // soft hyphen
		{"Tom\u0007B", "name_hidden_char", "U+0007"}, // a control character
		{"\u202eaéL", "name_bidi", "U+202E"},         // shows as "Léa"
		{"Nour\u202a", "name_bidi", "U+202A"},
		{"\u2066Sam\u2069", "name_bidi", "U+2066"},
		{"A\u2067B", "name_bidi", "U+2067"},
	}
	for _, tt := range refused {
		t.Run(fmt.Sprintf("%+q", tt.name), func(t *testing.T) {
			for _, r := range []req{
				{Method: "POST", Path: students, Token: teacher, Body: map[string]string{"names": tt.name}},
				{Method: "POST", Path: "/api/v1/classes", Token: teacher, Body: map[string]string{"name": tt.name}},
				{Method: "POST", Path: "/api/v1/parents", Body: map[string]string{"email": "p@school.test", "password": "correct horse battery", "name": tt.name}},
			} {
				res := e.do(t, r)
				require.Equal(t, http.StatusBadRequest, res.Status, "%s %s", r.Path, res.Raw)
				assert.Equal(t, tt.code, res.errCode())
				msg := res.JSON["error"].(map[string]any)["message"].(string)
				assert.Contains(t, msg, tt.char)
				r.Header = map[string]string{"Accept-Language": "fr"}
				fr := e.do(t, r).JSON["error"].(map[string]any)["message"].(string)
				assert.NotEqual(t, msg, fr, "translated")
				assert.Contains(t, fr, tt.char)
			}
		})
	}
	res := e.must(t, http.StatusOK, req{Method: "GET", Path: students, Token: teacher})
	assert.Len(t, res.JSON["students"], 1, "no refused name was stored")

	accepted := []string{"Zoé", "Jean-Luc", "O’Connor", "محمد", "דוד", "李雷", "Nguyễn Văn An", "Ольга",
		"می\u200cخواهم",       // Persian, with a zero-width non-joiner
		"Ana 👩\u200d🚀",        // an emoji sequence with a zero-width joiner
		"Ève\u00a0Marie", "😀"} // a no-break space; an emoji alone
	res = e.must(t, http.StatusCreated, req{Method: "POST", Path: students, Token: teacher, Body: map[string]string{"names": strings.Join(accepted, "\n")}})
	assert.Len(t, res.JSON["students"], len(accepted))
}
