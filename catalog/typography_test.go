package catalog

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// glued is a ":", ";", "!" or "?" that ends a clause (a space or the end
// follows) right after a word: "Niveau: Vert". French puts a space before
// them.
var glued = regexp.MustCompile(`[\p{L}\p{N}}\)][:;!?](\s|$)`)

// Every French message keeps the space before ":", ";", "!" and "?"; and
// the label separator of the pages' templates is a no-break space in
// French (a line never starts with the colon).
func TestFrenchMessagesSpaceTheirSigns(t *testing.T) {
	c, err := New()
	require.NoError(t, err)
	for _, key := range c.Keys(FR) {
		fr, _ := c.Raw(FR, key)
		for form, s := range forms(t, fr) {
			assert.NotRegexp(t, glued, s, "%s %s", key, form)
		}
	}
	assert.Equal(t, "Niveau\u00a0:", T(FR, "polish.label", "label", "Niveau"))
	assert.Equal(t, "Level:", T(EN, "polish.label", "label", "Level"))
}
