package webcheck

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// bypassLib finds what only the library may do: send a request or create
// an element.
var bypassLib = regexp.MustCompile(`\bfetch\(|\bXMLHttpRequest\b|\bcreateElement(NS)?\(`)

// TestOneFrontEndLibrary: every page and game of server/web/static sends its
// requests through lib/api.js and builds its elements with lib/dom.js, so
// CSRF, error bodies and the CSP-safe attributes are handled in one place.
// The dev harness (server/devharness) is not checked: it fetches its
// fixture files.
func TestOneFrontEndLibrary(t *testing.T) {
	lib := filepath.ToSlash(filepath.Join("web", "static", "lib")) + "/"
	checked := 0
	for _, name := range webFiles(t, ".js") {
		if !strings.HasPrefix(name, "web/") || strings.HasPrefix(name, lib) {
			continue
		}
		b, err := os.ReadFile(filepath.Join("..", name))
		require.NoError(t, err)
		for _, m := range bypassLib.FindAllString(string(b), -1) {
			assert.Failf(t, "outside the library", "%s: %s — use lib/api.js request or lib/dom.js h/s", name, m)
		}
		base := filepath.Base(name)
		assert.False(t, base == "api.js" || base == "dom.js", "%s: a second %s beside lib/", name, base)
		checked++
	}
	assert.Greater(t, checked, 15, "too few modules checked")
	for _, f := range []string{"api.js", "dom.js"} {
		_, err := os.Stat(filepath.Join(libDir, f))
		assert.NoError(t, err, "lib/%s", f)
	}
}
