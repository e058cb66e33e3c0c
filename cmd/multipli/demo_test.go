package main

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDemoPrintsTheSameLoginsTwice(t *testing.T) {
	dir := t.TempDir()
	env := envOf(map[string]string{"MULTIPLI_DATA_DIR": dir, "MULTIPLI_LOG_LEVEL": "warn"})
	var first, second bytes.Buffer
	require.NoError(t, run(context.Background(), []string{"demo"}, env, &first, io.Discard))
	require.NoError(t, run(context.Background(), []string{"demo"}, env, &second, io.Discard))
	assert.Equal(t, first.String(), second.String(), "loading twice changes nothing")
	out := first.String()
	for _, s := range []string{"demo.teacher@multipli.test", "demo.parent@multipli.test", "TIGRE7", "PANDA4"} {
		assert.Contains(t, out, s)
	}
	assert.GreaterOrEqual(t, strings.Count(out, "·"), 30, "about 50 students are listed")
	assert.NotContains(t, out, "reset needed")
}
