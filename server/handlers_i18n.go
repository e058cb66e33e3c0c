package server

import (
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/catalog"
)

// handleI18n serves the catalogue of one language (/i18n/fr.json), every
// message the pages read, plural forms included: the browser's texts come
// from the same files as the server's. Like the static files it is
// revalidated by its checksum, which changes only with a new build.
func (s *Server) handleI18n(c echo.Context) error {
	lang, ok := strings.CutSuffix(c.Param("file"), ".json")
	if !ok {
		return echo.ErrNotFound
	}
	body, etag, ok := catalog.Messages(lang)
	if !ok {
		return echo.ErrNotFound
	}
	return serveAsset(c, asset{body: body, contentType: "application/json; charset=utf-8", etag: etag})
}
