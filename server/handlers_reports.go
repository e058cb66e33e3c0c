package server

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/catalog"
	"github.com/multipli/multipli/dashboard"
	"github.com/multipli/multipli/store"
)

// The parent report: one page per child and week, in French or English,
// printable on one A4 sheet (report.css holds the print rules). Parents see
// only their linked children, teachers their students (StudentFor).

func (s *Server) parentReport(c echo.Context) (store.Student, dashboard.ParentReport, error) {
	st, err := s.visibleStudent(c)
	if err != nil {
		return st, dashboard.ParentReport{}, err
	}
	period, err := s.periodQuery(c)
	if err != nil {
		return st, dashboard.ParentReport{}, err
	}
	r, err := dashboard.LoadParentReportFor(c.Request().Context(), s.store.Dashboards(), st.ID, period, s.now(), pageLang(c))
	return st, r, err
}

func (s *Server) handleParentReportJSON(c echo.Context) error {
	st, r, err := s.parentReport(c)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toParentReportJSON(st.ID, r))
}

type reportPage struct {
	pageBase
	Student store.Student
	Report  dashboard.ParentReport
	Back    string
	Weeks   weekNav
	// School names the child's class and teacher, so that a parent with
	// two children (or a printed sheet) knows whose report it is.
	School string
}

func (s *Server) handleParentReportPage(c echo.Context) error {
	st, r, err := s.parentReport(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	cl, err := s.store.Class(ctx, st.ClassID)
	if err != nil {
		return err
	}
	teacher, err := s.store.Teacher(ctx, cl.TeacherID)
	if err != nil {
		return err
	}
	p := reportPage{pageBase: s.newPageBase(c, r.Title), Student: st, Report: r, Back: "/reports"}
	p.Weeks = newWeekNav(c, r.Period, p.Lang, s.now())
	p.School = catalog.T(p.Lang, "weeks.class_teacher", "class", cl.Name, "teacher", teacher.Name)
	if me(c).Role == RoleTeacher {
		p.Back = "/dashboard/students/" + itoa(st.ID) + samePeriod(c, r.Period.Period, p.Lang)
	}
	p.Scripts = []string{"/static/dash/print.js"}
	return s.render(c, "report.html", p)
}

type reportsIndexPage struct {
	pageBase
	Children []store.Student
}

func (s *Server) handleReportsIndex(c echo.Context) error {
	kids, err := s.store.ChildrenOf(c.Request().Context(), me(c).ID)
	if err != nil {
		return err
	}
	p := reportsIndexPage{pageBase: s.newPageBase(c, ""), Children: kids}
	p.Title = p.T["children"]
	return s.render(c, "reports_index.html", p)
}
