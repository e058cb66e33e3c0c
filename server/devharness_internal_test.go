//go:build !dev

package server

import (
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store/storetest"
)

// The production build carries no development harness: nothing under a
// dev/ folder is embedded, DevHarness is nil, and its address answers 404
// while the play modules it would load are served.
func TestTheProductionBuildHasNoDevHarness(t *testing.T) {
	var dev []string
	require.NoError(t, fs.WalkDir(webFS, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && (d.Name() == "dev" || d.Name() == "devharness" || d.Name() == "fixtures") {
			dev = append(dev, p)
		}
		return err
	}))
	assert.Empty(t, dev, "embedded in the production binary")
	assert.Nil(t, DevHarness())

	st := storetest.Open(t, filepath.Join(t.TempDir(), "multipli.db"))
	h := New(Config{SecretKey: []byte("test-key-test-key-test-key-test-key!")}, st, nil).Handler()
	get := func(p string) int {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, p, nil))
		return rec.Code
	}
	for _, p := range []string{"/static/play/dev/index.html", "/static/play/dev/game.html", "/static/play/dev/harness.js", "/static/play/dev/fixtures/cats.json"} {
		assert.Equal(t, http.StatusNotFound, get(p), p)
	}
	assert.Equal(t, http.StatusOK, get("/static/play/shell.js"))
}

// Given the harness (as the dev build and the browser tests do), the server
// serves it under /static/play/dev/, beside the modules its pages import.
func TestTheDevHarnessIsServedWhenGiven(t *testing.T) {
	st := storetest.Open(t, filepath.Join(t.TempDir(), "multipli.db"))
	h := New(Config{SecretKey: []byte("test-key-test-key-test-key-test-key!"), DevHarness: os.DirFS("devharness")}, st, nil).Handler()
	for p, kind := range map[string]string{"/static/play/dev/game.html": "text/html", "/static/play/dev/fixtures/cats.json": "application/json"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, p, nil))
		assert.Equal(t, http.StatusOK, rec.Code, p)
		assert.True(t, strings.HasPrefix(rec.Header().Get("Content-Type"), kind), p)
	}
}
