package server_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/multipli/multipli/store/storetest"
)

func TestErrorMessagesFollowTheCallersLanguage(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	tests := []struct {
		name   string
		header map[string]string
		cookie *http.Cookie
		want   string
	}{
		{"no header", nil, nil, "Please sign in."},
		{"French browser", map[string]string{"Accept-Language": "fr-CA,fr;q=0.9"}, nil, "Merci de vous connecter."},
		{"weights count", map[string]string{"Accept-Language": "de, en;q=0.5, fr;q=0.8"}, nil, "Merci de vous connecter."},
		{"neither language", map[string]string{"Accept-Language": "de, es"}, nil, "Please sign in."},
		{"the switch's cookie wins", map[string]string{"Accept-Language": "fr"}, &http.Cookie{Name: "lang", Value: "en"}, "Please sign in."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := req{Method: "GET", Path: "/api/v1/me", Header: tt.header}
			if tt.cookie != nil {
				r.Cookies = []*http.Cookie{tt.cookie}
			}
			res := e.must(t, http.StatusUnauthorized, r)
			assert.Equal(t, tt.want, res.JSON["error"].(map[string]any)["message"])
		})
	}
}

// The browser's catalogue: public, the same texts as the server's, plural
// forms included, revalidated by its ETag; a language it lacks is not found.
func TestCatalogueIsServedToTheBrowser(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	res := e.must(t, http.StatusOK, req{Method: "GET", Path: "/i18n/fr.json"})
	assert.Equal(t, "Bonjour {name}\u00a0!", res.JSON["hello"])
	assert.Equal(t, "Merci de vous connecter.", res.JSON["error.unauthenticated"])
	assert.Equal(t, map[string]any{"one": "{n} étoile", "other": "{n} étoiles"}, res.JSON["stars"])
	etag := res.Header.Get("ETag")
	assert.NotEmpty(t, etag)
	assert.Equal(t, "no-cache", res.Header.Get("Cache-Control"))
	e.must(t, http.StatusNotModified, req{Method: "GET", Path: "/i18n/fr.json", Header: map[string]string{"If-None-Match": etag}})
	en := e.must(t, http.StatusOK, req{Method: "GET", Path: "/i18n/en.json"})
	assert.Equal(t, "Hello {name}!", en.JSON["hello"])
	e.must(t, http.StatusNotFound, req{Method: "GET", Path: "/i18n/de.json"})
	e.must(t, http.StatusNotFound, req{Method: "GET", Path: "/i18n/fr"})
}
