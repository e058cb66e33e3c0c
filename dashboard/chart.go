package dashboard

import (
	"html/template"
	"math"
	"strconv"

	"github.com/multipli/multipli/catalog"
)

// Chart is a picture with the table behind it.
type Chart struct {
	Title string
	SVG   template.HTML
	Table Table
}

// series is what a chart plots: one value per x label, NaN where there is
// no data (drawn as a gap, and "—" in the table).
type series struct {
	title  string
	yLabel string
	x      []string
	values []float64
	format func(float64) string // a value for people
	yMax   float64              // at least this tall (e.g. 1 for accuracy)
	bars   bool
}

const (
	chartW, chartH       = 560, 240
	chartLeft, chartTop  = 56, 30
	chartRight, chartBot = 16, 46
)

// niceScale picks the y axis: a step of 1, 2 or 5 × a power of ten giving
// at most five intervals, and the top as a whole number of steps, so every
// tick label is a round number.
func niceScale(v float64) (top, step float64) {
	if v <= 0 || math.IsNaN(v) {
		v = 1
	}
	p := math.Pow(10, math.Floor(math.Log10(v/5)))
	step = 10 * p
	for _, m := range []float64{1, 2, 5} {
		if m*p >= v/5*(1-1e-9) {
			step = m * p
			break
		}
	}
	return step * math.Ceil(v/step-1e-9), step
}

// newChart renders the series as a line chart (or bars) with axes, tick
// labels and an axis title, every point focusable with its value.
func newChart(s series, lang, id string) Chart {
	id = safeID(id)
	top := s.yMax
	for _, v := range s.values {
		if !math.IsNaN(v) {
			top = math.Max(top, v)
		}
	}
	top, tick := niceScale(top)
	plotW := float64(chartW - chartLeft - chartRight)
	plotH := float64(chartH - chartTop - chartBot)
	n := max(len(s.x), 1)
	step := plotW / float64(n)
	xAt := func(i int) float64 { return float64(chartLeft) + step*(float64(i)+0.5) }
	yAt := func(v float64) float64 { return float64(chartTop) + plotH*(1-v/top) }

	var w svgWriter
	w.f(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="100%%" role="group" aria-labelledby="%s-title" class="chart" font-family="sans-serif">`, chartW, chartH, id)
	w.f(`<title id="%s-title">%s</title>`, id, esc(s.title))
	// Y axis: round ticks with grid lines.
	for i := 0; float64(i)*tick <= top*(1+1e-9); i++ {
		v := float64(i) * tick
		y := yAt(v)
		w.f(`<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#dddddd"/>`, chartLeft, y, chartW-chartRight, y)
		w.f(`<text x="%d" y="%.1f" font-size="11" text-anchor="end">%s</text>`, chartLeft-6, y+4, esc(s.format(v)))
	}
	w.f(`<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#333333"/>`, chartLeft, chartTop, chartLeft, chartH-chartBot)
	w.f(`<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#333333"/>`, chartLeft, chartH-chartBot, chartW-chartRight, chartH-chartBot)
	w.f(`<text x="12" y="%d" font-size="12" transform="rotate(-90 12 %d)" text-anchor="middle">%s</text>`,
		chartTop+int(plotH)/2, chartTop+int(plotH)/2, esc(s.yLabel))
	// X axis: every label when they fit, else every other one.
	every := 1
	if n > 8 {
		every = 2
	}
	for i, l := range s.x {
		if (n-1-i)%every != 0 {
			continue // keep the latest week labelled
		}
		w.f(`<text x="%.1f" y="%d" font-size="11" text-anchor="middle">%s</text>`, xAt(i), chartH-chartBot+16, esc(l))
	}
	w.f(`<text x="%d" y="%d" font-size="12" text-anchor="middle">%s</text>`, chartLeft+int(plotW)/2, chartH-8, esc(tr(lang, "axis.week")))

	colour := Colour(0.25) // a dark blue of the same scale, legible on white
	if !s.bars {
		// The line breaks at weeks without data.
		path, pen := "", false
		for i, v := range s.values {
			if math.IsNaN(v) {
				pen = false
				continue
			}
			cmd := "L"
			if !pen {
				cmd = "M"
			}
			path += cmd + ftoa(xAt(i)) + " " + ftoa(yAt(v)) + " "
			pen = true
		}
		if path != "" {
			w.f(`<path d="%s" fill="none" stroke="%s" stroke-width="2.5"/>`, path, colour)
		}
	}
	for i, v := range s.values {
		// "5 oct. : 3" in French, with its no-break space.
		label := catalog.T(lang, "polish.label", "label", s.x[i]) + " " + tr(lang, "chart.none")
		if !math.IsNaN(v) {
			label = catalog.T(lang, "polish.label", "label", s.x[i]) + " " + s.format(v)
		}
		w.f(`<g class="pt" tabindex="0" role="img" aria-label="%s"><title>%s</title>`, esc(label), esc(label))
		switch {
		case math.IsNaN(v):
			w.f(`<text x="%.1f" y="%d" font-size="11" text-anchor="middle" fill="#666666" aria-hidden="true">—</text>`, xAt(i), chartH-chartBot-4)
		case s.bars:
			bw := step * 0.6
			w.f(`<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>`, xAt(i)-bw/2, yAt(v), bw, float64(chartH-chartBot)-yAt(v), colour)
		default:
			w.f(`<circle cx="%.1f" cy="%.1f" r="4.5" fill="%s" stroke="#ffffff"/>`, xAt(i), yAt(v), colour)
		}
		w.f(`</g>`)
	}
	w.f(`</svg>`)

	t := Table{Caption: s.title, Head: []string{tr(lang, "axis.week"), s.yLabel}, RowHeaders: true}
	for i, v := range s.values {
		cell := "—"
		if !math.IsNaN(v) {
			cell = s.format(v)
		}
		t.Rows = append(t.Rows, []string{s.x[i], cell})
	}
	return Chart{Title: s.title, SVG: w.html(), Table: t}
}

func ftoa(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }
