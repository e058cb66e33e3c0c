package server

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/assert"

	"github.com/multipli/multipli/catalog"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// Which requests are a person's browser opening an address.
func TestWantsPageTellsANavigationFromAProgram(t *testing.T) {
	const chromium = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8"
	tests := []struct {
		name, method string
		header       map[string]string
		want         bool
	}{
		{"Chromium opening a page", "GET", map[string]string{"Accept": chromium, "Sec-Fetch-Mode": "navigate"}, true},
		{"an old browser (no fetch metadata)", "GET", map[string]string{"Accept": "text/html"}, true},
		{"XHTML", "GET", map[string]string{"Accept": "application/xhtml+xml"}, true},
		{"HTML and JSON alike", "GET", map[string]string{"Accept": "application/json, text/html"}, true},
		{"no Accept", "GET", nil, false},
		{"curl", "GET", map[string]string{"Accept": "*/*"}, false},
		{"the pages' scripts", "GET", map[string]string{"Accept": "application/json"}, false},
		{"JSON preferred", "GET", map[string]string{"Accept": "text/html;q=0.5, application/json"}, false},
		{"HTML refused", "GET", map[string]string{"Accept": "text/html;q=0"}, false},
		{"a fetch with the browser's Accept", "GET", map[string]string{"Accept": chromium, "Sec-Fetch-Mode": "cors"}, false},
		{"an XHR", "GET", map[string]string{"Accept": chromium, "X-Requested-With": "XMLHttpRequest"}, false},
		{"a form posted", "POST", map[string]string{"Accept": chromium, "Sec-Fetch-Mode": "navigate"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(tt.method, "/dashboard", nil)
			for k, v := range tt.header {
				r.Header.Set(k, v)
			}
			assert.Equal(t, tt.want, wantsPage(r))
		})
	}
}

// Every status a browser may meet has a page with its own title, in
// both languages, the status kept; a 503 keeps its Retry-After.
func TestEveryStatusHasItsErrorPage(t *testing.T) {
	st := storetest.Open(t, filepath.Join(t.TempDir(), "multipli.db"))
	s := New(Config{SecretKey: []byte("test-key-test-key-test-key-test-key!")}, st, nil)
	e := echo.New()
	for _, tt := range []struct {
		err    error
		status int
	}{
		{invalid("to", "range_reversed"), 400},
		{errUnauthenticated, 401},
		{errForbidden, 403},
		{store.ErrNotFound, 404},
		{&throttledError{retryAfterSeconds: 30}, 429},
		{errors.New("boom"), 500},
		{store.ErrUnavailable, 503},
	} {
		for _, lang := range catalog.Langs {
			r := httptest.NewRequest(http.MethodGet, "/dashboard?lang="+lang, nil)
			r.Header.Set("Accept", "text/html")
			rec := httptest.NewRecorder()
			s.handleError(tt.err, e.NewContext(r, rec))
			assert.Equal(t, tt.status, rec.Code)
			assert.Contains(t, rec.Header().Get("Content-Type"), "text/html")
			title := catalog.Section(lang, "errorpage.")["title_"+strconv.Itoa(tt.status)]
			assert.NotEmpty(t, title, "%d %s", tt.status, lang)
			assert.Contains(t, rec.Body.String(), "<h1>"+title+"</h1>", "%d %s", tt.status, lang)
			assert.Contains(t, rec.Body.String(), `lang="`+lang+`"`)
			if tt.status == 503 {
				assert.Equal(t, "1", rec.Header().Get("Retry-After"))
			}
		}
	}
}
