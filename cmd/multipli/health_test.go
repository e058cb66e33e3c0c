package main

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestHealthReportsReadiness(t *testing.T) {
	ready := true
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !ready {
			w.WriteHeader(http.StatusServiceUnavailable)
		}
	}))
	defer srv.Close()
	var out bytes.Buffer
	require.NoError(t, run(context.Background(), []string{"health", "--url", srv.URL}, func(string) string { return "" }, &out, &out))
	assert.Contains(t, out.String(), "ready")
	ready = false
	assert.Error(t, run(context.Background(), []string{"health", "--url", srv.URL}, func(string) string { return "" }, &out, &out))
}
