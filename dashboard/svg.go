package dashboard

import (
	"fmt"
	"html/template"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/multipli/multipli/games"
)

// esc makes any text safe inside SVG or HTML, as element content or as a
// quoted attribute: it escapes & < > " ' and replaces the characters XML
// forbids (control characters, broken UTF-8) with U+FFFD, so a hostile
// student name can neither inject markup nor make the SVG ill-formed.
func esc(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i, r := range s {
		if r == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(s[i:]); size == 1 {
				b.WriteRune('\uFFFD')
				continue
			}
		}
		switch {
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '"':
			b.WriteString("&#34;")
		case r == '\'':
			b.WriteString("&#39;")
		case !xmlChar(r):
			b.WriteRune('\uFFFD')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// xmlChar is XML 1.0's Char production.
func xmlChar(r rune) bool {
	return r == 0x09 || r == 0x0A || r == 0x0D ||
		r >= 0x20 && r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF
}

// safeID keeps only [A-Za-z0-9_-] of an element id prefix.
func safeID(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 {
		return "m"
	}
	return b.String()
}

// svgWriter collects SVG text; every piece of text goes through esc.
type svgWriter struct{ b strings.Builder }

func (w *svgWriter) f(format string, args ...any) { fmt.Fprintf(&w.b, format, args...) }

func (w *svgWriter) html() template.HTML {
	// The content is built only from escaped text and numbers.
	return template.HTML(w.b.String()) //nolint:gosec
}

const heatCellSize = 38
const heatHeader = 30

// renderHeatmap draws the 12 × 12 grid, rows a and columns b, with the
// value printed in every cell and a legend. Each cell is a focusable group
// (tabindex) with a <title> and an aria-label, so focusing or tapping a cell
// tells its value; cells without data are hatched and show a dash.
// The hover and focus highlight is in the page's stylesheet (dash.css), not
// in a <style> inside the SVG: the pages' Content-Security-Policy blocks
// inline styles, so an embedded one never applied.
//
// With links (CellLinks), each cell is instead a link (SVG <a>, focusable
// and followed with the keyboard) to the list of the children who do not
// know the fact by heart; the chosen fact's two cells are marked.
func renderHeatmap(h Heatmap, lang, id string) template.HTML {
	id = safeID(id)
	n := games.MaxFactor
	grid := heatHeader + n*heatCellSize
	// The legend's sentences wrap within the picture: an SVG text never
	// wraps by itself, and a long line (French above all) was cut off.
	scale := wrapText(tr(lang, "legend.mastery"), legendChars)
	p, k := knownRule()
	known := wrapText(tr(lang, "legend.known", "p", pct(lang, p), "n", k), legendChars)
	width, height := grid+10, grid+66+legendLine*(len(scale)+len(known))
	var w svgWriter
	w.f(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="100%%" role="group" aria-labelledby="%s-title" class="heatmap" font-family="sans-serif">`, width, height, id)
	w.f(`<title id="%s-title">%s</title>`, id, esc(h.Title))
	w.f(`<defs><pattern id="%s-none" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">`, id)
	w.f(`<rect width="6" height="6" fill="%s"/><line x1="0" y1="0" x2="0" y2="6" stroke="#9a9a9a" stroke-width="1.5"/></pattern>`, noDataFill)
	w.f(`<linearGradient id="%s-scale">`, id)
	for i := 0; i <= 8; i++ {
		v := float64(i) / 8
		w.f(`<stop offset="%g" stop-color="%s"/>`, v, Colour(v))
	}
	w.f(`</linearGradient></defs>`)
	w.f(`<text x="%d" y="%d" font-size="14" text-anchor="middle" aria-hidden="true">×</text>`, heatHeader/2, heatHeader/2+5)
	for i := 1; i <= n; i++ {
		pos := heatHeader + (i-1)*heatCellSize + heatCellSize/2
		w.f(`<text x="%d" y="%d" font-size="13" font-weight="bold" text-anchor="middle" aria-hidden="true">%d</text>`, pos, heatHeader/2+5, i)
		w.f(`<text x="%d" y="%d" font-size="13" font-weight="bold" text-anchor="middle" aria-hidden="true">%d</text>`, heatHeader/2, pos+5, i)
	}
	for _, c := range h.Cells {
		x := heatHeader + (c.B-1)*heatCellSize
		y := heatHeader + (c.A-1)*heatCellSize
		fill, ink := fmt.Sprintf("url(#%s-none)", id), "#333333"
		if c.HasData {
			fill, ink = Colour(c.Mastery), TextColour(c.Mastery)
		}
		cls := "cell"
		if h.Chosen == (games.Fact{A: c.A, B: c.B}).Pair() {
			cls += " chosen"
		}
		if h.CellLinks != nil {
			fact := strconv.Itoa(c.A) + "x" + strconv.Itoa(c.B)
			label := c.Label + " " + wt(lang, "fact_cell_hint")
			w.f(`<a href="%s" data-fact="%s" aria-label="%s"><g class="%s"><title>%s</title>`,
				esc(h.CellLinks(c.A, c.B)), fact, esc(label), cls, esc(label))
		} else {
			w.f(`<g class="%s" tabindex="0" role="img" aria-label="%s"><title>%s</title>`, cls, esc(c.Label), esc(c.Label))
		}
		w.f(`<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#ffffff" stroke-width="1"/>`, x, y, heatCellSize, heatCellSize, fill)
		w.f(`<text x="%d" y="%d" font-size="12" text-anchor="middle" fill="%s" aria-hidden="true">%s</text></g>`,
			x+heatCellSize/2, y+heatCellSize/2+4, ink, esc(c.Short))
		if h.CellLinks != nil {
			w.f(`</a>`)
		}
	}
	// Legend: the scale from 0 to 100 % mastery, and the no-data swatch.
	w.f(`<g class="legend">`)
	textLines(&w, heatHeader, grid+16, scale)
	ly := grid + 16 + legendLine*(len(scale)-1)
	w.f(`<rect x="%d" y="%d" width="200" height="14" fill="url(#%s-scale)" stroke="#666666"/>`, heatHeader, ly+6, id)
	for i := 0; i <= 4; i++ {
		x := heatHeader + i*50
		w.f(`<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#333333"/>`, x, ly+20, x, ly+25)
		w.f(`<text x="%d" y="%d" font-size="11" text-anchor="middle">%s</text>`, x, ly+37, esc(pct(lang, float64(i)/4)))
	}
	w.f(`<rect x="%d" y="%d" width="20" height="14" fill="url(#%s-none)" stroke="#666666"/>`, heatHeader+240, ly+6, id)
	w.f(`<text x="%d" y="%d" font-size="12">%s</text>`, heatHeader+266, ly+18, esc(tr(lang, "legend.no_data")))
	// The threshold of "known by heart" on the scale, and what ✓ means.
	tx := heatHeader + int(math.Round(200*p))
	w.f(`<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#000000" stroke-width="2"/>`, tx, ly+2, tx, ly+24)
	textLines(&w, heatHeader, ly+56, known)
	w.f(`</g></svg>`)
	return w.html()
}

// legendChars is the longest legend line, in characters: at font size 12
// a line of 70 fits the grid's width (466 units) with room to spare.
const legendChars = 70

// legendLine is the legend's line height.
const legendLine = 15

// textLines writes lines one under the other from (x, y), escaped.
func textLines(w *svgWriter, x, y int, lines []string) {
	w.f(`<text x="%d" y="%d" font-size="12">`, x, y)
	for i, l := range lines {
		dy := 0
		if i > 0 {
			dy = legendLine
		}
		// Every line but the last ends with a space (unseen at a line's
		// end): what a screen reader reads, a search finds and a copy takes
		// would glue "(dark purple)to 100" otherwise.
		if i < len(lines)-1 {
			l += " "
		}
		w.f(`<tspan x="%d" dy="%d">%s</tspan>`, x, dy, esc(l))
	}
	w.f(`</text>`)
}

// wrapText cuts a sentence into lines of at most n characters, at spaces
// (a longer word stands alone on its line).
func wrapText(s string, n int) []string {
	var lines []string
	line := ""
	// Only plain spaces break: a no-break space keeps "80 %" whole.
	for _, word := range strings.Split(s, " ") {
		switch {
		case word == "":
		case line == "":
			line = word
		case utf8.RuneCountInString(line)+1+utf8.RuneCountInString(word) <= n:
			line += " " + word
		default:
			lines = append(lines, line)
			line = word
		}
	}
	return append(lines, line)
}

// Table is the data behind a picture, for screen readers and for people who
// prefer numbers: a caption, a header row and rows of text.
type Table struct {
	Caption    string
	Head       []string
	Rows       [][]string
	RowHeaders bool // the first cell of each row heads the row
}

// HTML renders the table, every text escaped.
func (t Table) HTML() template.HTML {
	var b strings.Builder
	b.WriteString(`<table class="data">`)
	if t.Caption != "" {
		b.WriteString("<caption>" + esc(t.Caption) + "</caption>")
	}
	if len(t.Head) > 0 {
		b.WriteString("<thead><tr>")
		for _, h := range t.Head {
			b.WriteString(`<th scope="col">` + esc(h) + "</th>")
		}
		b.WriteString("</tr></thead>")
	}
	b.WriteString("<tbody>")
	for _, row := range t.Rows {
		b.WriteString("<tr>")
		for i, c := range row {
			if i == 0 && t.RowHeaders {
				b.WriteString(`<th scope="row">` + esc(c) + "</th>")
			} else {
				b.WriteString("<td>" + esc(c) + "</td>")
			}
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</tbody></table>")
	return template.HTML(b.String()) //nolint:gosec // built from escaped text only
}
