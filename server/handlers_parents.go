package server

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/server/credential"
	"github.com/multipli/multipli/store"
)

type parentLinkRequest struct {
	Code string `json:"code"`
}

// handleParentLink redeems a teacher's one-time code. Wrong codes count as
// failed logins of the parent and the address: codes are bearer secrets.
func (s *Server) handleParentLink(c echo.Context) error {
	var req parentLinkRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if strings.TrimSpace(req.Code) == "" {
		return invalid("code", "required")
	}
	ctx, p := c.Request().Context(), me(c)
	account := accountBucket("parent-code", strconv.FormatInt(p.ID, 10))
	guess, err := s.takeGuess(ctx, s.accountRule(account), s.addressRule(c.RealIP()))
	if err != nil {
		return err
	}
	link, err := s.store.RedeemParentCode(ctx, credential.HashCode(req.Code), p.ID, s.now())
	switch {
	case errors.Is(err, store.ErrNotFound), errors.Is(err, store.ErrCodeUsed):
		return errBadCode
	case errors.Is(err, store.ErrConflict):
		if err := s.guessWasRight(ctx, guess); err != nil {
			return err
		}
		return invalid("code", "already_linked")
	case err != nil:
		return err
	}
	if err := s.guessWasRight(ctx, guess, account); err != nil {
		return err
	}
	st, err := s.store.Student(ctx, link.StudentID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]any{"child": toStudentJSON(st)})
}

// handleChildren lists the caller's linked children.
func (s *Server) handleChildren(c echo.Context) error {
	kids, err := s.store.ChildrenOf(c.Request().Context(), me(c).ID)
	if err != nil {
		return err
	}
	out := make([]studentJSON, 0, len(kids))
	for _, k := range kids {
		out = append(out, toStudentJSON(k))
	}
	return c.JSON(http.StatusOK, map[string]any{"children": out})
}

// handleParentUnlink removes a parent's link to a child, for the child's
// teacher (the roster page's "Unlink"). The parent loses access at once:
// every request checks the link (StudentFor).
func (s *Server) handleParentUnlink(c echo.Context) error {
	st, err := s.visibleStudent(c)
	if err != nil {
		return err
	}
	parentID, err := strconv.ParseInt(c.Param("parent_id"), 10, 64)
	if err != nil || parentID <= 0 {
		return invalid("parent_id", "bad_id")
	}
	if err := s.store.Unlink(c.Request().Context(), parentID, st.ID); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
