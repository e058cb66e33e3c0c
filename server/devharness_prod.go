//go:build !dev

package server

import "io/fs"

// DevHarness is nil in the production build: the development harness
// (devharness/) is embedded only with `-tags dev` (devharness_dev.go), so
// the binary that schools run neither carries its fixtures nor answers
// under /static/play/dev/.
func DevHarness() fs.FS { return nil }
