package server

import (
	"encoding/base64"
	"errors"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/catalog"
	"github.com/multipli/multipli/server/roster"
	"github.com/multipli/multipli/store"
)

// The roster: a teacher adds, imports, renames, moves and erases children
// from the browser. The page (GET /classes/:id/roster) calls the API:
// the existing routes for what they already do (add, rename, secret, export,
// erase, class rename and archive) and the three below for what they did
// not (a preview of a pasted list or a file, a move, a new school year).
//
// An import is two steps so that nothing is written before the teacher has
// seen it: the preview reads the list (package roster) and says, line by
// line, who would be added under which name, and which lines are skipped
// and why; confirming sends the previewed names to POST
// /classes/:id/students, which adds them all or none and shows each new
// PIN or picture password once. A class that changed in between (someone
// added a child of the same name) refuses the confirmation, and the page
// asks to check again.

// maxPastedText bounds a pasted list: 60 names of 60 letters fit many
// times over; a whole school's export comes as a file.
const maxPastedText = 10000

type rosterPreviewRequest struct {
	Text  string `json:"text"`  // a pasted list
	File  string `json:"file"`  // or a file, in base64
	Group string `json:"group"` // the class of a school's export to keep ("*": all)
}

type rosterColumnJSON struct {
	Title string `json:"title"`
	Kind  string `json:"kind"`
}

type rosterFormatJSON struct {
	Encoding   string             `json:"encoding"`
	Separator  string             `json:"separator"`
	HeaderLine int                `json:"header_line"`
	Columns    []rosterColumnJSON `json:"columns"`
}

type rosterGroupJSON struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
}

type rosterRowJSON struct {
	Line      int      `json:"line"`
	FirstName string   `json:"first_name"`
	LastName  string   `json:"last_name"`
	BirthDate string   `json:"birth_date"`
	Group     string   `json:"group"`
	Level     string   `json:"level"`
	Name      string   `json:"name"`
	Status    string   `json:"status"`
	Reason    string   `json:"reason,omitempty"`
	Of        int      `json:"of,omitempty"`
	Match     string   `json:"match,omitempty"`
	Notes     []string `json:"notes"`
	Message   string   `json:"message"` // what happens to the line, in the caller's language
}

type rosterPreviewJSON struct {
	Format  rosterFormatJSON  `json:"format"`
	Groups  []rosterGroupJSON `json:"groups"`
	Group   string            `json:"group"`
	Rows    []rosterRowJSON   `json:"rows"`
	Empty   int               `json:"empty"`
	Names   []string          `json:"names"`
	Counts  map[string]int    `json:"counts"`
	Max     int               `json:"max"`      // names one confirmation may add
	TooMany bool              `json:"too_many"` // more new names than Max
}

// handleRosterPreview reads a pasted list or a file and says what adding
// it to the class would do. It writes nothing.
func (s *Server) handleRosterPreview(c echo.Context) error {
	cl, err := s.myClass(c)
	if err != nil {
		return err
	}
	var req rosterPreviewRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if utf8.RuneCountInString(req.Group) > maxNameLength {
		return invalid("group", "too_long", "max", maxNameLength)
	}
	var sh roster.Sheet
	switch {
	case req.Text != "" && req.File != "":
		return invalid("file", "one_source")
	case req.File != "":
		data, err := base64.StdEncoding.DecodeString(req.File)
		if err != nil {
			return invalid("file", "bad_file")
		}
		sh, err = roster.ReadFile(data)
		if err != nil {
			return importError("file", err)
		}
	case req.Text != "":
		if utf8.RuneCountInString(req.Text) > maxPastedText {
			return invalid("text", "too_long", "max", maxPastedText)
		}
		sh, err = roster.ReadText(req.Text)
		if err != nil {
			return importError("text", err)
		}
	default:
		return invalid("text", "required")
	}
	if req.Group != "" && req.Group != roster.AllGroups && !sh.HasGroup(req.Group) {
		return invalid("group", "bad_group", "group", req.Group)
	}
	students, err := s.store.StudentsOf(c.Request().Context(), cl.ID)
	if err != nil {
		return err
	}
	existing := make([]string, len(students))
	for i, st := range students {
		existing[i] = st.DisplayName
	}
	p := sh.Plan(roster.Options{Existing: existing, ClassName: cl.Name, Group: req.Group})
	return c.JSON(http.StatusOK, toPreviewJSON(p, langOf(c)))
}

func importError(field string, err error) error {
	var re *roster.Error
	if errors.As(err, &re) {
		return invalid(field, "import_"+re.Code, "max", roster.MaxLines)
	}
	return err
}

func toPreviewJSON(p roster.Preview, lang string) rosterPreviewJSON {
	out := rosterPreviewJSON{
		Format: rosterFormatJSON{Encoding: p.Format.Encoding, Separator: p.Format.Separator, HeaderLine: p.Format.HeaderLine, Columns: []rosterColumnJSON{}},
		Groups: []rosterGroupJSON{}, Group: p.Group, Rows: make([]rosterRowJSON, 0, len(p.Rows)), Empty: p.Empty,
		Names: p.Names, Counts: map[string]int{}, Max: maxStudentsPerAdd,
	}
	if out.Names == nil {
		out.Names = []string{}
	}
	for _, col := range p.Format.Columns {
		out.Format.Columns = append(out.Format.Columns, rosterColumnJSON{Title: col.Title, Kind: col.Kind})
	}
	for _, g := range p.Groups {
		out.Groups = append(out.Groups, rosterGroupJSON{Name: g.Name, Count: g.Count})
	}
	for _, st := range []roster.Status{roster.New, roster.InClass, roster.Duplicate, roster.OtherGroup, roster.Bad} {
		out.Counts[string(st)] = p.Count(st)
	}
	out.TooMany = len(p.Names) > maxStudentsPerAdd
	for _, r := range p.Rows {
		notes := r.Notes
		if notes == nil {
			notes = []string{}
		}
		out.Rows = append(out.Rows, rosterRowJSON{
			Line: r.Line, FirstName: r.FirstName, LastName: r.LastName, BirthDate: r.BirthDate, Group: r.Group, Level: r.Level,
			Name: r.Name, Status: string(r.Status), Reason: r.Reason, Of: r.Of, Match: r.Match, Notes: notes,
			Message: rowMessage(r, lang),
		})
	}
	return out
}

// rowMessage says in words what confirming does with a line.
func rowMessage(r roster.Row, lang string) string {
	t := func(key string, kv ...any) string { return catalog.T(lang, "roster.row."+key, kv...) }
	var parts []string
	switch r.Status {
	case roster.New:
		parts = append(parts, t("new"))
	case roster.InClass:
		parts = append(parts, t("in_class", "name", r.Match))
	case roster.Duplicate:
		parts = append(parts, t("duplicate", "line", r.Of))
	case roster.OtherGroup:
		parts = append(parts, t("other_group", "group", r.Group))
	case roster.Bad:
		parts = append(parts, t("bad."+r.Reason))
	}
	for _, n := range r.Notes {
		parts = append(parts, t("note."+n))
	}
	return strings.Join(parts, " ")
}

type moveRequest struct {
	ClassID int64 `json:"class_id"`
}

// handleStudentMove moves a child to another class of the same teacher,
// with their history (store.MoveStudents).
func (s *Server) handleStudentMove(c echo.Context) error {
	st, err := s.visibleStudent(c) // a teacher route: their own students only
	if err != nil {
		return err
	}
	var req moveRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if req.ClassID <= 0 {
		return invalid("class_id", "required")
	}
	ctx := c.Request().Context()
	to, err := s.store.Class(ctx, req.ClassID)
	if err != nil {
		return err
	}
	if to.TeacherID != me(c).ID {
		return store.ErrNotFound // another teacher's class: ids reveal nothing
	}
	if to.ArchivedAt != nil {
		return invalid("class_id", "archived_class")
	}
	if to.ID != st.ClassID {
		// Two "Léa" in one class would be one name on the login screen.
		there, err := s.store.StudentsOf(ctx, to.ID)
		if err != nil {
			return err
		}
		for _, o := range there {
			if strings.EqualFold(o.DisplayName, st.DisplayName) {
				return invalid("class_id", "duplicate_name", "name", st.DisplayName)
			}
		}
		err = s.store.MoveStudents(ctx, st.ClassID, to.ID, []int64{st.ID})
		if errors.Is(err, store.ErrConflict) {
			return invalid("class_id", "duplicate_name", "name", st.DisplayName)
		}
		if err != nil {
			return err
		}
		st.ClassID = to.ID
	}
	return c.JSON(http.StatusOK, toStudentJSON(st))
}

type newYearRequest struct {
	Name string `json:"name"`
	// StudentIDs are the children who carry over (absent: all of them).
	StudentIDs *[]int64 `json:"student_ids"`
	// Archive last year's class (absent: yes).
	Archive *bool `json:"archive"`
}

// handleNewSchoolYear starts the class's next year: a new class (a new
// code) with the children carried over and their history kept, and last
// year's class archived (store.NewSchoolYear).
func (s *Server) handleNewSchoolYear(c echo.Context) error {
	cl, err := s.myClass(c)
	if err != nil {
		return err
	}
	var req newYearRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	req.Name = strings.Join(strings.Fields(req.Name), " ")
	if err := checkName("name", req.Name); err != nil {
		return err
	}
	ctx := c.Request().Context()
	students, err := s.store.StudentsOf(ctx, cl.ID)
	if err != nil {
		return err
	}
	in := map[int64]bool{}
	var ids []int64
	for _, st := range students {
		in[st.ID] = true
		ids = append(ids, st.ID)
	}
	if req.StudentIDs != nil {
		ids = nil
		for _, id := range *req.StudentIDs {
			if !in[id] {
				return invalid("student_ids", "not_in_class", "id", id)
			}
			ids = append(ids, id)
		}
	}
	archive := req.Archive == nil || *req.Archive
	next := store.Class{TeacherID: me(c).ID, Name: req.Name, CreatedAt: s.now()}
	if err := s.store.NewSchoolYear(ctx, cl.ID, &next, ids, archive, s.now()); err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]any{"class": toClassJSON(next), "moved": len(ids)})
}
