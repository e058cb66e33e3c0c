package roster

import (
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Kinds of header cells.
const (
	kindNone = iota
	kindFirst
	kindLast
	kindFull
	kindBirth
	kindGroup
	kindLevel
)

var kindNames = map[int]string{
	kindFirst: ColFirstName, kindLast: ColLastName, kindFull: ColFullName,
	kindBirth: ColBirthDate, kindGroup: ColGroup, kindLevel: ColLevel,
}

// fold lowercases and drops accents: "Prénom" and "PRENOM" are one word,
// and so are "Léa" and "Lea" when duplicates are looked for.
func fold(s string) string {
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	out, _, err := transform.String(t, s)
	if err != nil {
		out = s
	}
	return strings.ToLower(out)
}

// words folds a header cell into its words: "Date de naissance" →
// [date de naissance], "Nom d'usage" → [nom d usage].
func words(cell string) []string {
	return strings.FieldsFunc(fold(cell), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// notTheChild marks the columns about someone else (the parents of an
// export, the school, the teacher) or a second first name.
var notTheChild = []string{
	"responsable", "responsables", "parent", "parents", "pere", "mere", "representant", "legal", "tuteur", "contact",
	"guardian", "mother", "father", "ecole", "etablissement", "school", "enseignant", "enseignante", "teacher", "professeur",
	"2", "3", "2e", "3e", "deuxieme", "troisieme", "second", "autres", "autre", "middle", "other", "commune", "ville", "lieu", "pays",
}

// classify recognises a header cell: French exports ("Nom", "Prénom",
// "Nom d'usage", "Date de naissance", "Classe", "Niveau") and English
// spreadsheets ("First name", "Last name", "Date of birth", "Class").
func classify(cell string) int {
	w := words(cell)
	if len(w) == 0 || len(w) > 6 {
		return kindNone
	}
	has := func(list ...string) bool {
		for _, x := range list {
			if slices.Contains(w, x) {
				return true
			}
		}
		return false
	}
	phrase := strings.Join(w, " ")
	within := func(list ...string) bool {
		for _, x := range list {
			if phrase == x || strings.HasPrefix(phrase, x+" ") || strings.HasSuffix(phrase, " "+x) || strings.Contains(phrase, " "+x+" ") {
				return true
			}
		}
		return false
	}
	if has(notTheChild...) {
		return kindNone
	}
	switch {
	case has("prenom", "prenoms") && has("nom"), within("full name", "student name", "pupil name", "nom complet"),
		phrase == "eleve" || phrase == "enfant" || phrase == "name" || phrase == "student" || phrase == "pupil" || phrase == "child" || phrase == "identite":
		return kindFull
	case has("prenom", "prenoms", "firstname", "forename", "forenames"), within("first name", "given name"):
		return kindFirst
	case has("classe", "class", "division", "groupe", "group"): // before "nom": "Nom de la classe"
		return kindGroup
	case has("nom", "surname", "lastname", "famille"), within("last name", "family name"):
		return kindLast
	case has("naissance", "birth", "birthday", "birthdate", "dob"), phrase == "ne le" || phrase == "nee le" || phrase == "ne e le":
		return kindBirth
	case has("niveau", "level", "grade"):
		return kindLevel
	}
	return kindNone
}
