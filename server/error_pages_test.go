package server_test

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/pedagogy"
	"github.com/multipli/multipli/store/storetest"
)

// browserAccept is what Chromium sends when it opens an address.
const browserAccept = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8"

// navigate is a browser opening path: its Accept, its language, the
// navigation's fetch metadata.
func navigate(path, token, lang string) req {
	return req{Method: "GET", Path: path, Token: token, Header: map[string]string{
		"Accept": browserAccept, "Accept-Language": lang, "Sec-Fetch-Mode": "navigate"}}
}

// exportReader reads a CSV export as a program would: the byte-order mark
// off, the separator of the file's language (",": no language asked).
func exportReader(res response) *csv.Reader {
	return csv.NewReader(bytes.NewReader(bytes.TrimPrefix(res.Raw, []byte("\ufeff"))))
}

// A browser opening a page it may not see, an address that does not
// exist, or an export with a reversed range reads a page in its language
// with the status kept and a way on; a program asking the same (no Accept,
// the pages' scripts' JSON Accept, a fetch) keeps the JSON body.
func TestABrowserGetsErrorPagesAndAProgramJSON(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	s := e.newSchool(t)
	export := fmt.Sprintf("/api/v1/classes/%d/export/attempts.csv?from=2026-03-05&to=2026-03-01", s.classID)
	signInHere := func(path string) string {
		return html.EscapeString("/?" + url.Values{"next": {path}, "tab": {"teacher"}}.Encode())
	}
	tests := []struct {
		name, path, token, lang string
		status                  int
		code                    string
		want                    []string
	}{
		{"a child on the dashboard, French", "/dashboard", s.student, "fr-FR,fr;q=0.9", 403, "forbidden",
			[]string{`<html lang="fr">`, "Cette page n’est pas pour ce compte", "Vous n’avez pas le droit de faire cela.", "Erreur 403", `href="/home"`, signInHere("/dashboard"), "Se connecter avec un autre compte"}},
		{"a child on the dashboard, English", "/dashboard", s.student, "en-GB", 403, "forbidden",
			[]string{`<html lang="en">`, "This page is not for this account", "Error 403", `href="/home"`, signInHere("/dashboard")}},
		{"a parent on a class dashboard", fmt.Sprintf("/dashboard/classes/%d", s.classID), s.parent, "en", 403, "forbidden",
			[]string{"This page is not for this account"}},
		{"a reversed export range, French", export, s.teacher, "fr", 400, "range_reversed",
			[]string{"Le jour «\u00a0au\u00a0» est avant le jour «\u00a0du\u00a0»", "Erreur 400", `href="/home"`}},
		{"a reversed export range, English", export, s.teacher, "en", 400, "range_reversed",
			[]string{"The “to” day comes before the “from” day", "Error 400"}},
		{"an address that does not exist", "/no/such/page", "", "fr", 404, "not_found",
			[]string{"Page introuvable", "Erreur 404", `href="/home"`, "Cette page n’existe pas"}},
		{"an export after the login ended", fmt.Sprintf("/api/v1/classes/%d/export/attempts.csv", s.classID), "", "en", 401, "unauthenticated",
			[]string{"Please sign in", signInHere(fmt.Sprintf("/api/v1/classes/%d/export/attempts.csv", s.classID))}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := e.must(t, tt.status, navigate(tt.path, tt.token, tt.lang))
			assert.True(t, strings.HasPrefix(res.Header.Get("Content-Type"), "text/html"), res.Header.Get("Content-Type"))
			body := string(res.Raw)
			assert.False(t, strings.Contains(body, `"error"`), "no JSON in the page")
			for _, w := range tt.want {
				assert.Contains(t, body, w)
			}
			assert.Contains(t, res.Header.Get("Content-Security-Policy"), "script-src 'self'", "the page keeps the site's policy")

			for name, h := range map[string]map[string]string{
				"no Accept":          nil,
				"the pages' scripts": {"Accept": "application/json"},
				"curl":               {"Accept": "*/*"},
				"a fetch":            {"Accept": browserAccept, "Sec-Fetch-Mode": "cors"},
				"an XHR":             {"Accept": browserAccept, "X-Requested-With": "XMLHttpRequest"},
				"JSON first":         {"Accept": "application/json, text/html;q=0.5"},
			} {
				res := e.must(t, tt.status, req{Method: "GET", Path: tt.path, Token: tt.token, Header: h})
				assert.Equal(t, tt.code, res.errCode(), name)
			}
		})
	}
	res := e.must(t, 404, req{Method: "HEAD", Path: "/no/such/page", Header: map[string]string{"Accept": browserAccept}})
	assert.Empty(t, res.Raw, "HEAD: no body either way")
}

// Browsers ask for /favicon.ico on every page: it is there, an icon,
// revalidated like every embedded file.
func TestTheFaviconIsServed(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	res := e.must(t, http.StatusOK, req{Method: "GET", Path: "/favicon.ico", Header: map[string]string{"Accept": "image/avif,image/webp,*/*"}})
	assert.True(t, bytes.HasPrefix(res.Raw, []byte{0, 0, 1, 0}), "an ICO file")
	assert.Contains(t, res.Header.Get("Content-Type"), "icon")
	e.must(t, http.StatusNotModified, req{Method: "GET", Path: "/favicon.ico", Header: map[string]string{"If-None-Match": res.Header.Get("ETag")}})
}

// The export is written for the spreadsheet of the page's language: the
// dashboard's French link gives ";" and the byte-order mark, the English
// one ","; pedagogy eval reads both as they come.
func TestCSVExportsFollowThePagesLanguage(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	s, _ := hostileSchool(t, e)
	for _, tt := range []struct {
		query, head string
		comma       rune
		ratio       string
	}{
		{"?lang=fr", "\ufeffstudent;a;b;correct;response_ms;order;", ';', "0,9500"},
		{"?lang=en", "\ufeffstudent,a,b,correct,response_ms,order,", ',', "0.9500"},
	} {
		t.Run(tt.query, func(t *testing.T) {
			res := e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/api/v1/classes/%d/export/attempts.csv%s", s.classID, tt.query), Token: s.teacher})
			assert.True(t, strings.HasPrefix(string(res.Raw), tt.head), string(res.Raw))
			logged, err := pedagogy.ReadAttemptsCSV(bytes.NewReader(res.Raw))
			require.NoError(t, err)
			require.Len(t, logged, 1)
			assert.EqualValues(t, 2300, logged[0].ResponseMS)

			res = e.must(t, 200, req{Method: "GET", Path: fmt.Sprintf("/api/v1/classes/%d/export/fact-stats.csv%s", s.classID, tt.query), Token: s.teacher})
			r := exportReader(res)
			r.Comma = tt.comma
			rows, err := r.ReadAll()
			require.NoError(t, err)
			require.Len(t, rows, 3)
			var mastery []string
			for _, row := range rows[1:] {
				mastery = append(mastery, row[9])
			}
			assert.Contains(t, mastery, tt.ratio)
		})
	}
	res := e.must(t, 200, navigate("/dashboard?lang=fr", s.teacher, "fr"))
	assert.Contains(t, string(res.Raw), `<input type="hidden" name="lang" value="fr">`, "the export form asks for the page's language")
	assert.Contains(t, string(res.Raw), "/export/fact-stats.csv?lang=fr")
}
