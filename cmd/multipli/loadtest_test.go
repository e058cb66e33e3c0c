package main

import (
	"bytes"
	"context"
	"encoding/json"
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

func TestLoadtestBatchesAreValidAnswers(t *testing.T) {
	var body struct {
		Attempts []map[string]any `json:"attempts"`
	}
	require.NoError(t, json.Unmarshal(appendBatch(nil, 40, 3), &body))
	require.Len(t, body.Attempts, 3)
	assert.Equal(t, 40.0, body.Attempts[0]["seq"])
	for _, a := range body.Attempts {
		f, g := a["a"].(float64), a["b"].(float64)
		assert.True(t, f >= 1 && f <= 12 && g >= 1 && g <= 12, "%v", a)
		assert.Equal(t, "answer", a["kind"])
	}
}
