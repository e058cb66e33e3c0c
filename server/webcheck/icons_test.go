package webcheck

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/multipli/multipli/games"
)

// The home draws each game's picture from the registry's icon name, not
// from the game's name: every icon the registry names has its drawing.
func TestEveryGameOfTheRegistryHasItsIconDrawn(t *testing.T) {
	home := readPlay(t, "home.js")
	for _, g := range games.Registry() {
		assert.NotEmpty(t, g.Icon, "%s has no icon", g.Name)
		assert.Contains(t, home, `icon === "`+g.Icon+`"`, "%s: home.js does not draw the icon %q", g.Name, g.Icon)
	}
}
