package server

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/server/credential"
	"github.com/multipli/multipli/store"
)

// Cookie names. The session cookie is HttpOnly; the CSRF cookie is readable
// by the page's script, which echoes it in the X-CSRF-Token header.
const (
	sessionCookie = "multipli_session"
	csrfCookie    = "multipli_csrf"
	csrfHeader    = "X-CSRF-Token"
	tokenIssuer   = "multipli"
)

// principal is the signed-in caller.
type principal struct {
	Role      Role
	ID        int64
	JTI       string
	viaCookie bool
}

type principalKey struct{}

// principalKeyName is the echo.Context key of the principal; the typed
// struct above keeps it apart from any other package's keys.
var principalKeyName = fmt.Sprintf("%T", principalKey{})

func principalOf(c echo.Context) (principal, bool) {
	p, ok := c.Get(principalKeyName).(principal)
	return p, ok
}

// me is the principal of a route that requires one; authorize guarantees it.
func me(c echo.Context) principal {
	p, _ := principalOf(c)
	return p
}

type claims struct {
	Role Role `json:"role"`
	jwt.RegisteredClaims
}

// issued is a new login.
type issued struct {
	Token   string
	JTI     string
	Expires time.Time
}

// issueToken records a new login and returns its signed JWT.
func (s *Server) issueToken(c echo.Context, role Role, id int64) (issued, error) {
	now := s.now()
	exp := now.Add(s.cfg.TokenTTL)
	jti := credential.NewToken(18)
	err := s.store.CreateAuthSession(c.Request().Context(), &store.AuthSession{
		JTI: jti, Role: string(role), Subject: id, CreatedAt: now, ExpiresAt: exp,
	})
	if err != nil {
		return issued{}, err
	}
	tok := jwt.NewWithClaims(jwt.SigningMethodHS256, claims{
		Role: role,
		RegisteredClaims: jwt.RegisteredClaims{
			ID:        jti,
			Issuer:    tokenIssuer,
			Subject:   strconv.FormatInt(id, 10),
			IssuedAt:  jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(exp),
		},
	})
	signed, err := tok.SignedString(s.cfg.SecretKey)
	if err != nil {
		return issued{}, fmt.Errorf("server: sign token: %w", err)
	}
	return issued{Token: signed, JTI: jti, Expires: exp}, nil
}

// parseToken checks the signature (HS256 only), the expiry and the issuer,
// then that the login was not revoked.
func (s *Server) parseToken(c echo.Context, raw string) (principal, error) {
	if p, ok := s.tokens.get(raw, s.now()); ok {
		if err := s.liveLogin(c.Request().Context(), p); err != nil {
			return principal{}, err
		}
		return p, nil
	}
	var cl claims
	_, err := jwt.ParseWithClaims(raw, &cl, func(*jwt.Token) (any, error) { return s.cfg.SecretKey, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithExpirationRequired(),
		jwt.WithIssuer(tokenIssuer),
		jwt.WithTimeFunc(s.now),
	)
	if err != nil {
		return principal{}, errUnauthenticated
	}
	id, err := strconv.ParseInt(cl.Subject, 10, 64)
	if err != nil {
		return principal{}, errUnauthenticated
	}
	p := principal{Role: cl.Role, ID: id, JTI: cl.ID}
	if err := s.liveLogin(c.Request().Context(), p); err != nil {
		return principal{}, err
	}
	s.tokens.put(raw, p, cl.ExpiresAt.Time) // WithExpirationRequired: set
	return p, nil
}

// liveLogin checks that a login is still live: not revoked (a logout, a
// secret reset, an erasure), not expired, and the row's role and subject
// are the token's. errUnauthenticated when it is not. The store keeps a
// live login in memory for store.AuthSessionTTL, so this is cheap enough
// for every request and every WebSocket message.
func (s *Server) liveLogin(ctx context.Context, p principal) error {
	sess, err := s.store.AuthSession(ctx, p.JTI)
	if errors.Is(err, store.ErrNotFound) {
		return errUnauthenticated
	}
	if err != nil {
		return err
	}
	if sess.RevokedAt != nil || !s.now().Before(sess.ExpiresAt) || sess.Role != string(p.Role) || sess.Subject != p.ID {
		return errUnauthenticated
	}
	return nil
}

// authorize authenticates the caller (Bearer header, else session cookie)
// and lets the route's roles through. Public routes accept anyone and ignore
// a bad token. Cookie-authenticated requests that change something must
// carry the CSRF header: a cross-site form can send the cookie but cannot
// read the CSRF cookie nor set a header.
func (s *Server) authorize(r Route) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			raw, viaCookie := bearer(c.Request())
			if raw == "" {
				if ck, err := c.Cookie(sessionCookie); err == nil {
					raw, viaCookie = ck.Value, true
				}
			}
			if raw == "" {
				if r.Public() {
					return next(c)
				}
				return s.signInFirst(c, r)
			}
			p, err := s.parseToken(c, raw)
			if err != nil {
				if errors.Is(err, errUnauthenticated) {
					if r.Public() {
						return next(c)
					}
					return s.signInFirst(c, r)
				}
				return err
			}
			p.viaCookie = viaCookie
			c.Set(principalKeyName, p)
			if !r.Public() && !slices.Contains(r.Roles, p.Role) {
				return errForbidden
			}
			if !r.Public() && viaCookie && !safeMethod(c.Request().Method) && !s.validCSRF(c, p) {
				return errCSRF
			}
			return next(c)
		}
	}
}

// signInFirst answers a caller who is not signed in (or whose login has
// expired or was revoked). A page a teacher or parent opens from a bookmark
// or an old tab sends them to the sign-in page, which brings them back to
// it afterwards (next), on the tab of the adults the page is for (a
// teacher must not land on the children's tab); an API call gets the 401
// error (a page when a browser opened it: handleError).
func (s *Server) signInFirst(c echo.Context, r Route) error {
	if !isPage(r) {
		return errUnauthenticated
	}
	return c.Redirect(http.StatusSeeOther, signInURL(signInTab(r.Path), c.Request().URL.RequestURI()))
}

// isPage tells the routes that answer an HTML page from the API and assets.
func isPage(r Route) bool {
	return (r.Method == http.MethodGet || r.Method == http.MethodHead) && !strings.HasPrefix(r.Path, "/api/") && !strings.HasPrefix(r.Path, "/static/")
}

func bearer(r *http.Request) (string, bool) {
	h := r.Header.Get(echo.HeaderAuthorization)
	if v, ok := strings.CutPrefix(h, "Bearer "); ok {
		return strings.TrimSpace(v), false
	}
	return "", false
}

func safeMethod(m string) bool {
	return m == http.MethodGet || m == http.MethodHead || m == http.MethodOptions
}

// csrfToken is bound to the login (an HMAC of its id), so a cookie planted
// by another site cannot pair with the victim's session.
func (s *Server) csrfToken(jti string) string {
	mac := hmac.New(sha256.New, s.cfg.SecretKey)
	mac.Write([]byte("csrf:" + jti))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

func (s *Server) validCSRF(c echo.Context, p principal) bool {
	got := c.Request().Header.Get(csrfHeader)
	return got != "" && hmac.Equal([]byte(got), []byte(s.csrfToken(p.JTI)))
}

// setLoginCookies hands the browser its session and CSRF cookies.
func (s *Server) setLoginCookies(c echo.Context, in issued) {
	c.SetCookie(&http.Cookie{
		Name: sessionCookie, Value: in.Token, Path: "/", Expires: in.Expires,
		HttpOnly: true, Secure: s.cfg.SecureCookies, SameSite: http.SameSiteLaxMode,
	})
	c.SetCookie(&http.Cookie{
		Name: csrfCookie, Value: s.csrfToken(in.JTI), Path: "/", Expires: in.Expires,
		Secure: s.cfg.SecureCookies, SameSite: http.SameSiteLaxMode,
	})
}

func (s *Server) clearLoginCookies(c echo.Context) {
	for _, name := range []string{sessionCookie, csrfCookie} {
		c.SetCookie(&http.Cookie{
			Name: name, Value: "", Path: "/", MaxAge: -1,
			HttpOnly: name == sessionCookie, Secure: s.cfg.SecureCookies, SameSite: http.SameSiteLaxMode,
		})
	}
}
