package server

import (
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
// three pictures.

type classCodeResponse struct {
	Class    string             `json:"class"`
	Students []classCodeStudent `json:"students"`
}

type classCodeStudent struct {
	ID         int64  `json:"id"`
	Name       string `json:"name"`
	SecretKind string `json:"secret_kind"`
}

func normalizeClassCode(code string) string { return strings.ToUpper(strings.TrimSpace(code)) }

// findClassByCode looks a code up under the address throttle: unknown codes
// count as failed logins, so class codes cannot be enumerated.
func (s *Server) findClassByCode(c echo.Context, code string) (store.Class, error) {
	ctx := c.Request().Context()
	address := addressBucket(c.RealIP())
	if err := s.checkThrottle(ctx, "", address); err != nil {
		return store.Class{}, err
	}
	code = normalizeClassCode(code)
	if len(code) != store.ClassCodeLength {
		return store.Class{}, errors.Join(s.loginFailed(ctx, address), errBadCode)
	}
	cl, err := s.store.ClassByCode(ctx, code)
	if errors.Is(err, store.ErrNotFound) {
		return store.Class{}, errors.Join(s.loginFailed(ctx, address), errBadCode)
	}
	return cl, err
}

// handleClassCodeLookup lists the first names a child picks from.
func (s *Server) handleClassCodeLookup(c echo.Context) error {
	cl, err := s.findClassByCode(c, c.Param("code"))
	if err != nil {
		return err
	}
	students, err := s.store.StudentsOf(c.Request().Context(), cl.ID)
	if err != nil {
		return err
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
	cl, err := s.findClassByCode(c, req.ClassCode)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	st, err := s.store.Student(ctx, req.StudentID)
	if errors.Is(err, store.ErrNotFound) || (err == nil && st.ClassID != cl.ID) {
		return errBadCredentials
	}
	if err != nil {
		return err
	}
	account := accountBucket("student", strconv.FormatInt(st.ID, 10))
	address := addressBucket(c.RealIP())
	if err := s.checkThrottle(ctx, account, address); err != nil {
		return err
	}
	secret := req.PIN
	if st.SecretKind == store.SecretPictures {
		secret = credential.JoinPictures(req.Pictures)
	}
	if (st.SecretKind == store.SecretPIN) != (req.PIN != "") || !credential.Verify(st.SecretHash, secret) {
		if err := s.loginFailed(ctx, account, address); err != nil {
			return err
		}
		return errBadCredentials
	}
	if err := s.loginSucceeded(ctx, account); err != nil {
		return err
	}
	return s.signIn(c, http.StatusOK, RoleStudent, st.ID, st.DisplayName)
}
