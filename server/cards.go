package server

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
	"rsc.io/qr"

	"github.com/multipli/multipli/catalog"
	"github.com/multipli/multipli/server/credential"
	"github.com/multipli/multipli/store"
)

var templateFuncs = template.FuncMap{
	"add1": func(i int) int { return i + 1 },
	// label writes "Level: " or, in French, "Niveau : " with a no-break
	// space: French puts a space before a colon, which must not start a
	// line. A template writes {{label .Lang .T.level}}, never "…}}: ".
	"label": func(lang, text string) string { return catalog.T(lang, "polish.label", "label", text) },
}

type card struct {
	Name       string
	PIN        string
	Pictures   []string
	Unreadable bool // sealed with an older server key: reset to print
	// Link signs the child in by itself (handleCardLogin), and QR is the
	// same link as a QR code for a tablet's camera.
	Link string
	QR   template.HTML
}

type cardsPage struct {
	Lang    string
	T       map[string]string
	ClassID int64 // for the link to the parents' letters
	Class   string
	Code    string
	Origin  string
	Cards   []card
	Bar     topBar
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
	lang := pageLang(c)
	page := cardsPage{Lang: lang, T: catalog.Section(lang, "cards."), ClassID: cl.ID, Class: cl.Name, Code: cl.Code, Origin: s.origin(c), Bar: s.newTopBar(c, lang)}
	for _, st := range students {
		cd, err := s.cardOf(st, page.Origin)
		if err != nil {
			return err
		}
		page.Cards = append(page.Cards, cd)
	}
	var buf bytes.Buffer
	if err := s.web.templates.ExecuteTemplate(&buf, "cards.html", page); err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.HTMLBlob(http.StatusOK, buf.Bytes())
}

func (s *Server) cardOf(st store.Student, origin string) (card, error) {
	cd := card{Name: st.DisplayName}
	secret, err := s.sealer.Open(st.CardSecret)
	if err != nil {
		cd.Unreadable = true
		return cd, nil
	}
	if st.SecretKind == store.SecretPictures {
		cd.Pictures = credential.SplitPictures(secret)
	} else {
		cd.PIN = secret
	}
	// The token rides in the fragment: browsers do not send it to the
	// server nor to proxies' logs; login.js posts it.
	cd.Link = origin + "/#card=" + s.cardToken(st)
	cd.QR, err = qrSVG(cd.Link)
	return cd, err
}

// A login card's token is "<student id>.<MAC>": an HMAC (key derived from
// the server key) of the student's id and sealed secret, 128 bits of it.
// Nothing more is stored: the teacher can reprint it at any time; setting a
// new PIN or pictures reseals the secret (with a fresh nonce), which voids
// the old card; rotating the server key voids every card, as it already
// makes the sealed secrets unreadable.
func (s *Server) cardToken(st store.Student) string {
	mac := hmac.New(sha256.New, s.cfg.SecretKey)
	mac.Write([]byte("card:" + strconv.FormatInt(st.ID, 10) + ":" + st.CardSecret))
	return strconv.FormatInt(st.ID, 10) + "." + base64.RawURLEncoding.EncodeToString(mac.Sum(nil)[:16])
}

// errBadCard is a card token that is not (or no longer) a child's.
var errBadCard = errors.New("server: unknown login card")

// cardStudent finds the child a card token signs in: errBadCard unless the
// token is the current one of a child of an active class.
func (s *Server) cardStudent(ctx context.Context, token string) (store.Student, error) {
	idText, _, ok := strings.Cut(token, ".")
	id, err := strconv.ParseInt(idText, 10, 64)
	if !ok || err != nil || id <= 0 {
		return store.Student{}, errBadCard
	}
	st, err := s.store.Student(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return store.Student{}, errBadCard
	}
	if err != nil {
		return store.Student{}, err
	}
	if st.CardSecret == "" || !hmac.Equal([]byte(token), []byte(s.cardToken(st))) {
		return store.Student{}, errBadCard
	}
	cl, err := s.store.Class(ctx, st.ClassID)
	if err != nil {
		return store.Student{}, err
	}
	if cl.ArchivedAt != nil {
		return store.Student{}, errBadCard
	}
	return st, nil
}

// qrSVG draws text as a QR code (error correction M: a card gets creased
// and smudged), an SVG of one path, with the 4-module quiet zone the
// standard asks for. The SVG is built from numbers only, so it is safe
// to put in the page as is.
func qrSVG(text string) (template.HTML, error) {
	code, err := qr.Encode(text, qr.M)
	if err != nil {
		return "", fmt.Errorf("server: QR code: %w", err)
	}
	const quiet = 4
	side := code.Size + 2*quiet
	var path strings.Builder
	for y := range code.Size {
		for x := range code.Size {
			if code.Black(x, y) {
				fmt.Fprintf(&path, "M%d %dh1v1h-1z", x+quiet, y+quiet)
			}
		}
	}
	return template.HTML(fmt.Sprintf(`<svg class="card-qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" role="img" aria-hidden="true" shape-rendering="crispEdges"><rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="%s"/></svg>`, side, side, side, side, path.String())), nil
}

// origin is the site's address printed on paper (login cards, parents'
// letters): the configured PublicURL, else the one the teacher's browser
// asked for.
func (s *Server) origin(c echo.Context) string {
	if s.cfg.PublicURL != "" {
		return strings.TrimRight(s.cfg.PublicURL, "/")
	}
	scheme := "http"
	if s.cfg.SecureCookies || c.Request().TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + c.Request().Host
}
