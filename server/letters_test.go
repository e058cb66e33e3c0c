package server_test

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// needTools skips unless poppler's and zbar's command-line tools are
// installed (the build machine has them: poppler-utils, zbar-tools).
func needTools(t *testing.T, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
}

func run(t *testing.T, name string, args ...string) string {
	t.Helper()
	var stderr strings.Builder
	cmd := exec.Command(name, args...)
	cmd.Stderr = &stderr // zbarimg talks about D-Bus there
	out, err := cmd.Output()
	require.NoError(t, err, "%s %v: %s", name, args, stderr.String())
	return string(out)
}

// letters fetches the class's letters and writes them to a file.
func letters(t *testing.T, e *env, s school, lang string) (string, []byte) {
	t.Helper()
	res := e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/classes/%d/letters.pdf?lang=%s", s.classID, lang), Token: s.teacher})
	assert.Equal(t, "application/pdf", res.Header.Get("Content-Type"))
	path := filepath.Join(t.TempDir(), "letters-"+lang+".pdf")
	require.NoError(t, os.WriteFile(path, res.Raw, 0o600))
	return path, res.Raw
}

var letterCode = regexp.MustCompile(`\b[ACDEFGHJKMNPQRTUVWXY34679]{4}-[ACDEFGHJKMNPQRTUVWXY34679]{4}\b`)

// pageTexts is each page's text, pdftotext's pages being split by form feeds.
func pageTexts(t *testing.T, path string) []string {
	t.Helper()
	pages := strings.Split(run(t, "pdftotext", "-layout", path, "-"), "\f")
	return pages[:len(pages)-1] // the text ends with a form feed
}

func TestParentLettersAreOneA4PageEachWithTheCodeAndItsQRCode(t *testing.T) {
	needTools(t, "pdfinfo", "pdftotext", "pdftoppm", "zbarimg")
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	s := e.newSchool(t) // the class: Léa (linked to a parent) and Zoé

	codes := map[string]string{} // child → code
	for _, lang := range []string{"fr", "en"} {
		path, _ := letters(t, e, s, lang)
		info := run(t, "pdfinfo", path)
		assert.Regexp(t, `(?m)^Pages:\s+2$`, info)
		assert.Regexp(t, `(?m)^Page size:\s+595\.\d* x 841\.\d* pts \(A4\)$`, info)

		pages := pageTexts(t, path)
		require.Len(t, pages, 2)
		for i, child := range []string{"Léa", "Zoé"} {
			text := pages[i]
			assert.Contains(t, text, child)
			code := letterCode.FindString(text)
			require.NotEmpty(t, code, "page %d has a parent code: %s", i+1, text)
			// The same code in both languages, and on every print while it
			// is open: a letter printed twice is one code.
			if codes[child] == "" {
				codes[child] = code
			}
			assert.Equal(t, codes[child], code, "%s's code on the %s letter", child, lang)
		}
		if lang == "fr" {
			assert.Contains(t, pages[0], "Chers parents")
			assert.Contains(t, pages[0], "Valable jusqu’au 16 mars 2026")
			assert.Contains(t, pages[0], "Enseignant·e")
		} else {
			assert.Contains(t, pages[0], "Dear parents")
			assert.Contains(t, pages[0], "Valid until 16 March 2026")
		}

		// The QR code of the second page is the sign-up link with Zoé's code.
		prefix := filepath.Join(t.TempDir(), "page")
		run(t, "pdftoppm", "-png", "-r", "150", "-f", "2", "-l", "2", "-singlefile", path, prefix)
		link := strings.TrimSpace(run(t, "zbarimg", "--raw", "-q", prefix+".png"))
		assert.Equal(t, "http://example.com/?code="+codes["Zoé"]+"&tab=parent", link)
	}
	assert.NotEqual(t, codes["Léa"], codes["Zoé"])

	// The letter's code links a new parent to Zoé, once.
	parent := e.signup(t, "parent", uniqueEmail("letter"))
	res := e.must(t, http.StatusCreated, req{Method: "POST", Path: "/api/v1/parent-links", Token: parent, Body: map[string]string{"code": codes["Zoé"]}})
	assert.Equal(t, "Zoé", res.JSON["child"].(map[string]any)["name"])

	// Redeemed, it is not printed again: Zoé's letter gets a new code,
	// Léa's keeps hers.
	path, _ := letters(t, e, s, "en")
	pages := pageTexts(t, path)
	assert.Equal(t, codes["Léa"], letterCode.FindString(pages[0]))
	fresh := letterCode.FindString(pages[1])
	assert.NotEqual(t, codes["Zoé"], fresh)

	// A week and a day later, the codes have less than a week left: the
	// letters get new ones (the old ones stay valid until they expire).
	e.mu.Lock()
	e.now = e.now.Add(8 * 24 * time.Hour)
	e.mu.Unlock()
	s.teacher = e.must(t, http.StatusOK, req{Method: "POST", Path: "/api/v1/auth/teacher",
		Body: map[string]string{"email": s.teacherEmail, "password": "correct horse battery"}}).JSON["token"].(string)
	path, _ = letters(t, e, s, "en")
	pages = pageTexts(t, path)
	assert.NotEqual(t, codes["Léa"], letterCode.FindString(pages[0]))
	assert.NotEqual(t, fresh, letterCode.FindString(pages[1]))
	assert.Contains(t, pages[0], "Valid until 24 March 2026")
}

func TestParentLettersAreTheTeachersOfTheClassOnly(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	s := e.newSchool(t)
	path := fmt.Sprintf("/classes/%d/letters.pdf", s.classID)
	assert.Equal(t, http.StatusNotFound, e.do(t, req{Method: "GET", Path: path, Token: s.otherTeacher}).Status)
	assert.Equal(t, http.StatusForbidden, e.do(t, req{Method: "GET", Path: path, Token: s.parent}).Status)
	assert.Equal(t, http.StatusForbidden, e.do(t, req{Method: "GET", Path: path, Token: s.student}).Status)
	// Refused, nothing was made: no code exists for the children.
	for _, id := range []int64{s.studentID, s.spareStudentID} {
		open, err := st.OpenParentCodes(t.Context(), id, e.clock())
		require.NoError(t, err)
		assert.Empty(t, open)
	}
}

// The teacher sees who is linked to each child, and unlinking a parent
// takes the child away from them at once.
func TestUnlinkedParentLosesTheChildAtOnce(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		s := e.newSchool(t)
		report := req{Method: "GET", Path: fmt.Sprintf("/api/v1/students/%d/report", s.studentID), Token: s.parent}
		e.must(t, http.StatusOK, report)

		list := e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/api/v1/classes/%d/students", s.classID), Token: s.teacher})
		parents := map[string][]any{}
		for _, x := range list.JSON["students"].([]any) {
			kid := x.(map[string]any)
			parents[kid["name"].(string)] = kid["parents"].([]any)
		}
		require.Len(t, parents["Léa"], 1)
		assert.Empty(t, parents["Zoé"])
		p := parents["Léa"][0].(map[string]any)
		assert.Equal(t, float64(s.parentID), p["id"])
		assert.Contains(t, p["email"], "@")
		assert.NotEmpty(t, p["name"])

		unlink := fmt.Sprintf("/api/v1/students/%d/parents/%d", s.studentID, s.parentID)
		// Only the child's teacher: another teacher finds nothing, the
		// parent themself is refused, and nothing changes.
		assert.Equal(t, http.StatusNotFound, e.do(t, req{Method: "DELETE", Path: unlink, Token: s.otherTeacher}).Status)
		assert.Equal(t, http.StatusForbidden, e.do(t, req{Method: "DELETE", Path: unlink, Token: s.parent}).Status)
		e.must(t, http.StatusOK, report)
		// A bad id is a 400 with its code.
		bad := e.do(t, req{Method: "DELETE", Path: fmt.Sprintf("/api/v1/students/%d/parents/x", s.studentID), Token: s.teacher})
		assert.Equal(t, http.StatusBadRequest, bad.Status)
		assert.Equal(t, "bad_id", bad.errCode(), "%s", bad.Raw)

		e.must(t, http.StatusNoContent, req{Method: "DELETE", Path: unlink, Token: s.teacher})
		assert.Equal(t, http.StatusNotFound, e.do(t, report).Status)
		assert.Equal(t, http.StatusNotFound, e.do(t, req{Method: "GET", Path: fmt.Sprintf("/api/v1/students/%d", s.studentID), Token: s.parent}).Status)
		kids := e.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/children", Token: s.parent})
		assert.Empty(t, kids.JSON["children"])
		// Twice: there is no link any more.
		assert.Equal(t, http.StatusNotFound, e.do(t, req{Method: "DELETE", Path: unlink, Token: s.teacher}).Status)
	})
}

// The roster and the login cards link to the letters, in the page's language.
func TestRosterAndCardsLinkToTheParentLetters(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	s := e.newSchool(t)
	for _, lang := range []string{"fr", "en"} {
		link := fmt.Sprintf(`href="/classes/%d/letters.pdf?lang=%s"`, s.classID, lang)
		for _, page := range []string{"roster", "cards"} {
			res := e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/classes/%d/%s?lang=%s", s.classID, page, lang), Token: s.teacher,
				Header: map[string]string{"Accept-Language": lang}})
			assert.Contains(t, string(res.Raw), link, "%s page in %s", page, lang)
		}
	}
}
