package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"os"
	"reflect"
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
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return errBodyTimeout
		}
		return badJSON(jsonAfterValue, nil)
	}
	// NUL is refused here, once for every field of every body: PostgreSQL
	// cannot store it in text (error 22021, a 500 before this check),
	// SQLite stores it and every C string cut at it (a name that reads
	// "Lé" in one place and "Léa\x00…" in another). No person types it.
	if field, found := nulField(reflect.ValueOf(v), ""); found {
		return invalid(field, "nul_character")
	}
	return nil
}

// refuseNUL refuses U+0000 in the path's parameters and the query: a class
// code is looked up before any sign-in, and PostgreSQL answers a NUL in a
// query's text with an error (a 500 before this check). Bodies are
// checked by bindJSON.
func refuseNUL(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		for i, v := range c.ParamValues() {
			if strings.ContainsRune(v, 0) && i < len(c.ParamNames()) {
				return invalid(c.ParamNames()[i], "nul_character")
			}
		}
		for name, values := range c.QueryParams() {
			for _, v := range values {
				if strings.ContainsRune(name+v, 0) {
					return invalid(name, "nul_character")
				}
			}
		}
		return next(c)
	}
}

// rawMessage is the type whose JSON text nulField decodes to look inside.
var rawMessage = reflect.TypeFor[json.RawMessage]()

// nulField finds a string holding U+0000 in a decoded body — struct
// fields, slices, maps (keys too), and the raw JSON of json.RawMessage
// fields (a game's move, read later by its engine) — and names its field
// as the client wrote it ("attempts[2].kind").
func nulField(v reflect.Value, path string) (string, bool) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return "", false
		}
		return nulField(v.Elem(), path)
	case reflect.String:
		return path, strings.ContainsRune(v.String(), 0)
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			switch {
			case name == "-":
				continue
			case f.Anonymous && name == "":
				name = path // embedded: its fields are the outer object's
			case name == "":
				name = join(path, f.Name)
			default:
				name = join(path, name)
			}
			if p, found := nulField(v.Field(i), name); found {
				return p, true
			}
		}
	case reflect.Slice, reflect.Array:
		if v.Type() == rawMessage {
			var inside any
			if json.Unmarshal(v.Bytes(), &inside) == nil {
				return nulField(reflect.ValueOf(&inside), path)
			}
			return "", false
		}
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return "", false // bytes (base64 in JSON), not text
		}
		for i := range v.Len() {
			if p, found := nulField(v.Index(i), path+"["+strconv.Itoa(i)+"]"); found {
				return p, true
			}
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			key := fmt.Sprint(it.Key().Interface())
			if strings.ContainsRune(key, 0) {
				return path, true
			}
			if p, found := nulField(it.Value(), join(path, key)); found {
				return p, true
			}
		}
	}
	return "", false
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

func jsonError(err error) error {
	var (
		typeErr   *json.UnmarshalTypeError
		syntaxErr *json.SyntaxError
	)
	switch {
	case tooLarge(err):
		return errTooLarge
	case errors.Is(err, os.ErrDeadlineExceeded):
		// The body did not arrive within Config.ReadTimeout (HTTPServer).
		return errBodyTimeout
	case errors.As(err, &typeErr):
		return invalid(typeErr.Field, "wrong_type")
	case errors.As(err, &syntaxErr):
		return badJSON(jsonSyntax, map[string]any{"offset": syntaxErr.Offset})
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return badJSON(jsonCutShort, nil)
	}
	if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return invalid(strings.Trim(f, `"`), "unknown_field")
	}
	return badJSON(jsonUnreadable, nil)
}

// Why a body is not JSON: each a catalogue text, so that the message says
// it in the caller's language. The detail was English text put into the
// French message too ("Le corps n’est pas du JSON valide : data after the
// JSON value"), and every text a person reads exists in both.
const (
	jsonAfterValue = "error.bad_json_after_value"
	jsonSyntax     = "error.bad_json_syntax"
	jsonCutShort   = "error.bad_json_cut_short"
	jsonUnreadable = "error.bad_json_unreadable"
)

// badJSON is the bad_json refusal for a reason (a catalogue key above);
// its "detail" parameter is filled in the caller's language when the
// answer is written (problem.detail).
func badJSON(reason string, params map[string]any) *inputError {
	p := map[string]any{jsonReasonParam: reason}
	for k, v := range params {
		p[k] = v
	}
	return &inputError{Code: "bad_json", Params: p}
}

// jsonReasonParam carries the reason's key from badJSON to problem.detail,
// which replaces it with the translated "detail" (the key is not sent).
const jsonReasonParam = "reason"

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
