package server_test

import (
	"context"
	"encoding/json"
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// The bad-input sweep: every route that takes a JSON body, found
// from the route table and the OpenAPI document, receives wrong types,
// missing and extra fields, a body over 1 MiB, deep nesting, huge numbers,
// long and non-Latin strings, and SQL and HTML metacharacters. Each answer
// is a 4xx JSON error that wrote nothing — except metacharacters in free
// text, which are legitimate names ("D'Artagnan") and may be stored, but
// never reflected unescaped.

type schema struct {
	Type       any               `json:"type"`
	Properties map[string]schema `json:"properties"`
	Required   []string          `json:"required"`
	Ref        string            `json:"$ref"`
}

// bodySchemas maps "METHOD /echo/path" to the JSON body schema of the route.
func bodySchemas(t *testing.T, e *env) map[string]schema {
	t.Helper()
	var doc struct {
		Paths map[string]map[string]struct {
			RequestBody struct {
				Content map[string]struct {
					Schema schema `json:"schema"`
				} `json:"content"`
			} `json:"requestBody"`
		} `json:"paths"`
	}
	require.NoError(t, json.Unmarshal(e.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/openapi.json"}).Raw, &doc))
	out := map[string]schema{}
	for _, r := range e.srv.Routes() {
		op, ok := doc.Paths[echoParam.ReplaceAllString(r.Path, "{$1}")][strings.ToLower(r.Method)]
		if !ok {
			continue
		}
		if c, ok := op.RequestBody.Content["application/json"]; ok {
			out[r.Method+" "+r.Path] = c.Schema
		}
	}
	return out
}

// owner is the first caller the matrix lets through.
func owner(x expect) string {
	for _, c := range []string{"teacher", "parent", "student", "otherTeacher", "anonymous"} {
		if x[c] < 300 {
			return c
		}
	}
	return ""
}

// wrongType is a value of another JSON type than the schema's.
func wrongType(p schema) any {
	switch p.Type {
	case "string", nil:
		return 12345
	case "array":
		return map[string]any{"x": 1}
	case "object":
		return []any{1}
	}
	return "not a number"
}

const metachars = `Robert'); DROP TABLE students;-- "<script>alert(1)</script>" & %00 \ 🙂`

func TestEveryJSONEndpointRefusesBadInputAndWritesNothing(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	schemas := bodySchemas(t, newEnv(t, st))
	require.NotEmpty(t, schemas)
	for _, key := range slices.Sorted(maps.Keys(schemas)) {
		sc := schemas[key]
		entry, ok := matrix[key]
		require.True(t, ok, "%s is in the matrix", key)
		require.NotNil(t, entry.body, "%s has a body in the matrix", key)
		method, _, _ := strings.Cut(key, " ")
		t.Run(key, func(t *testing.T) {
			e := newEnv(t, st)
			s := e.newSchool(t)
			caller := owner(entry.expect)
			raw, err := json.Marshal(entry.body(t, e, s, caller))
			require.NoError(t, err)
			var base map[string]any
			require.NoError(t, json.Unmarshal(raw, &base))
			send := func(body any) response {
				return e.do(t, req{Method: method, Path: entry.path(s), Token: s.token(caller), Body: body})
			}
			with := func(field string, v any) map[string]any {
				b := maps.Clone(base)
				b[field] = v
				return b
			}
			cases := map[string]any{
				"extra field":  with("zz_extra", 1),
				"an array":     `[]`,
				"a string":     `"x"`,
				"a number":     `12`,
				"over 1 MiB":   `{"x":"` + strings.Repeat("a", 1<<20+10) + `"}`,
				"deep nesting": `{"x":` + strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000) + `}`,
			}
			for field, p := range sc.Properties {
				cases["wrong type of "+field] = with(field, wrongType(p))
				cases["huge number in "+field] = strings.Replace(string(mustJSON(t, with(field, 0))), `"`+field+`":0`, `"`+field+`":1e400`, 1)
				cases["deep nesting in "+field] = strings.Replace(string(mustJSON(t, with(field, 0))), `"`+field+`":0`, `"`+field+`":`+strings.Repeat("[", 10_000)+strings.Repeat("]", 10_000), 1)
				if p.Type == "string" {
					cases["long non-Latin "+field] = with(field, strings.Repeat("漢字é🙂", 3000))
				}
			}
			for _, field := range sc.Required {
				b := maps.Clone(base)
				delete(b, field)
				cases["missing "+field] = b
			}
			before := counts(t, st, key)
			for name, body := range cases {
				res := send(body)
				assert.True(t, res.Status >= 400 && res.Status < 500, "%s: %s", name, res)
				assert.NotEmpty(t, res.errCode(), "%s: a JSON error", name)
				assert.Equal(t, before, counts(t, st, key), "%s wrote something", name)
			}
			for field, p := range sc.Properties {
				if p.Type != "string" {
					continue
				}
				res := send(with(field, metachars))
				assert.Less(t, res.Status, 500, "metacharacters in %s: %s", field, res)
				assert.NotContains(t, string(res.Raw), "<script>", "metacharacters in %s are reflected unescaped", field)
				if res.Status >= 400 {
					assert.Equal(t, before, counts(t, st, key), "metacharacters in %s: refused but written", field)
				}
				before = counts(t, st, key)
			}
			_, err = st.RowCounts(context.Background())
			require.NoError(t, err, "every table is still there")
		})
	}
}

func mustJSON(t testing.TB, v any) []byte {
	t.Helper()
	raw, err := json.Marshal(v)
	require.NoError(t, err)
	return raw
}

// counts is every table's row count; a refused login may count a failure
// (that is the throttle's job), so login_failures is left out for logins.
func counts(t testing.TB, st *store.Store, key string) map[string]int64 {
	t.Helper()
	c, err := st.RowCounts(context.Background())
	require.NoError(t, err)
	if strings.Contains(key, "/auth/") || strings.Contains(key, "parent-links") {
		delete(c, "login_failures")
	}
	return c
}
