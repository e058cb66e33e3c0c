package catalog

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// French elides "de", "que", "le" and "la" before a word that starts with
// a vowel sound: "les progrès d’Inès", "ce qu’Emma sait", but "de Léa". A
// name is only known when the text is rendered, so a French message writes
// the word inside the placeholder, {de:name}, and Fill writes "d’Inès" or
// "de Léa" (capitalised words too: {De:name}, "D’Adam"). English never
// needs it and writes {name}. The browser's t() (lib/i18n.js) follows the
// same rule.
var elided = map[string]string{
	"de": "d’", "De": "D’",
	"que": "qu’", "Que": "Qu’",
	"le": "l’", "Le": "L’",
	"la": "l’", "La": "L’",
}

// Elide writes word ("de", "que", "le", "la", or one of them capitalised)
// before next, elided when next starts with a vowel sound.
//
// The rule, for the names a class holds: a vowel, accented or not (A, É,
// Î, Ô, Œ…), elides; Y elides before a consonant (d’Yves, d’Yvan) but not
// before a vowel, where it sounds as a consonant (de Yasmine, de Yanis).
// H never elides: whether an h is mute is a property of each name ("d’Hugo"
// and "de Hugo" are both written), and "de Hugo" is never wrong, while
// "d’Hector" next to "de Hakim" would need a list of names. A digit, a
// quote or anything else does not elide (numbers are not elided in
// writing: "la table de 8", "le 11").
func Elide(word, next string) string {
	short, ok := elided[word]
	if !ok {
		return word + " " + next
	}
	if elides(next) {
		return short + next
	}
	return word + " " + next
}

// elides reports whether s starts with a vowel sound, by the rule of
// Elide.
func elides(s string) bool {
	first, second := baseLetters(s)
	switch first {
	case 'a', 'e', 'i', 'o', 'u', 'œ', 'æ':
		return true
	case 'y':
		return second != 0 && unicode.IsLetter(second) && !strings.ContainsRune("aeiouy", second)
	}
	return false
}

// baseLetters is the first two letters of s, lower case and without their
// accents ("Élodie" → 'e', 'l'), or 0 for each one s lacks.
func baseLetters(s string) (rune, rune) {
	var out [2]rune
	n := 0
	for _, r := range s {
		if n == len(out) {
			break
		}
		// The base letter of a precomposed É is the first rune of its
		// decomposition (E, then the accent).
		d := norm.NFD.String(string(r))
		base, _ := utf8.DecodeRuneInString(d)
		out[n] = unicode.ToLower(base)
		n++
	}
	return out[0], out[1]
}
