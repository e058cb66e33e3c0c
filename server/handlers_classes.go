package server

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/server/credential"
	"github.com/multipli/multipli/store"
)

type classJSON struct {
	ID         int64      `json:"id"`
	Name       string     `json:"name"`
	Code       string     `json:"code"`
	ArchivedAt *time.Time `json:"archived_at,omitempty"`
	CreatedAt  time.Time  `json:"created_at"`
}

func toClassJSON(c store.Class) classJSON {
	return classJSON{ID: c.ID, Name: c.Name, Code: c.Code, ArchivedAt: c.ArchivedAt, CreatedAt: c.CreatedAt}
}

// myClass loads a class of the signed-in teacher. Another teacher's class is
// "not found", so ids reveal nothing.
func (s *Server) myClass(c echo.Context) (store.Class, error) {
	id, err := pathID(c)
	if err != nil {
		return store.Class{}, err
	}
	cl, err := s.store.Class(c.Request().Context(), id)
	if err != nil {
		return store.Class{}, err
	}
	if p := me(c); p.Role != RoleTeacher || cl.TeacherID != p.ID {
		return store.Class{}, store.ErrNotFound
	}
	return cl, nil
}

func (s *Server) handleClassList(c echo.Context) error {
	classes, err := s.store.ClassesOf(c.Request().Context(), me(c).ID, c.QueryParam("archived") == "true")
	if err != nil {
		return err
	}
	out := make([]classJSON, 0, len(classes))
	for _, cl := range classes {
		out = append(out, toClassJSON(cl))
	}
	return c.JSON(http.StatusOK, map[string]any{"classes": out})
}

type classNameRequest struct {
	Name string `json:"name"`
}

func (r *classNameRequest) validate() error {
	r.Name = strings.TrimSpace(r.Name)
	return checkName("name", r.Name)
}

func (s *Server) handleClassCreate(c echo.Context) error {
	var req classNameRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if err := req.validate(); err != nil {
		return err
	}
	cl := store.Class{TeacherID: me(c).ID, Name: req.Name, CreatedAt: s.now()}
	if err := s.store.CreateClass(c.Request().Context(), &cl); err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, toClassJSON(cl))
}

func (s *Server) handleClassGet(c echo.Context) error {
	cl, err := s.myClass(c)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toClassJSON(cl))
}

func (s *Server) handleClassRename(c echo.Context) error {
	cl, err := s.myClass(c)
	if err != nil {
		return err
	}
	var req classNameRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if err := req.validate(); err != nil {
		return err
	}
	if err := s.store.RenameClass(c.Request().Context(), cl.ID, req.Name); err != nil {
		return err
	}
	cl.Name = req.Name
	return c.JSON(http.StatusOK, toClassJSON(cl))
}

// handleClassArchive hides the class and closes its code; its students and
// their history stay.
func (s *Server) handleClassArchive(c echo.Context) error {
	cl, err := s.myClass(c)
	if err != nil {
		return err
	}
	if err := s.store.ArchiveClass(c.Request().Context(), cl.ID, s.now()); err != nil {
		return err
	}
	cl, err = s.store.Class(c.Request().Context(), cl.ID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toClassJSON(cl))
}

// studentJSON is a student as their teacher, parents or themselves see them.
type studentJSON struct {
	ID         int64  `json:"id"`
	ClassID    int64  `json:"class_id"`
	Name       string `json:"name"`
	SecretKind string `json:"secret_kind"`
	NoTimers   bool   `json:"no_timers"`
	Level      string `json:"level"`
}

func toStudentJSON(st store.Student) studentJSON {
	return studentJSON{ID: st.ID, ClassID: st.ClassID, Name: st.DisplayName, SecretKind: st.SecretKind, NoTimers: st.NoTimers, Level: st.Level}
}

// classStudentJSON is a child in their teacher's list. FailedLogins is the
// login policy's notice (handlers_student_login.go): wrong PINs or pictures
// from unknown devices in the last day, when there were enough to matter;
// POST /students/{id}/unlock forgets them.
type classStudentJSON struct {
	studentJSON
	FailedLogins int `json:"failed_logins,omitempty"`
	// Parents are the accounts linked to the child, for the teacher to
	// recognise and unlink (DELETE /students/{id}/parents/{parent_id}).
	Parents []linkedParentJSON `json:"parents"`
}

type linkedParentJSON struct {
	ID       int64     `json:"id"`
	Name     string    `json:"name"`
	Email    string    `json:"email"`
	LinkedAt time.Time `json:"linked_at"`
}

func (s *Server) handleClassStudents(c echo.Context) error {
	cl, err := s.myClass(c)
	if err != nil {
		return err
	}
	students, err := s.store.StudentsOf(c.Request().Context(), cl.ID)
	if err != nil {
		return err
	}
	failed, err := s.failedLogins(c.Request().Context(), students)
	if err != nil {
		return err
	}
	ids := make([]int64, len(students))
	for i, st := range students {
		ids[i] = st.ID
	}
	parents, err := s.store.ParentsOf(c.Request().Context(), ids)
	if err != nil {
		return err
	}
	out := make([]classStudentJSON, 0, len(students))
	for _, st := range students {
		ps := make([]linkedParentJSON, 0, len(parents[st.ID]))
		for _, p := range parents[st.ID] {
			ps = append(ps, linkedParentJSON{ID: p.ParentID, Name: p.Name, Email: p.Email, LinkedAt: p.CreatedAt})
		}
		out = append(out, classStudentJSON{toStudentJSON(st), failed[st.ID], ps})
	}
	return c.JSON(http.StatusOK, map[string]any{"students": out})
}

// maxStudentsPerAdd bounds one paste; bcrypt makes each student cost time.
const maxStudentsPerAdd = 60

type addStudentsRequest struct {
	// Names is the pasted list: one child per line (commas and semicolons
	// also separate, as spreadsheets copy them).
	Names      string `json:"names"`
	SecretKind string `json:"secret_kind"` // "pin" (default) or "pictures"
}

// newStudentJSON shows the new secret once, for the teacher to hand out.
type newStudentJSON struct {
	studentJSON
	PIN      string   `json:"pin,omitempty"`
	Pictures []string `json:"pictures,omitempty"`
}

func splitNames(list string) []string {
	fields := strings.FieldsFunc(list, func(r rune) bool { return r == '\n' || r == '\r' || r == ',' || r == ';' || r == '\t' })
	var out []string
	for _, f := range fields {
		if name := strings.Join(strings.Fields(f), " "); name != "" {
			out = append(out, name)
		}
	}
	return out
}

// handleStudentsAdd adds the pasted names to the class, each with a fresh
// PIN or picture password; all or none.
func (s *Server) handleStudentsAdd(c echo.Context) error {
	cl, err := s.myClass(c)
	if err != nil {
		return err
	}
	var req addStudentsRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if req.SecretKind == "" {
		req.SecretKind = store.SecretPIN
	}
	if req.SecretKind != store.SecretPIN && req.SecretKind != store.SecretPictures {
		return invalid("secret_kind", "bad_kind")
	}
	names := splitNames(req.Names)
	if len(names) == 0 {
		return invalid("names", "required")
	}
	if len(names) > maxStudentsPerAdd {
		return invalid("names", "too_many", "max", maxStudentsPerAdd)
	}
	ctx := c.Request().Context()
	existing, err := s.store.StudentsOf(ctx, cl.ID)
	if err != nil {
		return err
	}
	taken := map[string]bool{}
	for _, st := range existing {
		taken[strings.ToLower(st.DisplayName)] = true
	}
	students := make([]store.Student, 0, len(names))
	secrets := make([]string, 0, len(names))
	for _, name := range names {
		if err := checkName("names", name); err != nil {
			return err
		}
		// Two "Léa" in one class would be one name on the login screen.
		if taken[strings.ToLower(name)] {
			return invalid("names", "duplicate_name", "name", name)
		}
		taken[strings.ToLower(name)] = true
		secret := newSecret(req.SecretKind)
		hash, err := credential.Hash(secret, s.childCost())
		if err != nil {
			return err
		}
		students = append(students, store.Student{
			DisplayName: name, SecretKind: req.SecretKind, SecretHash: hash,
			CardSecret: s.sealer.Seal(secret), Level: string(games.Ladder()[0]), CreatedAt: s.now(),
		})
		secrets = append(secrets, secret)
	}
	if err := s.store.AddStudents(ctx, cl.ID, students); err != nil {
		if errors.Is(err, store.ErrConflict) {
			return invalid("names", "duplicate_name", "name", "")
		}
		return err
	}
	out := make([]newStudentJSON, len(students))
	for i, st := range students {
		out[i] = withSecret(st, secrets[i])
	}
	return c.JSON(http.StatusCreated, map[string]any{"students": out})
}

func newSecret(kind string) string {
	if kind == store.SecretPictures {
		return credential.JoinPictures(credential.NewPictures())
	}
	return credential.NewPIN()
}

func withSecret(st store.Student, secret string) newStudentJSON {
	out := newStudentJSON{studentJSON: toStudentJSON(st)}
	if st.SecretKind == store.SecretPictures {
		out.Pictures = credential.SplitPictures(secret)
	} else {
		out.PIN = secret
	}
	return out
}
