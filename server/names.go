package server

import (
	"fmt"
	"unicode"
	"unicode/utf8"
)

// checkName checks a name a person typed (an adult's, a class's, a child's),
// already trimmed of spaces. Beyond its length, a name must show: it is how
// a teacher tells two children apart on a list and a child finds their own
// name on the login page.
//
//   - Direction overrides, embeddings and isolates (U+202A–U+202E,
//     U+2066–U+2069) are refused anywhere: they make a name display in
//     another order than it is stored ("‮aéL" shows as "Léa"), which
//     disguises one child's name as another's on lists, exports and cards.
//   - Other invisible format characters (zero-width space U+200B, word
//     joiner, BOM, soft hyphen, the left-to-right and right-to-left marks…)
//     and control characters (tab, line feed…) are refused anywhere too:
//     "Léa" and "Léa\u200b" would be two names that look the same. The
//     zero-width joiner and non-joiner stay allowed: Persian and Indic
//     names and emoji sequences need them, and so do the tag characters of
//     the regional flag emoji.
//   - The name must hold at least one visible character: not only spaces
//     and the filler letters that display as nothing (Hangul fillers,
//     the Braille blank).
//
// Refused, not cleaned: a name silently changed is a surprise, and the
// message says which character was found (as U+XXXX) so the person can
// retype it.
func checkName(field, name string) error {
	if name == "" {
		return invalid(field, "required")
	}
	if utf8.RuneCountInString(name) > maxNameLength {
		return invalid(field, "too_long", "max", maxNameLength)
	}
	visible := false
	for _, r := range name {
		switch {
		case isBidiControl(r):
			return invalid(field, "name_bidi", "char", codePoint(r))
		case hiddenInName(r):
			return invalid(field, "name_hidden_char", "char", codePoint(r))
		case unicode.IsGraphic(r) && !unicode.IsSpace(r) && !blankLetter(r) && !unicode.Is(unicode.Mn, r):
			visible = true
		}
	}
	if !visible {
		return invalid(field, "name_invisible")
	}
	return nil
}

// isBidiControl: the explicit direction embeddings, overrides and isolates.
func isBidiControl(r rune) bool {
	return (r >= 0x202A && r <= 0x202E) || (r >= 0x2066 && r <= 0x2069)
}

// hiddenInName: control characters, line and paragraph separators, and
// format characters but the joiners and the emoji tags.
func hiddenInName(r rune) bool {
	switch {
	case r == 0x200C, r == 0x200D: // zero-width non-joiner, joiner
		return false
	case r >= 0xE0020 && r <= 0xE007F: // emoji tag sequences (flags)
		return false
	}
	return unicode.IsControl(r) || unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp)
}

// blankLetter: characters Unicode counts as letters or symbols that
// display as nothing.
func blankLetter(r rune) bool {
	switch r {
	case 0x115F, 0x1160, 0x3164, 0xFFA0, // Hangul fillers
		0x2800,         // Braille pattern blank
		0x17B4, 0x17B5: // Khmer inherent vowels
		return true
	}
	return false
}

// codePoint writes a rune as U+XXXX, for messages.
func codePoint(r rune) string { return fmt.Sprintf("U+%04X", r) }
