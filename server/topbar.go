package server

import (
	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/catalog"
)

// topBar is what the adults' server-rendered pages show at the right of
// their top bar: who is signed in, one language switch and sign-out. The
// switch has the home page's look and words (a button naming the other
// language, "English" / "Français"); here it is a link to the same page
// with ?lang=, so that it works without a script.
type topBar struct {
	Who         string // the signed-in teacher's or parent's name
	SignedIn    bool   // a teacher or a parent: the bar offers sign-out
	Logout      string
	OtherLang   string // "en" on a French page
	OtherHref   string
	OtherText   string
	SwitchLabel string
}

// newTopBar fills the bar for the page's language. The name is read from
// the store; a failure only leaves it out (the page itself still works).
//
// Every adult page has the bar, so building it is where the page's ?lang=
// is remembered for the rest of the visit (rememberLang).
func (s *Server) newTopBar(c echo.Context, lang string) topBar {
	s.rememberLang(c)
	other := "en"
	if lang == "en" {
		other = "fr"
	}
	b := topBar{Logout: catalog.T(lang, "logout"), OtherLang: other, OtherHref: withLang(c, other),
		OtherText: catalog.T(lang, "lang.other"), SwitchLabel: catalog.T(lang, "lang.switch")}
	p, ok := principalOf(c)
	if !ok {
		return b
	}
	ctx := c.Request().Context()
	b.SignedIn = p.Role == RoleTeacher || p.Role == RoleParent
	switch p.Role {
	case RoleTeacher:
		if t, err := s.store.Teacher(ctx, p.ID); err == nil {
			b.Who = t.Name
		}
	case RoleParent:
		if pa, err := s.store.Parent(ctx, p.ID); err == nil {
			b.Who = pa.Name
		}
	}
	return b
}
