package server_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/server"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

func TestTokenExpires(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, func(c *server.Config) { c.TokenTTL = time.Hour })
		tok := e.signup(t, "teacher", "t@school.test")
		e.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/me", Token: tok})
		e.advance(61 * time.Minute)
		res := e.must(t, http.StatusUnauthorized, req{Method: "GET", Path: "/api/v1/me", Token: tok})
		assert.Equal(t, "unauthenticated", res.errCode())
	})
}

func TestLogoutRevokesTheToken(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		tok := e.signup(t, "teacher", "t@school.test")
		other := e.must(t, http.StatusOK, req{Method: "POST", Path: "/api/v1/auth/teacher", Body: map[string]string{"email": "t@school.test", "password": "correct horse battery"}}).JSON["token"].(string)
		e.must(t, http.StatusNoContent, req{Method: "POST", Path: "/api/v1/auth/logout", Token: tok})
		e.must(t, http.StatusUnauthorized, req{Method: "GET", Path: "/api/v1/me", Token: tok})
		e.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/me", Token: other})
	})
}

func TestTokensAreCheckedStrictly(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	good := e.signup(t, "teacher", "t@school.test")
	claims := jwt.MapClaims{"role": "teacher", "sub": "1", "iss": "multipli", "exp": e.clock().Add(time.Hour).Unix()}
	var parsed jwt.MapClaims
	_, _, err := jwt.NewParser().ParseUnverified(good, &parsed)
	require.NoError(t, err)
	claims["jti"] = parsed["jti"]

	none, err := jwt.NewWithClaims(jwt.SigningMethodNone, claims).SignedString(jwt.UnsafeAllowNoneSignatureType)
	require.NoError(t, err)
	hs512, err := jwt.NewWithClaims(jwt.SigningMethodHS512, claims).SignedString(testKey)
	require.NoError(t, err)
	otherKey, err := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString([]byte("another-key-another-key-another-key!"))
	require.NoError(t, err)
	asStudent := jwt.MapClaims{}
	for k, v := range claims {
		asStudent[k] = v
	}
	asStudent["role"] = "student"
	forgedRole, err := jwt.NewWithClaims(jwt.SigningMethodHS256, asStudent).SignedString(testKey)
	require.NoError(t, err)
	noExp := jwt.MapClaims{"role": "teacher", "sub": "1", "iss": "multipli", "jti": parsed["jti"]}
	unbounded, err := jwt.NewWithClaims(jwt.SigningMethodHS256, noExp).SignedString(testKey)
	require.NoError(t, err)

	for name, tok := range map[string]string{
		"alg none": none, "HS512": hs512, "another key": otherKey, "role not the session's": forgedRole,
		"no expiry": unbounded, "garbage": "abc.def.ghi", "tampered": good[:len(good)-2] + "xx",
	} {
		t.Run(name, func(t *testing.T) {
			e.must(t, http.StatusUnauthorized, req{Method: "GET", Path: "/api/v1/me", Token: tok})
		})
	}
}

func cookiesOf(res response) []*http.Cookie {
	return (&http.Response{Header: res.Header}).Cookies()
}

func TestCookieLoginNeedsTheCSRFHeaderToChangeThings(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, func(c *server.Config) { c.SecureCookies = true })
		e.must(t, http.StatusAccepted, req{Method: "POST", Path: "/api/v1/teachers", Body: map[string]string{"email": "t@school.test", "password": "correct horse battery", "name": "T"}})
		login := e.must(t, http.StatusOK, req{Method: "POST", Path: "/api/v1/auth/teacher", Body: map[string]string{"email": "t@school.test", "password": "correct horse battery"}})
		jar := cookiesOf(login)
		require.Len(t, jar, 3)
		var csrf string
		for _, c := range jar {
			assert.True(t, c.Secure, "%s is Secure behind TLS", c.Name)
			assert.Equal(t, http.SameSiteLaxMode, c.SameSite)
			if c.Name == "multipli_session" || c.Name == "multipli_device" {
				assert.True(t, c.HttpOnly)
			} else {
				assert.False(t, c.HttpOnly, "the page's script reads the CSRF cookie")
				csrf = c.Value
			}
		}
		assert.Equal(t, "max-age=31536000", login.Header.Get("Strict-Transport-Security"))
		assert.Equal(t, csrf, login.JSON["csrf_token"])

		e.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/me", Cookies: jar})
		refused := e.must(t, http.StatusForbidden, req{Method: "POST", Path: "/api/v1/classes", Cookies: jar, Body: map[string]string{"name": "CE2"}})
		assert.Equal(t, "csrf", refused.errCode())
		e.must(t, http.StatusForbidden, req{Method: "POST", Path: "/api/v1/classes", Cookies: jar, Body: map[string]string{"name": "CE2"}, Header: map[string]string{"X-CSRF-Token": strings.Repeat("A", len(csrf))}})
		e.must(t, http.StatusCreated, req{Method: "POST", Path: "/api/v1/classes", Cookies: jar, Body: map[string]string{"name": "CE2"}, Header: map[string]string{"X-CSRF-Token": csrf}})

		out := e.must(t, http.StatusNoContent, req{Method: "POST", Path: "/api/v1/auth/logout", Cookies: jar, Header: map[string]string{"X-CSRF-Token": csrf}})
		for _, c := range cookiesOf(out) {
			assert.Negative(t, c.MaxAge, "%s is cleared", c.Name)
		}
		e.must(t, http.StatusUnauthorized, req{Method: "GET", Path: "/api/v1/me", Cookies: jar})
	})
}

func TestSecurityHeaders(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	for _, path := range []string{"/", "/api/v1/me", "/static/login.js"} {
		res := e.do(t, req{Method: "GET", Path: path})
		csp := res.Header.Get("Content-Security-Policy")
		assert.Contains(t, csp, "script-src 'self'", path)
		assert.NotContains(t, csp, "unsafe-inline", path)
		assert.Contains(t, csp, "frame-ancestors 'none'", path)
		assert.Equal(t, "nosniff", res.Header.Get("X-Content-Type-Options"), path)
		assert.Equal(t, "DENY", res.Header.Get("X-Frame-Options"), path)
		assert.Empty(t, res.Header.Get("Strict-Transport-Security"), "no HSTS over plain HTTP")
		assert.NotEmpty(t, res.Header.Get("X-Request-Id"))
	}
}

// A teacher opens a bookmarked dashboard the next day: their login has
// expired, so the page sends them to the sign-in page, which brings them
// back to it (login.js, afterSignIn). The API keeps answering 401 JSON.
func TestAPageOpenedAfterTheLoginEndedSendsToSignInAndBack(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, func(c *server.Config) { c.TokenTTL = time.Hour })
		s := e.newSchool(t)
		page := fmt.Sprintf("/dashboard/classes/%d/heatmap?lang=fr", s.classID)
		e.must(t, http.StatusOK, req{Method: "GET", Path: page, Token: s.teacher})
		res := e.must(t, http.StatusForbidden, req{Method: "GET", Path: page, Token: s.student})
		assert.Equal(t, "forbidden", res.errCode(), "a signed-in child is refused, not sent to sign in")

		e.advance(61 * time.Minute)
		for _, r := range []req{{Method: "GET", Path: page, Token: s.teacher}, {Method: "GET", Path: page}} {
			res := e.must(t, http.StatusSeeOther, r)
			assert.Equal(t, "/?next="+url.QueryEscape(page)+"&tab=teacher", res.Header.Get("Location"), "the teacher's tab, not the children's")
		}
		res = e.must(t, http.StatusUnauthorized, req{Method: "GET", Path: fmt.Sprintf("/api/v1/classes/%d", s.classID), Token: s.teacher})
		assert.Equal(t, "unauthenticated", res.errCode())
	})
}
