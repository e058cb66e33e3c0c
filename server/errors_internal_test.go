package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/play"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// Every kind of error a handler or the game socket meets is told the same
// way over HTTP (handleError) and over the socket (wsError): same status,
// code, field, parameters and message. The statuses and codes are the
// contract the pages read.
func TestEveryErrorIsToldTheSameOverHTTPAndTheSocket(t *testing.T) {
	st := storetest.Open(t, filepath.Join(t.TempDir(), "multipli.db"))
	s := New(Config{SecretKey: []byte("test-key-test-key-test-key-test-key!")}, st, nil)
	e := echo.New()
	tests := []struct {
		name       string
		err        error
		status     int
		code       string
		field      string
		params     map[string]any
		retryAfter string
		message    string // a part of the English message
	}{
		{name: "database unavailable", err: fmt.Errorf("store: record: %w", store.ErrUnavailable), status: 503, code: "unavailable", retryAfter: "1"},
		{name: "database broken", err: fmt.Errorf("store: record: %w", store.ErrBroken), status: 500, code: "storage_fault"},
		{name: "not found", err: fmt.Errorf("store: student 3: %w", store.ErrNotFound), status: 404, code: "not_found"},
		{name: "not a player", err: play.ErrNotPlayer, status: 404, code: "not_found"},
		{name: "conflict", err: store.ErrConflict, status: 409, code: "conflict"},
		{name: "practice plan moved", err: store.ErrPlanMoved, status: 409, code: "conflict"},
		{name: "session ended", err: store.ErrSessionEnded, status: 409, code: "session_ended"},
		{name: "stale game in the store", err: store.ErrStale, status: 409, code: "game.version_conflict"},
		{name: "stale game in play", err: play.ErrStale, status: 409, code: "game.version_conflict", message: "The game moved on"},
		{name: "parent code used", err: store.ErrCodeUsed, status: 404, code: "bad_code"},
		{name: "question not asked", err: play.ErrQuestionNotAsked, status: 409, code: "question_not_asked"},
		{name: "answer too fast", err: play.ErrAnswerTooFast, status: 422, code: "answer_too_fast"},
		{
			name: "rule of a game", err: fmt.Errorf("play: move: %w", games.Broken("game.unknown_move", "type", "fly")),
			status: 422, code: "game.unknown_move", params: map[string]any{"type": "fly"}, message: "Unknown move",
		},
		{
			name: "rule with no game's text", err: games.Broken("potion.no_such_rule"),
			status: 422, code: "potion.no_such_rule", message: "This move is not allowed here",
		},
		{
			name: "request the pipeline refused", err: &play.RequestError{Field: "seq", Code: "game.seq_ahead", Params: map[string]any{"last_seq": 7}},
			status: 400, code: "game.seq_ahead", field: "seq", params: map[string]any{"last_seq": 7.0}, message: "(7)",
		},
		{
			name: "round too long", err: &play.RequestError{Field: "questions", Code: "out_of_range", Params: map[string]any{"field": "questions", "min": 1, "max": play.MaxRound}},
			status: 400, code: "out_of_range", field: "questions", params: map[string]any{"field": "questions", "min": 1.0, "max": float64(play.MaxRound)},
		},
		{
			name: "invalid input", err: invalid("name", "required"),
			status: 400, code: "required", field: "name", params: map[string]any{"field": "name"},
		},
		{name: "throttled", err: &throttledError{retryAfterSeconds: 30}, status: 429, code: "throttled", retryAfter: "30", message: "a minute"},
		{name: "unknown route", err: echo.ErrNotFound, status: 404, code: "not_found"},
		{name: "not signed in", err: errUnauthenticated, status: 401, code: "unauthenticated"},
		{name: "login ended", err: errLoginEnded, status: 401, code: "login_ended"},
		{name: "forbidden", err: errForbidden, status: 403, code: "forbidden"},
		{name: "not a move", err: errBadMessage, status: 400, code: "bad_request"},
		{name: "anything else", err: errors.New("boom"), status: 500, code: "internal"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			r := httptest.NewRequest(http.MethodPost, "/", nil)
			r.Header.Set("Accept-Language", "en")
			s.handleError(tt.err, e.NewContext(r, rec))
			var body struct {
				Error map[string]any `json:"error"`
			}
			require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &body), "%s", rec.Body)

			raw, err := json.Marshal(wsError(classify(tt.err), "en"))
			require.NoError(t, err)
			var ws struct {
				Type   string         `json:"type"`
				Status int            `json:"status"`
				Error  map[string]any `json:"error"`
			}
			require.NoError(t, json.Unmarshal(raw, &ws))

			assert.Equal(t, tt.status, rec.Code, "HTTP status")
			assert.Equal(t, tt.code, body.Error["code"], "HTTP code")
			assert.Equal(t, tt.retryAfter, rec.Header().Get("Retry-After"))
			if tt.field != "" {
				assert.Equal(t, tt.field, body.Error["field"])
			}
			if tt.params != nil {
				assert.Equal(t, tt.params, body.Error["params"])
			}
			assert.NotEmpty(t, body.Error["message"])
			assert.Contains(t, body.Error["message"], tt.message)

			assert.Equal(t, "error", ws.Type)
			assert.Equal(t, rec.Code, ws.Status, "the socket's status is HTTP's")
			assert.Equal(t, body.Error, ws.Error, "the socket's error is HTTP's")
		})
	}
}

// First match wins in errorTable: a sentinel listed after one it wraps
// would never be reached (store.ErrStale wraps store.ErrConflict).
func TestNoRowOfTheErrorTableIsShadowed(t *testing.T) {
	for i, row := range errorTable {
		t.Run(strconv.Itoa(i)+" "+row.code, func(t *testing.T) {
			p := classify(fmt.Errorf("wrapped: %w", row.err))
			assert.Equal(t, row.status, p.Status)
			assert.Equal(t, row.code, p.Code)
		})
	}
}
