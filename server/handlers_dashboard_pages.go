package server

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"time"

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

// pageLang is the page's language, the same for the whole visit:
//
//  1. ?lang=fr|en: the language switch's link, and the links of a page to
//     the pages of the same visit;
//  2. else the "lang" cookie: the last choice, stored by rememberLang on
//     every adult page opened with ?lang= (the switch included), and by
//     the switch of the pages drawn by scripts (the home, the sign-in and
//     the children's pages: lib/i18n.js sets the same cookie);
//  3. else the French or English tag the browser's Accept-Language weighs
//     most, else English (langOf, which the API's error messages use too,
//     and which lib/i18n.js's browserLang agrees with).
//
// A first visit without the cookie: a link with ?lang= is shown in that
// language and the choice is stored; without ?lang= the page follows the
// browser's languages and nothing is stored, so that the browser keeps
// deciding until the reader chooses (the switch).
func pageLang(c echo.Context) string {
	if l := c.QueryParam("lang"); l == "fr" || l == "en" {
		return l
	}
	return langOf(c)
}

// langCookieLife is how long the "lang" cookie is kept: a year, as
// lib/i18n.js's setLang keeps it.
const langCookieLife = 365 * 24 * time.Hour

// rememberLang stores a page's ?lang= in the "lang" cookie, so that the
// pages reached without it (the logo's /home, "← Back" to /reports, a
// bookmark) stay in the language chosen. Readable by the pages' scripts
// (lib/i18n.js reads it), like the one setLang writes. A language
// preference, not a secret: another site linking to a page with ?lang=
// can at most change the language the next pages are shown in.
func (s *Server) rememberLang(c echo.Context) {
	l := c.QueryParam("lang")
	if l != "fr" && l != "en" {
		return
	}
	if ck, err := c.Cookie("lang"); err == nil && ck.Value == l {
		return
	}
	c.SetCookie(&http.Cookie{
		Name: "lang", Value: l, Path: "/", MaxAge: int(langCookieLife / time.Second),
		Secure: s.cfg.SecureCookies, SameSite: http.SameSiteLaxMode,
	})
}

// pageBase is what every dashboard page's layout needs.
type pageBase struct {
	Lang    string
	T       map[string]string
	P       map[string]string // the "polish." texts
	Here    string            // the page's path, for the link to it marked "you are here"
	Title   string
	Parent  bool   // the top bar links to the reports, not the dashboards
	SelfEN  string // the same page in English / French
	SelfFR  string
	Scripts []string
	Bar     topBar
}

func (s *Server) newPageBase(c echo.Context, title string) pageBase {
	lang := pageLang(c)
	return pageBase{Lang: lang, T: catalog.Section(lang, "dashpage."), P: catalog.Section(lang, "polish."), Here: c.Request().URL.Path, Title: title, Parent: me(c).Role == RoleParent,
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
	Class store.Class
	Week  string
	Weeks weekNav
	// NotPlayed and Stuck count the two states, kept apart; a row not
	// played says NotPlayedShort (the period is named above the table,
	// and a short word keeps a class of 30 on one screen).
	NotPlayed, Stuck, NotPlayedShort string
	Headers                          []headerCell
	Rows                             []dashboard.ClassRow
	Alerts                           int
	Today                            string
}

// sortHeaders links each column header to its sort, on the same weeks.
func sortHeaders(d dashboard.ClassDashboard, col dashboard.Column, desc bool, lang string, period url.Values) []headerCell {
	out := make([]headerCell, len(d.Columns))
	for i, h := range d.Columns {
		q := url.Values{"sort": {string(h.Column)}, "lang": {lang}}
		for k, v := range period {
			q[k] = v
		}
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
	p.Week = d.Period.Text
	p.Weeks = newWeekNav(c, d.Period, p.Lang, s.now())
	p.NotPlayed = d.NotPlayedText
	p.Stuck = catalog.T(p.Lang, "weeks.stuck_count", "n", d.Stuck)
	p.NotPlayedShort = catalog.T(p.Lang, "weeks.not_played_short")
	// A sort keeps the weeks asked for (none: the default week stays
	// the default, which may move when someone plays).
	var period url.Values
	if c.QueryParam("week") != "" || c.QueryParam("from") != "" || c.QueryParam("to") != "" {
		period = periodValues(d.Period.Period)
	}
	p.Headers = sortHeaders(d, col, desc, p.Lang, period)
	p.Title = fmt.Sprintf("%s — %s", p.T["class_dashboard"], cl.Name)
	return s.render(c, "dash_class.html", p)
}

type dashHeatmapPage struct {
	pageBase
	Class   store.Class
	Heatmap dashboard.Heatmap
	// Fact is the chosen cell's list (?fact=7x8), nil when none is chosen;
	// Close links back to the heatmap without it.
	Fact        *dashboard.FactChildren
	Close, Hint string
	Note        string
	TriedTitle  string
	UntriedText string
	CloseText   string
}

// handleClassHeatmapPage shows the class heatmap; each cell links to
// ?fact=AxB, which lists below the picture the children who do not know
// that fact by heart (server-rendered: no script, nothing the CSP blocks,
// a link the keyboard follows). The heatmap is what the children know
// today: it has no weeks to move through.
func (s *Server) handleClassHeatmapPage(c echo.Context) error {
	cl, err := s.myClass(c)
	if err != nil {
		return err
	}
	fact, chosen, err := factQuery(c)
	if err != nil {
		return err
	}
	lang := pageLang(c)
	ctx := c.Request().Context()
	h, err := dashboard.LoadClassHeatmap(ctx, s.store.Dashboards(), cl.ID, cl.Name, lang)
	if err != nil {
		return err
	}
	t := func(key string) string { return catalog.T(lang, "weeks."+key) }
	p := dashHeatmapPage{pageBase: s.newPageBase(c, h.Title), Class: cl, Hint: t("fact_hint"), Note: t("heatmap_note"),
		TriedTitle: t("fact_tried"), UntriedText: t("fact_untried"), CloseText: t("fact_close"),
		Close: "?" + url.Values{"lang": {lang}}.Encode()}
	if chosen {
		list, err := dashboard.LoadFactChildren(ctx, s.store.Dashboards(), cl.ID, fact, lang)
		if err != nil {
			return err
		}
		p.Fact = &list
	}
	h.LinkCells(lang, fmt.Sprintf("c%d-heat", cl.ID), fact, func(a, b int) string {
		return "?" + url.Values{"fact": {fmt.Sprintf("%dx%d", a, b)}, "lang": {lang}}.Encode() + "#fact-children"
	})
	p.Heatmap = h
	return s.render(c, "dash_heatmap.html", p)
}

type sessionLink struct {
	dashboard.SessionRow
	GameIDs []int64
}

type dashStudentPage struct {
	pageBase
	Weeks weekNav
	// Same is the query of the same weeks (and language), for the link to
	// the child's report.
	Same     string
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
	period, err := s.periodQuery(c)
	if err != nil {
		return err
	}
	page, err := dashboard.LoadStudentPageFor(ctx, s.store.Dashboards(), st.ID, period, s.now(), lang)
	if err != nil {
		return err
	}
	cl, err := s.store.Class(ctx, st.ClassID)
	if err != nil {
		return err
	}
	p := dashStudentPage{pageBase: s.newPageBase(c, st.DisplayName), Student: st, Class: cl, Page: page}
	p.Weeks = newWeekNav(c, page.Period, lang, s.now())
	p.Same = samePeriod(c, page.Period.Period, lang)
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
	kids, err := s.store.StudentsOf(ctx, cl.ID)
	if err != nil {
		return err
	}
	// Each card lists every child it is for (the whole class, or the
	// chosen ones), those who have not played this week with 0.
	roster := make([]int64, len(kids))
	for i, k := range kids {
		roster[i] = k.ID
	}
	list, err := s.assignmentViewsOf(c, all, roster)
	if err != nil {
		return err
	}
	cards, err := s.assignmentCards(ctx, lang, all, list, cl.ID)
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
