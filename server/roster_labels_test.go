package server

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/multipli/multipli/catalog"
	"github.com/multipli/multipli/server/roster"
)

// Every error code the roster's handlers return has its words (the
// catalogue's own test checks both languages and their params).
func TestRosterErrorsHaveWords(t *testing.T) {
	for _, code := range []string{"one_source", "bad_file", "bad_group", "archived_class", "not_in_class",
		"import_" + roster.ErrWorkbook, "import_" + roster.ErrNotText, "import_" + roster.ErrNoHeader, "import_" + roster.ErrEmpty, "import_" + roster.ErrTooManyLines} {
		assert.True(t, catalog.Has("error."+code), code)
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
