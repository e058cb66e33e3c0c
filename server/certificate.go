package server

import (
	"bytes"
	"fmt"
	"time"

	"github.com/go-pdf/fpdf"

	"github.com/multipli/multipli/catalog"
	"github.com/multipli/multipli/play"
)

// A child's certificate: one A4 page, landscape as certificates are, with
// the child's name, the level in words, how many of its facts they know by
// heart, the date in the child's language and a row of the collection's
// creatures drawn as shapes (no image to embed). A PDF, as the parents'
// letters are, so that it prints the same from any browser.

type certificate struct {
	Name  string
	Level play.CollectionLevel
	Date  time.Time
}

// creatureColours are the creatures' bodies on paper (RGB), light enough
// for a child to colour over.
var creatureColours = [][3]int{{134, 197, 110}, {167, 139, 214}, {247, 183, 86}, {110, 178, 222}, {239, 134, 140}}

func certificatePDF(lang string, c certificate) ([]byte, error) {
	pdf := fpdf.New("L", "mm", "A4", "")
	tr := pdf.UnicodeTranslatorFromDescriptor("")
	text := func(key string, kv ...any) string { return tr(catalog.T(lang, key, kv...)) }
	pdf.SetTitle(catalog.T(lang, "collect.cert.filename"), true)
	pdf.SetCreator("Multipli", true)
	pdf.SetMargins(25, 20, 25)
	pdf.SetAutoPageBreak(false, 15)
	pdf.AddPage()
	const w, hgt = 297.0, 210.0
	const width = w - 2*25

	// A double frame.
	pdf.SetDrawColor(90, 70, 160)
	pdf.SetLineWidth(1.6)
	pdf.Rect(10, 10, w-20, hgt-20, "D")
	pdf.SetLineWidth(0.5)
	pdf.Rect(14, 14, w-28, hgt-28, "D")

	pdf.SetTextColor(90, 70, 160)
	pdf.SetY(26)
	pdf.SetFont("Helvetica", "B", 40)
	pdf.CellFormat(width, 18, text("collect.cert.title"), "", 1, "C", false, 0, "")
	pdf.SetTextColor(40, 40, 40)
	pdf.Ln(4)
	pdf.SetFont("Helvetica", "", 16)
	pdf.CellFormat(width, 8, text("collect.cert.awarded"), "", 1, "C", false, 0, "")
	pdf.Ln(4)
	pdf.SetFont("Helvetica", "B", 34)
	pdf.MultiCell(width, 15, tr(c.Name), "", "C", false)
	pdf.Ln(3)
	pdf.SetFont("Helvetica", "", 18)
	pdf.MultiCell(width, 9, text("collect.cert.knows", "level", catalog.T(lang, "collect.level."+string(c.Level.Level))), "", "C", false)
	pdf.Ln(2)
	pdf.SetFont("Helvetica", "", 13)
	pdf.CellFormat(width, 7, text("collect.count", "n", c.Level.Known, "total", c.Level.Total), "", 1, "C", false, 0, "")

	// Five creatures across the page, each with a product of the level.
	const r = 13.0
	y := 140.0
	for i := range 5 {
		x := w/2 + float64(i-2)*42
		table := c.Level.Tables[i%len(c.Level.Tables)]
		drawCreature(pdf, x, y, r, creatureColours[i], fmt.Sprint(table*(i+3)))
	}

	pdf.SetY(hgt - 40)
	pdf.SetFont("Helvetica", "", 13)
	pdf.CellFormat(width, 7, text("collect.cert.date", "date", letterDate(lang, c.Date)), "", 1, "C", false, 0, "")
	pdf.SetFont("Helvetica", "I", 10)
	pdf.CellFormat(width, 6, text("collect.cert.footer"), "", 1, "C", false, 0, "")

	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("server: certificate: %w", err)
	}
	return buf.Bytes(), nil
}

// drawCreature draws a round creature of radius r centred on (x, y): ears,
// a body, two eyes and the number on its belly.
func drawCreature(pdf *fpdf.Fpdf, x, y, r float64, rgb [3]int, label string) {
	pdf.SetLineWidth(0.6)
	pdf.SetDrawColor(60, 50, 90)
	pdf.SetFillColor(rgb[0], rgb[1], rgb[2])
	pdf.Polygon([]fpdf.PointType{{X: x - r*0.8, Y: y - r*0.5}, {X: x - r*0.9, Y: y - r*1.35}, {X: x - r*0.2, Y: y - r*0.9}}, "FD")
	pdf.Polygon([]fpdf.PointType{{X: x + r*0.8, Y: y - r*0.5}, {X: x + r*0.9, Y: y - r*1.35}, {X: x + r*0.2, Y: y - r*0.9}}, "FD")
	pdf.Ellipse(x, y, r, r*0.95, 0, "FD")
	pdf.SetFillColor(255, 255, 255)
	pdf.Circle(x-r*0.35, y-r*0.35, r*0.22, "FD")
	pdf.Circle(x+r*0.35, y-r*0.35, r*0.22, "FD")
	pdf.SetFillColor(40, 40, 40)
	pdf.Circle(x-r*0.32, y-r*0.32, r*0.09, "F")
	pdf.Circle(x+r*0.38, y-r*0.32, r*0.09, "F")
	pdf.SetFont("Helvetica", "B", 14)
	pdf.SetTextColor(40, 40, 40)
	pdf.SetXY(x-r, y+r*0.05)
	pdf.CellFormat(2*r, r*0.6, label, "", 0, "C", false, 0, "")
}
