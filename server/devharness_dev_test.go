//go:build dev

package server

import (
	"io/fs"
	"testing"

	"github.com/stretchr/testify/require"
)

// The dev build embeds the harness: its pages and fixtures.
func TestTheDevBuildEmbedsTheHarness(t *testing.T) {
	dev := DevHarness()
	require.NotNil(t, dev)
	for _, p := range []string{"index.html", "game.html", "harness.js", "fixtures/cats.json"} {
		_, err := fs.Stat(dev, p)
		require.NoError(t, err, p)
	}
}
