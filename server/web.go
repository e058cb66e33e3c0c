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
// The play UI's development harness is not in web/ but in devharness/,
// embedded only by the dev build (devharness_dev.go), so a production
// binary neither carries nor serves it.
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

// devHarnessPath is where the play UI's development harness is served
// when Config.DevHarness is set: beside the play modules, which its pages
// import by relative paths.
const devHarnessPath = "static/play/dev/"

// mustLoadWeb reads every embedded file (and the development harness's,
// when dev is not nil) and parses the templates once, at start: a broken
// template fails the start, not a request.
func mustLoadWeb(dev fs.FS) *webAssets {
	w := &webAssets{files: map[string]asset{}}
	if err := w.add(webFS, "web", ""); err != nil {
		panic("server: read embedded web files: " + err.Error())
	}
	if dev != nil {
		if err := w.add(dev, ".", devHarnessPath); err != nil {
			panic("server: read the development harness: " + err.Error())
		}
	}
	w.templates = template.Must(template.New("").Funcs(templateFuncs).ParseFS(webFS, "web/templates/*.html"))
	return w
}

// add reads every file under root in fsys, served as prefix + its path
// below root.
func (w *webAssets) add(fsys fs.FS, root, prefix string) error {
	return fs.WalkDir(fsys, root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		body, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(body)
		ct := mime.TypeByExtension(path.Ext(p))
		if ct == "" {
			ct = "application/octet-stream"
		}
		if root != "." {
			p = strings.TrimPrefix(p, root+"/")
		}
		w.files[prefix+p] = asset{body: body, contentType: ct, etag: `"` + hex.EncodeToString(sum[:8]) + `"`}
		return nil
	})
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
