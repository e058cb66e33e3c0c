package server_test

import (
	"context"
	"encoding/base64"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// schoolExport is the importer's 25-child export in Windows-1252.
func schoolExport(t testing.TB) []byte {
	t.Helper()
	data, err := os.ReadFile("roster/testdata/ecole_ce1_windows1252.csv")
	require.NoError(t, err)
	return data
}

func newClass(t testing.TB, e *env, teacher, name string) int64 {
	t.Helper()
	c := e.must(t, http.StatusCreated, req{Method: "POST", Path: "/api/v1/classes", Token: teacher, Body: map[string]string{"name": name}})
	return num(t, c.JSON["id"])
}

func studentNames(t testing.TB, e *env, teacher string, classID int64) []string {
	t.Helper()
	res := e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/api/v1/classes/%d/students", classID), Token: teacher})
	out := []string{}
	for _, s := range res.JSON["students"].([]any) {
		out = append(out, s.(map[string]any)["name"].(string))
	}
	return out
}

func strs(v any) []string {
	out := []string{}
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

// The import is two steps: the preview reads the school's export and
// writes nothing; confirming adds the previewed names, all at once.
func TestAnImportIsPreviewedThenConfirmed(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		teacher := e.signup(t, "teacher", uniqueEmail("imp"))
		classID := newClass(t, e, teacher, "CE1 A")
		path := fmt.Sprintf("/api/v1/classes/%d/roster/preview", classID)
		file := base64.StdEncoding.EncodeToString(schoolExport(t))

		before, err := st.RowCounts(context.Background())
		require.NoError(t, err)
		p := e.must(t, http.StatusOK, req{Method: "POST", Path: path, Token: teacher, Body: map[string]string{"file": file},
			Header: map[string]string{"Accept-Language": "fr"}})
		after, err := st.RowCounts(context.Background())
		require.NoError(t, err)
		assert.Equal(t, before, after, "a preview writes nothing")

		assert.Equal(t, "Windows-1252", p.JSON["format"].(map[string]any)["encoding"])
		assert.Equal(t, map[string]any{"new": 25.0, "in_class": 0.0, "duplicate": 1.0, "other_group": 0.0, "bad": 2.0}, p.JSON["counts"])
		assert.EqualValues(t, 2, p.JSON["empty"])
		assert.Equal(t, false, p.JSON["too_many"])
		names := strs(p.JSON["names"])
		require.Len(t, names, 25)
		assert.Equal(t, []string{"Léa M.", "Léa D.", "Lucas Ma.", "Lucas Mo."}, names[:4])
		var messages []string
		for _, r := range p.JSON["rows"].([]any) {
			row := r.(map[string]any)
			if row["status"] != "new" {
				messages = append(messages, row["message"].(string))
			}
		}
		assert.Equal(t, []string{
			"Même enfant qu’à la ligne 2\u00a0: ignoré·e.",
			"Illisible\u00a0: pas de prénom.",
			"Illisible\u00a0: plus de cellules que l’en-tête (un séparateur dans un nom\u00a0?).",
		}, messages, "the flags, in French")

		added := e.must(t, http.StatusCreated, req{Method: "POST", Path: fmt.Sprintf("/api/v1/classes/%d/students", classID), Token: teacher,
			Body: map[string]string{"names": strings.Join(names, "\n"), "secret_kind": "pin"}})
		require.Len(t, added.JSON["students"], 25)
		assert.ElementsMatch(t, names, studentNames(t, e, teacher, classID))

		again := e.must(t, http.StatusOK, req{Method: "POST", Path: path, Token: teacher, Body: map[string]string{"file": file}})
		assert.Empty(t, again.JSON["names"], "importing the same file again adds no one")
		assert.EqualValues(t, 25, again.JSON["counts"].(map[string]any)["in_class"])
	})
}

func TestAPreviewRefusesWhatItCannotRead(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	teacher := e.signup(t, "teacher", uniqueEmail("bad"))
	classID := newClass(t, e, teacher, "CE1")
	path := fmt.Sprintf("/api/v1/classes/%d/roster/preview", classID)
	b64 := func(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }
	for name, tc := range map[string]struct {
		body  map[string]string
		code  string
		field string
	}{
		"an Excel workbook":   {map[string]string{"file": b64("PK\x03\x04\x14\x00")}, "import_workbook", "file"},
		"no header":           {map[string]string{"file": b64("Martin;Léa\nDubois;Tom\n")}, "import_no_header", "file"},
		"nothing in it":       {map[string]string{"text": " \n ;, \n"}, "import_empty_file", "text"},
		"not base64":          {map[string]string{"file": "%%%"}, "bad_file", "file"},
		"both sources":        {map[string]string{"file": b64("Léa"), "text": "Léa"}, "one_source", "file"},
		"neither":             {map[string]string{}, "required", "text"},
		"a class not in file": {map[string]string{"file": b64("Prénom;Classe\nLéa;CE1\n"), "group": "CM2"}, "bad_group", "group"},
		"a long paste":        {map[string]string{"text": strings.Repeat("Léa\n", 2600)}, "too_long", "text"},
	} {
		t.Run(name, func(t *testing.T) {
			res := e.do(t, req{Method: "POST", Path: path, Token: teacher, Body: tc.body, Header: map[string]string{"Accept-Language": "fr"}})
			require.Equal(t, http.StatusBadRequest, res.Status, res.String())
			assert.Equal(t, tc.code, res.errCode())
			detail := res.JSON["error"].(map[string]any)
			assert.Equal(t, tc.field, detail["field"])
			assert.NotContains(t, detail["message"], "Requête incorrecte", "a message of its own, in French")
		})
	}
	// A whole school's export: the class of the same name is kept; another
	// can be chosen; and more children than one confirmation adds are said.
	var b strings.Builder
	b.WriteString("Nom;Prénom;Classe\n")
	for i := range 70 {
		fmt.Fprintf(&b, "NOM%c%c;Enfant%c%c;%s\n", 'A'+i/26, 'A'+i%26, 'a'+i/26, 'a'+i%26, map[bool]string{true: "CE1", false: "CM2"}[i < 5])
	}
	p := e.must(t, http.StatusOK, req{Method: "POST", Path: path, Token: teacher, Body: map[string]string{"file": b64(b.String())}})
	assert.Equal(t, "CE1", p.JSON["group"], "the class of the same name")
	assert.Len(t, p.JSON["names"], 5)
	all := e.must(t, http.StatusOK, req{Method: "POST", Path: path, Token: teacher, Body: map[string]string{"file": b64(b.String()), "group": "*"}})
	assert.Len(t, all.JSON["names"], 70)
	assert.Equal(t, true, all.JSON["too_many"])
}

func TestMovingAChild(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		s := e.newSchool(t)
		move := func(studentID, classID int64) response {
			return e.do(t, req{Method: "POST", Path: fmt.Sprintf("/api/v1/students/%d/move", studentID), Token: s.teacher, Body: map[string]any{"class_id": classID}})
		}
		cm1 := newClass(t, e, s.teacher, "CM1")
		res := move(s.studentID, cm1)
		require.Equal(t, http.StatusOK, res.Status, res.String())
		assert.EqualValues(t, cm1, res.JSON["class_id"])
		assert.Equal(t, []string{"Léa"}, studentNames(t, e, s.teacher, cm1))
		assert.Equal(t, []string{"Zoé"}, studentNames(t, e, s.teacher, s.classID))
		// Her parent still follows her, wherever her class.
		e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/api/v1/students/%d", s.studentID), Token: s.parent})

		assert.Equal(t, http.StatusNotFound, move(s.spareStudentID, s.otherClassID).Status, "another teacher's class")
		assert.Equal(t, http.StatusNotFound, move(s.otherID, cm1).Status, "another teacher's child")

		e.must(t, http.StatusOK, req{Method: "PATCH", Path: fmt.Sprintf("/api/v1/students/%d", s.spareStudentID), Token: s.teacher, Body: map[string]string{"name": "léa"}})
		res = move(s.spareStudentID, cm1)
		assert.Equal(t, http.StatusBadRequest, res.Status)
		assert.Equal(t, "duplicate_name", res.errCode(), "“léa” next to “Léa” would be one name on the login screen")

		e.must(t, http.StatusOK, req{Method: "POST", Path: fmt.Sprintf("/api/v1/classes/%d/archive", cm1), Token: s.teacher})
		res = e.do(t, req{Method: "POST", Path: fmt.Sprintf("/api/v1/students/%d/move", s.spareStudentID), Token: s.teacher, Body: map[string]any{"class_id": cm1}})
		assert.Equal(t, "archived_class", res.errCode())
		assert.Equal(t, []string{"léa"}, studentNames(t, e, s.teacher, s.classID), "refused moves moved no one")
	})
}

func TestANewSchoolYearFromTheAPI(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		s := e.newSchool(t)
		path := fmt.Sprintf("/api/v1/classes/%d/new-year", s.classID)
		res := e.do(t, req{Method: "POST", Path: path, Token: s.teacher, Body: map[string]any{"name": "CM1", "student_ids": []int64{s.studentID, s.otherID}}})
		assert.Equal(t, "not_in_class", res.errCode(), "another teacher's child cannot be carried over")

		res = e.must(t, http.StatusCreated, req{Method: "POST", Path: path, Token: s.teacher, Body: map[string]any{"name": "  CM1   2027 ", "student_ids": []int64{s.studentID}}})
		next := res.JSON["class"].(map[string]any)
		assert.Equal(t, "CM1 2027", next["name"])
		assert.EqualValues(t, 1, res.JSON["moved"])
		newID, newCode := num(t, next["id"]), next["code"].(string)
		assert.Equal(t, []string{"Léa"}, studentNames(t, e, s.teacher, newID))
		assert.Equal(t, []string{"Zoé"}, studentNames(t, e, s.teacher, s.classID), "Zoé stays in last year's class")

		classes := e.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/classes", Token: s.teacher}).JSON["classes"].([]any)
		require.Len(t, classes, 1, "last year's class is archived")
		assert.EqualValues(t, newID, num(t, classes[0].(map[string]any)["id"]))

		// Léa logs in with the new code and her PIN; the old code is closed.
		e.must(t, http.StatusOK, e.studentReq(newCode, s.studentID, "1234"))
		assert.Equal(t, http.StatusNotFound, e.do(t, e.studentReq(s.classCode, s.studentID, "1234")).Status)

		// All children by default, and the old class kept open on request.
		res = e.must(t, http.StatusCreated, req{Method: "POST", Path: fmt.Sprintf("/api/v1/classes/%d/new-year", newID), Token: s.teacher, Body: map[string]any{"name": "CM2", "archive": false}})
		assert.EqualValues(t, 1, res.JSON["moved"])
		classes = e.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/classes", Token: s.teacher}).JSON["classes"].([]any)
		assert.Len(t, classes, 2)
	})
}

// The login-cards page of an empty class offers no Print button: it says
// there is no student yet and leads to the roster.
func TestTheCardsOfAnEmptyClassLeadToTheRoster(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	teacher := e.signup(t, "teacher", uniqueEmail("cards"))
	empty := newClass(t, e, teacher, "CP")
	for lang, words := range map[string]string{"en": "no student yet", "fr": "pas encore d’élève"} {
		res := e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/classes/%d/cards", empty), Token: teacher, Cookies: []*http.Cookie{{Name: "lang", Value: lang}}})
		page := string(res.Raw)
		assert.NotContains(t, page, `id="print"`, lang)
		assert.Contains(t, page, words, lang)
		assert.Contains(t, page, `href="roster?lang=`+lang+`"`, lang)
	}
	full, _, _ := e.classWithStudent(t, teacher, "Léa")
	page := string(e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/classes/%d/cards", full), Token: teacher}).Raw)
	assert.Contains(t, page, `id="print"`)
	assert.NotContains(t, page, `href="roster`)
}

// The roster page carries the teacher's name and a sign-out, in the
// page's language, and a link to it is on the teacher's pages.
func TestTheRosterPage(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	email := uniqueEmail("page")
	teacher := e.signup(t, "teacher", email)
	classID := newClass(t, e, teacher, "CE2 <Soleil>")
	for lang, words := range map[string][]string{"en": {"Sign out", "Import a file", "Add students"}, "fr": {"Se déconnecter", "Importer un fichier", "Ajouter des élèves"}} {
		res := e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/classes/%d/roster?lang=%s", classID, lang), Token: teacher})
		page := string(res.Raw)
		assert.Contains(t, page, `<html lang="`+lang+`">`)
		assert.Contains(t, page, "N "+email, "the teacher's name")
		assert.Contains(t, page, "CE2 &lt;Soleil&gt;", "escaped")
		for _, w := range words {
			assert.Contains(t, page, w)
		}
	}
	dash := string(e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/dashboard/classes/%d", classID), Token: teacher}).Raw)
	assert.Contains(t, dash, fmt.Sprintf(`href="/classes/%d/roster`, classID), "the class's pages link to the roster")
}
