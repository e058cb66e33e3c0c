package server

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// Privacy: the student's teacher can download everything the
// platform stores about the student, and erase the student. Parents and the
// student themself ask the teacher, who knows the child and the school's
// rules; the erasure cannot be undone, so the page confirms it first.

func (s *Server) handleStudentExport(c echo.Context) error {
	st, err := s.visibleStudent(c) // a teacher route: their own students only
	if err != nil {
		return err
	}
	out, err := s.store.ExportStudent(c.Request().Context(), st.ID, s.now())
	if err != nil {
		return err
	}
	c.Response().Header().Set("Content-Disposition", `attachment; filename="student-export.json"`)
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusOK, out)
}

func (s *Server) handleStudentErase(c echo.Context) error {
	st, err := s.visibleStudent(c) // a teacher route: their own students only
	if err != nil {
		return err
	}
	if err := s.store.EraseStudent(c.Request().Context(), st.ID); err != nil {
		return err
	}
	s.logger.Info("student erased", "teacher", me(c).ID, "student", st.ID)
	return c.NoContent(http.StatusNoContent)
}
