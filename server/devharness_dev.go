//go:build dev

package server

import (
	"embed"
	"io/fs"
)

// devHarnessFS is the play UI's development harness, in the dev build only
// (`go run -tags dev ./cmd/multipli serve`): see server/web/static/play/README.md.
//
//go:embed devharness
var devHarnessFS embed.FS

// DevHarness is the embedded development harness, served under
// /static/play/dev/.
func DevHarness() fs.FS {
	sub, err := fs.Sub(devHarnessFS, "devharness")
	if err != nil {
		panic("server: the embedded development harness: " + err.Error())
	}
	return sub
}
