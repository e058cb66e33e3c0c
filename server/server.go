// Package server is the platform's HTTP side: Echo routes, authentication,
// authorization, the JSON API under /api/v1, and the embedded web pages.
// Echo does not leave this package.
package server

import (
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/play"
	"github.com/multipli/multipli/server/credential"
	"github.com/multipli/multipli/store"
)

// Config is what the server needs from the command line.
type Config struct {
	// SecretKey signs login tokens and seals login-card secrets (≥ 32 bytes).
	SecretKey []byte
	// TokenTTL is how long a login lasts (default 12 hours).
	TokenTTL time.Duration
	// SecureCookies marks cookies Secure and sends HSTS: set it when the
	// server is reached over HTTPS (directly or behind a TLS proxy).
	SecureCookies bool
	// TrustProxy takes the client address from X-Forwarded-For, for login
	// throttling behind a reverse proxy. Leave it off otherwise: the header
	// is then a client's free choice.
	TrustProxy bool
	// BcryptCost hashes adults' passwords (0: bcrypt's default, 10);
	// children's secrets use at most childSecretCost.
	BcryptCost int
	// Throttle is the login policy's numbers (throttle.go); zero fields
	// take the defaults.
	Throttle Throttle
	// IngestLimit limits practice answers per student; zero fields take
	// the defaults.
	IngestLimit IngestLimit
	// Now is the clock (nil: time.Now), replaced in tests.
	Now func() time.Time
	// PlaySeed deals the games (nil: random), fixed in tests.
	PlaySeed func() uint64
	// ReadTimeout bounds how long a client may take to send a whole
	// request, headers and body (0: defaultReadTimeout). See HTTPServer.
	ReadTimeout time.Duration
	// MinAnswer is the shortest time a practice answer may take (0: 300
	// ms, play.DefaultMinAnswer; negative: no bound — load tests only, a
	// client may then answer faster than any child).
	MinAnswer time.Duration
	// DevHarness is the play UI's development harness (fixtures and pages
	// that run the real game modules on a fake transport), served under
	// /static/play/dev/ when not nil. nil takes DevHarness(): the embedded
	// copy in a `-tags dev` build, nothing in the production build.
	DevHarness fs.FS
	// Mail sends the parents' weekly e-mail (weekly_mail.go); nothing is
	// sent while its SMTPURL is empty.
	Mail MailConfig
	// PublicURL is the site's address as children and parents reach it
	// (serve --base-url), printed on the login cards and the parents'
	// letters. Empty: the address the teacher's browser asked for, which
	// behind a proxy that forwards any Host header is a caller's choice.
	PublicURL string
}

// defaultReadTimeout lets the largest body arrive over a slow school
// Wi-Fi (the rate it needs is in the README) while a client trickling a
// byte at a time holds a connection and a goroutine for seconds, not for
// ever.
const defaultReadTimeout = 10 * time.Second

// Server serves the platform over HTTP.
type Server struct {
	cfg     Config
	store   *store.Store
	logger  *slog.Logger
	sealer  *credential.Sealer
	echo    *echo.Echo
	web     *webAssets
	play    *play.Service
	ingest  *limiter
	sockets *sockets
	// tokens are the login tokens already checked (token_cache.go).
	tokens tokenCache
	// checks counts the secrets checked at login (throttle.go).
	checks atomic.Int64
}

// New builds the server and its routes. It panics only on a programming
// error (a route table or an embedded page that does not parse), so that such
// a mistake fails the start and every test, not a request.
func New(cfg Config, st *store.Store, logger *slog.Logger) *Server {
	if len(cfg.SecretKey) < 32 {
		panic("server: SecretKey must be at least 32 bytes")
	}
	if cfg.TokenTTL == 0 {
		cfg.TokenTTL = 12 * time.Hour
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	cfg.Throttle = cfg.Throttle.withDefaults()
	if cfg.IngestLimit.Rate == 0 {
		cfg.IngestLimit.Rate = defaultIngestLimit.Rate
	}
	if cfg.IngestLimit.Burst == 0 {
		cfg.IngestLimit.Burst = defaultIngestLimit.Burst
	}
	if cfg.ReadTimeout == 0 {
		cfg.ReadTimeout = defaultReadTimeout
	}
	if cfg.DevHarness == nil {
		cfg.DevHarness = DevHarness()
	}
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	sealer, err := credential.NewSealer(cfg.SecretKey)
	if err != nil {
		panic(err)
	}
	s := &Server{cfg: cfg, store: st, logger: logger, sealer: sealer, web: mustLoadWeb(cfg.DevHarness)}
	s.play = play.New(st, play.Options{Now: cfg.Now, Seed: cfg.PlaySeed, Logger: logger, MinAnswer: cfg.MinAnswer})
	s.ingest = newLimiter(cfg.IngestLimit, cfg.Now)
	s.sockets = newSockets()
	st.OnLoginsRevoked(s.sockets.revoked)
	s.echo = s.newEcho()
	return s
}

// Handler is the server's HTTP handler.
func (s *Server) Handler() http.Handler { return s.echo }

// HTTPServer is the net/http server that serves Handler. A request must
// arrive whole — its headers and its body — within Config.ReadTimeout
// (ReadTimeout, and ReadHeaderTimeout for the headers alone): a client
// trickling a body a byte at a time is cut there, its handler's read fails
// and it answers 408 (errBodyTimeout). The deadline does not reach the
// handler's own work: net/http lifts it once the body has been read to
// its end (or at once when there is none), so a slow export or a login's
// bcrypt is never cut by it (TestASlowHandlerIsNotCutByTheReadTimeout).
// No WriteTimeout: exports stream and game sockets live for a whole game.
func (s *Server) HTTPServer() *http.Server {
	return &http.Server{
		Handler:           s.echo,
		ReadHeaderTimeout: s.cfg.ReadTimeout,
		ReadTimeout:       s.cfg.ReadTimeout,
		IdleTimeout:       2 * time.Minute,
	}
}

// Sealer seals and opens login-card secrets with the server key (the demo
// loader uses it).
func (s *Server) Sealer() *credential.Sealer { return s.sealer }

func (s *Server) now() time.Time { return s.cfg.Now().UTC() }

// maxBody is the largest request body accepted: 1 MiB.
const maxBody = 1 << 20

// bodyLimit refuses bodies over maxBody: at once when Content-Length says
// so, else when reading passes the limit (the JSON decoder then fails with
// errTooLarge before anything is written).
func bodyLimit(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		if req.ContentLength > maxBody {
			return errTooLarge
		}
		req.Body = http.MaxBytesReader(c.Response(), req.Body, maxBody)
		return next(c)
	}
}

// requestID names each request in the logs and in the X-Request-Id answer
// header, so a user's report can be matched with the server's log line.
func requestID(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		c.Response().Header().Set(echo.HeaderXRequestID, credential.NewToken(9))
		return next(c)
	}
}

func (s *Server) newEcho() *echo.Echo {
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.HTTPErrorHandler = s.handleError
	if s.cfg.TrustProxy {
		e.IPExtractor = echo.ExtractIPFromXFFHeader()
	} else {
		e.IPExtractor = echo.ExtractIPDirect()
	}
	e.Use(requestID, s.accessLog, s.recoverPanic, s.securityHeaders, bodyLimit, refuseNUL)
	seen := map[string]bool{}
	for _, r := range s.routes() {
		key := r.Method + " " + r.Path
		if seen[key] {
			panic(fmt.Sprintf("server: route %s declared twice", key))
		}
		seen[key] = true
		e.Add(r.Method, r.Path, r.handler, s.authorize(r))
		if r.Method == http.MethodGet {
			// HEAD is GET without the body (net/http drops it), with the
			// same roles: a link checker or a proxy's probe gets the
			// status a browser would.
			head := r
			head.Method = http.MethodHead
			e.Add(http.MethodHead, r.Path, r.handler, s.authorize(head))
		}
	}
	return e
}

// recoverPanic turns a handler's panic into a 500, logged with its request.
func (s *Server) recoverPanic(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) (err error) {
		defer func() {
			if r := recover(); r != nil {
				if e, ok := r.(error); ok && errors.Is(e, http.ErrAbortHandler) {
					panic(r)
				}
				err = fmt.Errorf("server: panic: %v", r)
			}
		}()
		return next(c)
	}
}

// securityHeaders are sent on every answer. The CSP allows scripts and
// styles only from the server itself (no inline code), pictures as files or
// data: URLs, and no framing.
//
// Cache-Control: no-store on every answer but the embedded files (which
// web.go revalidates with no-cache and an ETag): the API's answers carry
// tokens (the login's), children's names and results, and a shared school
// computer's cache or a proxy must keep none of it.
func (s *Server) securityHeaders(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		h := c.Response().Header()
		h.Set("Cache-Control", "no-store")
		h.Set("Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "same-origin")
		if s.cfg.SecureCookies {
			h.Set("Strict-Transport-Security", "max-age=31536000")
		}
		return next(c)
	}
}

// accessLog writes one line per request. It logs the route pattern, not the
// URL, so that class codes and ids in paths never reach the logs.
func (s *Server) accessLog(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		start := time.Now()
		err := next(c)
		if err != nil {
			c.Error(err)
		}
		req, res := c.Request(), c.Response()
		if !s.logger.Enabled(req.Context(), slog.LevelInfo) {
			return nil // nobody reads the line: do not build it
		}
		attrs := []any{
			"id", res.Header().Get(echo.HeaderXRequestID),
			"method", req.Method,
			"route", c.Path(),
			"status", res.Status,
			"ms", time.Since(start).Milliseconds(),
			"ip", c.RealIP(),
		}
		if p, ok := principalOf(c); ok {
			attrs = append(attrs, "role", p.Role, "subject", p.ID)
		}
		s.logger.Info("request", attrs...)
		return nil
	}
}
