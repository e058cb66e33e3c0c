package server

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
)

// bindJSON decodes the request body into v strictly: JSON content type, no
// unknown fields, the right types, one value and nothing after it. It runs
// before any write, so a bad body changes nothing.
func bindJSON(c echo.Context, v any) error {
	mt, _, err := mime.ParseMediaType(c.Request().Header.Get(echo.HeaderContentType))
	if err != nil || mt != echo.MIMEApplicationJSON {
		return errUnsupportedType
	}
	dec := json.NewDecoder(c.Request().Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		if tooLarge(err) {
			return errTooLarge
		}
		return &inputError{Code: "bad_json", Params: map[string]any{"detail": "data after the JSON value"}}
	}
	return nil
}

func jsonError(err error) error {
	var (
		typeErr   *json.UnmarshalTypeError
		syntaxErr *json.SyntaxError
	)
	switch {
	case tooLarge(err):
		return errTooLarge
	case errors.As(err, &typeErr):
		return invalid(typeErr.Field, "wrong_type")
	case errors.As(err, &syntaxErr):
		return &inputError{Code: "bad_json", Params: map[string]any{"detail": "syntax error at byte " + strconv.FormatInt(syntaxErr.Offset, 10)}}
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return &inputError{Code: "bad_json", Params: map[string]any{"detail": "the body is empty or cut short"}}
	}
	if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return invalid(strings.Trim(f, `"`), "unknown_field")
	}
	return &inputError{Code: "bad_json", Params: map[string]any{"detail": "cannot be read"}}
}

// tooLarge recognises the error the body limit makes the reader return.
func tooLarge(err error) bool {
	var mbe *http.MaxBytesError
	return errors.As(err, &mbe)
}

// pathID reads the :id path parameter.
func pathID(c echo.Context) (int64, error) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, invalid("id", "bad_id")
	}
	return id, nil
}
