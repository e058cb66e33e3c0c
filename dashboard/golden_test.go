package dashboard

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden SVG files in testdata/")

// golden compares got with testdata/name, rewriting it under -update. The
// files are also a way to look at the pictures: open them in a browser.
func golden(tb testing.TB, name, got string) {
	tb.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(tb, os.MkdirAll("testdata", 0o755))
		require.NoError(tb, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(tb, err, "run go test -update to create it")
	assert.Equal(tb, string(want), got, "%s changed; look at it, then go test -update", name)
}

func TestGoldenSVG(t *testing.T) {
	in := classOf(12, 7)
	golden(t, "class_heatmap_fr.svg", string(NewClassHeatmap(in.Facts, LangFR, "Classe de CM1", "c1").SVG))
	p := NewStudentPage(StudentInput{Student: in.Students[2], Facts: in.Facts, Weeks: in.Weeks}, now, LangEN)
	golden(t, "student_heatmap_en.svg", string(p.Heatmap.SVG))
	golden(t, "student_accuracy_en.svg", string(p.Accuracy.SVG))
	golden(t, "student_speed_en.svg", string(p.Speed.SVG))
	r := NewParentReport(ParentInput{Student: in.Students[2], Facts: in.Facts, Weeks: in.Weeks}, now, LangFR)
	golden(t, "parent_trend_fr.svg", string(r.Trend.SVG))
}

// TestNoSVGCarriesItsOwnStyle: the pages' Content-Security-Policy
// (style-src 'self') blocks a <style> element or a style attribute inside an
// inline SVG, and the browser reports a violation for each; the highlights
// live in dash.css instead.
func TestNoSVGCarriesItsOwnStyle(t *testing.T) {
	in := classOf(12, 7)
	p := NewStudentPage(StudentInput{Student: in.Students[2], Facts: in.Facts, Weeks: in.Weeks}, now, LangEN)
	r := NewParentReport(ParentInput{Student: in.Students[2], Facts: in.Facts, Weeks: in.Weeks}, now, LangFR)
	svgs := map[string]string{
		"class heatmap":   string(NewClassHeatmap(in.Facts, LangFR, "Classe", "c1").SVG),
		"empty heatmap":   string(NewClassHeatmap(nil, LangEN, "Class", "c2").SVG),
		"student heatmap": string(p.Heatmap.SVG),
		"accuracy chart":  string(p.Accuracy.SVG),
		"speed chart":     string(p.Speed.SVG),
		"parent trend":    string(r.Trend.SVG),
	}
	for name, svg := range svgs {
		require.Contains(t, svg, "<svg", name)
		assert.NotContains(t, svg, "<style", name)
		assert.NotContains(t, svg, " style=", name)
	}
}
