package server

import (
	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/catalog"
	"github.com/multipli/multipli/store"
)

// rosterPage is the class's roster page: the server writes the page and
// its words; roster.js draws the list of children and calls the API.
type rosterPage struct {
	Lang    string
	T       map[string]string
	Title   string
	Class   store.Class
	Teacher string
	SelfEN  string
	SelfFR  string
	Bar     topBar
}

// handleRosterPage renders /classes/:id/roster for the class's teacher.
func (s *Server) handleRosterPage(c echo.Context) error {
	cl, err := s.myClass(c)
	if err != nil {
		return err
	}
	t, err := s.store.Teacher(c.Request().Context(), me(c).ID)
	if err != nil {
		return err
	}
	lang := pageLang(c)
	p := rosterPage{
		Lang: lang, T: catalog.Section(lang, "roster."), Class: cl, Teacher: t.Name,
		SelfEN: withLang(c, "en"), SelfFR: withLang(c, "fr"), Bar: s.newTopBar(c, lang),
	}
	p.Title = p.T["title"] + " — " + cl.Name
	return s.render(c, "roster.html", p)
}
