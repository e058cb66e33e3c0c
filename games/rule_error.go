package games

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"sort"
	"strings"
)

// RuleError is a move refused by a game's rules. Code names the rule broken
// ("potion.two_potions"); Params fill the message. The interface translates it
// with Message: the engine never returns prose.
type RuleError struct {
	Code   string         `json:"code"`
	Params map[string]any `json:"params,omitempty"`
}

func (e *RuleError) Error() string {
	if len(e.Params) == 0 {
		return "games: rule " + e.Code
	}
	keys := make([]string, 0, len(e.Params))
	for k := range e.Params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s=%v", k, e.Params[k])
	}
	return "games: rule " + e.Code + " (" + strings.Join(parts, ", ") + ")"
}

// Broken builds a rule error; params come as key, value pairs.
func Broken(code string, kv ...any) *RuleError {
	e := &RuleError{Code: code}
	if len(kv) > 0 {
		e.Params = make(map[string]any, len(kv)/2)
		for i := 0; i+1 < len(kv); i += 2 {
			e.Params[fmt.Sprint(kv[i])] = kv[i+1]
		}
	}
	return e
}

// AsRuleError finds a rule error in err's chain.
func AsRuleError(err error) (*RuleError, bool) {
	var re *RuleError
	ok := errors.As(err, &re)
	return re, ok
}

// Message is a text already rendered in both languages (from the
// catalogue), kept where it is stored with what it explains: a level
// decision's reason is written once, when it is taken, and read later in
// either language.
type Message struct {
	EN string `json:"en"`
	FR string `json:"fr"`
}

// In returns the text in lang ("fr" or anything else for English).
func (m Message) In(lang string) string {
	if lang == "fr" {
		return m.FR
	}
	return m.EN
}

// Unreadable is the rule error of a move whose JSON does not decode
// ("game.bad_move"): its reason names the move's field at fault, or the
// JSON's flaw, in the client's terms, never the engine's Go types.
func Unreadable(err error) *RuleError {
	return Broken("game.bad_move", "reason", unreadableReason(err))
}

func unreadableReason(err error) string {
	var typ *json.UnmarshalTypeError
	var syn *json.SyntaxError
	switch {
	case errors.As(err, &typ) && typ.Field != "":
		return fmt.Sprintf("%q should be %s, not %s", typ.Field, jsonKind(typ.Type), typ.Value)
	case errors.As(err, &typ):
		return "a move is a JSON object"
	case errors.As(err, &syn):
		return "not valid JSON"
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "the move is empty or cut short"
	}
	// The decoder's own words (an unknown field, say), without its prefix.
	return strings.TrimPrefix(err.Error(), "json: ")
}

// jsonKind names what a Go type reads from JSON.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Pointer:
		return jsonKind(t.Elem())
	}
	return "an object"
}
