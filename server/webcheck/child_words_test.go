package webcheck

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// childFacing are the catalogue's prefixes a child reads while playing:
// the games' own texts, the rules a refusal quotes, the feedback, the
// guide and the rules card.
var childFacing = []string{"potion.", "cats.", "magicoa.", "cube.", "rule.", "reason.", "attempt.", "feedback.", "result.", "summary.", "guide.", "rules."}

// hardWords are words an eight-year-old does not know, in each language,
// with the words the texts use instead: "slapped too fast" for gluttony,
// "the other player" for opponent, "out of the game" for discarded, "Peek"
// for Indiscretion, the clock's hands for (anti)clockwise. "Vigilance!"
// stays: it is the rule's name on the button, and the guide and the rules
// card say what it means.
var hardWords = map[string][]string{
	"en": {"glutton", "gluttony", "opponent", "vigilant", "discarded", "independent", "indiscretion", "anticlockwise", "clockwise"},
	"fr": {"gourmandise", "glouton", "adversaire", "vigilant", "défaussée", "défaussé", "indépendants", "indiscrétion", "anti-horaire", "horaire", "enchérir"},
}

func TestTheGamesSpeakAChildsWords(t *testing.T) {
	all := loadStrings(t)
	for lang, words := range hardWords {
		for _, w := range words {
			re := regexp.MustCompile(`(?i)(^|[^\pL-])` + regexp.QuoteMeta(w) + `($|[^\pL-])`)
			for key, texts := range all {
				if !childFacingKey(key) {
					continue
				}
				assert.NotRegexp(t, re, texts[lang], "%s (%s): %q is not a child's word", key, lang, w)
			}
		}
	}
	// The words that replace them are there.
	assert.Equal(t, "Peek", all["magicoa.power.indiscretion"]["en"])
	assert.Equal(t, "Coup d’œil", all["magicoa.power.indiscretion"]["fr"])
	assert.Contains(t, all["cats.ev.gluttony"]["en"], "slapped too fast")
	assert.Contains(t, all["cats.ev.gluttony"]["fr"], "tapé trop vite")
}

func childFacingKey(key string) bool {
	for _, p := range childFacing {
		if strings.HasPrefix(key, p) {
			return true
		}
	}
	return false
}
