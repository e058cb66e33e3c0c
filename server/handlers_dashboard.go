package server

import (
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/dashboard"
	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/store"
)

// teachersAndParents may read a student's progress and report; the handler
// checks the student is theirs (StudentFor). Students read their own
// assignments, not the adults' views.
var teachersAndParents = []Role{RoleTeacher, RoleParent}

// The JSON equivalents of the dashboard pages. Times are RFC 3339 UTC;
// figures a person reads in a page come with their text ("3 days ago") in
// the caller's language; missing values (no accuracy yet) are null.

type alertJSON struct {
	Kind   string `json:"kind"`
	Title  string `json:"title"`
	Reason string `json:"reason"`
}

type assignmentCellJSON struct {
	ID      int64      `json:"id"`
	Title   string     `json:"title"`
	Done    int        `json:"done"`
	Target  targetJSON `json:"target"`
	Percent int        `json:"percent"`
	Text    string     `json:"text"`
	Due     *time.Time `json:"due"`
}

type classRowJSON struct {
	StudentID   int64               `json:"student_id"`
	Name        string              `json:"name"`
	Level       games.LevelName     `json:"level"`
	LevelLabel  string              `json:"level_label"`
	LastPlayed  *time.Time          `json:"last_played"`
	LastText    string              `json:"last_text"`
	Sessions    int                 `json:"sessions"`
	Minutes     int                 `json:"minutes"`
	Accuracy    *float64            `json:"accuracy"`
	FluentFacts int                 `json:"fluent_facts"`
	LevelFacts  int                 `json:"level_facts"`
	Assignment  *assignmentCellJSON `json:"assignment"`
	Alerts      []alertJSON         `json:"alerts"`
	// Played: any session or attempt in the period; a child who did not
	// play is "not played", never "stuck".
	Played        bool   `json:"played"`
	NotPlayedText string `json:"not_played_text,omitempty"`
}

type classDashboardJSON struct {
	ClassID int64      `json:"class_id"`
	Class   string     `json:"class"`
	Week    string     `json:"week"`
	Sort    string     `json:"sort"`
	Desc    bool       `json:"desc"`
	Alerts  int        `json:"alerts"`
	Period  periodJSON `json:"period"`
	// NotPlayed and Stuck count the rows of each state (never the same).
	NotPlayed int            `json:"not_played"`
	Stuck     int            `json:"stuck"`
	Columns   []columnJSON   `json:"columns"`
	Rows      []classRowJSON `json:"rows"`
}

type columnJSON struct {
	Column string `json:"column"`
	Label  string `json:"label"`
}

func timePtr(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	u := t.UTC()
	return &u
}

func numPtr(v float64, ok bool) *float64 {
	if !ok || math.IsNaN(v) {
		return nil
	}
	return &v
}

func toAlertsJSON(as []dashboard.Alert) []alertJSON {
	out := make([]alertJSON, len(as))
	for i, a := range as {
		out[i] = alertJSON{Kind: string(a.Kind), Title: a.Title, Reason: a.Reason}
	}
	return out
}

func toClassDashboardJSON(cl store.Class, d dashboard.ClassDashboard, sort dashboard.Column, desc bool) classDashboardJSON {
	out := classDashboardJSON{ClassID: cl.ID, Class: cl.Name, Week: d.Week.String(), Sort: string(sort), Desc: desc, Alerts: d.Alerts, Rows: []classRowJSON{},
		Period: toPeriodJSON(d.Period), NotPlayed: d.NotPlayed, Stuck: d.Stuck}
	for _, h := range d.Columns {
		out.Columns = append(out.Columns, columnJSON{Column: string(h.Column), Label: h.Label})
	}
	for _, r := range d.Rows {
		row := classRowJSON{
			StudentID: r.StudentID, Name: r.Name, Level: r.Level.Name, LevelLabel: r.LevelLabel,
			LastPlayed: timePtr(r.LastPlayed), LastText: r.LastText, Sessions: r.Sessions, Minutes: r.Minutes,
			Accuracy: numPtr(r.Accuracy, r.HasAccuracy), FluentFacts: r.FluentFacts, LevelFacts: r.LevelFacts,
			Alerts: toAlertsJSON(r.Alerts), Played: r.Played, NotPlayedText: r.NotPlayedText,
		}
		if a := r.Assignment; a != nil {
			row.Assignment = &assignmentCellJSON{ID: a.AssignmentID, Title: a.Title, Done: a.Done, Target: targetJSON(a.Target), Percent: a.Percent, Text: a.Text, Due: timePtr(a.Due)}
		}
		out.Rows = append(out.Rows, row)
	}
	return out
}

// classDashboard loads the teacher's class and its sorted dashboard.
func (s *Server) classDashboard(c echo.Context) (store.Class, dashboard.ClassDashboard, dashboard.Column, bool, error) {
	cl, err := s.myClass(c)
	if err != nil {
		return cl, dashboard.ClassDashboard{}, "", false, err
	}
	period, err := s.periodQuery(c)
	if err != nil {
		return cl, dashboard.ClassDashboard{}, "", false, err
	}
	d, err := dashboard.LoadClassDashboardFor(c.Request().Context(), s.store.Dashboards(), cl.ID, period, s.now(), pageLang(c))
	if err != nil {
		return cl, d, "", false, err
	}
	col, desc := dashboard.ParseColumn(c.QueryParam("sort")), c.QueryParam("desc") == "true"
	d.Sort(col, desc)
	return cl, d, col, desc, nil
}

func (s *Server) handleClassDashboardJSON(c echo.Context) error {
	cl, d, col, desc, err := s.classDashboard(c)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toClassDashboardJSON(cl, d, col, desc))
}

type heatCellJSON struct {
	A        int      `json:"a"`
	B        int      `json:"b"`
	Mastery  *float64 `json:"mastery"`
	Students int      `json:"students"`
	Attempts int      `json:"attempts"`
	Fluent   int      `json:"fluent"`
	Label    string   `json:"label"`
}

type hardFactJSON struct {
	A        int     `json:"a"`
	B        int     `json:"b"`
	Mastery  float64 `json:"mastery"`
	Students int     `json:"students"`
	Fluent   int     `json:"fluent"`
	Text     string  `json:"text"`
}

type heatmapJSON struct {
	Title   string         `json:"title"`
	Cells   []heatCellJSON `json:"cells"`
	Hardest []hardFactJSON `json:"hardest"`
}

func toHeatmapJSON(h dashboard.Heatmap) heatmapJSON {
	out := heatmapJSON{Title: h.Title, Cells: make([]heatCellJSON, len(h.Cells)), Hardest: []hardFactJSON{}}
	for i, c := range h.Cells {
		out.Cells[i] = heatCellJSON{A: c.A, B: c.B, Mastery: numPtr(c.Mastery, c.HasData), Students: c.Students, Attempts: c.Attempts, Fluent: c.Fluent, Label: c.Label}
	}
	for _, f := range h.Hardest {
		out.Hardest = append(out.Hardest, hardFactJSON{A: f.Fact.A, B: f.Fact.B, Mastery: f.Mastery, Students: f.Students, Fluent: f.Fluent, Text: f.Text})
	}
	return out
}

// classHeatmapJSON is the class heatmap, with ?fact=7x8 the children who
// do not know that fact by heart (the page's list).
type classHeatmapJSON struct {
	heatmapJSON
	FactChildren *factChildrenJSON `json:"fact_children,omitempty"`
}

type factChildJSON struct {
	StudentID int64    `json:"student_id"`
	Name      string   `json:"name"`
	Mastery   *float64 `json:"mastery"`
}

type factChildrenJSON struct {
	A       int             `json:"a"`
	B       int             `json:"b"`
	Title   string          `json:"title"`
	Tried   []factChildJSON `json:"tried"`
	Untried []factChildJSON `json:"untried"`
}

func toFactChildrenJSON(l dashboard.FactChildren) *factChildrenJSON {
	out := &factChildrenJSON{A: l.Fact.A, B: l.Fact.B, Title: l.Title, Tried: []factChildJSON{}, Untried: []factChildJSON{}}
	for _, c := range l.Tried {
		out.Tried = append(out.Tried, factChildJSON{StudentID: c.StudentID, Name: c.Name, Mastery: numPtr(c.Mastery, true)})
	}
	for _, c := range l.Untried {
		out.Untried = append(out.Untried, factChildJSON{StudentID: c.StudentID, Name: c.Name})
	}
	return out
}

func (s *Server) handleClassHeatmapJSON(c echo.Context) error {
	cl, err := s.myClass(c)
	if err != nil {
		return err
	}
	fact, chosen, err := factQuery(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	h, err := dashboard.LoadClassHeatmap(ctx, s.store.Dashboards(), cl.ID, cl.Name, pageLang(c))
	if err != nil {
		return err
	}
	out := classHeatmapJSON{heatmapJSON: toHeatmapJSON(h)}
	if chosen {
		l, err := dashboard.LoadFactChildren(ctx, s.store.Dashboards(), cl.ID, fact, pageLang(c))
		if err != nil {
			return err
		}
		out.FactChildren = toFactChildrenJSON(l)
	}
	return c.JSON(http.StatusOK, out)
}

type weekJSON struct {
	Week        string   `json:"week"`
	Label       string   `json:"label"`
	Sessions    int      `json:"sessions"`
	Minutes     int      `json:"minutes"`
	Attempts    int      `json:"attempts"`
	Accuracy    *float64 `json:"accuracy"`
	TypicalMS   int64    `json:"typical_ms"`
	FluentFacts int      `json:"fluent_facts"`
}

type historyJSON struct {
	At       time.Time `json:"at"`
	From     string    `json:"from"`
	To       string    `json:"to"`
	Decision string    `json:"decision"`
	Reason   string    `json:"reason"`
}

type sessionJSON struct {
	ID       int64  `json:"id"`
	When     string `json:"when"`
	Game     string `json:"game"`
	Level    string `json:"level"`
	Minutes  int    `json:"minutes"`
	Attempts int    `json:"attempts"`
	Accuracy string `json:"accuracy"`
	Timers   string `json:"timers"`
}

type studentProgressJSON struct {
	Student    studentJSON   `json:"student"`
	LevelLabel string        `json:"level_label"`
	Period     periodJSON    `json:"period"`
	Heatmap    heatmapJSON   `json:"heatmap"`
	Weeks      []weekJSON    `json:"weeks"`
	History    []historyJSON `json:"history"`
	Sessions   []sessionJSON `json:"sessions"`
}

func toWeeksJSON(pts []dashboard.WeekPoint) []weekJSON {
	out := make([]weekJSON, len(pts))
	for i, p := range pts {
		out[i] = weekJSON{Week: p.Week.String(), Label: p.Label, Sessions: p.Sessions, Minutes: p.Minutes, Attempts: p.Attempts,
			Accuracy: numPtr(p.Accuracy, p.Attempts > 0), TypicalMS: p.TypicalMS, FluentFacts: p.FluentFacts}
	}
	return out
}

func toStudentProgressJSON(st store.Student, p dashboard.StudentPage) studentProgressJSON {
	out := studentProgressJSON{Student: toStudentJSON(st), LevelLabel: p.LevelLabel, Period: toPeriodJSON(p.Period), Heatmap: toHeatmapJSON(p.Heatmap),
		Weeks: toWeeksJSON(p.Weeks), History: []historyJSON{}, Sessions: []sessionJSON{}}
	for _, h := range p.History {
		out.History = append(out.History, historyJSON{At: h.At.UTC(), From: h.From, To: h.To, Decision: h.Decision, Reason: h.Reason})
	}
	for _, r := range p.Sessions {
		out.Sessions = append(out.Sessions, sessionJSON(r))
	}
	return out
}

// visibleToAdult loads the path's student for their teacher or a linked
// parent (the route lets only these roles in).
func (s *Server) studentPage(c echo.Context) (store.Student, dashboard.StudentPage, error) {
	st, err := s.visibleStudent(c)
	if err != nil {
		return st, dashboard.StudentPage{}, err
	}
	period, err := s.periodQuery(c)
	if err != nil {
		return st, dashboard.StudentPage{}, err
	}
	p, err := dashboard.LoadStudentPageFor(c.Request().Context(), s.store.Dashboards(), st.ID, period, s.now(), pageLang(c))
	return st, p, err
}

func (s *Server) handleStudentProgressJSON(c echo.Context) error {
	st, p, err := s.studentPage(c)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toStudentProgressJSON(st, p))
}

type figuresJSON struct {
	Sessions    int      `json:"sessions"`
	Minutes     int      `json:"minutes"`
	Attempts    int      `json:"attempts"`
	Accuracy    *float64 `json:"accuracy"`
	FluentFacts int      `json:"fluent_facts"`
}

type practiseJSON struct {
	A    int    `json:"a"`
	B    int    `json:"b"`
	Text string `json:"text"`
	Tip  string `json:"tip"`
}

type parentReportJSON struct {
	StudentID   int64          `json:"student_id"`
	Child       string         `json:"child"`
	Title       string         `json:"title"`
	Week        string         `json:"week"`
	WeekText    string         `json:"week_text"`
	Period      periodJSON     `json:"period"`
	This        figuresJSON    `json:"this_week"`
	Last        figuresJSON    `json:"last_week"`
	FluentFacts int            `json:"fluent_facts"`
	LevelLabel  string         `json:"level_label"`
	LevelFluent int            `json:"level_fluent"`
	LevelFacts  int            `json:"level_facts"`
	Mastered    string         `json:"mastered"`
	Minutes     int            `json:"minutes"`
	TimeText    string         `json:"time_text"`
	Practise    []practiseJSON `json:"practise"`
	Trend       []trendJSON    `json:"trend"`
}

type trendJSON struct {
	Week        string `json:"label"`
	FluentFacts int    `json:"fluent_facts"`
}

func toFiguresJSON(f dashboard.WeekFigures) figuresJSON {
	return figuresJSON{Sessions: f.Sessions, Minutes: f.Minutes, Attempts: f.Attempts, Accuracy: numPtr(f.Accuracy, f.Attempts > 0), FluentFacts: f.FluentFacts}
}

func toParentReportJSON(id int64, r dashboard.ParentReport) parentReportJSON {
	out := parentReportJSON{
		StudentID: id, Child: r.Child, Title: r.Title, Week: r.Week.String(), WeekText: r.WeekText, Period: toPeriodJSON(r.Period),
		This: toFiguresJSON(r.This), Last: toFiguresJSON(r.Last), FluentFacts: r.FluentFacts, LevelLabel: r.LevelLabel,
		LevelFluent: r.LevelFluent, LevelFacts: r.LevelFacts, Mastered: r.Mastered, Minutes: r.Minutes, TimeText: r.TimeText,
		Practise: []practiseJSON{}, Trend: []trendJSON{},
	}
	for _, p := range r.Practise {
		out.Practise = append(out.Practise, practiseJSON{A: p.Fact.A, B: p.Fact.B, Text: p.Text, Tip: p.Tip})
	}
	for _, row := range r.Trend.Table.Rows {
		if len(row) >= 2 {
			n, _ := strconv.Atoi(row[1]) // the chart's table: whole numbers
			out.Trend = append(out.Trend, trendJSON{Week: row[0], FluentFacts: n})
		}
	}
	return out
}
