package server

import (
	"bytes"
	"html/template"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/server/credential"
	"github.com/multipli/multipli/store"
)

var templateFuncs = template.FuncMap{"add1": func(i int) int { return i + 1 }}

type card struct {
	Name       string
	PIN        string
	Pictures   []string
	Unreadable bool // sealed with an older server key: reset to print
}

type cardsPage struct {
	Lang   string
	T      map[string]string
	Class  string
	Code   string
	Origin string
	Cards  []card
}

var cardLabels = map[string]map[string]string{
	"en": {
		"title": "Login cards", "print": "Print", "class": "Class", "code": "Class code",
		"pin": "My PIN", "pictures": "My pictures", "go": "Go to", "unreadable": "Ask your teacher for a new password.",
		"help": "Cut along the lines and give each child their card.", "colon": ":",
	},
	"fr": {
		"title": "Cartes de connexion", "print": "Imprimer", "class": "Classe", "code": "Code de la classe",
		"pin": "Mon code", "pictures": "Mes images", "go": "Va sur", "unreadable": "Demande un nouveau mot de passe à ton enseignant.",
		"help": "Découpez en suivant les traits et donnez à chaque enfant sa carte.", "colon": "\u00a0:",
	},
}

// handleLoginCards renders the printable login cards of a class: each
// child's name, the class code and their PIN or pictures.
func (s *Server) handleLoginCards(c echo.Context) error {
	cl, err := s.myClass(c)
	if err != nil {
		return err
	}
	students, err := s.store.StudentsOf(c.Request().Context(), cl.ID)
	if err != nil {
		return err
	}
	lang := langOf(c)
	scheme := "http"
	if s.cfg.SecureCookies || c.Request().TLS != nil {
		scheme = "https"
	}
	page := cardsPage{Lang: lang, T: cardLabels[lang], Class: cl.Name, Code: cl.Code, Origin: scheme + "://" + c.Request().Host}
	for _, st := range students {
		page.Cards = append(page.Cards, s.cardOf(st))
	}
	var buf bytes.Buffer
	if err := s.web.templates.ExecuteTemplate(&buf, "cards.html", page); err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.HTMLBlob(http.StatusOK, buf.Bytes())
}

func (s *Server) cardOf(st store.Student) card {
	cd := card{Name: st.DisplayName}
	secret, err := s.sealer.Open(st.CardSecret)
	if err != nil {
		cd.Unreadable = true
		return cd
	}
	if st.SecretKind == store.SecretPictures {
		cd.Pictures = credential.SplitPictures(secret)
	} else {
		cd.PIN = secret
	}
	return cd
}
