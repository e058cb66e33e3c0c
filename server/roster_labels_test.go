package server

import (
	"maps"
	"regexp"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/multipli/multipli/server/roster"
)

var labelParam = regexp.MustCompile(`\{\w+\}`)

// Every word of the roster page, its script and its previews exists in
// French and in English, with the same {params}.
func TestRosterWordsAreInFrenchAndEnglish(t *testing.T) {
	for name, set := range map[string]map[string]map[string]string{"page": rosterLabels, "script": rosterJSTexts, "rows": rosterRowTexts} {
		en, fr := set["en"], set["fr"]
		assert.Equal(t, slices.Sorted(maps.Keys(en)), slices.Sorted(maps.Keys(fr)), "%s: the same keys", name)
		for k, v := range en {
			assert.NotEmpty(t, v, "%s.%s (en)", name, k)
			assert.NotEmpty(t, fr[k], "%s.%s (fr)", name, k)
			assert.ElementsMatch(t, labelParam.FindAllString(v, -1), labelParam.FindAllString(fr[k], -1), "%s.%s: the same params", name, k)
		}
	}
	for _, code := range []string{"one_source", "bad_file", "bad_group", "archived_class", "not_in_class",
		"import_" + roster.ErrWorkbook, "import_" + roster.ErrNotText, "import_" + roster.ErrNoHeader, "import_" + roster.ErrEmpty, "import_" + roster.ErrTooManyLines} {
		m, ok := messages[code]
		if assert.True(t, ok, code) {
			assert.NotEmpty(t, m.EN, code)
			assert.NotEmpty(t, m.FR, code)
		}
	}
}

// Every status, reason and note a preview can give has its words.
func TestEveryPreviewLineIsSaidInWords(t *testing.T) {
	rows := []roster.Row{{Status: roster.New}, {Status: roster.InClass, Match: "Léa"}, {Status: roster.Duplicate, Of: 3}, {Status: roster.OtherGroup, Group: "CM2"}}
	for _, r := range []string{roster.BadUnclosedQuote, roster.BadExtraFields, roster.BadNoFirstName, roster.BadCharacters, roster.BadTooLong} {
		rows = append(rows, roster.Row{Status: roster.Bad, Reason: r})
	}
	for _, n := range []string{roster.NoteSharedFirstName, roster.NoteMaybeInClass, roster.NoteBadDate} {
		rows = append(rows, roster.Row{Status: roster.New, Notes: []string{n}})
	}
	for _, lang := range []string{"en", "fr"} {
		for _, r := range rows {
			m := rowMessage(r, lang)
			assert.NotEmpty(t, m, "%s %+v", lang, r)
			assert.NotContains(t, m, "{", "%s %+v: a param left", lang, r)
			if len(r.Notes) > 0 {
				assert.Greater(t, len(m), len(rowMessage(roster.Row{Status: roster.New}, lang)), "%s: the note is said", r.Notes[0])
			}
		}
	}
}
