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

var (
	scriptTag    = regexp.MustCompile(`(?is)<script\b([^>]*)>(.*?)</script>`)
	handlerAttr  = regexp.MustCompile(`(?i)<[a-z][^>]*\son[a-z]+\s*=`)
	styleAttr    = regexp.MustCompile(`(?i)<[a-z][^>]*\sstyle\s*=`)
	jsURL        = regexp.MustCompile(`(?i)javascript:`)
	anyURL       = regexp.MustCompile(`(?i)\bhttps?://[^\s"'<>)]+`)
	protoRelURL  = regexp.MustCompile(`(?i)(src|href|action)\s*=\s*["']//`)
	cssURL       = regexp.MustCompile(`(?i)url\(\s*["']?([^"')]+)`)
	jsImportURL  = regexp.MustCompile(`(?m)(?:import\s*\(?|from)\s*["'](?:https?:)?//`)
	jsHandlerSet = regexp.MustCompile(`setAttribute\(\s*["'](?:on[a-z]+|style)["']|\.innerHTML\s*=|\bnew Function\(|\beval\(`)
)

// namespaces are URLs that name an XML namespace: never fetched.
var namespaces = map[string]bool{"http://www.w3.org/2000/svg": true, "http://www.w3.org/1999/xlink": true}

// TestNoInlineCodeAndNothingFromElsewhere greps every embedded page,
// module, stylesheet and picture: the CSP (script-src 'self'; style-src
// 'self') forbids inline scripts, event handler attributes, javascript:
// URLs and style attributes, and the issue wants nothing fetched from
// another site, so no http(s):// or //host URL may appear (XML namespace
// names excepted). JS must not build handlers or styles from strings
// either (setAttribute("on…"/"style"), innerHTML, eval, new Function).
func TestNoInlineCodeAndNothingFromElsewhere(t *testing.T) {
	files := webFiles(t, ".html", ".js", ".css", ".svg")
	require.Greater(t, len(files), 20, "too few web files found")
	for _, name := range files {
		b, err := os.ReadFile(filepath.Join("..", name))
		require.NoError(t, err)
		src := string(b)
		if strings.HasSuffix(name, ".html") || strings.HasSuffix(name, ".svg") {
			for _, m := range scriptTag.FindAllStringSubmatch(src, -1) {
				assert.Contains(t, m[1], "src=", "%s: inline <script>", name)
				assert.Empty(t, strings.TrimSpace(m[2]), "%s: code inside a <script src> tag", name)
			}
			assert.NotRegexp(t, handlerAttr, src, "%s: inline event handler attribute", name)
			assert.NotRegexp(t, styleAttr, src, "%s: inline style attribute", name)
			assert.NotRegexp(t, protoRelURL, src, "%s: protocol-relative URL", name)
		}
		if strings.HasSuffix(name, ".js") {
			assert.NotRegexp(t, jsImportURL, src, "%s: imports from another site", name)
			assert.NotRegexp(t, jsHandlerSet, src, "%s: handler, style or code built from a string", name)
		}
		if strings.HasSuffix(name, ".css") {
			for _, m := range cssURL.FindAllStringSubmatch(src, -1) {
				assert.False(t, strings.HasPrefix(m[1], "//") || strings.Contains(m[1], "://"), "%s: url(%s) from elsewhere", name, m[1])
			}
		}
		assert.NotRegexp(t, jsURL, src, "%s: javascript: URL", name)
		for _, u := range anyURL.FindAllString(src, -1) {
			assert.True(t, namespaces[u], "%s: URL to another site %s", name, u)
		}
	}
}
