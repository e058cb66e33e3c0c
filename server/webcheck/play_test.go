// Package webcheck holds tests of the embedded web assets: that the play
// modules still read what the game engines write (views_test), that every
// text exists in French and English, that the colours meet WCAG AA, that
// motion can be turned off, that nothing inline or foreign is loaded, and
// that interactive SVG goes through the one accessible helper. It has no
// code of its own: everything is in _test.go files, so nothing here is
// built into the server.
package webcheck

import (
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// update rewrites the dev harness fixtures from real engine views:
// go test ./server/webcheck -run TestFixtures -update
var update = flag.Bool("update", false, "rewrite server/devharness/fixtures from real engine views")

// playDir is the play UI folder, relative to this package.
// webDir is the embedded web folder the checks read.
const webDir = "../web"

const (
	staticDir = "../web/static"
	playDir   = staticDir + "/play"
)

// libDir is the front-end library every page and game imports.
const libDir = "../web/static/lib"

// readPlay reads one file of the play UI.
func readPlay(tb testing.TB, name string) string {
	tb.Helper()
	b, err := os.ReadFile(filepath.Join(playDir, name))
	require.NoError(tb, err)
	return string(b)
}

// devDir is the play UI's development harness: served only by the dev
// build, but it runs the real modules and the CSP checks read it too.
const devDir = "../devharness"

// webFiles lists the files under server/web and server/devharness with one
// of the extensions, relative to server/, sorted; this package's own files
// are left out.
func webFiles(tb testing.TB, exts ...string) []string {
	tb.Helper()
	var out []string
	for _, root := range []string{webDir, devDir} {
		err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if d.Name() == "webcheck" {
					return filepath.SkipDir
				}
				return nil
			}
			for _, e := range exts {
				if strings.HasSuffix(p, e) {
					rel, _ := filepath.Rel("..", p)
					out = append(out, filepath.ToSlash(rel))
				}
			}
			return nil
		})
		require.NoError(tb, err)
	}
	sort.Strings(out)
	return out
}
