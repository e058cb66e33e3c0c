package server

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"html/template"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"

	"github.com/labstack/echo/v4"
)

// web holds the pages (web/*.html), the static files (web/static/…) and
// the server-rendered templates (web/templates/*.html). Pages are plain HTML
// loading ES modules; nothing is inline, so the CSP can forbid inline code.
//
//go:embed web
var webFS embed.FS

type asset struct {
	body        []byte
	contentType string
	etag        string
}

type webAssets struct {
	files     map[string]asset // by path under web/, e.g. "static/app.js"
	templates *template.Template
}

// mustLoadWeb reads every embedded file and parses the templates once, at
// start: a broken template fails the start, not a request.
func mustLoadWeb() *webAssets {
	w := &webAssets{files: map[string]asset{}}
	err := fs.WalkDir(webFS, "web", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		body, err := webFS.ReadFile(p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(body)
		ct := mime.TypeByExtension(path.Ext(p))
		if ct == "" {
			ct = "application/octet-stream"
		}
		w.files[strings.TrimPrefix(p, "web/")] = asset{body: body, contentType: ct, etag: `"` + hex.EncodeToString(sum[:8]) + `"`}
		return nil
	})
	if err != nil {
		panic("server: read embedded web files: " + err.Error())
	}
	w.templates = template.Must(template.New("").Funcs(templateFuncs).ParseFS(webFS, "web/templates/*.html"))
	return w
}

// serve answers with an embedded file. Files are revalidated on every use
// (no-cache + ETag): cheap, and a new release is never hidden by a cache.
func (w *webAssets) serve(c echo.Context, name string) error {
	a, ok := w.files[name]
	if !ok {
		return echo.ErrNotFound
	}
	return serveAsset(c, a)
}

// serveAsset answers with a body revalidated by its ETag.
func serveAsset(c echo.Context, a asset) error {
	h := c.Response().Header()
	h.Set("Cache-Control", "no-cache")
	h.Set("ETag", a.etag)
	if c.Request().Header.Get("If-None-Match") == a.etag {
		return c.NoContent(http.StatusNotModified)
	}
	return c.Blob(http.StatusOK, a.contentType, a.body)
}

// handlePage serves one of the top-level pages.
func (s *Server) handlePage(name string) echo.HandlerFunc {
	if _, ok := s.web.files[name]; !ok {
		panic("server: page " + name + " is not embedded")
	}
	return func(c echo.Context) error { return s.web.serve(c, name) }
}

// handleStatic serves web/static/*.
func (s *Server) handleStatic(c echo.Context) error {
	name := path.Clean("/" + c.Param("*"))
	return s.web.serve(c, "static"+name)
}
