package webcheck

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestWordsFollowTheBooklets: the names and phrasings the booklets use, and
// French that agrees with its nouns.
func TestWordsFollowTheBooklets(t *testing.T) {
	all := loadStrings(t)
	for key, texts := range all {
		for lang, s := range texts {
			assert.NotContains(t, s, "Monster Dés", "%s.%s: the booklet says Monster Dice", key, lang)
		}
	}
	// Monster Cube's rule sets, as the booklet names them.
	assert.Equal(t, "Règle n°3 Monster Dice", all["edition.cube.3"]["fr"])
	assert.Equal(t, "Règle n°4 Monster Dice\u00a0: chiffres", all["edition.cube.4"]["fr"])
	// The find button shouts the same thing in both languages.
	assert.Equal(t, "Caught it!", all["cube.find"]["en"])
	assert.Equal(t, "Attrapé\u00a0!", all["cube.find"]["fr"])
	// "1 étoile", "2 étoiles": stars are counted with a plural form.
	assert.Equal(t, "{n} étoile", all["cube.stars.one"]["fr"])
	assert.NotContains(t, all["cube.monster_label"]["fr"], "étoiles", "the count comes from cube.stars")
	// The turn-based prompts: three different tiles, the moved one among them.
	for _, key := range []string{"cube.prompt_faces_three_tiles", "cube.prompt_faces_addsub"} {
		assert.Contains(t, all[key]["en"], "three different tiles", key)
		assert.Contains(t, all[key]["en"], "the tile you moved", key)
	}
	assert.Contains(t, all["cube.prompt_faces"]["en"], "must then be one of the three faces")
	// "une carte verte / violette": MultipliPotion's card colours agree with carte.
	assert.Equal(t, "verte", all["colour.green"]["fr"])
	assert.Equal(t, "violette", all["colour.violet"]["fr"])
	assert.True(t, strings.Contains(all["potion.card_potion"]["fr"], "carte {colour}"))
	// Vigilance says nothing of whether a capture exists.
	assert.Equal(t, "Vigilance!", all["potion.vigilance"]["en"])
	assert.Equal(t, "Vigilance\u00a0!", all["potion.vigilance"]["fr"])
	// Magicoa's place prompt names Equality for the child who holds it.
	assert.Contains(t, all["magicoa.prompt_place_equality"]["fr"], "Égalité")
}
