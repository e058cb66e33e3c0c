package main

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSimulatePotionPrintsTheWinRateTable(t *testing.T) {
	var out, errs bytes.Buffer
	err := run(context.Background(), []string{"simulate", "--game", "potion", "--games", "20", "--seed", "3", "--edition", "4", "--level", "violet"},
		func(string) string { return "" }, &out, &errs)
	require.NoError(t, err, errs.String())
	for _, want := range []string{"4-card edition, level violet", "beginner vs strong", "strong vs strong", "vigilance", "missed"} {
		assert.Contains(t, out.String(), want)
	}
}

func TestSimulatePotionRejectsBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"--edition", "5"}, {"--level", "pink"}, {"--games", "0"},
	} {
		var out, errs bytes.Buffer
		err := run(context.Background(), append([]string{"simulate", "--game", "potion"}, args...), func(string) string { return "" }, &out, &errs)
		assert.Error(t, err, "%v", args)
	}
}
