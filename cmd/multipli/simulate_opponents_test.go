package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSimulateOpponentsPrintsTablesWritesGoAndChecks(t *testing.T) {
	file := filepath.Join(t.TempDir(), "tables.go")
	var out, errs bytes.Buffer
	err := run(context.Background(), []string{"simulate", "opponents", "--game", "potion", "--games", "4", "--check-games", "4", "--write", file},
		func(string) string { return "" }, &out, &errs)
	require.NoError(t, err, errs.String())
	for _, want := range []string{"potion: games won by the student", "beginner, miss 0.9", "k = 0.97", "check: opponents tuned for a 65 % win share"} {
		assert.Contains(t, out.String(), want)
	}
	src, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Contains(t, string(src), "package pedagogy")
	assert.Contains(t, string(src), "games.Potion: {")
}

func TestSimulateOpponentsRejectsAnUnknownGame(t *testing.T) {
	var out, errs bytes.Buffer
	err := run(context.Background(), []string{"simulate", "opponents", "--game", "chess"}, func(string) string { return "" }, &out, &errs)
	assert.Error(t, err)
}
