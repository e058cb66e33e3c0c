package roster

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Status says what confirming the preview does with a line.
type Status string

const (
	New        Status = "new"         // the child will be added
	InClass    Status = "in_class"    // already in the class: skipped
	Duplicate  Status = "duplicate"   // the same child earlier in the list: skipped
	OtherGroup Status = "other_group" // another class of the school's export: skipped
	Bad        Status = "bad"         // unreadable: skipped, with a Reason
)

// Notes on a line that is still added.
const (
	NoteSharedFirstName = "shared_first_name" // shown with the family name's first letters
	NoteMaybeInClass    = "maybe_in_class"    // the class has a child of this first name
	NoteBadDate         = "bad_date"          // the birth date is unreadable (it is not kept anyway)
)

// MaxNameLength is the longest display name (the server's bound on names).
const MaxNameLength = 60

// AllGroups, as Options.Group, keeps every class of a school's export.
const AllGroups = "*"

// Row is one line of the list and what confirming would do with it.
type Row struct {
	Line      int
	FirstName string
	LastName  string
	BirthDate string // 2017-03-12 when readable, else as written
	Group     string
	Level     string
	Name      string // the name the child gets in the class (New)
	Status    Status
	Reason    string   // Bad: one of the Bad… codes
	Of        int      // Duplicate: the line it repeats
	Match     string   // InClass: the class's child it is
	Notes     []string // Note… codes
}

// Group is one class of a school's export, with its number of lines.
type Group struct {
	Name  string
	Count int
}

// Options are what the plan depends on besides the file.
type Options struct {
	Existing  []string // the display names already in the class
	ClassName string   // the class's name: the export's group of that name is chosen by default
	Group     string   // "" (the class's own, if the export has it), AllGroups, or one group's name
}

// Preview is what confirming would do, line by line.
type Preview struct {
	Format Format
	Groups []Group // the export's classes, when it has a class column
	Group  string  // the group kept ("" or AllGroups: all)
	Rows   []Row   // every line but the empty ones, in file order
	Empty  int     // empty lines, ignored
	Names  []string
}

// Count is the number of rows of a status.
func (p Preview) Count(s Status) int {
	n := 0
	for _, r := range p.Rows {
		if r.Status == s {
			n++
		}
	}
	return n
}

// HasGroup reports whether the export has a class of that name.
func (sh Sheet) HasGroup(name string) bool {
	for _, g := range sh.groups() {
		if g.Name == name {
			return true
		}
	}
	return false
}

func (sh Sheet) groups() []Group {
	var out []Group
	at := map[string]int{}
	for _, e := range sh.entries {
		if e.empty || e.bad != "" || e.group == "" {
			continue
		}
		i, ok := at[e.group]
		if !ok {
			i = len(out)
			at[e.group] = i
			out = append(out, Group{Name: e.group})
		}
		out[i].Count++
	}
	return out
}

// Plan decides, line by line, what adding the list to the class does:
// which lines are added and under which name, and which are skipped and
// why. Nothing is written; the server adds Preview.Names on confirmation.
//
// Names: a child is shown by their first name, as in class. When another
// child of the class — already there or arriving — has the same first
// name, both are shown with the first letter of their family name and a
// period ("Léa M.", "Léa D."), more letters when those are the same too
// ("Léa Ma.", "Léa Mo."). The family name and the birth date are read only
// to tell children apart and spot duplicates: they are not stored.
func (sh Sheet) Plan(opt Options) Preview {
	p := Preview{Format: sh.Format, Groups: sh.groups(), Group: opt.Group}
	if p.Group == "" && len(p.Groups) > 1 {
		for _, g := range p.Groups {
			if fold(clean(g.Name)) == fold(clean(opt.ClassName)) {
				p.Group = g.Name
			}
		}
	}
	keep := p.Group != "" && p.Group != AllGroups

	var kept []int // indexes in p.Rows of the rows still candidates
	// kin are the children kept so far with one first and family name:
	// the first one's line, the one without a birth date, the ones with.
	type kin struct {
		first, undated int
		dated          map[string]int
	}
	seen := map[string]*kin{}
	for _, e := range sh.entries {
		if e.empty {
			p.Empty++
			continue
		}
		r := Row{Line: e.line, FirstName: tidy(e.first), LastName: e.last, Group: e.group, Level: e.level, Status: New}
		r.BirthDate = e.birth
		badDate := false
		if e.birth != "" {
			d, ok := parseDate(e.birth)
			if ok {
				r.BirthDate = d
			}
			badDate = !ok
		}
		switch {
		case e.bad != "":
			r.Status, r.Reason = Bad, e.bad
		case r.FirstName == "":
			r.Status, r.Reason = Bad, BadNoFirstName
		case !nameLike(r.FirstName) || strings.ContainsFunc(r.LastName, unicode.IsDigit):
			r.Status, r.Reason = Bad, BadCharacters
		case utf8.RuneCountInString(r.FirstName) > MaxNameLength, utf8.RuneCountInString(r.LastName) > MaxNameLength:
			r.Status, r.Reason = Bad, BadTooLong
		case keep && e.group != p.Group:
			r.Status = OtherGroup
		}
		if badDate && r.Status != Bad { // a bad line's cells say nothing
			r.Notes = append(r.Notes, NoteBadDate)
		}
		if r.Status == New {
			// The same first and family names are one child, unless two
			// different birth dates say they are namesakes.
			key := fold(r.FirstName) + "\x00" + fold(r.LastName)
			k := seen[key]
			if k == nil {
				k = &kin{dated: map[string]int{}}
				seen[key] = k
			}
			switch {
			case r.BirthDate == "" && k.first != 0:
				r.Status, r.Of = Duplicate, k.first
			case r.BirthDate != "" && k.undated != 0:
				r.Status, r.Of = Duplicate, k.undated
			case r.BirthDate != "" && k.dated[r.BirthDate] != 0:
				r.Status, r.Of = Duplicate, k.dated[r.BirthDate]
			default:
				if k.first == 0 {
					k.first = r.Line
				}
				if r.BirthDate == "" {
					k.undated = r.Line
				} else {
					k.dated[r.BirthDate] = r.Line
				}
				kept = append(kept, len(p.Rows))
			}
		}
		p.Rows = append(p.Rows, r)
	}

	// Already in the class: the class has the name this child would get,
	// with any number of letters of the family name, or their whole name.
	// A bare first name in the class is this child only if the list has no
	// other child of that first name.
	existing := map[string]string{}
	existingFirst := map[string]int{}
	for _, n := range opt.Existing {
		existing[fold(n)] = n
		existingFirst[fold(firstOf(n))]++
	}
	firstCount := map[string]int{}
	for _, i := range kept {
		firstCount[fold(p.Rows[i].FirstName)]++
	}
	var arriving []int
	for _, i := range kept {
		r := &p.Rows[i]
		for _, c := range candidates(r.FirstName, r.LastName) {
			if m, ok := existing[fold(c)]; ok {
				r.Status, r.Match = InClass, m
				break
			}
		}
		if r.Status == New {
			if m, ok := existing[fold(r.FirstName)]; ok {
				if firstCount[fold(r.FirstName)] == 1 {
					r.Status, r.Match = InClass, m
				} else {
					r.Notes = append(r.Notes, NoteMaybeInClass)
				}
			}
		}
		if r.Status == New {
			arriving = append(arriving, i)
		}
	}

	// Names of the arriving children.
	byFirst := map[string][]int{}
	for _, i := range arriving {
		k := fold(p.Rows[i].FirstName)
		byFirst[k] = append(byFirst[k], i)
	}
	taken := map[string]bool{}
	for _, n := range opt.Existing {
		taken[strings.ToLower(n)] = true
	}
	next := map[string]int{}  // a name → the next number to try after it
	short := map[int]string{} // row → the start of the family name it is shown with ("" : all of it)
	for _, group := range byFirst {
		var lasts []string
		var rows []int
		for _, i := range group {
			if p.Rows[i].LastName != "" {
				lasts = append(lasts, p.Rows[i].LastName)
				rows = append(rows, i)
			}
		}
		for j, in := range initials(lasts) {
			short[rows[j]] = in
		}
	}
	for _, i := range arriving {
		r := &p.Rows[i]
		k := fold(r.FirstName)
		name := r.FirstName
		if len(byFirst[k])+existingFirst[k] > 1 && r.LastName != "" {
			// Namesakes share every letter: then the whole family name.
			if in := short[i]; in != "" {
				name = r.FirstName + " " + in + "."
			} else {
				name = r.FirstName + " " + tidy(r.LastName)
			}
			r.Notes = append(r.Notes, NoteSharedFirstName)
		}
		base := name
		for n := max(2, next[strings.ToLower(base)]); taken[strings.ToLower(name)]; n++ {
			name = base + " " + strconv.Itoa(n)
			next[strings.ToLower(base)] = n + 1
		}
		if utf8.RuneCountInString(name) > MaxNameLength {
			r.Status, r.Reason = Bad, BadTooLong
			continue
		}
		taken[strings.ToLower(name)] = true
		r.Name = name
		p.Names = append(p.Names, name)
	}
	return p
}

// initials gives each family name the shortest start (one letter at
// least) that none of the others shares, capitalised: "Martin" against
// "Moreau" is "Ma", against "Dubois" "M". It is "" when the name needs all
// its letters (namesakes). Sorted, a name shares the longest start with
// one of its neighbours, so a class of any size costs a sort.
func initials(lasts []string) []string {
	type key struct{ letters, folded []rune }
	keys := make([]key, len(lasts))
	order := make([]int, len(lasts))
	for i, l := range lasts {
		letters := []rune(lettersOf(norm.NFC.String(l)))
		folded := make([]rune, len(letters))
		for j, r := range letters {
			folded[j] = foldRune(r)
		}
		keys[i], order[i] = key{letters, folded}, i
	}
	slices.SortFunc(order, func(a, b int) int { return slices.Compare(keys[a].folded, keys[b].folded) })
	common := func(a, b []rune) int {
		n := 0
		for n < len(a) && n < len(b) && a[n] == b[n] {
			n++
		}
		return n
	}
	out := make([]string, len(lasts))
	for k, i := range order {
		need := 1
		if k > 0 {
			need = max(need, common(keys[i].folded, keys[order[k-1]].folded)+1)
		}
		if k+1 < len(order) {
			need = max(need, common(keys[i].folded, keys[order[k+1]].folded)+1)
		}
		letters := keys[i].letters
		if need >= len(letters) {
			continue
		}
		start := []rune(strings.ToLower(string(letters[:need])))
		start[0] = unicode.ToUpper(start[0])
		out[i] = string(start)
	}
	return out
}

func foldRune(r rune) rune {
	for _, f := range fold(string(r)) {
		return f
	}
	return r
}

// lettersOf keeps the letters of a family name: "d'Almeida" → "dAlmeida".
func lettersOf(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) {
			return r
		}
		return -1
	}, s)
}

// candidates are the names a child may already have in the class: their
// first name with 1, 2… letters of the family name, or with all of it.
func candidates(first, last string) []string {
	if last == "" {
		return nil
	}
	letters := []rune(lettersOf(last))
	out := make([]string, 0, len(letters)+1)
	for n := 1; n <= len(letters); n++ {
		s := []rune(strings.ToLower(string(letters[:n])))
		s[0] = unicode.ToUpper(s[0])
		out = append(out, first+" "+string(s)+".")
	}
	return append(out, first+" "+last, first+" "+tidy(last))
}

var initialSuffix = regexp.MustCompile(`^(.+) \p{Lu}\p{Ll}*\.( \d+)?$`)

// firstOf is the first name of a display name: "Léa M." → "Léa".
func firstOf(name string) string {
	if m := initialSuffix.FindStringSubmatch(name); m != nil {
		return m[1]
	}
	return name
}

// tidy writes a name the way a class list does: "LÉA" and "léa" become
// "Léa", "JEAN-PIERRE" "Jean-Pierre"; a name in mixed case is left as is.
func tidy(name string) string {
	name = clean(name)
	if name != strings.ToUpper(name) && name != strings.ToLower(name) {
		return name
	}
	out := []rune(strings.ToLower(name))
	start := true
	for i, r := range out {
		if start && unicode.IsLetter(r) {
			out[i] = unicode.ToUpper(r)
		}
		start = r == ' ' || r == '-' || r == '\'' || r == '’'
	}
	return string(out)
}

// nameLike: letters (any script), with spaces, hyphens, apostrophes and
// periods between them. Digits or other signs mean the cells are shifted
// (a date where the first name should be) or the line is not a child.
// Family names, never stored, only must not hold digits ("Taylor, Jr" is
// fine, a date is not).
func nameLike(s string) bool {
	letter := false
	for _, r := range s {
		switch {
		case unicode.IsLetter(r):
			letter = true
		case unicode.Is(unicode.Mn, r), r == ' ', r == '-', r == '\'', r == '’', r == '.':
		default:
			return false
		}
	}
	return letter
}

var (
	dmy = regexp.MustCompile(`^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?:\s.*)?$`)
	ymd = regexp.MustCompile(`^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T\s].*)?$`)
)

// parseDate reads a birth date as French exports write it (12/03/2017,
// 12.03.2017, 12-03-17) or as ISO (2017-03-12), with or without a time.
func parseDate(s string) (string, bool) {
	var y, m, d int
	if g := ymd.FindStringSubmatch(s); g != nil {
		y, m, d = atoi(g[1]), atoi(g[2]), atoi(g[3])
	} else if g := dmy.FindStringSubmatch(s); g != nil {
		d, m, y = atoi(g[1]), atoi(g[2]), atoi(g[3])
		if len(g[3]) == 2 {
			y += 2000 // children born in this century
		}
	} else {
		return "", false
	}
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	if t.Day() != d || int(t.Month()) != m || y < 1990 || y > 2100 {
		return "", false
	}
	return fmt.Sprintf("%04d-%02d-%02d", y, m, d), true
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
