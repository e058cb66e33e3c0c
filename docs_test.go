package multipli

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// scanned are the files whose words a reader follows: code, comments,
// READMEs, SQL and the pages' sources.
var scanned = map[string]bool{".go": true, ".md": true, ".js": true, ".sql": true, ".html": true, ".css": true}

var (
	// mdName is a Markdown file's name, with its path if it has one.
	mdName = regexp.MustCompile(`[A-Za-z0-9_./-]*[A-Za-z0-9_-]\.md\b`)
	// trackerRef is a number in an issue tracker, which is not in the
	// repository: the word issue and a number, or a number in parentheses
	// after "#". Monster Cube's rule sets are #1 to #4, so a tracker number
	// in parentheses has two digits at least.
	trackerRef = regexp.MustCompile(`(?i)\bissues?\s+#?[0-9]+|\(#[0-9]{2,}\)`)
	// seedFile is a path into the files the games' rules were first
	// written from, which are not in the repository.
	seedFile = regexp.MustCompile(`\bseeds/[0-9]`)
	// initFunc is a package's init function.
	initFunc = regexp.MustCompile(`(?m)^func init\(\)`)
)

// What a comment or a README says must be readable in the repository: no
// pointer to a document that is not in it (a design note, a spec kept
// elsewhere) and no issue number of a tracker; say the thing itself. And
// no init function: configuration is passed down, not registered.
func TestTextsPointOnlyToWhatIsInTheRepository(t *testing.T) {
	files := textFiles(t)
	names := map[string]bool{}
	for _, f := range files {
		names[filepath.Base(f)] = true
	}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		require.NoError(t, err)
		text := string(raw)
		for _, m := range mdName.FindAllString(text, -1) {
			assert.True(t, mdExists(m, filepath.Dir(f), names), "%s names %s, which is not in the repository", f, m)
		}
		for _, m := range trackerRef.FindAllString(text, -1) {
			assert.Fail(t, "tracker reference", "%s says %q: say what it stands for instead", f, m)
		}
		for _, m := range seedFile.FindAllString(text, -1) {
			assert.Fail(t, "seed file", "%s points to %q, which is not in the repository", f, m)
		}
		if strings.HasSuffix(f, ".go") && !strings.HasSuffix(f, "_test.go") {
			assert.False(t, initFunc.MatchString(text), "%s has an init function", f)
		}
	}
}

// mdExists says whether a Markdown name found in a file of dir is in the
// repository: as a path from dir or from the root, or, a bare name, as
// any file of that name.
func mdExists(name, dir string, names map[string]bool) bool {
	if filepath.IsAbs(name) {
		return false
	}
	if !strings.Contains(name, "/") && names[name] {
		return true
	}
	for _, p := range []string{filepath.Join(dir, name), name} {
		if _, err := os.Stat(p); err == nil {
			return true
		}
	}
	return false
}

// textFiles are the repository's scanned files, golden test data aside.
func textFiles(t *testing.T) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if scanned[filepath.Ext(path)] {
			out = append(out, path)
		}
		return nil
	})
	require.NoError(t, err)
	require.NotEmpty(t, out)
	return out
}

func TestTheScanFindsWhatItLooksFor(t *testing.T) {
	names := map[string]bool{"README.md": true}
	assert.True(t, mdExists("README.md", "play", names))
	assert.True(t, mdExists("store/README.md", "server", names))
	assert.False(t, mdExists("concepts"+".md", ".", names))
	assert.False(t, mdExists("/elsewhere/README"+".md", ".", names))
	assert.True(t, trackerRef.MatchString("the goal of Issue "+"7"))
	assert.True(t, trackerRef.MatchString("fixed ("+"#12)"))
	assert.False(t, trackerRef.MatchString("rule set (#3)"))
	assert.True(t, seedFile.MatchString("booklet `seeds"+"/003_*.txt`"))
	assert.True(t, initFunc.MatchString("package x\n\nfunc init"+"() {}\n"))
}
