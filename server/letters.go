package server

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/go-pdf/fpdf"
	"github.com/labstack/echo/v4"
	"rsc.io/qr"

	"github.com/multipli/multipli/catalog"
	"github.com/multipli/multipli/server/credential"
	"github.com/multipli/multipli/store"
)

// The parents' letters: one A4 page per child of a class, with the parent
// code that links an account to that child and a QR code of the sign-up
// link with the code filled in, so that a parent links themself without
// the teacher typing anything. A PDF rather than a print page: the page
// count and size are the document's, not the browser's print settings.

// letterMinLife is how long a code must still be valid for a letter to
// print it again; a code nearer its end is replaced by a new one, so that
// a letter handed out today leaves the parents at least a week.
const letterMinLife = 7 * 24 * time.Hour

// handleParentLetters renders GET /classes/:id/letters.pdf?lang=fr|en for
// the class's teacher.
func (s *Server) handleParentLetters(c echo.Context) error {
	cl, err := s.myClass(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	t, err := s.store.Teacher(ctx, me(c).ID)
	if err != nil {
		return err
	}
	students, err := s.store.StudentsOf(ctx, cl.ID)
	if err != nil {
		return err
	}
	lang := pageLang(c)
	origin := s.origin(c)
	letters := make([]letter, 0, len(students))
	for _, st := range students {
		code, expires, err := s.letterCode(ctx, st, t.ID)
		if err != nil {
			return err
		}
		letters = append(letters, letter{
			Child: st.DisplayName, Class: cl.Name, Teacher: t.Name, Code: code, Expires: expires,
			Origin: origin, Link: origin + "/?" + url.Values{"tab": {"parent"}, "code": {code}}.Encode(),
		})
	}
	body, err := lettersPDF(lang, letters)
	if err != nil {
		return err
	}
	name := catalog.T(lang, "letter.filename") + ".pdf"
	h := c.Response().Header()
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Disposition", `inline; filename="`+name+`"`)
	return c.Blob(http.StatusOK, "application/pdf", body)
}

// letter is one page: the child, their class and a code for them.
type letter struct {
	Child, Class, Teacher string
	Code                  string
	Expires               time.Time
	Origin, Link          string
}

// letterCode is the child's parent code for a letter. Codes are kept as
// hashes only, so a code can be printed again only if the server can make
// it again: a letter's code is derived, like a login card's token, from
// the server key, the child and the code's creation second. Printing the
// letters twice prints the same codes while they are open (not redeemed,
// more than letterMinLife left); otherwise a new code is made. A code
// made for an earlier letter stays valid until it expires or is used. Codes made
// through the API (random) stay valid but cannot be reprinted.
func (s *Server) letterCode(ctx context.Context, st store.Student, teacherID int64) (string, time.Time, error) {
	now := s.now()
	open, err := s.store.OpenParentCodes(ctx, st.ID, now)
	if err != nil {
		return "", time.Time{}, err
	}
	for _, pc := range open {
		code := s.derivedParentCode(st.ID, pc.CreatedAt)
		if credential.HashCode(code) == pc.CodeHash && pc.ExpiresAt.Sub(now) >= letterMinLife {
			return code, pc.ExpiresAt, nil
		}
	}
	// The code of this second may exist already, redeemed or near its
	// end (the letters printed twice in a second found it open above):
	// the next seconds give other codes.
	created := now.UTC().Truncate(time.Second)
	for range 10 {
		code := s.derivedParentCode(st.ID, created)
		pc := store.ParentCode{
			StudentID: st.ID, CodeHash: credential.HashCode(code), CreatedBy: teacherID,
			CreatedAt: created, ExpiresAt: created.Add(parentCodeTTL),
		}
		err := s.store.CreateParentCode(ctx, &pc)
		if err == nil {
			return code, pc.ExpiresAt, nil
		}
		if !errors.Is(err, store.ErrConflict) {
			return "", time.Time{}, err
		}
		created = created.Add(time.Second)
	}
	return "", time.Time{}, errors.New("server: no free parent code for a letter")
}

// derivedParentCode draws a code in the parent codes' alphabet and shape
// ("HX7C-R4PA") from an HMAC of the child and the second the code was made
// (seconds: every database keeps them exactly).
func (s *Server) derivedParentCode(studentID int64, created time.Time) string {
	mac := hmac.New(sha256.New, s.cfg.SecretKey)
	mac.Write([]byte("parent-letter:" + strconv.FormatInt(studentID, 10) + ":" + strconv.FormatInt(created.Unix(), 10)))
	sum := mac.Sum(nil)
	// 64 bits reduced to 8 letters of 25: the bias of the modulo is far
	// below anything a guesser could use.
	n := binary.BigEndian.Uint64(sum[:8])
	const alphabet = credential.ParentCodeAlphabet
	b := make([]byte, 0, 9)
	for i := range 8 {
		if i == 4 {
			b = append(b, '-')
		}
		b = append(b, alphabet[n%uint64(len(alphabet))])
		n /= uint64(len(alphabet))
	}
	return string(b)
}

var monthNames = map[string][12]string{
	"en": {"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"},
	"fr": {"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"},
}

// letterDate writes a day in full, "9 December 2026" / "9 décembre 2026".
func letterDate(lang string, t time.Time) string {
	m := monthNames[catalog.Lang(lang)]
	return fmt.Sprintf("%d %s %d", t.Day(), m[t.Month()-1], t.Year())
}

// lettersPDF writes one A4 page per letter. fpdf's core fonts are
// Windows-1252, which covers French ("é", "’", "«", "·"): every text goes
// through its UTF-8 translator, no font file to embed.
func lettersPDF(lang string, letters []letter) ([]byte, error) {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetTitle(catalog.T(lang, "letter.filename"), true)
	pdf.SetCreator("Multipli", true)
	pdf.SetMargins(20, 20, 20)
	pdf.SetAutoPageBreak(false, 20)
	tr := pdf.UnicodeTranslatorFromDescriptor("")
	const width = 210 - 2*20
	for _, l := range letters {
		pdf.AddPage()
		text := func(key string, kv ...any) string { return tr(catalog.T(lang, key, kv...)) }
		pdf.SetFont("Helvetica", "B", 18)
		pdf.MultiCell(width, 9, text("letter.title", "name", l.Child), "", "L", false)
		pdf.SetFont("Helvetica", "", 11)
		pdf.Ln(2)
		pdf.MultiCell(width, 6, text("letter.class", "class", l.Class, "teacher", l.Teacher), "", "L", false)
		pdf.Ln(6)
		pdf.SetFont("Helvetica", "", 12)
		pdf.MultiCell(width, 6, text("letter.dear"), "", "L", false)
		pdf.Ln(3)
		pdf.MultiCell(width, 6, text("letter.about", "name", l.Child), "", "J", false)
		pdf.Ln(6)
		pdf.SetFont("Helvetica", "B", 12)
		pdf.MultiCell(width, 6, text("letter.steps", "name", l.Child), "", "L", false)
		pdf.SetFont("Helvetica", "", 12)
		pdf.Ln(2)
		pdf.MultiCell(width, 6, text("letter.step1", "url", l.Origin), "", "L", false)
		pdf.Ln(1)
		pdf.MultiCell(width, 6, text("letter.step2"), "", "L", false)
		pdf.Ln(8)

		// The code, large, in a box: it is what the parent types.
		pdf.SetFont("Helvetica", "", 11)
		pdf.CellFormat(width, 6, text("letter.code", "name", l.Child), "", 1, "C", false, 0, "")
		pdf.SetFont("Courier", "B", 28)
		pdf.SetX(20 + width/2 - 45)
		pdf.CellFormat(90, 16, l.Code, "1", 1, "C", false, 0, "")
		pdf.SetFont("Helvetica", "", 10)
		pdf.Ln(2)
		pdf.MultiCell(width, 5, text("letter.valid", "date", letterDate(lang, l.Expires)), "", "C", false)
		pdf.Ln(8)

		pdf.SetFont("Helvetica", "", 11)
		pdf.CellFormat(width, 6, text("letter.scan"), "", 1, "C", false, 0, "")
		const side = 50.0
		if err := drawQR(pdf, l.Link, 20+width/2-side/2, pdf.GetY()+2, side); err != nil {
			return nil, err
		}
		pdf.SetY(pdf.GetY() + side + 4)
		pdf.SetFont("Helvetica", "", 9)
		pdf.MultiCell(width, 5, tr(l.Link), "", "C", false)

		pdf.SetY(297 - 20 - 10)
		pdf.SetFont("Helvetica", "I", 10)
		pdf.MultiCell(width, 5, text("letter.private", "name", l.Child), "", "C", false)
	}
	if len(letters) == 0 {
		// A PDF needs a page: an empty class gets a blank one rather than
		// an error page in a PDF viewer.
		pdf.AddPage()
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("server: parents' letters: %w", err)
	}
	return buf.Bytes(), nil
}

// drawQR draws text as a QR code at (x, y), side mm wide with its quiet
// zone, as filled rectangles (one per run of black modules in a row):
// sharp at any printer resolution, no image to embed.
func drawQR(pdf *fpdf.Fpdf, text string, x, y, side float64) error {
	code, err := qr.Encode(text, qr.M)
	if err != nil {
		return fmt.Errorf("server: QR code: %w", err)
	}
	const quiet = 4
	m := side / float64(code.Size+2*quiet)
	pdf.SetFillColor(0, 0, 0)
	for row := range code.Size {
		for col := 0; col < code.Size; {
			if !code.Black(col, row) {
				col++
				continue
			}
			start := col
			for col < code.Size && code.Black(col, row) {
				col++
			}
			pdf.Rect(x+float64(start+quiet)*m, y+float64(row+quiet)*m, float64(col-start)*m, m, "F")
		}
	}
	return nil
}
