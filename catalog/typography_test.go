package catalog

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// glued is a ":", ";", "!" or "?" that ends a clause (a space or the end
// follows) right after a word: "Niveau: Vert". French puts a space before
// them.
var glued = regexp.MustCompile(`[\p{L}\p{N}}\)][:;!?](\s|$)`)

// breakable is an ordinary space before ":", ";", "!", "?" or "»", or after
// "«": on a phone the line may break there and leave the sign alone at the
// start of the next line. French uses a no-break space.
var breakable = regexp.MustCompile(`[ ][:;!?»]|«[ ]`)

// Every French message keeps a no-break space before ":", ";", "!" and "?"
// (and inside « »); and
// the label separator of the pages' templates is a no-break space in
// French (a line never starts with the colon).
func TestFrenchMessagesSpaceTheirSigns(t *testing.T) {
	c, err := New()
	require.NoError(t, err)
	for _, key := range c.Keys(FR) {
		fr, _ := c.Raw(FR, key)
		for form, s := range forms(t, fr) {
			assert.NotRegexp(t, glued, s, "%s %s", key, form)
			assert.NotRegexp(t, breakable, s, "%s %s: a no-break space", key, form)
		}
	}
	assert.Equal(t, "Niveau\u00a0:", T(FR, "polish.label", "label", "Niveau"))
	assert.Equal(t, "Level:", T(EN, "polish.label", "label", "Level"))
}

// straightApostrophe is ' between two letters: "l'autre" where French
// writes "l’autre".
var straightApostrophe = regexp.MustCompile(`\p{L}'\p{L}`)

// Texts that keep a straight apostrophe: only the game's name, written as
// the brand is ("Multipli Cat's").
func keepsStraightApostrophe(string) bool { return false }

// Every French message, not only the children's, writes the typographic
// apostrophe ’, as most of the catalogue did: "l'autre" beside "l’autre"
// reads as sloppy.
func TestFrenchApostrophesAreTypographic(t *testing.T) {
	c, err := New()
	require.NoError(t, err)
	checked := 0
	for _, key := range c.Keys(FR) {
		if keepsStraightApostrophe(key) {
			continue
		}
		fr, _ := c.Raw(FR, key)
		for form, s := range forms(t, fr) {
			s = strings.ReplaceAll(s, "Multipli Cat's", "Multipli Cats")
			assert.NotRegexp(t, straightApostrophe, s, "%s %s: write ’", key, form)
			checked++
		}
	}
	assert.Greater(t, checked, 1000)
	assert.Equal(t, "Coup d’œil", T(FR, "magicoa.power.indiscretion"))
}
