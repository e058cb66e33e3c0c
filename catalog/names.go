package catalog

import (
	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// NameOrder compares people's names as a French class list orders them,
// in both languages (a class's names are the same whichever language the
// page is in): accents after the letter they carry ("Léa" between "Laura"
// and "Lina", "Élodie" with the E's), capitals and small letters together.
// Byte order would put "Léa" after "Lucas" and "Élodie" after "Zoé".
//
// A collator keeps buffers and must not be shared between goroutines, so
// each call makes one: call it once per sort, not once per comparison.
func NameOrder() func(a, b string) int {
	col := collate.New(language.French, collate.IgnoreCase)
	return col.CompareString
}
