package server

import (
	"context"
	"errors"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/play"
	"github.com/multipli/multipli/store"
)

// Errors of the HTTP layer; the error table gives each a status and a code.
var (
	errUnauthenticated = errors.New("server: not signed in")
	errBadCredentials  = errors.New("server: wrong login")
	errForbidden       = errors.New("server: not allowed for this role")
	errCSRF            = errors.New("server: missing or wrong CSRF token")
	errUnsupportedType = errors.New("server: body must be application/json")
	errTooLarge        = errors.New("server: body too large")
	errBadCode         = errors.New("server: unknown or expired code")
	errBodyTimeout     = errors.New("server: the body did not arrive in time")
)

// errorTable maps domain errors to an HTTP status and a client code, first
// match wins. The client message comes from the messages catalogue.
var errorTable = []struct {
	err    error
	status int
	code   string
}{
	{errUnauthenticated, http.StatusUnauthorized, "unauthenticated"},
	{errBadCredentials, http.StatusUnauthorized, "bad_credentials"},
	{errForbidden, http.StatusForbidden, "forbidden"},
	{errCSRF, http.StatusForbidden, "csrf"},
	{errUnsupportedType, http.StatusUnsupportedMediaType, "unsupported_media_type"},
	{errTooLarge, http.StatusRequestEntityTooLarge, "too_large"},
	{errBadCode, http.StatusNotFound, "bad_code"},
	{errBadCard, http.StatusUnauthorized, "bad_card"},
	{store.ErrCodeUsed, http.StatusNotFound, "bad_code"},
	{store.ErrNotFound, http.StatusNotFound, "not_found"},
	{store.ErrSessionEnded, http.StatusConflict, "session_ended"},
	{play.ErrQuestionNotAsked, http.StatusConflict, "question_not_asked"},
	{play.ErrQuestionAnswered, http.StatusConflict, "question_answered"},
	{play.ErrQuestionsOutOfOrder, http.StatusConflict, "questions_out_of_order"},
	{play.ErrAnswerTooFast, http.StatusUnprocessableEntity, "answer_too_fast"},
	{store.ErrUnavailable, http.StatusServiceUnavailable, "unavailable"},
	{store.ErrBroken, http.StatusInternalServerError, "storage_fault"},
	{errBodyTimeout, http.StatusRequestTimeout, "request_timeout"},
	{store.ErrConflict, http.StatusConflict, "conflict"},
}

// statusClientClosed is nginx's 499, "client closed request", for the
// access log of a request whose client left before the answer.
const statusClientClosed = 499

// inputError is a request the server understood but refuses: bad JSON, a
// missing or invalid field. Code names the message; Field the culprit.
type inputError struct {
	Code   string
	Field  string
	Params map[string]any
}

func (e *inputError) Error() string { return "server: invalid input: " + e.Code + " " + e.Field }

func invalid(field, code string, kv ...any) *inputError {
	p := map[string]any{"field": field}
	for i := 0; i+1 < len(kv); i += 2 {
		p[kv[i].(string)] = kv[i+1]
	}
	return &inputError{Code: code, Field: field, Params: p}
}

// throttledError asks the client to wait before the next login.
type throttledError struct{ retryAfterSeconds int }

func (e *throttledError) Error() string { return "server: too many failed logins" }

// errorBody is the JSON of every refusal.
type errorBody struct {
	Error errorDetail `json:"error"`
}

type errorDetail struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Field   string `json:"field,omitempty"`
}

// handleError is Echo's error handler: one place turns errors into answers,
// and only server faults (5xx) are logged as errors.
func (s *Server) handleError(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	status, detail := http.StatusInternalServerError, errorDetail{Code: "internal"}
	var (
		in *inputError
		th *throttledError
		he *echo.HTTPError
	)
	switch {
	case errors.As(err, &in):
		status, detail = http.StatusBadRequest, errorDetail{Code: in.Code, Field: in.Field}
	case errors.As(err, &th):
		status, detail.Code = http.StatusTooManyRequests, "throttled"
		c.Response().Header().Set("Retry-After", strconv.Itoa(th.retryAfterSeconds))
	case errors.As(err, &he):
		status, detail.Code = he.Code, httpCode(he.Code)
	default:
		for _, row := range errorTable {
			if errors.Is(err, row.err) {
				status, detail.Code = row.status, row.code
				break
			}
		}
	}
	if status == http.StatusServiceUnavailable {
		// The database is locked, full or out of reach; nothing was
		// written and a retry soon may succeed. A database that needs
		// repair (read-only, damaged: store.ErrBroken) is a 500 instead:
		// "try again in a moment" would be untrue for as long as it lasts.
		c.Response().Header().Set("Retry-After", "1")
	}
	if errors.Is(err, context.Canceled) && c.Request().Context().Err() != nil {
		// The client went away (closed the page, timed out): nobody reads
		// the answer and nothing is wrong on the server's side.
		c.Response().WriteHeader(statusClientClosed)
		return
	}
	lang := langOf(c)
	var params map[string]any
	if in != nil {
		params = in.Params
	}
	if th != nil {
		params = map[string]any{"wait": waitText(lang, th.retryAfterSeconds)}
	}
	detail.Message = message(lang, detail.Code, params)
	if status >= 500 {
		s.logger.Error("request failed", "id", c.Response().Header().Get(echo.HeaderXRequestID), "route", c.Path(), "err", err)
		// A read-only, damaged or full database makes /readyz say so at
		// once, without waiting for the next probe.
		s.store.NoteFault(err)
	}
	if c.Request().Method == http.MethodHead {
		err = c.NoContent(status)
	} else {
		err = c.JSON(status, errorBody{Error: detail})
	}
	if err != nil {
		s.logger.Error("write error answer", "err", err)
	}
}

// httpCode names the statuses Echo itself produces (unknown route, wrong
// method, body over the limit).
func httpCode(status int) string {
	switch status {
	case http.StatusNotFound:
		return "not_found"
	case http.StatusMethodNotAllowed:
		return "method_not_allowed"
	case http.StatusRequestEntityTooLarge:
		return "too_large"
	case http.StatusUnauthorized:
		return "unauthenticated"
	case http.StatusBadRequest:
		return "bad_request"
	}
	if status >= 500 {
		return "internal"
	}
	return "bad_request"
}
