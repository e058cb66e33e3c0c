package main

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMigrateUpThenStatus(t *testing.T) {
	db := filepath.Join(t.TempDir(), "m.db")
	env := envOf(map[string]string{"MULTIPLI_LOG_LEVEL": "warn"})
	var out bytes.Buffer
	require.NoError(t, run(context.Background(), []string{"migrate", "status", "--database-url", db}, env, &out, io.Discard))
	assert.Contains(t, out.String(), "0001 initial schema")
	assert.Contains(t, out.String(), "pending")

	out.Reset()
	require.NoError(t, run(context.Background(), []string{"migrate", "up", "--database-url", db}, env, &out, io.Discard))
	assert.Contains(t, out.String(), "applied 0001 initial schema")

	out.Reset()
	require.NoError(t, run(context.Background(), []string{"migrate", "--database-url", db, "up"}, env, &out, io.Discard))
	assert.Contains(t, out.String(), "up to date")

	out.Reset()
	require.NoError(t, run(context.Background(), []string{"migrate", "status", "--database-url", db}, env, &out, io.Discard))
	assert.NotContains(t, out.String(), "pending")

	assert.Error(t, run(context.Background(), []string{"migrate", "down", "--database-url", db}, env, io.Discard, io.Discard), "forward-only")
}
