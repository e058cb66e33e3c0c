package server

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/dashboard"
)

// exportQuery reads ?from=YYYY-MM-DD&to=YYYY-MM-DD: both days included (to
// runs through its last second), either may be left out.
func exportQuery(c echo.Context, classID int64) (dashboard.ExportQuery, error) {
	q := dashboard.ExportQuery{ClassID: classID}
	if v := strings.TrimSpace(c.QueryParam("from")); v != "" {
		t, err := parseDay("from", v, false)
		if err != nil {
			return q, err
		}
		q.From = t
	}
	if v := strings.TrimSpace(c.QueryParam("to")); v != "" {
		t, err := parseDay("to", v, false)
		if err != nil {
			return q, err
		}
		if len(v) == len(dateLayout) {
			t = t.AddDate(0, 0, 1)
		}
		q.To = t
	}
	if !q.From.IsZero() && !q.To.IsZero() && !q.From.Before(q.To) {
		return q, invalid("to", "due_before")
	}
	return q, nil
}

// startCSV sends the headers of a CSV download; the body is streamed row
// by row after it, so a large class never sits in memory.
func startCSV(c echo.Context, name string) {
	h := c.Response().Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", name))
	h.Set("Cache-Control", "no-store")
	c.Response().WriteHeader(http.StatusOK)
}

func (s *Server) handleExportAttempts(c echo.Context) error {
	cl, err := s.myClass(c)
	if err != nil {
		return err
	}
	q, err := exportQuery(c, cl.ID)
	if err != nil {
		return err
	}
	startCSV(c, fmt.Sprintf("attempts-class-%d-%s.csv", cl.ID, s.now().Format(dateLayout)))
	if err := dashboard.ExportAttempts(c.Request().Context(), s.store.Dashboards(), q, c.Response()); err != nil {
		// The status is sent: all that is left is to log and stop.
		s.logger.Error("export attempts", "class", cl.ID, "err", err)
	}
	return nil
}

func (s *Server) handleExportFactStats(c echo.Context) error {
	cl, err := s.myClass(c)
	if err != nil {
		return err
	}
	q, err := exportQuery(c, cl.ID)
	if err != nil {
		return err
	}
	startCSV(c, fmt.Sprintf("fact-stats-class-%d-%s.csv", cl.ID, s.now().Format(dateLayout)))
	if err := dashboard.ExportFactStats(c.Request().Context(), s.store.Dashboards(), q, c.Response()); err != nil {
		s.logger.Error("export fact stats", "class", cl.ID, "err", err)
	}
	return nil
}
