package server

import (
	"errors"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/server/credential"
	"github.com/multipli/multipli/store"
)

// visibleStudent loads the student of the path if the caller may see them:
// their teacher, a linked parent, or the student themself. Anyone else gets
// "not found", never another child's data.
func (s *Server) visibleStudent(c echo.Context) (store.Student, error) {
	id, err := pathID(c)
	if err != nil {
		return store.Student{}, err
	}
	return s.StudentFor(c, id)
}

// StudentFor loads student id if the signed-in caller may see them (their
// teacher, a linked parent, themself), else store.ErrNotFound. Handlers of
// later features (play, dashboards) call it for every student they touch.
func (s *Server) StudentFor(c echo.Context, id int64) (store.Student, error) {
	ctx, p := c.Request().Context(), me(c)
	st, err := s.store.Student(ctx, id)
	if err != nil {
		return store.Student{}, err
	}
	switch p.Role {
	case RoleStudent:
		if st.ID == p.ID {
			return st, nil
		}
	case RoleParent:
		linked, err := s.store.IsLinked(ctx, p.ID, st.ID)
		if err != nil {
			return store.Student{}, err
		}
		if linked {
			return st, nil
		}
	case RoleTeacher:
		cl, err := s.store.Class(ctx, st.ClassID)
		if err != nil {
			return store.Student{}, err
		}
		if cl.TeacherID == p.ID {
			return st, nil
		}
	}
	return store.Student{}, store.ErrNotFound
}

func (s *Server) handleStudentGet(c echo.Context) error {
	st, err := s.visibleStudent(c)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toStudentJSON(st))
}

type studentUpdateRequest struct {
	Name     *string `json:"name"`
	NoTimers *bool   `json:"no_timers"`
	Level    *string `json:"level"`
}

func (s *Server) handleStudentUpdate(c echo.Context) error {
	st, err := s.visibleStudent(c)
	if err != nil {
		return err
	}
	var req studentUpdateRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if req.Name != nil {
		n := strings.Join(strings.Fields(*req.Name), " ")
		if err := checkName("name", n); err != nil {
			return err
		}
		req.Name = &n
	}
	// A teacher may set a ladder level by hand; the pedagogy moves
	// students along the ladder from there.
	if req.Level != nil {
		if n, err := games.ParseLevel(*req.Level); err != nil || !slices.Contains(games.Ladder(), n) {
			return invalid("level", "bad_level", "level", *req.Level)
		}
	}
	ctx := c.Request().Context()
	err = s.store.UpdateStudent(ctx, st.ID, store.StudentUpdate{DisplayName: req.Name, NoTimers: req.NoTimers, Level: req.Level})
	if errors.Is(err, store.ErrConflict) {
		return invalid("name", "duplicate_name", "name", *req.Name)
	}
	if err != nil {
		return err
	}
	st, err = s.store.Student(ctx, st.ID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toStudentJSON(st))
}

type secretRequest struct {
	Kind     string   `json:"kind"`     // "pin" or "pictures"
	PIN      string   `json:"pin"`      // optional: the teacher's choice
	Pictures []string `json:"pictures"` // optional: the teacher's choice
}

// handleStudentSecret sets (when given) or resets (when not) a student's PIN
// or picture password, and returns it for the teacher to hand out.
func (s *Server) handleStudentSecret(c echo.Context) error {
	st, err := s.visibleStudent(c)
	if err != nil {
		return err
	}
	var req secretRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	var secret string
	switch req.Kind {
	case store.SecretPIN:
		secret = req.PIN
		if secret == "" {
			secret = credential.NewPIN()
		} else if !credential.ValidPIN(secret) {
			return invalid("pin", "bad_pin")
		}
	case store.SecretPictures:
		secret = credential.JoinPictures(req.Pictures)
		if len(req.Pictures) == 0 {
			secret = credential.JoinPictures(credential.NewPictures())
		} else if !credential.ValidPictures(req.Pictures) {
			return invalid("pictures", "bad_pictures")
		}
	case "":
		return invalid("kind", "required")
	default:
		return invalid("kind", "bad_kind")
	}
	hash, err := credential.Hash(secret, s.childCost())
	if err != nil {
		return err
	}
	if err := s.store.SetStudentSecret(c.Request().Context(), st.ID, req.Kind, hash, s.sealer.Seal(secret)); err != nil {
		return err
	}
	// A new secret signs the child out everywhere: whoever knew the old one
	// (the reason a teacher resets it) must not stay signed in with it. Their
	// game sockets close at once (store.OnLoginsRevoked).
	if err := s.store.RevokeStudentSessions(c.Request().Context(), st.ID, s.now()); err != nil {
		return err
	}
	st.SecretKind = req.Kind
	return c.JSON(http.StatusOK, withSecret(st, secret))
}

// parentCodeTTL: long enough for a note to go home and back in a school bag.
const parentCodeTTL = 14 * 24 * time.Hour

type parentCodeResponse struct {
	Code      string    `json:"code"`
	StudentID int64     `json:"student_id"`
	ExpiresAt time.Time `json:"expires_at"`
}

// handleParentCodeCreate makes a one-time code linking a parent to the child.
func (s *Server) handleParentCodeCreate(c echo.Context) error {
	st, err := s.visibleStudent(c)
	if err != nil {
		return err
	}
	code := credential.NewParentCode()
	pc := store.ParentCode{
		StudentID: st.ID, CodeHash: credential.HashCode(code), CreatedBy: me(c).ID,
		CreatedAt: s.now(), ExpiresAt: s.now().Add(parentCodeTTL),
	}
	if err := s.store.CreateParentCode(c.Request().Context(), &pc); err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, parentCodeResponse{Code: code, StudentID: st.ID, ExpiresAt: pc.ExpiresAt})
}

// childSecretCost is the bcrypt cost of children's PINs and pictures. Their
// 10 000 (PIN) or 1 320 (pictures) values make any hash cost an offline
// guesser little, and a sealed copy exists for the cards anyway; what
// protects them is the login throttle. A lower cost keeps a class of 30
// logging in at once, and a paste of 30 names, fast on a small server
// (cost 10 took 0.4 s per hash on the 2-core build machine).
const childSecretCost = 6

func (s *Server) childCost() int {
	if s.cfg.BcryptCost != 0 && s.cfg.BcryptCost < childSecretCost {
		return s.cfg.BcryptCost
	}
	return childSecretCost
}
