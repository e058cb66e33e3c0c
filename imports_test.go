package multipli

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const module = "github.com/multipli/multipli"

// engines are the game packages the README's diagram writes as one node.
const engines = "games/*"

// The README's import list is the package graph: every import between
// the module's packages (tests aside) is in the list, and every line of
// the list is an import that exists. A new package or a new edge is a
// decision to write down there.
func TestTheREADMEImportListIsThePackageGraph(t *testing.T) {
	want := readmeImports(t, "README.md")
	got := packageImports(t)
	for pkg, imports := range got {
		allowed, listed := want[pkg]
		if !assert.True(t, listed, "package %s is not in README.md's import list", pkg) {
			continue
		}
		for _, imp := range imports {
			assert.Contains(t, allowed, imp, "%s imports %s: not in README.md's import list", pkg, imp)
		}
	}
	for pkg, imports := range want {
		has, exists := got[pkg]
		if !assert.True(t, exists, "README.md lists %s, which is not a package of the module", pkg) {
			continue
		}
		for _, imp := range imports {
			assert.Contains(t, has, imp, "README.md says %s imports %s; it does not", pkg, imp)
		}
	}
}

// readmeImports reads the "pkg → a, b" lines of the README's text block
// that follows the words "Every import between the module's packages".
func readmeImports(t *testing.T, path string) map[string][]string {
	t.Helper()
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	_, rest, found := strings.Cut(string(raw), "Every import between the module's packages")
	require.True(t, found, "README.md has its import list")
	_, rest, found = strings.Cut(rest, "```text\n")
	require.True(t, found, "the import list is a text block")
	block, _, found := strings.Cut(rest, "```")
	require.True(t, found, "the import list's block ends")
	out := map[string][]string{}
	sc := bufio.NewScanner(strings.NewReader(block))
	for sc.Scan() {
		from, to, ok := strings.Cut(sc.Text(), "→")
		require.True(t, ok, "line %q is pkg → imports", sc.Text())
		pkg := strings.TrimSpace(from)
		_, twice := out[pkg]
		require.False(t, twice, "%s is listed twice", pkg)
		out[pkg] = []string{}
		if to = strings.TrimSpace(to); to != "nothing" {
			for _, imp := range strings.Split(to, ",") {
				out[pkg] = append(out[pkg], strings.TrimSpace(imp))
			}
		}
	}
	return out
}

// packageImports is the module's package graph as `go list` gives it, with
// the engines merged into one node. Packages of tests alone (no files but
// tests) import nothing the binary carries and are left out.
func packageImports(t *testing.T) map[string][]string {
	t.Helper()
	cmd := exec.Command("go", "list", "-f", "{{if .GoFiles}}{{.ImportPath}}{{range .Imports}} {{.}}{{end}}{{end}}", "./...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "go list: %s", stderr.String())
	graph := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		pkg := node(fields[0])
		if _, ok := graph[pkg]; !ok {
			graph[pkg] = []string{}
		}
		for _, imp := range fields[1:] {
			if !strings.HasPrefix(imp, module+"/") {
				continue
			}
			if n := node(imp); !slices.Contains(graph[pkg], n) {
				graph[pkg] = append(graph[pkg], n)
			}
		}
	}
	for _, imports := range graph {
		sort.Strings(imports)
	}
	return graph
}

// node names a package as the README does: its path in the module, the
// engines (games/potion, games/cats…) as one.
func node(importPath string) string {
	p := strings.TrimPrefix(strings.TrimPrefix(importPath, module), "/")
	if strings.HasPrefix(p, "games/") {
		return engines
	}
	return p
}

// The node names and the README's parsing are what the graph test rests on.
func TestNodeNamesAnEngineAsOne(t *testing.T) {
	assert.Equal(t, "games/*", node(module+"/games/potion"))
	assert.Equal(t, "games", node(module+"/games"))
	assert.Equal(t, "store/storetest", node(module+"/store/storetest"))
	dir := t.TempDir()
	readme := filepath.Join(dir, "README.md")
	require.NoError(t, os.WriteFile(readme, []byte("Every import between the module's packages:\n\n```text\nplay  → games, store\ngames → nothing\n```\n"), 0o600))
	assert.Equal(t, map[string][]string{"play": {"games", "store"}, "games": {}}, readmeImports(t, readme))
}
