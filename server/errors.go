package server

import (
	"context"
	"errors"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/catalog"
	"github.com/multipli/multipli/games"
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
	errBadMessage      = errors.New("server: the socket's message is not a move")
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
	{play.ErrStale, http.StatusConflict, "game.version_conflict"},
	{store.ErrStale, http.StatusConflict, "game.version_conflict"},
	{play.ErrQuestionNotAsked, http.StatusConflict, "question_not_asked"},
	{play.ErrQuestionAnswered, http.StatusConflict, "question_answered"},
	{play.ErrQuestionsOutOfOrder, http.StatusConflict, "questions_out_of_order"},
	{play.ErrAnswerTooFast, http.StatusUnprocessableEntity, "answer_too_fast"},
	{store.ErrUnavailable, http.StatusServiceUnavailable, "unavailable"},
	{store.ErrBroken, http.StatusInternalServerError, "storage_fault"},
	{errBodyTimeout, http.StatusRequestTimeout, "request_timeout"},
	{store.ErrConflict, http.StatusConflict, "conflict"},
	{errBadMessage, http.StatusBadRequest, "bad_request"},
	{errLoginEnded, http.StatusUnauthorized, "login_ended"},
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

// errorBody is the JSON of every refusal over HTTP; the game socket sends
// the same errorDetail in its "error" messages (wsOut).
type errorBody struct {
	Error errorDetail `json:"error"`
}

type errorDetail struct {
	Code    string         `json:"code"`
	Message string         `json:"message"`
	Field   string         `json:"field,omitempty"`
	Params  map[string]any `json:"params,omitempty"`
}

// problem is what the client is told of a request that failed. classify
// is the one place that decides it, for HTTP answers (handleError) and for
// the game socket's error messages (wsError) alike, so the same fault has
// the same status and code whichever way the request came.
type problem struct {
	Status int
	Code   string
	Field  string
	Params map[string]any
	// RetryAfter, in seconds, is sent as Retry-After over HTTP (0: none).
	RetryAfter int
	// rule is translated with the catalogue's texts of its code.
	rule *games.RuleError
}

// classify gives an error its status, code, field and parameters: the
// request's own faults first (invalid input, a request or a move the
// pipeline refused, too many logins, Echo's statuses), then the table of
// sentinel errors; anything else is an internal error.
func classify(err error) problem {
	var (
		in *inputError
		rq *play.RequestError
		re *games.RuleError
		th *throttledError
		he *echo.HTTPError
	)
	switch {
	case errors.As(err, &in):
		return problem{Status: http.StatusBadRequest, Code: in.Code, Field: in.Field, Params: in.Params}
	case errors.As(err, &rq):
		return problem{Status: http.StatusBadRequest, Code: rq.Code, Field: rq.Field, Params: rq.Params}
	case errors.As(err, &re):
		return problem{Status: http.StatusUnprocessableEntity, Code: re.Code, Params: re.Params, rule: re}
	case errors.As(err, &th):
		return problem{Status: http.StatusTooManyRequests, Code: "throttled", RetryAfter: th.retryAfterSeconds}
	case errors.As(err, &he):
		return problem{Status: he.Code, Code: httpCode(he.Code)}
	}
	for _, row := range errorTable {
		if errors.Is(err, row.err) {
			p := problem{Status: row.status, Code: row.code}
			if row.status == http.StatusServiceUnavailable {
				// The database is locked, full or out of reach; nothing
				// was written and a retry soon may succeed. A database
				// that needs repair (read-only, damaged: store.ErrBroken)
				// is a 500 instead: "try again in a moment" would be
				// untrue for as long as it lasts.
				p.RetryAfter = 1
			}
			return p
		}
	}
	return problem{Status: http.StatusInternalServerError, Code: "internal"}
}

// detail is the problem told in lang.
func (p problem) detail(lang string) errorDetail {
	d := errorDetail{Code: p.Code, Field: p.Field, Params: p.Params}
	switch {
	case p.rule != nil:
		d.Message = ruleMessage(lang, p.rule)
	case p.Code == "throttled":
		d.Message = message(lang, p.Code, map[string]any{"wait": waitText(lang, p.RetryAfter)})
	case p.Code == "bad_json":
		// The reason is a catalogue key (badJSON): the detail is told in
		// lang, like the message around it, never in English alone.
		params := map[string]any{}
		for k, v := range p.Params {
			if k != jsonReasonParam {
				params[k] = v
			}
		}
		if reason, ok := p.Params[jsonReasonParam].(string); ok {
			params["detail"] = catalog.Text(lang, reason, params)
		}
		d.Params = params
		d.Message = message(lang, p.Code, params)
	default:
		d.Message = message(lang, p.Code, p.Params)
	}
	return d
}

// serverFault logs a failure that is the server's (5xx) and lets /readyz
// tell a read-only, damaged or full database at once, without waiting for
// the next probe. The client's own faults are not logged as errors.
func (s *Server) serverFault(p problem, err error, args ...any) {
	if p.Status < 500 {
		return
	}
	s.logger.Error("request failed", append(args, "err", err)...)
	s.store.NoteFault(err)
}

// handleError is Echo's error handler: every error a handler returns is
// answered here, through classify.
func (s *Server) handleError(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	p := classify(err)
	if p.RetryAfter > 0 {
		c.Response().Header().Set("Retry-After", strconv.Itoa(p.RetryAfter))
	}
	if errors.Is(err, context.Canceled) && c.Request().Context().Err() != nil {
		// The client went away (closed the page, timed out): nobody reads
		// the answer and nothing is wrong on the server's side.
		c.Response().WriteHeader(statusClientClosed)
		return
	}
	s.serverFault(p, err, "id", c.Response().Header().Get(echo.HeaderXRequestID), "route", c.Path())
	switch {
	case c.Request().Method == http.MethodHead:
		err = c.NoContent(p.Status)
	case wantsPage(c.Request()):
		err = s.errorPage(c, p)
	default:
		err = c.JSON(p.Status, errorBody{Error: p.detail(langOf(c))})
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
