package server

import (
	"context"
	_ "embed"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/store"
)

// handleHealthz says the process is up; it touches nothing else.
func (s *Server) handleHealthz(c echo.Context) error {
	return c.JSON(http.StatusOK, map[string]string{"status": "ok"})
}

// handleReadyz says whether the database can serve, so that a load
// balancer only sends traffic to instances that can, and a container's
// health check tells a read-only, damaged or full database. It reads what
// the store's probes found (store.Ready: a ping and a cached result, never
// a write or a scan), so it may be called often. The answer names the
// fault; the details (paths, driver errors) go to the log only, since
// anyone may call it.
func (s *Server) handleReadyz(c echo.Context) error {
	ctx, cancel := context.WithTimeout(c.Request().Context(), 2*time.Second)
	defer cancel()
	if err := s.store.Ready(ctx); err != nil {
		fault := store.HealthFault(err)
		if fault == "" {
			fault = store.FaultUnreachable
		}
		s.logger.Warn("not ready", "fault", fault, "err", err)
		return c.JSON(http.StatusServiceUnavailable, readyzError{Error: errorDetail{Code: "not_ready", Message: faultText[fault]}, Fault: fault})
	}
	return c.JSON(http.StatusOK, map[string]string{"status": "ready"})
}

// readyzError is /readyz's refusal: the usual error and the fault's name.
type readyzError struct {
	Error errorDetail `json:"error"`
	Fault store.Fault `json:"fault"`
}

// faultText tells an operator what /readyz found (English, like the logs).
var faultText = map[store.Fault]string{
	store.FaultUnreachable: "database unavailable",
	store.FaultFull:        "database full: make room on its disk",
	store.FaultReadOnly:    "database read-only: it cannot be written",
	store.FaultCorrupt:     "database damaged: restore a backup",
	store.FaultCannotOpen:  "database cannot be opened",
	store.FaultIO:          "database disk reports I/O errors",
}

//go:embed openapi.json
var openAPIDocument []byte

// handleOpenAPI serves the API's OpenAPI 3.1 description.
func (s *Server) handleOpenAPI(c echo.Context) error {
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, openAPIDocument)
}
