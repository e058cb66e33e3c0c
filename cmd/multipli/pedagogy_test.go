package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The eval command reads the attempts file it documents (with an empty
// response_ms allowed) and reports every predictor.
func TestPedagogyEvalReadsAttemptsFile(t *testing.T) {
	var b strings.Builder
	b.WriteString("student,a,b,correct,response_ms,order\n")
	for s := range 6 {
		for i := range 40 {
			a, c := 2+i%8, 3+(i*5)%7
			right := (i+s)%3 != 0
			ms := ""
			if i%2 == 0 {
				ms = fmt.Sprint(1200 + 100*i)
			}
			fmt.Fprintf(&b, "s%d,%d,%d,%t,%s,%d\n", s, a, c, right, ms, i)
		}
	}
	path := filepath.Join(t.TempDir(), "attempts.csv")
	require.NoError(t, os.WriteFile(path, []byte(strings.ReplaceAll(b.String(), "true", "1")), 0o600))

	out, err := runTool(t, "pedagogy", "eval", "--attempts", path, "--json")
	require.NoError(t, err, out)
	var report map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &report), out)
	assert.NotEmpty(t, report)
	text, err := runTool(t, "pedagogy", "eval", "--attempts", path)
	require.NoError(t, err, text)
	for _, w := range []string{"AUC", "global", "fact", "student"} {
		assert.Contains(t, strings.ToLower(text), strings.ToLower(w))
	}
}

// With --split students the command tunes on one half of the students and
// prints every figure with its interval, and the model's differences.
func TestPedagogyEvalSplitByStudents(t *testing.T) {
	var b strings.Builder
	b.WriteString("student,a,b,correct,response_ms,order\n")
	for s := range 20 {
		for i := range 30 {
			a, c := 2+i%8, 1+(i*3+s)%10
			fmt.Fprintf(&b, "s%02d,%d,%d,%d,,%d\n", s, a, c, map[bool]int{true: 1}[(i*7+s)%4 != 0], i)
		}
	}
	path := filepath.Join(t.TempDir(), "attempts.csv")
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o600))
	out, err := runTool(t, "pedagogy", "eval", "--attempts", path, "--split", "students", "--seed", "2", "--bootstrap", "50")
	require.NoError(t, err, out)
	for _, w := range []string{"tuned on 10 students", "reported on 10 students", "plain Elo", "PFA",
		"calibration error", "recalibration slope", "model − plain Elo"} {
		assert.Contains(t, out, w)
	}
	_, err = runTool(t, "pedagogy", "eval", "--attempts", path, "--split", "rows")
	assert.Error(t, err)
}

func TestPedagogyEvalRefusesAMissingFile(t *testing.T) {
	_, err := runTool(t, "pedagogy", "eval", "--attempts", filepath.Join(t.TempDir(), "none.csv"))
	assert.Error(t, err)
}

func TestSimulatePedagogyPrintsEveryPolicy(t *testing.T) {
	out, err := runTool(t, "simulate", "pedagogy", "--learners", "2", "--seeds", "1-2", "--budget", "150", "--variants", "today,spacing")
	require.NoError(t, err, out)
	for _, w := range []string{"adaptive, ladder", "adaptive, tables 2–9 assigned", "Leitner", "XtraMath-like",
		"Math Garden-like", "fixed tables 2–9", "tables in order", "oracle", "today", "spacing effect", "demoted after a promotion"} {
		assert.Contains(t, out, w)
	}
	assert.NotContains(t, out, "wrong answers teach", "only the variants asked for")
	_, err = runTool(t, "simulate", "pedagogy", "--variants", "sometimes")
	assert.Error(t, err)
	_, err = runTool(t, "simulate", "pedagogy", "--seeds", "5-1")
	assert.Error(t, err)
}
