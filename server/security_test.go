package server_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store/storetest"
)

// rawToken signs header.claims with HMAC-SHA256 under key, whatever the
// header says: the shape of an algorithm-confusion attack.
func rawToken(t testing.TB, header, claims map[string]any, key []byte) string {
	t.Helper()
	enc := func(v any) string {
		raw, err := json.Marshal(v)
		require.NoError(t, err)
		return base64.RawURLEncoding.EncodeToString(raw)
	}
	signing := enc(header) + "." + enc(claims)
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(signing))
	return signing + "." + base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// The foundation refuses alg none, HS512, another key and forged roles
// (TestTokensAreCheckedStrictly); these add the confusion cases: a header
// naming another algorithm over a valid HMAC, other spellings of "none",
// a key id, an expired token and a token from the future.
func TestTokenAlgorithmConfusionIsRefused(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	good := e.signup(t, "teacher", uniqueEmail("t"))
	var claims jwt.MapClaims
	_, _, err := jwt.NewParser().ParseUnverified(good, &claims)
	require.NoError(t, err)
	e.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/me", Token: rawToken(t, map[string]any{"alg": "HS256", "typ": "JWT"}, claims, testKey)})

	expired := jwt.MapClaims{}
	for k, v := range claims {
		expired[k] = v
	}
	expired["exp"] = e.clock().Add(-time.Minute).Unix()
	future := jwt.MapClaims{}
	for k, v := range claims {
		future[k] = v
	}
	future["nbf"] = e.clock().Add(time.Hour).Unix()
	for name, tok := range map[string]string{
		"RS256 header over an HMAC": rawToken(t, map[string]any{"alg": "RS256", "typ": "JWT"}, claims, testKey),
		"ES256 header over an HMAC": rawToken(t, map[string]any{"alg": "ES256", "typ": "JWT"}, claims, testKey),
		"NONE in capitals":          rawToken(t, map[string]any{"alg": "NONE"}, claims, testKey),
		"nOnE":                      rawToken(t, map[string]any{"alg": "nOnE"}, claims, testKey),
		"hs256 in lower case":       rawToken(t, map[string]any{"alg": "hs256"}, claims, testKey),
		"no alg":                    rawToken(t, map[string]any{"typ": "JWT"}, claims, testKey),
		"key id pointing elsewhere": rawToken(t, map[string]any{"alg": "HS256", "kid": "../../etc/passwd"}, claims, []byte("another-key-another-key-another-key!")),
		"expired":                   rawToken(t, map[string]any{"alg": "HS256"}, expired, testKey),
		"not valid before an hour":  rawToken(t, map[string]any{"alg": "HS256"}, future, testKey),
		"empty signature":           good[:len(good)-len(good[lastDot(good)+1:])],
		"header and claims swapped": swapParts(good),
	} {
		t.Run(name, func(t *testing.T) {
			e.must(t, http.StatusUnauthorized, req{Method: "GET", Path: "/api/v1/me", Token: tok})
		})
	}
}

func lastDot(s string) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == '.' {
			return i
		}
	}
	return -1
}

func swapParts(tok string) string {
	first := 0
	for first < len(tok) && tok[first] != '.' {
		first++
	}
	second := lastDot(tok)
	return tok[first+1:second] + "." + tok[:first] + tok[second:]
}
