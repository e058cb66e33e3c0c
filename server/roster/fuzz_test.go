package roster_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/multipli/multipli/server/roster"
)

// Whatever the bytes, reading never panics, and a plan keeps its promises:
// the names it adds are unique in the class (case ignored, as the server
// checks), not already there, at most 60 characters, each on a new row.
func FuzzReadAndPlan(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.csv"))
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, "Léa M.\nTom")
	}
	f.Add([]byte("Prénom;Nom\n\"Léa;Martin\nLéa;\"\"Dubois\"\"\n"), "Léa")
	f.Fuzz(func(t *testing.T, data []byte, existing string) {
		sh, err := roster.ReadFile(data)
		if err != nil {
			return
		}
		names := strings.Split(existing, "\n")
		p := sh.Plan(roster.Options{Existing: names})
		taken := map[string]bool{}
		for _, n := range names {
			taken[strings.ToLower(n)] = true
		}
		added := 0
		for _, r := range p.Rows {
			if r.Status != roster.New {
				if r.Name != "" {
					t.Fatalf("line %d is %s but has a name %q", r.Line, r.Status, r.Name)
				}
				continue
			}
			added++
			if r.Name == "" || utf8.RuneCountInString(r.Name) > roster.MaxNameLength {
				t.Fatalf("line %d: bad name %q", r.Line, r.Name)
			}
			if taken[strings.ToLower(r.Name)] {
				t.Fatalf("line %d: %q is taken", r.Line, r.Name)
			}
			taken[strings.ToLower(r.Name)] = true
		}
		if added != len(p.Names) {
			t.Fatalf("%d new rows, %d names", added, len(p.Names))
		}
	})
}
