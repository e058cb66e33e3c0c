package server

import (
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/catalog"
	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/play"
	"github.com/multipli/multipli/store"
)

// The child's collection (openapi.json, tag "play"): the facts they know
// by heart as creatures, and a certificate for each level they master.
// Both read the signed-in student only: there is no student id to change,
// so no child sees another's, and no page compares children.

// handlePlayCollection serves GET /api/v1/play/collection.
func (s *Server) handlePlayCollection(c echo.Context) error {
	col, err := s.play.Collection(c.Request().Context(), me(c).ID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, col)
}

// handlePlayCertificate serves GET /api/v1/play/certificates/:level
// (?lang=fr|en): an A4 PDF for a ladder level the child has mastered; a
// level not (yet) mastered, or not a ladder level, is not found.
func (s *Server) handlePlayCertificate(c echo.Context) error {
	col, err := s.play.Collection(c.Request().Context(), me(c).ID)
	if err != nil {
		return err
	}
	lv, ok := masteredLevel(col, games.LevelName(c.Param("level")))
	if !ok {
		return fmt.Errorf("server: no certificate for level %q: %w", c.Param("level"), store.ErrNotFound)
	}
	lang := pageLang(c)
	// Dated the day it is printed: it says what the child knows that day
	// (the stored flags), not when a promotion happened.
	body, err := certificatePDF(lang, certificate{Name: col.Name, Level: lv, Date: s.now()})
	if err != nil {
		return err
	}
	name := catalog.T(lang, "collect.cert.filename") + ".pdf"
	h := c.Response().Header()
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Disposition", `inline; filename="`+name+`"`)
	return c.Blob(http.StatusOK, "application/pdf", body)
}

// masteredLevel finds the level among the collection's, if mastered.
func masteredLevel(col play.Collection, name games.LevelName) (play.CollectionLevel, bool) {
	for _, lv := range col.Levels {
		if lv.Level == name && lv.Mastered {
			return lv, true
		}
	}
	return play.CollectionLevel{}, false
}
