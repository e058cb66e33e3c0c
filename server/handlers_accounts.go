package server

import (
	"context"
	"errors"
	"net/http"
	"net/mail"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/server/credential"
	"github.com/multipli/multipli/store"
)

// maxNameLength bounds every name a person types (adults, classes, children).
const maxNameLength = 60

type signupRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
	Name     string `json:"name"`
}

type loginRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

// loginResponse carries the token for API clients; browsers use the cookies.
type loginResponse struct {
	Token     string    `json:"token"`
	CSRFToken string    `json:"csrf_token"`
	ExpiresAt time.Time `json:"expires_at"`
	Role      Role      `json:"role"`
	ID        int64     `json:"id"`
	Name      string    `json:"name"`
}

func (r *signupRequest) validate() error {
	r.Email, r.Name = strings.TrimSpace(r.Email), strings.TrimSpace(r.Name)
	if err := checkName("name", r.Name); err != nil {
		return err
	}
	if r.Email == "" {
		return invalid("email", "required")
	}
	if a, err := mail.ParseAddress(r.Email); err != nil || a.Address != r.Email || utf8.RuneCountInString(r.Email) > 254 {
		return invalid("email", "bad_email")
	}
	switch credential.CheckPasswordPolicy(r.Password) {
	case credential.ErrPasswordTooShort:
		return invalid("password", "password_too_short", "min", credential.MinPasswordLength)
	case credential.ErrPasswordTooLong:
		return invalid("password", "password_too_long")
	}
	return nil
}

// handleTeacherSignup creates a teacher account and signs it in.
func (s *Server) handleTeacherSignup(c echo.Context) error {
	return s.signUp(c, RoleTeacher, func(req signupRequest, hash string) (int64, error) {
		t := store.Teacher{Email: req.Email, Name: req.Name, PasswordHash: hash, CreatedAt: s.now()}
		err := s.store.CreateTeacher(c.Request().Context(), &t)
		return t.ID, err
	})
}

// handleParentSignup creates a parent account and signs it in.
func (s *Server) handleParentSignup(c echo.Context) error {
	return s.signUp(c, RoleParent, func(req signupRequest, hash string) (int64, error) {
		p := store.Parent{Email: req.Email, Name: req.Name, PasswordHash: hash, CreatedAt: s.now(), Lang: langOf(c)}
		err := s.store.CreateParent(c.Request().Context(), &p)
		return p.ID, err
	})
}

// signupResponse is the answer to every sign-up that passed the checks:
// the same whether the e-mail was free (the account is created) or already
// had an account (nothing changes), so that sign-up tells nobody which
// addresses have accounts. The caller then signs in with the e-mail and
// password (the web page does it at once): that works for the new
// account, and for the owner of an existing one with its own password.
type signupResponse struct {
	Next    string `json:"next"` // always "sign_in"
	Message string `json:"message"`
}

// signUp reads and checks a sign-up, counts it against the caller's
// address (sign-ups from one address are limited: each costs a bcrypt hash
// and may create an account), hashes the password and lets create store the
// account. A taken e-mail answers as a created one: the platform sends no
// e-mail, so it cannot tell the owner privately, and an answer that differs
// would tell anyone. What is left to an enumerator is to sign up and then
// try to sign in: each such probe costs a sign-up of the address's budget
// and a login guess (README "Login policy").
func (s *Server) signUp(c echo.Context, role Role, create func(signupRequest, string) (int64, error)) error {
	var req signupRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if err := req.validate(); err != nil {
		return err
	}
	if _, err := s.takeGuess(c.Request().Context(), s.signupRule(c.RealIP())); err != nil {
		return err
	}
	hash, err := credential.Hash(req.Password, s.cfg.BcryptCost)
	if err != nil {
		return err
	}
	if _, err := create(req, hash); err != nil && !errors.Is(err, store.ErrConflict) {
		return err
	}
	return c.JSON(http.StatusAccepted, signupResponse{Next: "sign_in", Message: message(langOf(c), "signup_sign_in", nil)})
}

// adult is what a teacher or parent login needs of the account.
type adult struct {
	id   int64
	name string
	hash string
	// setHash stores the password hashed again (adultLogin).
	setHash func(ctx context.Context, id int64, hash string) error
}

func (s *Server) handleTeacherLogin(c echo.Context) error {
	return s.adultLogin(c, RoleTeacher, func(email string) (adult, error) {
		t, err := s.store.TeacherByEmail(c.Request().Context(), email)
		return adult{t.ID, t.Name, t.PasswordHash, s.store.SetTeacherPasswordHash}, err
	})
}

// handleParentLogin signs a parent in and remembers the language they use
// the site in: their weekly e-mail's (weekly_mail.go).
func (s *Server) handleParentLogin(c echo.Context) error {
	var found store.Parent
	err := s.adultLogin(c, RoleParent, func(email string) (adult, error) {
		p, err := s.store.ParentByEmail(c.Request().Context(), email)
		found = p
		return adult{p.ID, p.Name, p.PasswordHash, s.store.SetParentPasswordHash}, err
	})
	if err == nil && c.Response().Status == http.StatusOK && found.ID != 0 {
		if lang := langOf(c); lang != found.Lang {
			if err := s.store.SetParentLang(c.Request().Context(), found.ID, lang); err != nil {
				s.logger.Warn("parent language", "parent", found.ID, "err", err)
			}
		}
	}
	return err
}

// adultLogin checks an e-mail and password under the login policy
// (throttle.go): the guess is counted before the password is checked, in
// the bucket of this device if it knows the account, else in the
// e-mail's and the address's buckets. An unknown e-mail and a wrong
// password get the same answer in about the same time, and an unknown
// e-mail is counted like a known one.
func (s *Server) adultLogin(c echo.Context, role Role, find func(email string) (adult, error)) error {
	var req loginRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if strings.TrimSpace(req.Email) == "" {
		return invalid("email", "required")
	}
	if req.Password == "" {
		return invalid("password", "required")
	}
	ctx := c.Request().Context()
	a, err := find(req.Email)
	found := err == nil
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return err
	}
	dev, account := s.deviceOf(c), deviceAccount(role, a.id)
	opened := accountBucket(string(role), store.NormalizeEmail(req.Email))
	rules := []rule{s.accountRule(opened), s.addressRule(c.RealIP())}
	if found && dev.knows(account) {
		opened = dev.bucket(account)
		rules = []rule{s.accountRule(opened)}
	}
	guess, err := s.takeGuess(ctx, rules...)
	if err != nil {
		return err
	}
	if !s.verify(a.hash, req.Password) { // an unknown e-mail: a.hash is empty
		return errBadCredentials
	}
	if err := s.guessWasRight(ctx, guess, opened); err != nil {
		return err
	}
	s.rehash(ctx, a, req.Password)
	s.rememberDevice(c, dev, account)
	return s.signIn(c, http.StatusOK, role, a.id, a.name)
}

// rehash hashes a right password again when its hash was made at another
// cost than the server's (an account made under another BcryptCost, or by
// a demo loaded before its adults were hashed at serve's cost): the time
// of a wrong password then matches an unknown e-mail's from the next
// login on. A failure only leaves the old hash: the login goes on.
func (s *Server) rehash(ctx context.Context, a adult, password string) {
	if !credential.NeedsRehash(a.hash, s.cfg.BcryptCost) {
		return
	}
	h, err := credential.Hash(password, s.cfg.BcryptCost)
	if err == nil {
		err = a.setHash(ctx, a.id, h)
	}
	if err != nil {
		s.logger.Warn("rehash password", "account", a.id, "err", err)
	}
}

// signIn issues a token, sets the cookies and answers with the token.
func (s *Server) signIn(c echo.Context, status int, role Role, id int64, name string) error {
	in, err := s.issueToken(c, role, id)
	if err != nil {
		return err
	}
	// Expired logins are useless; dropping them now and then (a day after
	// expiry) keeps auth_sessions small without a background job.
	if in.Expires.Unix()%16 == 0 {
		if err := s.store.PruneAuthSessions(c.Request().Context(), s.now().Add(-24*time.Hour)); err != nil {
			s.logger.Warn("prune auth sessions", "err", err)
		}
	}
	s.setLoginCookies(c, in)
	return c.JSON(status, loginResponse{
		Token: in.Token, CSRFToken: s.csrfToken(in.JTI), ExpiresAt: in.Expires,
		Role: role, ID: id, Name: name,
	})
}

// handleLogout revokes the caller's token and clears the cookies.
func (s *Server) handleLogout(c echo.Context) error {
	if err := s.store.RevokeAuthSession(c.Request().Context(), me(c).JTI, s.now()); err != nil {
		return err
	}
	s.clearLoginCookies(c)
	return c.NoContent(http.StatusNoContent)
}

// meResponse describes the signed-in caller.
type meResponse struct {
	Role     Role   `json:"role"`
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	Email    string `json:"email,omitempty"`
	ClassID  int64  `json:"class_id,omitempty"`
	Class    string `json:"class,omitempty"`
	Level    string `json:"level,omitempty"`
	NoTimers bool   `json:"no_timers,omitempty"`
}

func (s *Server) handleMe(c echo.Context) error {
	ctx, p := c.Request().Context(), me(c)
	out := meResponse{Role: p.Role, ID: p.ID}
	switch p.Role {
	case RoleTeacher:
		t, err := s.store.Teacher(ctx, p.ID)
		if err != nil {
			return err
		}
		out.Name, out.Email = t.Name, t.Email
	case RoleParent:
		pa, err := s.store.Parent(ctx, p.ID)
		if err != nil {
			return err
		}
		out.Name, out.Email = pa.Name, pa.Email
	case RoleStudent:
		st, err := s.store.Student(ctx, p.ID)
		if err != nil {
			return err
		}
		cl, err := s.store.Class(ctx, st.ClassID)
		if err != nil {
			return err
		}
		out.Name, out.ClassID, out.Class, out.Level, out.NoTimers = st.DisplayName, cl.ID, cl.Name, st.Level, st.NoTimers
	}
	return c.JSON(http.StatusOK, out)
}
