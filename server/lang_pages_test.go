package server_test

import (
	"fmt"
	"net/http"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store/storetest"
)

var htmlLang = regexp.MustCompile(`<html lang="([a-z]+)"`)

// pageLangOf is the language a page says it is in (<html lang>).
func pageLangOf(t *testing.T, res response) string {
	t.Helper()
	m := htmlLang.FindSubmatch(res.Raw)
	require.NotNil(t, m, "an HTML page: %s", res.Raw)
	return string(m[1])
}

// langCookie is the "lang" cookie the answer sets (nil when none).
func langCookie(res response) *http.Cookie {
	for _, ck := range (&http.Response{Header: res.Header}).Cookies() {
		if ck.Name == "lang" {
			return ck
		}
	}
	return nil
}

// The language chosen with the switch of a server-rendered page stays for
// the whole visit: "← Back" to /reports, the dashboards, the roster, the
// login cards and an error page, reached without ?lang=, are in the
// language chosen even when the browser prefers the other one; ?lang=
// still wins over the cookie (and changes it).
func TestTheLanguageChosenOnAPageStaysForTheVisit(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	s := e.newSchool(t)
	french := map[string]string{"Accept-Language": "fr-FR,fr;q=0.9"}

	// The parent presses "English" on the report: the page is in English
	// and the choice is stored in the cookie the pages' scripts read too.
	report := fmt.Sprintf("/reports/students/%d", s.studentID)
	res := e.must(t, http.StatusOK, req{Method: "GET", Path: report + "?lang=en", Token: s.parent, Header: french})
	assert.Equal(t, "en", pageLangOf(t, res))
	ck := langCookie(res)
	require.NotNil(t, ck, "the switch's choice is stored")
	assert.Equal(t, "en", ck.Value)
	assert.Equal(t, "/", ck.Path, "for every page of the site")
	assert.False(t, ck.HttpOnly, "lib/i18n.js reads it (the home, the children's pages)")
	assert.Greater(t, ck.MaxAge, 0, "kept after the browser is closed, as lib/i18n.js keeps it")
	chosen := []*http.Cookie{{Name: "lang", Value: ck.Value}}

	// "← Back" and the other links without ?lang=: still English.
	for _, p := range []struct{ path, token string }{
		{"/reports", s.parent},
		{report, s.parent},
		{"/dashboard", s.teacher},
		{fmt.Sprintf("/dashboard/classes/%d", s.classID), s.teacher},
		{fmt.Sprintf("/dashboard/classes/%d/assignments", s.classID), s.teacher},
		{fmt.Sprintf("/dashboard/students/%d", s.studentID), s.teacher},
		{fmt.Sprintf("/classes/%d/roster", s.classID), s.teacher},
		{fmt.Sprintf("/classes/%d/cards", s.classID), s.teacher},
	} {
		res := e.must(t, http.StatusOK, req{Method: "GET", Path: p.path, Token: p.token, Header: french, Cookies: chosen})
		assert.Equal(t, "en", pageLangOf(t, res), "%s after choosing English", p.path)
		assert.Nil(t, langCookie(res), "%s: nothing new to store", p.path)
	}
	res = e.must(t, http.StatusNotFound, req{Method: "GET", Path: "/dashboard/classes/999999999", Token: s.teacher, Header: map[string]string{"Accept-Language": "fr", "Accept": "text/html"}, Cookies: chosen})
	assert.Equal(t, "en", pageLangOf(t, res), "the error page")

	// The switch back to French: ?lang= wins over the cookie and replaces it.
	res = e.must(t, http.StatusOK, req{Method: "GET", Path: "/dashboard?lang=fr", Token: s.teacher, Cookies: chosen})
	assert.Equal(t, "fr", pageLangOf(t, res))
	require.NotNil(t, langCookie(res))
	assert.Equal(t, "fr", langCookie(res).Value)
	res = e.must(t, http.StatusOK, req{Method: "GET", Path: "/reports", Token: s.parent, Cookies: []*http.Cookie{{Name: "lang", Value: "fr"}}})
	assert.Equal(t, "fr", pageLangOf(t, res), "/reports with no browser language, after choosing French")

	// A language the site does not have is neither shown nor stored.
	res = e.must(t, http.StatusOK, req{Method: "GET", Path: "/reports?lang=de", Token: s.parent, Header: french})
	assert.Equal(t, "fr", pageLangOf(t, res))
	assert.Nil(t, langCookie(res))
}

// A first visit without the cookie and without ?lang= follows the
// browser's languages (French or English, the one it weighs most, else
// English) and stores nothing: the browser keeps deciding until the
// reader uses the switch.
func TestAFirstVisitWithoutTheCookieFollowsTheBrowser(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	s := e.newSchool(t)
	for _, tt := range []struct{ accept, want string }{
		{"fr-CA,fr;q=0.9,en;q=0.8", "fr"},
		{"en-GB,en;q=0.9,fr;q=0.8", "en"},
		{"de, en;q=0.5, fr;q=0.8", "fr"},
		{"de, es", "en"},
		{"", "en"},
	} {
		for _, p := range []struct{ path, token string }{{"/reports", s.parent}, {"/dashboard", s.teacher}} {
			res := e.must(t, http.StatusOK, req{Method: "GET", Path: p.path, Token: p.token, Header: map[string]string{"Accept-Language": tt.accept}})
			assert.Equal(t, tt.want, pageLangOf(t, res), "%s with Accept-Language %q", p.path, tt.accept)
			assert.Nil(t, langCookie(res), "%s with Accept-Language %q: nothing stored", p.path, tt.accept)
		}
	}
}
