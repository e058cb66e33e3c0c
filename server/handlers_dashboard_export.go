package server

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/dashboard"
)

// exportQuery reads ?from=YYYY-MM-DD&to=YYYY-MM-DD: both days included (to
// runs through its last second), either may be left out. The file is
// written for a spreadsheet in the page's language (?lang=, which the
// dashboard's export links carry, else the caller's language): French
// Excel opens it as is only with ";" and decimal commas.
func exportQuery(c echo.Context, classID int64) (dashboard.ExportQuery, error) {
	q := dashboard.ExportQuery{ClassID: classID, Format: dashboard.SpreadsheetCSV(pageLang(c))}
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
		return q, invalid("to", "range_reversed")
	}
	return q, nil
}

// csvHeld is how much of a CSV export is built before anything is sent.
// An export that fits (a class's fact statistics, a term of a class's
// answers) is sent whole, with its Content-Length, or not at all: a
// database error answers the usual JSON error (500 or 503), never a 200.
// Past it the rest streams, so a very large class does not sit in memory;
// a failure then cuts the connection (abortExport).
const csvHeld = 1 << 20

// csvAnswer sends the headers of a CSV download at its first write.
type csvAnswer struct {
	c       echo.Context
	name    string
	started bool
}

func (a *csvAnswer) start(length int) {
	h := a.c.Response().Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", a.name))
	h.Set("Cache-Control", "no-store")
	if length >= 0 {
		h.Set("Content-Length", strconv.Itoa(length))
	}
	a.c.Response().WriteHeader(http.StatusOK)
	a.started = true
}

func (a *csvAnswer) Write(p []byte) (int, error) {
	if !a.started {
		a.start(-1)
	}
	return a.c.Response().Write(p)
}

// sendCSV runs an export into the answer (see csvHeld). A failure after
// the first bytes were sent aborts the connection without the end of the
// chunked body: the browser marks the download failed and curl or a
// script sees a cut transfer, where a clean end would pass a partial
// file for a whole one.
func (s *Server) sendCSV(c echo.Context, name string, export func(w io.Writer) error) error {
	out := &csvAnswer{c: c, name: name}
	buf := bufio.NewWriterSize(out, csvHeld)
	err := export(buf)
	if err == nil && !out.started {
		out.start(buf.Buffered())
	}
	if err == nil {
		err = buf.Flush()
	}
	if err == nil {
		return nil
	}
	if !out.started {
		return err
	}
	s.logger.Error("export failed after it started: connection cut", "route", c.Path(), "file", name, "err", err)
	panic(http.ErrAbortHandler)
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
	name := fmt.Sprintf("attempts-class-%d-%s.csv", cl.ID, s.now().Format(dateLayout))
	return s.sendCSV(c, name, func(w io.Writer) error {
		return dashboard.ExportAttempts(c.Request().Context(), s.store.Dashboards(), q, w)
	})
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
	name := fmt.Sprintf("fact-stats-class-%d-%s.csv", cl.ID, s.now().Format(dateLayout))
	return s.sendCSV(c, name, func(w io.Writer) error {
		return dashboard.ExportFactStats(c.Request().Context(), s.store.Dashboards(), q, w)
	})
}
