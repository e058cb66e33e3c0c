package server

import (
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/dashboard"
	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/store"
)

// Limits of an assignment's target: a week holds at most 7 days of 3 hours.
const (
	maxTargetMinutes  = 600
	maxTargetSessions = 50
	maxTitleLength    = 80
)

// assignmentRequest creates an assignment, or (PATCH) changes the fields
// it names. Tables is a custom set; Level a ladder step (green, violet, all,
// all-12). Dates are YYYY-MM-DD (or RFC 3339): the start at 00:00 UTC, the
// due date through its last second (23:59:59 UTC), so "due Friday" includes
// Friday.
type assignmentRequest struct {
	Title      *string     `json:"title"`
	Level      *string     `json:"level"`
	Tables     []int       `json:"tables"`
	Games      []string    `json:"games"`
	Target     *targetJSON `json:"target"`
	Start      *string     `json:"start"`
	Due        *string     `json:"due"`
	Timers     *bool       `json:"timers"`
	StudentIDs []int64     `json:"student_ids"`
}

// assignmentJSON is an assignment as its teacher and students see it, with
// this week's progress per student.
type assignmentJSON struct {
	ID         int64              `json:"id"`
	ClassID    int64              `json:"class_id"`
	Title      string             `json:"title"`
	Level      games.Level        `json:"level"`
	LevelLabel string             `json:"level_label"`
	Games      []string           `json:"games"`
	Target     targetJSON         `json:"target"`
	Start      string             `json:"start"`
	Due        string             `json:"due,omitempty"`
	Timers     bool               `json:"timers"`
	StudentIDs []int64            `json:"student_ids"`
	Archived   bool               `json:"archived"`
	Progress   []assignmentDoneJS `json:"progress"`
}

// targetJSON is dashboard.Target with the API's field names.
type targetJSON struct {
	Unit    string `json:"unit"` // "minutes" or "sessions"
	PerWeek int    `json:"per_week"`
}

type assignmentDoneJS struct {
	StudentID int64  `json:"student_id"`
	Week      string `json:"week"`
	Sessions  int    `json:"sessions"`
	Minutes   int    `json:"minutes"`
	Done      int    `json:"done"` // in the target's unit
	Percent   int    `json:"percent"`
	Complete  bool   `json:"complete"`
}

const dateLayout = "2006-01-02"

// toAssignmentJSON writes an assignment with the week's progress of the
// children in roster it is for (the whole class or the chosen ones), 0 for
// those who have not played; a nil roster lists the children with progress
// rows only. Each child's figure is dashboard.Assignment.Done, the one the
// class dashboard and the child's home show.
func toAssignmentJSON(a dashboard.Assignment, archived bool, lang string, week dashboard.Week, progress []dashboard.AssignmentProgress, roster []int64) assignmentJSON {
	out := assignmentJSON{
		ID: a.ID, ClassID: a.ClassID, Title: a.Title, Level: a.Level, LevelLabel: dashboard.LevelLabel(lang, a.Level),
		Games: a.Games, Target: targetJSON(a.Target), Start: a.Start.UTC().Format(dateLayout), Timers: a.Timers,
		StudentIDs: a.StudentIDs, Archived: archived, Progress: []assignmentDoneJS{},
	}
	if out.Games == nil {
		out.Games = []string{}
	}
	if out.StudentIDs == nil {
		out.StudentIDs = []int64{}
	}
	if !a.Due.IsZero() {
		out.Due = a.Due.UTC().Format(dateLayout)
	}
	who := roster
	if who == nil {
		seen := map[int64]bool{}
		for _, p := range progress {
			if p.AssignmentID == a.ID && p.Week == week && !seen[p.StudentID] {
				seen[p.StudentID] = true
				who = append(who, p.StudentID)
			}
		}
	}
	for _, id := range who {
		if !a.For(id) {
			continue
		}
		d := a.Done(id, week, progress)
		out.Progress = append(out.Progress, assignmentDoneJS{StudentID: id, Week: week.String(), Sessions: d.Sessions, Minutes: d.Minutes,
			Done: d.Done, Percent: d.Percent, Complete: d.Complete})
	}
	return out
}

func parseDay(field, v string, endOfDay bool) (time.Time, error) {
	v = strings.TrimSpace(v)
	if t, err := time.Parse(time.RFC3339, v); err == nil {
		return t.UTC(), nil
	}
	t, err := time.Parse(dateLayout, v)
	if err != nil {
		return time.Time{}, invalid(field, "bad_date")
	}
	if endOfDay {
		t = t.Add(24*time.Hour - time.Second)
	}
	return t, nil
}

// apply writes the request's fields over a (a new one starts from the
// defaults: the whole class, green, timers on, 20 minutes a week from today).
func (r assignmentRequest) apply(a *dashboard.Assignment, students map[int64]bool) error {
	if r.Title != nil {
		a.Title = strings.TrimSpace(*r.Title)
		if utf8.RuneCountInString(a.Title) > maxTitleLength {
			return invalid("title", "too_long", "max", maxTitleLength)
		}
	}
	if r.Level != nil && r.Tables != nil {
		return invalid("tables", "level_or_table")
	}
	if r.Level != nil {
		n, err := games.ParseLevel(*r.Level)
		l, ok := n.Deck()
		if err != nil || !ok {
			return invalid("level", "bad_level", "level", *r.Level)
		}
		a.Level = l
	}
	if r.Tables != nil {
		if len(r.Tables) == 0 {
			return invalid("tables", "required")
		}
		for _, t := range r.Tables {
			if t < 1 || t > games.MaxFactor {
				return invalid("tables", "bad_tables")
			}
		}
		a.Level = games.Custom(r.Tables...)
	}
	if r.Games != nil {
		for _, g := range r.Games {
			if _, err := games.ParseName(g); err != nil {
				return invalid("games", "bad_game", "game", g)
			}
		}
		// Stored in the registry's order, each once.
		a.Games = nil
		for _, n := range games.Names() {
			if slices.Contains(r.Games, string(n)) {
				a.Games = append(a.Games, string(n))
			}
		}
	}
	if r.Target != nil {
		t := dashboard.Target(*r.Target)
		ok := (t.Unit == dashboard.TargetMinutes && t.PerWeek >= 1 && t.PerWeek <= maxTargetMinutes) ||
			(t.Unit == dashboard.TargetSessions && t.PerWeek >= 1 && t.PerWeek <= maxTargetSessions)
		if !ok {
			return invalid("target", "bad_target")
		}
		a.Target = t
	}
	if r.Start != nil {
		t, err := parseDay("start", *r.Start, false)
		if err != nil {
			return err
		}
		a.Start = t
	}
	if r.Due != nil {
		if strings.TrimSpace(*r.Due) == "" {
			a.Due = time.Time{}
		} else {
			t, err := parseDay("due", *r.Due, true)
			if err != nil {
				return err
			}
			a.Due = t
		}
	}
	if !a.Due.IsZero() && a.Due.Before(a.Start) {
		return invalid("due", "due_before")
	}
	if r.Timers != nil {
		a.Timers = *r.Timers
	}
	if r.StudentIDs != nil {
		ids := slices.Compact(slices.Sorted(slices.Values(r.StudentIDs)))
		for _, id := range ids {
			if !students[id] {
				return invalid("student_ids", "bad_student", "id", id)
			}
		}
		a.StudentIDs = ids
	}
	return nil
}

// classStudentSet is the set of a class's student ids.
func (s *Server) classStudentSet(c echo.Context, classID int64) (map[int64]bool, error) {
	kids, err := s.store.StudentsOf(c.Request().Context(), classID)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]bool, len(kids))
	for _, k := range kids {
		out[k.ID] = true
	}
	return out, nil
}

// assignmentViews decodes rows and adds this week's progress of the
// children who played under them.
func (s *Server) assignmentViews(c echo.Context, rows []store.Assignment) ([]assignmentJSON, error) {
	return s.assignmentViewsOf(c, rows, nil)
}

// assignmentViewsOf decodes rows and adds this week's progress; with a
// roster (the class's children, in its order), of every child of it each
// assignment is for, 0 for those who have not played (the assignments
// page).
func (s *Server) assignmentViewsOf(c echo.Context, rows []store.Assignment, roster []int64) ([]assignmentJSON, error) {
	ctx := c.Request().Context()
	views, err := s.store.Views(ctx, rows)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	week := dashboard.WeekOf(s.now())
	progress, err := s.store.Dashboards().AssignmentProgress(ctx, ids, week)
	if err != nil {
		return nil, err
	}
	out := make([]assignmentJSON, len(rows))
	for i, v := range views {
		out[i] = toAssignmentJSON(v, rows[i].ArchivedAt != nil, pageLang(c), week, progress, roster)
	}
	return out, nil
}

func (s *Server) handleAssignmentList(c echo.Context) error {
	cl, err := s.myClass(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	rows, err := s.store.AssignmentsOfClass(ctx, cl.ID)
	if c.QueryParam("archived") == "true" {
		rows, err = s.store.ArchivedAssignmentsOfClass(ctx, cl.ID)
	}
	if err != nil {
		return err
	}
	out, err := s.assignmentViews(c, rows)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"assignments": out})
}

func (s *Server) handleAssignmentCreate(c echo.Context) error {
	cl, err := s.myClass(c)
	if err != nil {
		return err
	}
	var req assignmentRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	students, err := s.classStudentSet(c, cl.ID)
	if err != nil {
		return err
	}
	now := s.now()
	a := dashboard.Assignment{
		ClassID: cl.ID, Level: games.Green(), Timers: true,
		Target: dashboard.Target{Unit: dashboard.TargetMinutes, PerWeek: 20},
		Start:  time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC),
	}
	if err := req.apply(&a, students); err != nil {
		return err
	}
	row := store.NewAssignment(a, me(c).ID, now)
	if err := s.store.CreateAssignment(c.Request().Context(), &row, a.StudentIDs); err != nil {
		return err
	}
	out, err := s.assignmentViews(c, []store.Assignment{row})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, out[0])
}

// myAssignment loads an assignment of one of the signed-in teacher's
// classes; another teacher's is "not found".
func (s *Server) myAssignment(c echo.Context) (store.Assignment, error) {
	id, err := pathID(c)
	if err != nil {
		return store.Assignment{}, err
	}
	ctx := c.Request().Context()
	a, err := s.store.Assignment(ctx, id)
	if err != nil {
		return store.Assignment{}, err
	}
	cl, err := s.store.Class(ctx, a.ClassID)
	if err != nil {
		return store.Assignment{}, err
	}
	if cl.TeacherID != me(c).ID {
		return store.Assignment{}, store.ErrNotFound
	}
	return a, nil
}

func (s *Server) handleAssignmentGet(c echo.Context) error {
	a, err := s.myAssignment(c)
	if err != nil {
		return err
	}
	out, err := s.assignmentViews(c, []store.Assignment{a})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out[0])
}

func (s *Server) handleAssignmentUpdate(c echo.Context) error {
	row, err := s.myAssignment(c)
	if err != nil {
		return err
	}
	var req assignmentRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	ctx := c.Request().Context()
	views, err := s.store.Views(ctx, []store.Assignment{row})
	if err != nil {
		return err
	}
	students, err := s.classStudentSet(c, row.ClassID)
	if err != nil {
		return err
	}
	a := views[0]
	if err := req.apply(&a, students); err != nil {
		return err
	}
	ids := a.StudentIDs
	if req.StudentIDs == nil {
		ids = nil // unchanged
	} else if ids == nil {
		ids = []int64{} // the whole class
	}
	updated := store.NewAssignment(a, row.TeacherID, row.CreatedAt)
	if err := s.store.UpdateAssignment(ctx, updated, ids); err != nil {
		return err
	}
	return s.answerAssignment(c, row.ID)
}

func (s *Server) handleAssignmentArchive(c echo.Context) error {
	row, err := s.myAssignment(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	if err := s.store.ArchiveAssignment(ctx, row.ID, s.now()); err != nil {
		return err
	}
	return s.answerAssignment(c, row.ID)
}

// handleAssignmentUnarchive is the archive's undo: the assignment is back
// as it was, for the same children (an assignment not archived is left as
// it is).
func (s *Server) handleAssignmentUnarchive(c echo.Context) error {
	row, err := s.myAssignment(c)
	if err != nil {
		return err
	}
	if err := s.store.UnarchiveAssignment(c.Request().Context(), row.ID); err != nil {
		return err
	}
	return s.answerAssignment(c, row.ID)
}

// handleStudentAssignments lists what a student is asked to practise now,
// with their own progress this week: for the student, their teacher and
// their parents.
func (s *Server) handleStudentAssignments(c echo.Context) error {
	st, err := s.visibleStudent(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	rows, err := s.store.ActiveAssignmentsFor(ctx, st.ID, s.now())
	if err != nil {
		return err
	}
	out, err := s.assignmentViews(c, rows)
	if err != nil {
		return err
	}
	for i := range out {
		mine := []assignmentDoneJS{}
		for _, p := range out[i].Progress {
			if p.StudentID == st.ID {
				mine = append(mine, p)
			}
		}
		out[i].Progress = mine
		// Aimed at chosen children: the child (or their parent) reads it
		// as aimed at them alone; who else is in the group is not theirs.
		if len(out[i].StudentIDs) > 0 {
			out[i].StudentIDs = []int64{st.ID}
		}
	}
	return c.JSON(http.StatusOK, map[string]any{"assignments": out})
}

// answerAssignment reads the assignment back as stored and answers it as
// the teacher sees it (after an update or an archive).
func (s *Server) answerAssignment(c echo.Context, id int64) error {
	row, err := s.store.Assignment(c.Request().Context(), id)
	if err != nil {
		return err
	}
	out, err := s.assignmentViews(c, []store.Assignment{row})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out[0])
}
