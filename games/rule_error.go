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

// Message is a rule's explanation in both languages. Placeholders {name}
// are filled from the error's Params.
type Message struct {
	EN string `json:"en"`
	FR string `json:"fr"`
}

// Text renders the message in lang ("fr" or anything else for English).
func (m Message) Text(lang string, params map[string]any) string {
	s := m.EN
	if lang == "fr" {
		s = m.FR
	}
	for k, v := range params {
		s = strings.ReplaceAll(s, "{"+k+"}", fmt.Sprint(v))
	}
	return s
}

// Common rule codes every engine may return.
var commonMessages = map[string]Message{
	"game.over":          {EN: "The game is over.", FR: "La partie est terminée."},
	"game.not_your_turn": {EN: "It is not your turn.", FR: "Ce n'est pas ton tour."},
	"game.bad_seat":      {EN: "You have no seat {seat} in this game.", FR: "Tu n'as pas de place {seat} dans cette partie."},
	"game.bad_move":      {EN: "This move cannot be read: {reason}.", FR: "Ce coup est illisible : {reason}."},
	"game.unknown_move":  {EN: "Unknown move “{type}”.", FR: "Coup inconnu « {type} »."},
	"game.computer_seat": {EN: "Seat {seat} is played by the computer.", FR: "La place {seat} est jouée par l'ordinateur."},
	"game.bad_time":      {EN: "Time cannot go backwards.", FR: "Le temps ne peut pas reculer."},
	"level.no_tables":    {EN: "Choose at least one table.", FR: "Choisis au moins une table."},
	"level.bad_table":    {EN: "There is no table of {table} here (1 to 12).", FR: "Il n'y a pas de table de {table} ici (1 à 12)."},
	"level.bad_factors":  {EN: "Factors must run from 1 to 12 (got {min} to {max}).", FR: "Les facteurs vont de 1 à 12 (reçu {min} à {max})."},
	"level.bad_weight":   {EN: "The weight of {fact} cannot be negative.", FR: "Le poids de {fact} ne peut pas être négatif."},
	"config.bad_seats":   {EN: "This game needs {min} to {max} players.", FR: "Ce jeu se joue de {min} à {max} joueurs."},
	"config.bad_option":  {EN: "Option {option} is not valid here.", FR: "L'option {option} n'est pas valable ici."},
}

// CommonMessages returns the messages of the codes shared by every engine.
func CommonMessages() map[string]Message {
	out := make(map[string]Message, len(commonMessages))
	for k, v := range commonMessages {
		out[k] = v
	}
	return out
}
