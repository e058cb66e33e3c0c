package server_test

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store/storetest"
)

// documented reports whether a route belongs in the OpenAPI document: the
// JSON API and the health checks, not the HTML pages and assets.
func documented(path string) bool {
	return strings.HasPrefix(path, "/api/v1/") || path == "/healthz" || path == "/readyz"
}

var echoParam = regexp.MustCompile(`:([a-z_]+)`)

func TestOpenAPIDocumentMatchesTheRoutes(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	res := e.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/openapi.json"})
	var doc struct {
		OpenAPI string                                `json:"openapi"`
		Paths   map[string]map[string]json.RawMessage `json:"paths"`
	}
	require.NoError(t, json.Unmarshal(res.Raw, &doc))
	assert.Equal(t, "3.1.0", doc.OpenAPI)

	inDoc := map[string]bool{}
	for path, ops := range doc.Paths {
		for method := range ops {
			if method == "parameters" {
				continue
			}
			inDoc[strings.ToUpper(method)+" "+path] = true
		}
	}
	inRoutes := map[string]bool{}
	for _, r := range e.srv.Routes() {
		if !documented(r.Path) {
			continue
		}
		key := r.Method + " " + echoParam.ReplaceAllString(r.Path, "{$1}")
		inRoutes[key] = true
		assert.True(t, inDoc[key], "route %s is not in openapi.json", key)
	}
	for key := range inDoc {
		assert.True(t, inRoutes[key], "openapi.json documents %s, which is not a route", key)
	}
}

func TestOpenAPISecurityMatchesTheRouteRoles(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	var doc struct {
		Paths map[string]map[string]struct {
			Security *[]any `json:"security"`
		} `json:"paths"`
	}
	require.NoError(t, json.Unmarshal(e.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/openapi.json"}).Raw, &doc))
	for _, r := range e.srv.Routes() {
		if !documented(r.Path) {
			continue
		}
		op := doc.Paths[echoParam.ReplaceAllString(r.Path, "{$1}")][strings.ToLower(r.Method)]
		public := op.Security != nil && len(*op.Security) == 0
		assert.Equal(t, r.Public(), public, "%s %s: the document's security says public=%v", r.Method, r.Path, public)
	}
}
