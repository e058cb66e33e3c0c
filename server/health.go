package server

import (
	"context"
	_ "embed"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
)

// handleHealthz says the process is up; it touches nothing else.
func (s *Server) handleHealthz(c echo.Context) error {
	return c.JSON(http.StatusOK, map[string]string{"status": "ok"})
}

// handleReadyz says the database answers, so a load balancer only sends
// traffic to instances that can serve it.
func (s *Server) handleReadyz(c echo.Context) error {
	ctx, cancel := context.WithTimeout(c.Request().Context(), 2*time.Second)
	defer cancel()
	if err := s.store.Ping(ctx); err != nil {
		s.logger.Warn("not ready", "err", err)
		return c.JSON(http.StatusServiceUnavailable, errorBody{Error: errorDetail{Code: "not_ready", Message: "database unavailable"}})
	}
	return c.JSON(http.StatusOK, map[string]string{"status": "ready"})
}

//go:embed openapi.json
var openAPIDocument []byte

// handleOpenAPI serves the API's OpenAPI 3.1 description.
func (s *Server) handleOpenAPI(c echo.Context) error {
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, openAPIDocument)
}
