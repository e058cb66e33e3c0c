package server

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/server/credential"
	"github.com/multipli/multipli/store"
)

// The student login has no e-mail: the class code (on the board or the
// card), then the child picks their name, then types the PIN or taps the
// three pictures. Or the child scans (or follows) the link of their login
// card, which signs them in without any of it (handleCardLogin).

type classCodeResponse struct {
	Class    string             `json:"class"`
	Students []classCodeStudent `json:"students"`
}

// classCodeStudent is a name to pick. Its id is the student's own: ids
// are counted from 1 and not secret, and hiding them here would not stop
// anyone trying ids in turn. What makes listing them safe is the login
// policy (throttle.go): guesses at a child from unknown devices wait
// longer and longer and stop at a few a day, and never touch the child's
// known devices nor their login card, so knowing whom to aim at neither
// wins nor locks anyone out.
type classCodeStudent struct {
	ID         int64  `json:"id"`
	Name       string `json:"name"`
	SecretKind string `json:"secret_kind"`
}

func normalizeClassCode(code string) string { return strings.ToUpper(strings.TrimSpace(code)) }

// classByCode finds an active class by code; a code of the wrong shape is
// not found either.
func (s *Server) classByCode(ctx context.Context, code string) (store.Class, error) {
	code = normalizeClassCode(code)
	if len(code) != store.ClassCodeLength {
		return store.Class{}, store.ErrNotFound
	}
	return s.store.ClassByCode(ctx, code)
}

// handleClassCodeLookup lists the first names a child picks from. An
// unknown code is a guess at class codes, counted against the address;
// a known one is answered only while the address may still guess, so that
// the answer to a guess past the limit is a 429 whatever the code. A
// device that knows the class (its teacher or one of its children signed
// in there) is not held by the address: a school's NAT full of failures
// does not stop the classroom computers.
func (s *Server) handleClassCodeLookup(c echo.Context) error {
	ctx, ip := c.Request().Context(), c.RealIP()
	cl, err := s.classByCode(ctx, c.Param("code"))
	if errors.Is(err, store.ErrNotFound) {
		if _, err := s.takeGuess(ctx, s.addressRule(ip)); err != nil {
			return err
		}
		return errBadCode
	}
	if err != nil {
		return err
	}
	students, err := s.store.StudentsOf(ctx, cl.ID)
	if err != nil {
		return err
	}
	dev := s.deviceOf(c)
	known := dev.knows(deviceAccount(RoleTeacher, cl.TeacherID))
	for _, st := range students {
		known = known || dev.knows(deviceAccount(RoleStudent, st.ID))
	}
	if !known {
		if err := s.checkGuess(ctx, s.addressRule(ip)); err != nil {
			return err
		}
	}
	out := classCodeResponse{Class: cl.Name, Students: make([]classCodeStudent, 0, len(students))}
	for _, st := range students {
		out.Students = append(out.Students, classCodeStudent{ID: st.ID, Name: st.DisplayName, SecretKind: st.SecretKind})
	}
	return c.JSON(http.StatusOK, out)
}

type studentLoginRequest struct {
	ClassCode string   `json:"class_code"`
	StudentID int64    `json:"student_id"`
	PIN       string   `json:"pin"`
	Pictures  []string `json:"pictures"`
}

func (s *Server) handleStudentLogin(c echo.Context) error {
	var req studentLoginRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	switch {
	case req.ClassCode == "":
		return invalid("class_code", "required")
	case req.StudentID == 0:
		return invalid("student_id", "required")
	case req.PIN == "" && len(req.Pictures) == 0:
		return invalid("pin", "required")
	case req.PIN != "" && !credential.ValidPIN(req.PIN):
		return invalid("pin", "bad_pin")
	case req.PIN == "" && !credential.ValidPictures(req.Pictures):
		return invalid("pictures", "bad_pictures")
	}
	ctx, ip := c.Request().Context(), c.RealIP()
	cl, err := s.classByCode(ctx, req.ClassCode)
	if errors.Is(err, store.ErrNotFound) {
		if _, err := s.takeGuess(ctx, s.addressRule(ip)); err != nil {
			return err
		}
		return errBadCode
	}
	if err != nil {
		return err
	}
	st, err := s.store.Student(ctx, req.StudentID)
	if errors.Is(err, store.ErrNotFound) || (err == nil && st.ClassID != cl.ID) {
		if _, err := s.takeGuess(ctx, s.addressRule(ip)); err != nil {
			return err
		}
		return errBadCredentials
	}
	if err != nil {
		return err
	}

	// The guess is counted before the secret is checked: on a device that
	// knows the child, in that device's bucket; elsewhere, in the child's
	// bucket of unknown devices and the address's.
	dev, account := s.deviceOf(c), deviceAccount(RoleStudent, st.ID)
	opened := accountBucket("student", strconv.FormatInt(st.ID, 10))
	rules := []rule{s.accountRule(opened), s.addressRule(ip)}
	if dev.knowsStudent(st.ID, cl.TeacherID) {
		opened = dev.bucket(account)
		rules = []rule{s.accountRule(opened)}
	}
	guess, err := s.takeGuess(ctx, rules...)
	if err != nil {
		return err
	}
	secret := req.PIN
	if st.SecretKind == store.SecretPictures {
		secret = credential.JoinPictures(req.Pictures)
	}
	if !s.verify(st.SecretHash, secret) || (st.SecretKind == store.SecretPIN) != (req.PIN != "") {
		return errBadCredentials
	}
	if err := s.guessWasRight(ctx, guess, opened); err != nil {
		return err
	}
	s.rememberDevice(c, dev, account)
	return s.signIn(c, http.StatusOK, RoleStudent, st.ID, st.DisplayName)
}

type cardLoginRequest struct {
	Token string `json:"token"`
}

// handleCardLogin signs a child in with the token of their login card (the
// link and QR code printed on it, cards.go). The token is unguessable, so
// a right one is let in whatever the throttle says of the child's account
// or the address: it is the child's way in that no attacker can block. A
// wrong one counts as a failure of the address, like an unknown class code.
func (s *Server) handleCardLogin(c echo.Context) error {
	var req cardLoginRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if strings.TrimSpace(req.Token) == "" {
		return invalid("token", "required")
	}
	ctx := c.Request().Context()
	st, err := s.cardStudent(ctx, strings.TrimSpace(req.Token))
	if errors.Is(err, errBadCard) {
		if _, err := s.takeGuess(ctx, s.addressRule(c.RealIP())); err != nil {
			return err
		}
		return errBadCard
	}
	if err != nil {
		return err
	}
	s.rememberDevice(c, s.deviceOf(c), deviceAccount(RoleStudent, st.ID))
	return s.signIn(c, http.StatusOK, RoleStudent, st.ID, st.DisplayName)
}

// handleStudentUnlock is the teacher's unlock: it forgets the failed
// logins of the child from unknown devices, so the next try goes at once.
// Known devices have buckets of their own, which a right login empties.
func (s *Server) handleStudentUnlock(c echo.Context) error {
	st, err := s.visibleStudent(c)
	if err != nil {
		return err
	}
	if err := s.store.ClearLoginFailures(c.Request().Context(), accountBucket("student", strconv.FormatInt(st.ID, 10))); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// failedLogins counts, for the teacher's list, each child's failures from
// unknown devices within the policy's day, for those at Notice or more
// (fewer are children mistyping, not worth a teacher's attention).
func (s *Server) failedLogins(ctx context.Context, students []store.Student) (map[int64]int, error) {
	buckets := make([]string, len(students))
	for i, st := range students {
		buckets[i] = accountBucket("student", strconv.FormatInt(st.ID, 10))
	}
	counts, err := s.store.LoginFailureCounts(ctx, buckets, s.now().Add(-s.cfg.Throttle.Day))
	if err != nil {
		return nil, err
	}
	out := map[int64]int{}
	for i, st := range students {
		if n := counts[buckets[i]]; n >= s.cfg.Throttle.Notice {
			out[st.ID] = n
		}
	}
	return out, nil
}
