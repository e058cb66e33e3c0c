package server

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/catalog"
	"github.com/multipli/multipli/dashboard"
	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/store"
)

// The teacher's dashboard pages: rendered on the server from the
// dashboard package's views, no script needed to read them (sorting is a
// link per column header; cells of the heatmaps are focusable SVG with
// their value in words; a data table stands behind every picture).

// pageLang is the page's language: ?lang=fr|en (the links of the language
// switch), else the lang cookie or the browser's languages.
func pageLang(c echo.Context) string {
	if l := c.QueryParam("lang"); l == "fr" || l == "en" {
		return l
	}
	return langOf(c)
}

// pageBase is what every dashboard page's layout needs.
type pageBase struct {
	Lang    string
	T       map[string]string
	Title   string
	Parent  bool   // the top bar links to the reports, not the dashboards
	SelfEN  string // the same page in English / French
	SelfFR  string
	Scripts []string
	Bar     topBar
}

func (s *Server) newPageBase(c echo.Context, title string) pageBase {
	lang := pageLang(c)
	return pageBase{Lang: lang, T: catalog.Section(lang, "dashpage."), Title: title, Parent: me(c).Role == RoleParent,
		SelfEN: withLang(c, "en"), SelfFR: withLang(c, "fr"), Bar: s.newTopBar(c, lang)}
}

func withLang(c echo.Context, lang string) string {
	u := *c.Request().URL
	q := u.Query()
	q.Set("lang", lang)
	u.RawQuery = q.Encode()
	return u.RequestURI()
}

// render executes a template into a buffer first, so that a failing
// template gives a clean 500 rather than half a page.
func (s *Server) render(c echo.Context, name string, data any) error {
	var buf bytes.Buffer
	if err := s.web.templates.ExecuteTemplate(&buf, name, data); err != nil {
		return fmt.Errorf("server: render %s: %w", name, err)
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.HTMLBlob(http.StatusOK, buf.Bytes())
}

type dashIndexPage struct {
	pageBase
	Classes []store.Class
}

func (s *Server) handleDashboardIndex(c echo.Context) error {
	classes, err := s.store.ClassesOf(c.Request().Context(), me(c).ID, false)
	if err != nil {
		return err
	}
	p := dashIndexPage{pageBase: s.newPageBase(c, ""), Classes: classes}
	p.Title = p.T["dashboards"]
	return s.render(c, "dash_index.html", p)
}

// headerCell is a sortable column header: its link flips the order when
// the column is already the sort key.
type headerCell struct {
	Label string
	Href  string
	Sort  string // aria-sort: "ascending", "descending" or "none"
}

type dashClassPage struct {
	pageBase
	Class   store.Class
	Week    string
	Headers []headerCell
	Rows    []dashboard.ClassRow
	Alerts  int
	Today   string
}

func sortHeaders(d dashboard.ClassDashboard, col dashboard.Column, desc bool, lang string) []headerCell {
	out := make([]headerCell, len(d.Columns))
	for i, h := range d.Columns {
		q := url.Values{"sort": {string(h.Column)}, "lang": {lang}}
		cell := headerCell{Label: h.Label, Sort: "none"}
		if h.Column == col {
			cell.Sort = "ascending"
			if desc {
				cell.Sort = "descending"
			} else {
				q.Set("desc", "true")
			}
		}
		cell.Href = "?" + q.Encode()
		out[i] = cell
	}
	return out
}

func (s *Server) handleClassDashboardPage(c echo.Context) error {
	cl, d, col, desc, err := s.classDashboard(c)
	if err != nil {
		return err
	}
	p := dashClassPage{pageBase: s.newPageBase(c, cl.Name), Class: cl, Rows: d.Rows, Alerts: d.Alerts}
	p.Week = dashboard.WeekText(p.Lang, d.Week)
	p.Headers = sortHeaders(d, col, desc, p.Lang)
	p.Title = fmt.Sprintf("%s — %s", p.T["class_dashboard"], cl.Name)
	return s.render(c, "dash_class.html", p)
}

type dashHeatmapPage struct {
	pageBase
	Class   store.Class
	Heatmap dashboard.Heatmap
}

func (s *Server) handleClassHeatmapPage(c echo.Context) error {
	cl, err := s.myClass(c)
	if err != nil {
		return err
	}
	lang := pageLang(c)
	h, err := dashboard.LoadClassHeatmap(c.Request().Context(), s.store.Dashboards(), cl.ID, cl.Name, lang)
	if err != nil {
		return err
	}
	return s.render(c, "dash_heatmap.html", dashHeatmapPage{pageBase: s.newPageBase(c, h.Title), Class: cl, Heatmap: h})
}

type sessionLink struct {
	dashboard.SessionRow
	GameIDs []int64
}

type dashStudentPage struct {
	pageBase
	Student  store.Student
	Class    store.Class
	Page     dashboard.StudentPage
	Sessions []sessionLink
}

func (s *Server) handleStudentDashboardPage(c echo.Context) error {
	ctx := c.Request().Context()
	st, err := s.visibleStudent(c)
	if err != nil {
		return err
	}
	lang := pageLang(c)
	page, err := dashboard.LoadStudentPage(ctx, s.store.Dashboards(), st.ID, s.now(), lang)
	if err != nil {
		return err
	}
	cl, err := s.store.Class(ctx, st.ClassID)
	if err != nil {
		return err
	}
	p := dashStudentPage{pageBase: s.newPageBase(c, st.DisplayName), Student: st, Class: cl, Page: page}
	for _, r := range page.Sessions {
		gs, err := s.store.GamesOfSession(ctx, r.ID)
		if err != nil {
			return err
		}
		link := sessionLink{SessionRow: r}
		for _, g := range gs {
			link.GameIDs = append(link.GameIDs, g.ID)
		}
		p.Sessions = append(p.Sessions, link)
	}
	return s.render(c, "dash_student.html", p)
}

type dashAssignmentsPage struct {
	pageBase
	Class       store.Class
	Assignments []assignmentCard
	// Ended are the archived assignments, newest first, with their
	// summaries; A holds the assignment texts (the "assign." keys).
	Ended    []assignmentCard
	A        map[string]string
	Students []store.Student
	Names    map[int64]string
	Today    string
	// Levels and Games are the registry's, in its order (the form offers
	// no list of its own).
	Levels []levelChoice
	Games  []games.Game
}

// levelChoice is a ladder level of the assignment form and the key of its
// label in dashLabels.
type levelChoice struct {
	Name games.LevelName
	Key  string
}

// levelChoices lists the ladder's levels with their labels' keys.
func levelChoices() []levelChoice {
	var out []levelChoice
	for _, n := range games.Ladder() {
		key := "level_" + string(n)
		switch n {
		case games.LevelAll10:
			key = "level_all"
		case games.LevelAll12:
			key = "level_all12"
		}
		out = append(out, levelChoice{Name: n, Key: key})
	}
	return out
}

func (s *Server) handleAssignmentsPage(c echo.Context) error {
	cl, err := s.myClass(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	lang := pageLang(c)
	rows, err := s.store.AssignmentsOfClass(ctx, cl.ID)
	if err != nil {
		return err
	}
	archived, err := s.store.ArchivedAssignmentsOfClass(ctx, cl.ID)
	if err != nil {
		return err
	}
	archived = archived[:min(len(archived), maxEndedShown)]
	all := append(slices.Clone(rows), archived...)
	list, err := s.assignmentViews(c, all)
	if err != nil {
		return err
	}
	cards, err := s.assignmentCards(ctx, lang, all, list, cl.ID)
	if err != nil {
		return err
	}
	kids, err := s.store.StudentsOf(ctx, cl.ID)
	if err != nil {
		return err
	}
	p := dashAssignmentsPage{pageBase: s.newPageBase(c, cl.Name), Class: cl, Assignments: cards[:len(rows)], Ended: cards[len(rows):],
		A: catalog.Section(lang, "assign."), Students: kids, Names: map[int64]string{}, Today: s.now().Format(dateLayout),
		Levels: levelChoices(), Games: games.Registry()}
	for _, k := range kids {
		p.Names[k.ID] = k.DisplayName
	}
	for i := range cards {
		cards[i].T, cards[i].A, cards[i].Names = p.T, p.A, p.Names
	}
	// Who did it, as the class list reads: by name (French collation).
	byName := catalog.NameOrder()
	for _, a := range p.Assignments {
		slices.SortStableFunc(a.Progress, func(x, y assignmentDoneJS) int { return byName(p.Names[x.StudentID], p.Names[y.StudentID]) })
	}
	p.Title = fmt.Sprintf("%s — %s", p.T["assignments"], cl.Name)
	p.Scripts = []string{"/static/dash/assignments.js"}
	return s.render(c, "dash_assignments.html", p)
}

// intParam reads an optional non-negative integer query parameter.
func intParam(c echo.Context, name string, def int) int {
	if v, err := strconv.Atoi(c.QueryParam(name)); err == nil && v >= 0 {
		return v
	}
	return def
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
