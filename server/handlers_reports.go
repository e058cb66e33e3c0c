package server

import (
	"net/http"

	"github.com/labstack/echo/v4"

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
	r, err := dashboard.LoadParentReport(c.Request().Context(), s.store.Dashboards(), st.ID, s.now(), pageLang(c))
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
}

func (s *Server) handleParentReportPage(c echo.Context) error {
	st, r, err := s.parentReport(c)
	if err != nil {
		return err
	}
	p := reportPage{pageBase: s.newPageBase(c, r.Title), Student: st, Report: r, Back: "/reports"}
	if me(c).Role == RoleTeacher {
		p.Back = "/dashboard/students/" + itoa(st.ID)
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
