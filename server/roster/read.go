// Package roster reads the class lists teachers have — a school's export
// (semicolons, Windows-1252, "Nom;Prénom;Date de naissance;Classe"), a
// spreadsheet saved as CSV, a pasted list of names — and plans what adding
// them to a class would do, before anything is written. It is pure: bytes
// and the class's current names in, a preview out (README.md).
package roster

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	xunicode "golang.org/x/text/encoding/unicode"
)

// Encodings a file can be read in, as the preview names them.
const (
	UTF8        = "UTF-8"
	UTF8BOM     = "UTF-8 (BOM)"
	UTF16       = "UTF-16"
	Windows1252 = "Windows-1252"
	ISO885915   = "ISO-8859-15"
)

// Codes of the files the importer cannot read at all (Error.Code).
const (
	ErrWorkbook     = "workbook"       // an Excel or LibreOffice workbook, not a CSV
	ErrNotText      = "not_text"       // some other binary file
	ErrNoHeader     = "no_header"      // several columns and no line naming them
	ErrEmpty        = "empty_file"     // no name at all
	ErrTooManyLines = "too_many_lines" // more than MaxLines lines
)

// MaxLines bounds a file: a whole school's export is a few hundred lines.
const MaxLines = 5000

// maxHeaderSearch is how many non-empty lines may come before the header
// (exports often start with a title such as "Liste des élèves").
const maxHeaderSearch = 10

// maxColumns bounds the header: school exports have a few dozen columns; a
// line of thousands of cells is not a header, and reading it as one would
// cost time for nothing.
const maxColumns = 200

// maxQuotedLines is how many lines one quoted field may span: an address
// may hold a line break, but a quote left open would otherwise swallow the
// rest of the file.
const maxQuotedLines = 4

// Error is a file the importer cannot read; Code is one of the Err… codes.
type Error struct{ Code string }

func (e *Error) Error() string { return "roster: " + e.Code }

// Column kinds the importer understands.
const (
	ColFirstName = "first_name"
	ColLastName  = "last_name"
	ColFullName  = "full_name" // "Nom Prénom", "Élève": both in one cell
	ColBirthDate = "birth_date"
	ColGroup     = "group" // "Classe", "Division"
	ColLevel     = "level" // "Niveau"
)

// Column is one recognised column of the header.
type Column struct {
	Title string // as written in the file
	Kind  string // Col…
}

// Format is what the importer found out about the file.
type Format struct {
	Encoding   string
	Separator  string // ";", ",", "tab", or "" (one column)
	HeaderLine int    // 0: no header
	Columns    []Column
}

// Sheet is a read file: its format and its lines, not yet checked.
type Sheet struct {
	Format  Format
	entries []entry
}

// entry is one line of the list as read.
type entry struct {
	line                int
	first, last         string
	birth, group, level string
	bad                 string // why the line cannot be read, or ""
	empty               bool
}

// Reasons a line is bad (Row.Reason).
const (
	BadUnclosedQuote = "unclosed_quote"
	BadExtraFields   = "extra_fields"
	BadNoFirstName   = "no_first_name"
	BadCharacters    = "bad_characters"
	BadTooLong       = "too_long"
)

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// decode turns the file's bytes into text. A BOM says UTF-8 or UTF-16;
// valid UTF-8 is UTF-8; anything else is one of the two 8-bit encodings
// French exports use. They differ on eight bytes only: Windows-1252 puts
// letters (Œ, œ, Š…) and quotes in 0x80–0x9F, which ISO-8859-15 leaves to
// control characters no text holds, and ISO-8859-15 puts Œ œ Š š Ž ž Ÿ €
// where Windows-1252 has signs (¤ ¦ ¨ ´ ¸ ¼ ½ ¾) no name holds. So a file
// with a byte in 0x80–0x9F is Windows-1252; one without, but with one of
// those eight bytes, is ISO-8859-15; otherwise both read the same.
func decode(data []byte) (string, string, error) {
	switch {
	case bytes.HasPrefix(data, []byte("PK\x03\x04")), bytes.HasPrefix(data, []byte{0xD0, 0xCF, 0x11, 0xE0}):
		return "", "", &Error{Code: ErrWorkbook}
	case bytes.HasPrefix(data, utf8BOM):
		if !utf8.Valid(data[3:]) {
			return "", "", &Error{Code: ErrNotText}
		}
		return string(data[3:]), UTF8BOM, nil
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE}), bytes.HasPrefix(data, []byte{0xFE, 0xFF}):
		// Excel's "Unicode text": UTF-16 with a BOM, tab-separated.
		out, err := xunicode.UTF16(xunicode.LittleEndian, xunicode.ExpectBOM).NewDecoder().Bytes(data)
		if err != nil {
			return "", "", &Error{Code: ErrNotText}
		}
		return string(out), UTF16, nil
	}
	if bytes.IndexByte(data, 0) >= 0 {
		return "", "", &Error{Code: ErrNotText}
	}
	if utf8.Valid(data) {
		return string(data), UTF8, nil
	}
	name, cm := Windows1252, charmap.Windows1252
	// The eight bytes are looked for one by one: bytes.ContainsAny reads
	// its arguments as UTF-8, where each of them is an invalid rune that
	// matches any other byte of a Latin-1 letter (é, è…).
	if !hasByteIn(data, 0x80, 0x9F) && hasAnyByte(data, "\xA4\xA6\xA8\xB4\xB8\xBC\xBD\xBE") {
		name, cm = ISO885915, charmap.ISO8859_15
	}
	out, err := cm.NewDecoder().Bytes(data)
	if err != nil {
		return "", "", &Error{Code: ErrNotText}
	}
	return string(out), name, nil
}

func hasAnyByte(data []byte, set string) bool {
	for _, b := range data {
		if strings.IndexByte(set, b) >= 0 {
			return true
		}
	}
	return false
}

func hasByteIn(data []byte, lo, hi byte) bool {
	for _, b := range data {
		if b >= lo && b <= hi {
			return true
		}
	}
	return false
}

// splitLines cuts text at \r\n, \n or \r (old Mac exports still exist).
func splitLines(text string) []string {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	text = strings.TrimSuffix(text, "\n")
	if text == "" {
		return nil
	}
	return strings.Split(text, "\n")
}

// parseRecord reads the record starting at lines[i], split at sep (0: one
// field). Fields may be quoted ("" is a quote inside); a quoted field may
// run over the end of the line, up to maxQuotedLines lines. It returns the
// fields, the index of the next record's line, and false when a quote is
// left open (the record is then line i alone).
func parseRecord(lines []string, i int, sep rune) ([]string, int, bool) {
	var fields []string
	var cur strings.Builder
	inQuotes, atStart := false, true
	for j := i; j < len(lines) && j < i+maxQuotedLines; j++ {
		line := lines[j]
		for k := 0; k < len(line); {
			r, size := utf8.DecodeRuneInString(line[k:])
			k += size
			switch {
			case inQuotes:
				if r != '"' {
					cur.WriteRune(r)
				} else if k < len(line) && line[k] == '"' {
					cur.WriteByte('"')
					k++
				} else {
					inQuotes = false
				}
			case sep != 0 && r == sep:
				fields = append(fields, cur.String())
				cur.Reset()
				atStart = true
			case r == '"' && atStart:
				cur.Reset() // spaces before the quote
				inQuotes, atStart = true, false
			default:
				cur.WriteRune(r)
				if !unicode.IsSpace(r) {
					atStart = false
				}
			}
		}
		if !inQuotes {
			return append(fields, cur.String()), j + 1, true
		}
		cur.WriteByte('\n')
	}
	return nil, i + 1, false
}

// separators a file may use, in the order a tie is broken.
var separators = []rune{';', '\t', ','}

func sepName(r rune) string {
	switch r {
	case 0:
		return ""
	case '\t':
		return "tab"
	}
	return string(r)
}

// ReadFile reads an uploaded file: a CSV or text export in any of the
// encodings above, with a header line naming its columns (a file of one
// column may have none: one name per line).
func ReadFile(data []byte) (Sheet, error) {
	text, enc, err := decode(data)
	if err != nil {
		return Sheet{}, err
	}
	sh, err := read(text, false)
	sh.Format.Encoding = enc
	return sh, err
}

// ReadText reads a pasted list. With a header line it is read as a file
// (a block copied from a spreadsheet); without one, every line is a child,
// and commas and semicolons separate children too, as the API always
// accepted ("Léa, Tom, Zoé"). A tab joins the cells of one child: a row
// copied from a spreadsheet ("Léa<tab>Martin") is one child.
func ReadText(text string) (Sheet, error) {
	sh, err := read(text, true)
	sh.Format.Encoding = UTF8
	return sh, err
}

func read(text string, pasted bool) (Sheet, error) {
	lines := splitLines(text)
	if len(lines) > MaxLines {
		return Sheet{}, &Error{Code: ErrTooManyLines}
	}
	if hi, sep, cols, ok := findHeader(lines); ok {
		sh := readTable(lines, hi, sep, cols)
		for _, e := range sh.entries {
			if !e.empty {
				return sh, nil
			}
		}
		return Sheet{}, &Error{Code: ErrEmpty}
	}
	if pasted {
		return readPasted(lines)
	}
	return readColumn(lines)
}

// findHeader looks for the header among the first non-empty lines, with
// each separator: the first line naming a first-name (or full-name) column.
func findHeader(lines []string) (int, rune, []int, bool) {
	seen := 0
	for i := 0; i < len(lines) && seen < maxHeaderSearch; i++ {
		if strings.TrimSpace(lines[i]) == "" {
			continue
		}
		seen++
		for _, sep := range append(separators, 0) {
			fields, _, ok := parseRecord(lines, i, sep)
			if !ok || (sep != 0 && len(fields) < 2) || len(fields) > maxColumns {
				continue
			}
			kinds := make([]int, 0, len(fields))
			named := false
			for _, f := range fields {
				k := classify(f)
				kinds = append(kinds, k)
				named = named || k == kindFirst || k == kindFull
			}
			if named {
				return i, sep, kinds, true
			}
		}
	}
	return 0, 0, nil, false
}

func readTable(lines []string, hi int, sep rune, kinds []int) Sheet {
	header, _, _ := parseRecord(lines, hi, sep)
	sh := Sheet{Format: Format{Separator: sepName(sep), HeaderLine: hi + 1}}
	col := map[int]int{} // kind → index of its first column
	for i, k := range kinds {
		if k == kindNone {
			continue
		}
		if _, dup := col[k]; dup {
			continue
		}
		col[k] = i
		sh.Format.Columns = append(sh.Format.Columns, Column{Title: strings.TrimSpace(header[i]), Kind: kindNames[k]})
	}
	cell := func(fields []string, k int) string {
		i, ok := col[k]
		if !ok || i >= len(fields) {
			return ""
		}
		return clean(fields[i])
	}
	for i := hi + 1; i < len(lines); {
		fields, next, ok := parseRecord(lines, i, sep)
		e := entry{line: i + 1}
		i = next
		if !ok {
			e.bad = BadUnclosedQuote
			sh.entries = append(sh.entries, e)
			continue
		}
		if blank(fields) {
			e.empty = true
			sh.entries = append(sh.entries, e)
			continue
		}
		e.first, e.last = cell(fields, kindFirst), cell(fields, kindLast)
		if _, ok := col[kindFull]; ok && e.first == "" {
			e.first, e.last = splitFull(cell(fields, kindFull))
		}
		e.birth, e.group, e.level = cell(fields, kindBirth), cell(fields, kindGroup), cell(fields, kindLevel)
		// A line longer than the header, with something in the extra
		// cells, has a separator inside a name: its cells are shifted.
		if len(fields) > len(header) && !blank(fields[len(header):]) {
			e.bad = BadExtraFields
		}
		sh.entries = append(sh.entries, e)
	}
	return sh
}

// readColumn reads a file without a header: it must be one column, one
// name per line.
func readColumn(lines []string) (Sheet, error) {
	var first string
	for _, l := range lines {
		if strings.TrimSpace(l) != "" {
			first = l
			break
		}
	}
	if first == "" {
		return Sheet{}, &Error{Code: ErrEmpty}
	}
	for _, sep := range separators {
		fields, _, _ := parseRecord([]string{first}, 0, sep)
		if len(fields) > 1 && !blank(fields[1:]) {
			return Sheet{}, &Error{Code: ErrNoHeader}
		}
	}
	var sh Sheet
	for i := 0; i < len(lines); {
		fields, next, ok := parseRecord(lines, i, ';')
		e := entry{line: i + 1}
		i = next
		switch {
		case !ok:
			e.bad = BadUnclosedQuote
		case blank(fields):
			e.empty = true
		default:
			e.first, e.last = splitFull(clean(fields[0]))
		}
		sh.entries = append(sh.entries, e)
	}
	return sh, nil
}

func readPasted(lines []string) (Sheet, error) {
	var sh Sheet
	for i, l := range lines {
		parts := strings.FieldsFunc(l, func(r rune) bool { return r == ',' || r == ';' })
		if len(parts) == 0 {
			sh.entries = append(sh.entries, entry{line: i + 1, empty: true})
			continue
		}
		for _, p := range parts {
			e := entry{line: i + 1}
			name := clean(strings.ReplaceAll(p, "\t", " "))
			if name == "" {
				continue
			}
			e.first, e.last = splitFull(name)
			sh.entries = append(sh.entries, e)
		}
	}
	if len(sh.entries) == 0 {
		return Sheet{}, &Error{Code: ErrEmpty}
	}
	return sh, nil
}

func blank(fields []string) bool {
	for _, f := range fields {
		if strings.TrimFunc(f, isSpace) != "" {
			return false
		}
	}
	return true
}

func isSpace(r rune) bool { return unicode.IsSpace(r) || r == '\u00a0' || r == '\u202f' }

// clean trims a cell and collapses its spaces (no-break spaces included).
func clean(s string) string {
	return strings.Join(strings.FieldsFunc(s, isSpace), " ")
}

// splitFull splits a cell holding a whole name. French lists write the
// family name in capitals ("MARTIN Léa", "Léa MARTIN"): the words in
// capitals are the family name when the others are not. Otherwise the
// name stays whole, as the teacher wrote it.
func splitFull(name string) (first, last string) {
	words := strings.Fields(name)
	var caps, rest []string
	for _, w := range words {
		if isCaps(w) {
			caps = append(caps, w)
		} else {
			rest = append(rest, w)
		}
	}
	if len(caps) > 0 && len(rest) > 0 {
		return strings.Join(rest, " "), strings.Join(caps, " ")
	}
	return name, ""
}

// isCaps: two letters or more, all capitals.
func isCaps(w string) bool {
	letters := 0
	for _, r := range w {
		if unicode.IsLetter(r) {
			if !unicode.IsUpper(r) {
				return false
			}
			letters++
		}
	}
	return letters >= 2
}
