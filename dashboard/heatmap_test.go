package dashboard

import (
	"fmt"
	"html"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
)

func TestClassHeatmapMeanMasteryOverStudentsWithData(t *testing.T) {
	facts := []FactStat{
		{StudentID: 1, A: 7, B: 8, Attempts: 4, Mastery: 0.2},
		{StudentID: 2, A: 7, B: 8, Attempts: 6, Mastery: 0.6, Fluent: true},
		{StudentID: 3, A: 7, B: 8, Attempts: 0, Mastery: 0.9}, // no attempts: no data
		{StudentID: 1, A: 2, B: 2, Attempts: 1, Mastery: 1},
	}
	h := NewClassHeatmap(facts, LangEN, "Class", "c1")
	require.Len(t, h.Cells, 144)
	for _, c := range []HeatCell{h.Cell(7, 8), h.Cell(8, 7)} {
		assert.True(t, c.HasData)
		assert.InDelta(t, 0.4, c.Mastery, 1e-9)
		assert.Equal(t, 2, c.Students)
		assert.Equal(t, 10, c.Attempts)
		assert.Equal(t, 1, c.Fluent)
		assert.Equal(t, "40", c.Short)
	}
	assert.Equal(t, "7 × 8: mean chance of a right answer in under 3 s 40%, students: 2, known by heart by: 1", h.Cell(7, 8).Label)
	assert.False(t, h.Cell(9, 9).HasData)
	assert.Equal(t, "—", h.Cell(9, 9).Short)
	assert.Equal(t, "9 × 9: no data yet", h.Cell(9, 9).Label)
	assert.Equal(t, "40% (students: 2)", h.Table.Rows[6][8])
	assert.Equal(t, "no data", h.Table.Rows[8][9])
}

func TestHeatmapSVGEveryCellFocusableWithItsValue(t *testing.T) {
	h := NewStudentHeatmap([]FactStat{{StudentID: 1, A: 3, B: 4, Attempts: 5, Mastery: 0.5, Fluent: true}}, LangFR, "Léa", "s1")
	s := string(h.SVG)
	els, text := wellFormed(t, s)
	assert.Equal(t, 144+1, els["title"], "one title per cell, one for the picture")
	assert.Equal(t, 144, strings.Count(s, `tabindex="0"`))
	assert.Equal(t, 144, strings.Count(s, `class="cell"`))
	assert.Equal(t, 142+1, strings.Count(s, `fill="url(#s1-none)"`), "cells without data are hatched, and the legend shows it")
	assert.Contains(t, text, "3 × 4\u00a0: chance de répondre juste en moins de 3 s 50\u00a0%, réponses\u00a0: 5, su par cœur")
	assert.Contains(t, text, "hachuré, —\u00a0: pas de données", "the legend explains the hatch")
	// The legend wraps (at 375 px a long line was cut): its words may be
	// on two lines.
	assert.Contains(t, text, "de 0 (violet foncé)", "the legend says the colours in words")
	assert.Contains(t, text, "à 100 (jaune)", "the legend says the colours in words")
	assert.NotContains(t, text, "viridis", "not the scale's name: jargon for a teacher")
	assert.Contains(t, s, `aria-label="4 × 3 : chance de répondre juste en moins de 3 s 50`)
	assert.Contains(t, text, "50✓", "a fact known by heart shows a ✓")
	assert.Contains(t, text, "✓ su par cœur\u00a0: 80\u00a0% ou plus, après au moins 3 réponses", "the legend says what ✓ means")
	assert.Equal(t, KnownDefinition("fr"), h.Definition)
}

func TestHeatmapEscapesHostileTitles(t *testing.T) {
	for _, name := range hostile {
		t.Run(name, func(t *testing.T) {
			h := NewClassHeatmap(nil, LangEN, name, `x"><script>`)
			els, _ := wellFormed(t, string(h.SVG))
			assert.Zero(t, els["script"])
			assert.Equal(t, 1, els["svg"])
			els, _ = wellFormed(t, string(h.Table.HTML()))
			assert.Zero(t, els["script"])
		})
	}
}

func TestHardestFactsRule(t *testing.T) {
	stat := func(student int64, a, b int, m float64, fluent bool) FactStat {
		return FactStat{StudentID: student, A: a, B: b, Attempts: 5, Mastery: m, Fluent: fluent}
	}
	var facts []FactStat
	for s := int64(1); s <= 3; s++ {
		facts = append(facts,
			stat(s, 7, 8, 0.3, false),
			stat(s, 6, 7, 0.3, s == 1), // same mastery, one fluent: after 7×8
			stat(s, 3, 4, 0.3, false),  // same mastery and fluent as 7×8, smaller product: after it
			stat(s, 2, 2, 0.9, true),   // not hard
			stat(s, 6, 9, 0.5, false),
			stat(s, 4, 8, 0.6, false),
			stat(s, 8, 9, 0.7, false),
		)
	}
	facts = append(facts, stat(1, 12, 12, 0, false), stat(2, 12, 12, 0, false)) // only 2 students: not ranked
	h := NewClassHeatmap(facts, LangEN, "", "c")
	var got []string
	for _, f := range h.Hardest {
		got = append(got, f.Fact.String())
	}
	assert.Equal(t, []string{"7×8", "3×4", "6×7", "6×9", "4×8"}, got)
	assert.Equal(t, "7 × 8: mean chance 30%, known by heart by 0 of 3 students", h.Hardest[0].Text)

	t.Run("one student needs 3 attempts on a fact", func(t *testing.T) {
		h := NewStudentHeatmap([]FactStat{
			{A: 7, B: 8, Attempts: 2, Mastery: 0.1},
			{A: 6, B: 8, Attempts: 3, Mastery: 0.2},
		}, LangEN, "", "s")
		require.Len(t, h.Hardest, 1)
		assert.Equal(t, games.Fact{A: 6, B: 8}, h.Hardest[0].Fact)
	})
}

func TestColourScale(t *testing.T) {
	assert.Equal(t, "#440154", Colour(0))
	assert.Equal(t, "#fde725", Colour(1))
	assert.Equal(t, "#21918c", Colour(0.5))
	assert.Equal(t, Colour(0), Colour(-3))
	assert.Equal(t, Colour(1), Colour(7))
	assert.Equal(t, "#ffffff", TextColour(0), "white on dark purple")
	assert.Equal(t, "#000000", TextColour(1), "black on yellow")
	// Luminance rises along the scale: a greyscale print still orders the cells.
	prev := -1.0
	for i := 0; i <= 100; i++ {
		r, g, b := scale(float64(i) / 100)
		l := luminance(r, g, b)
		assert.Greater(t, l, prev)
		prev = l
	}
}

func TestHeatmapLegendLinesFitThePicture(t *testing.T) {
	for _, lang := range []string{LangEN, LangFR} {
		s := string(NewClassHeatmap(nil, lang, "Class", "c").SVG)
		spans := strings.Split(s, "<tspan")[1:]
		require.GreaterOrEqual(t, len(spans), 3, "%s: the scale's sentence is cut into lines", lang)
		for _, sp := range spans {
			line := sp[strings.Index(sp, ">")+1 : strings.Index(sp, "</tspan>")]
			assert.LessOrEqual(t, utf8.RuneCountInString(html.UnescapeString(line)), legendChars, "%s: %q", lang, line)
		}
	}
	assert.Equal(t, []string{"ab cd", "efghij", "k"}, wrapText("ab cd efghij k", 5))
	assert.Equal(t, []string{"80\u00a0%", "ok"}, wrapText("80\u00a0% ok", 4), "a no-break space does not break")
}

func TestClassHeatmapCellsLinkToTheirFact(t *testing.T) {
	h := NewClassHeatmap([]FactStat{{StudentID: 1, A: 7, B: 8, Attempts: 5, Mastery: 0.4}}, LangEN, "Class", "c1")
	h.LinkCells(LangEN, "c1", games.Fact{A: 8, B: 7}, func(a, b int) string { return fmt.Sprintf("?fact=%dx%d&lang=en", a, b) })
	s := string(h.SVG)
	wellFormed(t, s)
	assert.Equal(t, 144, strings.Count(s, "<a href="), "every cell is a link")
	assert.Equal(t, 0, strings.Count(s, `tabindex="0"`), "a link is focusable by itself: no second tab stop")
	assert.Contains(t, s, `<a href="?fact=7x8&amp;lang=en" data-fact="7x8"`)
	assert.Contains(t, s, `<a href="?fact=8x7&amp;lang=en" data-fact="8x7"`)
	assert.Equal(t, 2, strings.Count(s, `class="cell chosen"`), "7 × 8 and 8 × 7 are marked")
	assert.Contains(t, s, "list the children who do not know it by heart yet")
}
