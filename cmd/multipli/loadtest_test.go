package main

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLoadtestTalksToLoopbackAddressesOnly(t *testing.T) {
	ctx := context.Background()
	for _, ok := range []string{"http://127.0.0.1:8080", "http://[::1]:8080/", "http://localhost:8080", "https://127.0.0.2"} {
		assert.NoError(t, loopbackOnly(ctx, ok), ok)
	}
	for _, refused := range []string{"http://10.0.0.1:8080", "http://192.168.1.2", "http://[2001:db8::1]", "http://0.0.0.0:8080",
		"ftp://127.0.0.1", "127.0.0.1:8080", "http://multipli.invalid"} {
		assert.Error(t, loopbackOnly(ctx, refused), refused)
	}
	var out bytes.Buffer
	err := run(ctx, []string{"loadtest", "--target", "http://10.1.2.3:8080"}, func(string) string { return "" }, &out, &out)
	assert.ErrorContains(t, err, "not a loopback address")
}

func TestLoadtestIsBounded(t *testing.T) {
	var out bytes.Buffer
	for _, args := range [][]string{{"--requests", "0"}, {"--requests", "20000000"}, {"--duration", "2h"}, {"--clients", "0"}, {"--batch", "101"}, {"--rate", "-1"}} {
		assert.Error(t, run(context.Background(), append([]string{"loadtest"}, args...), func(string) string { return "" }, &out, &out), "%v", args)
	}
}

func TestLoadtestBatchesAnswerTheQuestionsAsked(t *testing.T) {
	var body struct {
		Attempts []map[string]any `json:"attempts"`
	}
	qs := []question{{Seq: 40, A: 7, B: 8}, {Seq: 41, A: 3, B: 12}, {Seq: 42, A: 9, B: 2}}
	require.NoError(t, json.Unmarshal(appendAnswers(nil, qs), &body))
	require.Len(t, body.Attempts, 3)
	for i, a := range body.Attempts {
		assert.EqualValues(t, qs[i].Seq, a["seq"])
		assert.EqualValues(t, qs[i].A, a["a"])
		assert.EqualValues(t, qs[i].B, a["b"])
		assert.Equal(t, "answer", a["kind"])
	}
}

// The load tool answers the questions the server asks: in process (no
// floor on how fast), and against a running server, whose floor it waits
// for. No request fails either way.
func TestLoadtestAnswersTheServersQuestionsWithoutFailures(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the load tool")
	}
	ctx := context.Background()
	var out bytes.Buffer
	require.NoError(t, run(ctx, []string{"loadtest", "--clients", "4", "--batch", "5", "--requests", "40", "--duration", "20s",
		"--phases", "store,http,http-max", "--rate", "400"}, func(string) string { return "" }, &out, &out), "%s", &out)
	assertNoFailures(t, out.String(), 3)

	bin := buildBinary(t, t.TempDir())
	dir := t.TempDir()
	_, base := startServeProcess(t, bin, filepath.Join(dir, "multipli.db"), dir)
	out.Reset()
	require.NoError(t, run(ctx, []string{"loadtest", "--target", base, "--clients", "4", "--batch", "2", "--requests", "12", "--duration", "20s",
		"--phases", "http-max"}, func(string) string { return "" }, &out, &out), "%s", &out)
	assertNoFailures(t, out.String(), 1)
}

// assertNoFailures reads the report's phases: each sent requests, none failed.
func assertNoFailures(t *testing.T, report string, phases int) {
	t.Helper()
	seen := 0
	for _, line := range strings.Split(report, "\n") {
		f := strings.Fields(line)
		if len(f) < 8 || !strings.Contains(line, "  ") || f[len(f)-1] == "failed" {
			continue
		}
		if _, err := strconv.Atoi(f[len(f)-1]); err != nil || !(strings.HasPrefix(line, "store") || strings.HasPrefix(line, "platform")) {
			continue
		}
		seen++
		assert.Equal(t, "0", f[len(f)-1], "no failure: %s\n%s", line, report)
		assert.NotEqual(t, "0", f[len(f)-7], "requests were sent: %s", line)
	}
	assert.Equal(t, phases, seen, "%s", report)
}
