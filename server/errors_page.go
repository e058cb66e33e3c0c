package server

import (
	"bytes"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/catalog"
)

// wantsPage tells a person's browser opening an address (a link, a
// bookmark, a form sent with GET such as the CSV export's) from a program
// calling the API, to answer an error as a page they can read rather than
// as JSON. The rule, whatever the path (the exports live under /api/ and
// are opened by a link):
//   - only GET (HEAD gets no body either way);
//   - a script's request is never a page: X-Requested-With set, or a
//     Sec-Fetch-Mode other than "navigate" (fetch sends "cors" or
//     "same-origin", a WebSocket "websocket");
//   - and Accept names text/html (or XHTML) at least as high as JSON. A
//     browser's navigation sends "text/html,…,*/*;q=0.8"; the pages'
//     scripts (lib/api.js) send "application/json", curl "*/*", and a
//     client with no Accept at all is a program: all three keep JSON.
func wantsPage(r *http.Request) bool {
	if r.Method != http.MethodGet || r.Header.Get("X-Requested-With") != "" {
		return false
	}
	if m := r.Header.Get("Sec-Fetch-Mode"); m != "" && m != "navigate" {
		return false
	}
	html, json := -1.0, -1.0
	for part := range strings.SplitSeq(r.Header.Get("Accept"), ",") {
		typ, params, _ := strings.Cut(part, ";")
		q := 1.0
		for p := range strings.SplitSeq(params, ";") {
			if v, ok := strings.CutPrefix(strings.TrimSpace(p), "q="); ok {
				if f, err := strconv.ParseFloat(v, 64); err == nil {
					q = f
				}
			}
		}
		switch strings.ToLower(strings.TrimSpace(typ)) {
		case "text/html", "application/xhtml+xml":
			html = max(html, q)
		case "application/json":
			json = max(json, q)
		}
	}
	return html > 0 && html >= json
}

// errorPageData is the error page: what went wrong in the page's language
// and the ways on (home; sign in, coming back here afterwards).
type errorPageData struct {
	Lang    string
	T       map[string]string
	Title   string
	Status  int
	Message string
	SignIn  string // the sign-in page, ?next= this address; "" when of no use
	SelfEN  string
	SelfFR  string
	Bar     topBar
}

// errorPage answers p as an HTML page with p's status. A page that cannot
// be rendered falls back to the JSON body: the status stays right.
func (s *Server) errorPage(c echo.Context, p problem) error {
	lang := pageLang(c)
	d := errorPageData{Lang: lang, T: catalog.Section(lang, "errorpage."), Status: p.Status, Message: p.detail(lang).Message,
		SelfEN: withLang(c, "en"), SelfFR: withLang(c, "fr"), Bar: s.newTopBar(c, lang)}
	// "Not found." alone told a teacher who followed an old link nothing:
	// the page says what may have happened and what to do.
	if p.Status == http.StatusNotFound && d.Message == catalog.T(lang, "error.not_found") {
		d.Message = catalog.T(lang, "polish.not_found_page")
	}
	d.Title = d.T["title_"+strconv.Itoa(p.Status)]
	if d.Title == "" {
		d.Title = d.T["title_other"]
	}
	switch p.Status {
	case http.StatusUnauthorized, http.StatusForbidden:
		// Signed out, or signed in as someone this page is not for (a
		// child on a teacher's page): signing in as the right person is
		// the way on. Only the adults' tabs have a next.
		d.SignIn = signInURL(signInTab(c.Request().URL.Path), c.Request().URL.RequestURI())
	}
	var buf bytes.Buffer
	if err := s.web.templates.ExecuteTemplate(&buf, "error.html", d); err != nil {
		s.logger.Error("render error page", "err", err)
		return c.JSON(p.Status, errorBody{Error: p.detail(langOf(c))})
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.HTMLBlob(p.Status, buf.Bytes())
}

// signInTab is the sign-in page's tab for a page: the parents' reports
// open on the parent's tab, everything else an adult opens from a
// bookmark (dashboards, rosters, login cards, exports) on the teacher's.
// The children's pages never send here (they have no bookmarkable page
// behind a login).
func signInTab(path string) string {
	if strings.HasPrefix(path, "/reports") {
		return "parent"
	}
	return "teacher"
}

// signInURL is the sign-in page on tab, coming back to next once signed in.
func signInURL(tab, next string) string {
	return "/?" + url.Values{"tab": {tab}, "next": {next}}.Encode()
}
