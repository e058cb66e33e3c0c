package main

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runTool runs the binary's run with args and returns what it printed.
func runTool(t testing.TB, args ...string) (string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := run(context.Background(), args, func(string) string { return "" }, &out, &errOut)
	return out.String() + errOut.String(), err
}

func TestToolsPrintTheirReports(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"cube solve draws the layout and lists solutions", []string{"cube", "solve", "--seed", "3", "--code", "17"},
			[]string{"series 1", "code 17:", "solutions", "×"}},
		{"simulate cats prints the level table", []string{"simulate", "--game", "cats", "--games", "4"},
			[]string{"beginner vs solid", "solid vs solid"}},
		{"simulate cube prints win rates", []string{"simulate", "--game", "cube", "--rules", "4", "--games", "2"},
			[]string{"cube"}},
		{"simulate magicoa prints positions and levels", []string{"simulate", "--game", "magicoa", "--games", "10"},
			[]string{"position 1", "Head to head"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := runTool(t, tt.args...)
			require.NoError(t, err, out)
			for _, w := range tt.want {
				assert.Contains(t, out, w)
			}
		})
	}
}

func TestToolsRefuseBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"simulate", "--game", "chess"},
		{"simulate"},
		{"cube", "solve", "--set", "9", "--code", "3"},
		{"simulate", "--game", "magicoa", "--players", "9", "--games", "1"},
		{"nonsense"},
	} {
		_, err := runTool(t, args...)
		assert.Error(t, err, "%v", args)
	}
}
