package roster_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/text/encoding/unicode"

	"github.com/multipli/multipli/server/roster"
)

func readFixture(t *testing.T, name string) roster.Sheet {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	require.NoError(t, err)
	sh, err := roster.ReadFile(data)
	require.NoError(t, err)
	return sh
}

// rowAt finds the row of a file line.
func rowAt(t *testing.T, p roster.Preview, line int) roster.Row {
	t.Helper()
	for _, r := range p.Rows {
		if r.Line == line {
			return r
		}
	}
	t.Fatalf("no row for line %d", line)
	return roster.Row{}
}

func byStatus(p roster.Preview) map[roster.Status]int {
	out := map[roster.Status]int{}
	for _, r := range p.Rows {
		out[r.Status]++
	}
	return out
}

// The export a French primary school's software gives: semicolons,
// Windows-1252 (with an Œ, which only Windows-1252 puts at 0x8C), CRLF,
// "Nom;Prénom;Date de naissance;Classe", 25 children, and what such files
// also hold: a child twice, empty lines, a line without a first name, a
// line whose cells a stray semicolon shifted.
func TestASchoolExportInWindows1252(t *testing.T) {
	sh := readFixture(t, "ecole_ce1_windows1252.csv")
	assert.Equal(t, roster.Windows1252, sh.Format.Encoding)
	assert.Equal(t, ";", sh.Format.Separator)
	assert.Equal(t, 1, sh.Format.HeaderLine)
	assert.Equal(t, []roster.Column{
		{Title: "Nom", Kind: roster.ColLastName}, {Title: "Prénom", Kind: roster.ColFirstName},
		{Title: "Date de naissance", Kind: roster.ColBirthDate}, {Title: "Classe", Kind: roster.ColGroup},
	}, sh.Format.Columns)

	p := sh.Plan(roster.Options{ClassName: "CE1 A"})
	assert.Len(t, p.Names, 25)
	assert.Equal(t, map[roster.Status]int{roster.New: 25, roster.Duplicate: 1, roster.Bad: 2}, byStatus(p))
	assert.Equal(t, 2, p.Empty, "the ;;; lines are ignored, not flagged")
	assert.Equal(t, []roster.Group{{Name: "CE1 A", Count: 27}}, p.Groups)

	first := rowAt(t, p, 2)
	assert.Equal(t, roster.Row{Line: 2, FirstName: "Léa", LastName: "MARTIN", BirthDate: "2017-03-12", Group: "CE1 A",
		Name: "Léa M.", Status: roster.New, Notes: []string{roster.NoteSharedFirstName}}, first)
	assert.Equal(t, "Léa D.", rowAt(t, p, 3).Name)
	assert.Equal(t, "Lucas Ma.", rowAt(t, p, 4).Name, "Martin and Moreau share their M")
	assert.Equal(t, "Lucas Mo.", rowAt(t, p, 5).Name)
	assert.Equal(t, "Chloé", rowAt(t, p, 6).Name, "a first name no one else has stays alone")
	assert.Equal(t, "Inès", rowAt(t, p, 16).Name)
	assert.Equal(t, "CŒUR", rowAt(t, p, 16).LastName, "Œ read from Windows-1252")
	assert.Contains(t, p.Names, "Jérôme")
	assert.Contains(t, p.Names, "Jean-Baptiste")
	assert.Contains(t, p.Names, "Ambre")

	dup := rowAt(t, p, 14)
	assert.Equal(t, roster.Duplicate, dup.Status)
	assert.Equal(t, 2, dup.Of, "Léa MARTIN of line 2 again")
	assert.Empty(t, dup.Name)

	noFirst := rowAt(t, p, 20)
	assert.Equal(t, roster.Bad, noFirst.Status)
	assert.Equal(t, roster.BadNoFirstName, noFirst.Reason)
	shifted := rowAt(t, p, 26)
	assert.Equal(t, roster.Bad, shifted.Status)
	assert.Equal(t, roster.BadExtraFields, shifted.Reason)
	for _, n := range p.Names {
		assert.NotContains(t, n, "MARTIN", "family names are not kept")
	}
}

// Importing the same export again adds no one: every child is found in
// the class under the name the first import gave them.
func TestImportingTheSameExportTwiceAddsNoOne(t *testing.T) {
	sh := readFixture(t, "ecole_ce1_windows1252.csv")
	first := sh.Plan(roster.Options{})
	again := sh.Plan(roster.Options{Existing: first.Names})
	assert.Empty(t, again.Names)
	assert.Equal(t, 25, again.Count(roster.InClass))
	assert.Equal(t, "Léa M.", rowAt(t, again, 2).Match)
}

// A school's export with a BOM, a title line before the header, ONDE's
// column names, a second first name, and two classes: the class of the
// same name is chosen by default; another can be chosen, or all.
func TestAnExportInUTF8WithBOMAndTwoClasses(t *testing.T) {
	sh := readFixture(t, "onde_bom_utf8.csv")
	assert.Equal(t, roster.UTF8BOM, sh.Format.Encoding)
	assert.Equal(t, 3, sh.Format.HeaderLine, "the title line and the empty one are skipped")
	assert.Equal(t, []roster.Column{
		{Title: "Nom d'usage", Kind: roster.ColLastName}, {Title: "Prénom", Kind: roster.ColFirstName},
		{Title: "Né(e) le", Kind: roster.ColBirthDate}, {Title: "Niveau", Kind: roster.ColLevel}, {Title: "Classe", Kind: roster.ColGroup},
	}, sh.Format.Columns, "the second first name is not read as the first name")

	p := sh.Plan(roster.Options{ClassName: "ce1 a"})
	assert.Equal(t, "CE1 A", p.Group)
	assert.Equal(t, []roster.Group{{Name: "CE1 A", Count: 3}, {Name: "CE2 B", Count: 3}}, p.Groups)
	assert.Equal(t, []string{"Léa M.", "Léa D."}, p.Names)
	assert.Equal(t, roster.OtherGroup, rowAt(t, p, 6).Status)
	assert.Equal(t, roster.Duplicate, rowAt(t, p, 9).Status)
	assert.Equal(t, "Léa", rowAt(t, p, 4).FirstName, "not the BOM glued to the first cell")

	other := sh.Plan(roster.Options{ClassName: "CE1 A", Group: "CE2 B"})
	assert.Equal(t, []string{"Chloé", "Noé", "Zoé"}, other.Names)
	assert.Equal(t, "2016-09-09", rowAt(t, other, 7).BirthDate, "ISO dates are read too")
	assert.Equal(t, []string{roster.NoteBadDate}, rowAt(t, other, 8).Notes, "31 February")

	all := sh.Plan(roster.Options{ClassName: "CE1 A", Group: roster.AllGroups})
	assert.Len(t, all.Names, 5)
	none := sh.Plan(roster.Options{ClassName: "CM2"})
	assert.Len(t, none.Names, 5, "no class of that name: every line is kept, the page offers the choice")
	assert.True(t, sh.HasGroup("CE2 B"))
	assert.False(t, sh.HasGroup("CM2"))
}

// Most Windows-1252 exports hold only the accents both 8-bit encodings
// write alike (é, è, ë, É, ç…): nothing says ISO-8859-15, so the preview
// names Windows-1252, the encoding of the software that wrote them.
func TestAnExportWithOnlyCommonAccentsIsWindows1252(t *testing.T) {
	data := []byte("Nom;Pr\xe9nom;Date de naissance;Classe\r\nBERNARD;\xc9than;01/01/2016;CM1\r\nLEF\xc8VRE;Chlo\xe9;02/02/2016;CM1\r\nGIRARD;Ma\xeblys;03/03/2016;CM1\r\n")
	sh, err := roster.ReadFile(data)
	require.NoError(t, err)
	assert.Equal(t, roster.Windows1252, sh.Format.Encoding)
	assert.Equal(t, []string{"Éthan", "Chloé", "Maëlys"}, sh.Plan(roster.Options{}).Names)
}

// ISO-8859-15 puts Œ at 0xBC, where Windows-1252 has ¼.
func TestAnExportInISO885915(t *testing.T) {
	sh := readFixture(t, "iso8859_15.csv")
	assert.Equal(t, roster.ISO885915, sh.Format.Encoding)
	p := sh.Plan(roster.Options{})
	assert.Equal(t, []string{"Zoé", "Maëlle"}, p.Names)
	assert.Equal(t, "CŒUR", rowAt(t, p, 2).LastName)
	assert.Equal(t, "ŒDIPE", rowAt(t, p, 3).LastName)
}

// A spreadsheet saved as CSV: commas, UTF-8, English headers, quoted
// cells, and its own mistakes.
func TestAPlainSpreadsheetCSV(t *testing.T) {
	sh := readFixture(t, "spreadsheet.csv")
	assert.Equal(t, roster.UTF8, sh.Format.Encoding)
	assert.Equal(t, ",", sh.Format.Separator)
	p := sh.Plan(roster.Options{})
	assert.Equal(t, []string{"Emma S.", "Olivia", "Emma J.", "Noah", "Ava", "Mia"}, p.Names)
	assert.Equal(t, 1, p.Empty)
	assert.Equal(t, "O'Brien", rowAt(t, p, 3).LastName, "a quoted cell")
	assert.Equal(t, "Taylor, Jr", rowAt(t, p, 6).LastName, "a comma inside quotes")
	assert.Equal(t, roster.BadUnclosedQuote, rowAt(t, p, 7).Reason)
	assert.Equal(t, roster.New, rowAt(t, p, 8).Status, "the line after an open quote is read again")
	assert.Equal(t, []string{roster.NoteBadDate}, rowAt(t, p, 8).Notes)
	assert.Equal(t, roster.BadNoFirstName, rowAt(t, p, 9).Reason)
	assert.Equal(t, roster.BadCharacters, rowAt(t, p, 10).Reason, "a date where the first name should be")
	dup := rowAt(t, p, 11)
	assert.Equal(t, roster.Duplicate, dup.Status, "EMMA SMITH is Emma Smith, born the same day")
	assert.Equal(t, 2, dup.Of)
	assert.Equal(t, "Emma", dup.FirstName, "capitals are written as in a class list")
}

func TestDuplicatesAgainstTheClass(t *testing.T) {
	sh, err := roster.ReadText("Prénom;Nom\nLéa;Martin\nTom;Petit\nZoé;Morel\nZoé;Leroy\nNina;Blanc\n")
	require.NoError(t, err)
	p := sh.Plan(roster.Options{Existing: []string{"Tom", "Zoé", "Léa M.", "Nina B. 2"}})
	assert.Equal(t, roster.InClass, rowAt(t, p, 2).Status, "Léa M. is Léa Martin")
	assert.Equal(t, "Léa M.", rowAt(t, p, 2).Match)
	assert.Equal(t, roster.InClass, rowAt(t, p, 3).Status, "the class's Tom is the list's only Tom")
	// Two Zoé arrive and the class has one: which one it is, nobody knows.
	for _, line := range []int{4, 5} {
		r := rowAt(t, p, line)
		assert.Equal(t, roster.New, r.Status)
		assert.Contains(t, r.Notes, roster.NoteMaybeInClass)
	}
	// The class's "Nina B. 2" is a Nina: the arriving one gets her initial.
	assert.Equal(t, []string{"Zoé M.", "Zoé L.", "Nina B."}, p.Names)

	// A Léa arriving next to the class's Léa M. gets her initial too.
	sh, err = roster.ReadText("Prénom;Nom\nLéa;Dubois\n")
	require.NoError(t, err)
	p = sh.Plan(roster.Options{Existing: []string{"Léa M."}})
	assert.Equal(t, []string{"Léa D."}, p.Names)

	// Accents and case do not make another child.
	sh, err = roster.ReadText("Lea\nHUGO\n")
	require.NoError(t, err)
	p = sh.Plan(roster.Options{Existing: []string{"Léa", "Hugo"}})
	assert.Empty(t, p.Names)
	assert.Equal(t, 2, p.Count(roster.InClass))
}

func TestAPastedList(t *testing.T) {
	sh, err := roster.ReadText("Léa\r\n\r\n  Tom  \nMARTIN Lucas\nLucas DURAND\nAnna, Jules; Ivy\nSam\tBrown\nLéa\nR2D2\n" + strings.Repeat("x", 61) + "\n")
	require.NoError(t, err)
	p := sh.Plan(roster.Options{})
	assert.Equal(t, []string{"Léa", "Tom", "Lucas M.", "Lucas D.", "Anna", "Jules", "Ivy", "Sam Brown"}, p.Names)
	assert.Equal(t, 1, p.Empty)
	assert.Equal(t, "MARTIN", rowAt(t, p, 4).LastName, "the word in capitals is the family name")
	assert.Equal(t, roster.Duplicate, rowAt(t, p, 8).Status)
	assert.Equal(t, roster.BadCharacters, rowAt(t, p, 9).Reason)
	assert.Equal(t, roster.BadTooLong, rowAt(t, p, 10).Reason)
}

func TestNamesakesAreTwoChildren(t *testing.T) {
	sh, err := roster.ReadText("Prénom,Nom,Date de naissance\nLéa,Martin,12/03/2017\nLéa,Martin,01/09/2016\n")
	require.NoError(t, err)
	p := sh.Plan(roster.Options{})
	assert.Equal(t, []string{"Léa Martin", "Léa Martin 2"}, p.Names, "two birth dates: two children, numbered")
}

func TestFilesTheImporterCannotRead(t *testing.T) {
	utf16, err := unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewEncoder().String("Prénom\tNom\r\nLéa\tMartin\r\n")
	require.NoError(t, err)
	sh, err := roster.ReadFile([]byte(utf16))
	require.NoError(t, err, "Excel's Unicode text")
	assert.Equal(t, roster.UTF16, sh.Format.Encoding)
	assert.Equal(t, "tab", sh.Format.Separator)
	assert.Equal(t, []string{"Léa"}, sh.Plan(roster.Options{}).Names)

	for name, tc := range map[string]struct {
		data string
		code string
	}{
		"xlsx":              {"PK\x03\x04\x14\x00\x06\x00", roster.ErrWorkbook},
		"xls":               {"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1", roster.ErrWorkbook},
		"binary":            {"\x00\x01\x02\x03", roster.ErrNotText},
		"no header":         {"Martin;Léa;12/03/2017\nDubois;Tom;01/01/2017\n", roster.ErrNoHeader},
		"empty":             {"\r\n\r\n", roster.ErrEmpty},
		"nothing":           {"", roster.ErrEmpty},
		"too many lines":    {strings.Repeat("Léa\n", roster.MaxLines+1), roster.ErrTooManyLines},
		"BOM, not UTF-8":    {"\xEF\xBB\xBFL\xE9a\n", roster.ErrNotText},
		"header only, none": {"Nom;Prénom\n", roster.ErrEmpty},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := roster.ReadFile([]byte(tc.data))
			var re *roster.Error
			require.ErrorAs(t, err, &re)
			assert.Equal(t, tc.code, re.Code)
		})
	}

	// One column without a header is a list of names.
	sh, err = roster.ReadFile([]byte("Léa\nMARTIN Tom\n"))
	require.NoError(t, err)
	assert.Equal(t, []string{"Léa", "Tom"}, sh.Plan(roster.Options{}).Names)
}

func TestHeaderCells(t *testing.T) {
	for cell, kind := range map[string]string{
		"Nom": roster.ColLastName, "NOM DE FAMILLE": roster.ColLastName, "Nom de l'élève": roster.ColLastName, "Last name": roster.ColLastName,
		"Surname": roster.ColLastName, "Prénom": roster.ColFirstName, "PRENOM": roster.ColFirstName, "Prénom usuel": roster.ColFirstName,
		"First Name": roster.ColFirstName, "Given name": roster.ColFirstName, "Nom Prénom": roster.ColFullName, "Nom et prénom": roster.ColFullName,
		"Élève": roster.ColFullName, "Name": roster.ColFullName, "Date de naissance": roster.ColBirthDate, "Né(e) le": roster.ColBirthDate,
		"Date of birth": roster.ColBirthDate, "Classe": roster.ColGroup, "Libellé classe": roster.ColGroup, "Nom de la classe": roster.ColGroup,
		"Class": roster.ColGroup, "Niveau": roster.ColLevel, "Grade": roster.ColLevel,
		"Prénom 2": "", "Deuxième prénom": "", "Nom du responsable légal": "", "Prénom responsable": "", "Sexe": "", "INE": "",
		"Nom de l'école": "", "Adresse": "",
	} {
		sh, err := roster.ReadText("Prénom;" + cell + "\nLéa;x\n")
		require.NoError(t, err, cell)
		got := ""
		for _, c := range sh.Format.Columns[1:] {
			got = c.Kind
		}
		if kind == roster.ColFirstName {
			// a second first-name column: the first one is kept
			assert.Len(t, sh.Format.Columns, 1, cell)
			continue
		}
		assert.Equal(t, kind, got, cell)
	}
}

// As many letters as it takes, and no more: accents and case do not tell
// two family names apart ("Éric" and "eric" start alike).
func TestInitialsTakeAsManyLettersAsNeeded(t *testing.T) {
	sh, err := roster.ReadText("Prénom;Nom\nLéa;Martin\nLéa;Martinez\nLéa;Dubois\nLéa;Éluard\nLéa;elsa\nLéa;de la Tour\nLéa;Delacroix\n")
	require.NoError(t, err)
	p := sh.Plan(roster.Options{})
	assert.Equal(t, []string{"Léa Martin", "Léa Martine.", "Léa Du.", "Léa Élu.", "Léa Els.", "Léa Delat.", "Léa Delac."}, p.Names)
}
