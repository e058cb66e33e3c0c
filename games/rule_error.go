package games

import (
	"errors"
	"fmt"
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
