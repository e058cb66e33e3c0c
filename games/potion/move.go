package potion

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"

	"github.com/multipli/multipli/games"
)

// Move types.
const (
	MoveLay       = "lay"       // card: a card of the hand, laid in one's zone
	MoveCapture   = "capture"   // potions (own zone) × monster (opponent's zone)
	MoveEnd       = "end"       // end the turn
	MoveVigilance = "vigilance" // show a capture the previous player forgot
	MoveAccept    = "accept"    // called: make the capture the caller showed
	MoveAnswer    = "answer"    // quiz mode: value typed for two potions
)

// Move is one move of a seat. Only the fields of its type are used.
type Move struct {
	Type    string `json:"type"`
	Card    int    `json:"card"`
	Potions []int  `json:"potions"`
	Monster int    `json:"monster"`
	Value   int    `json:"value"`
}

// Lay, CaptureMove, End, Vigilance, Accept and Answer build moves.
func Lay(card int) Move { return Move{Type: MoveLay, Card: card} }

// CaptureMove proposes potions p and q on monster m (card ids).
func CaptureMove(p, q, m int) Move { return Move{Type: MoveCapture, Potions: []int{p, q}, Monster: m} }

// End ends the turn.
func End() Move { return Move{Type: MoveEnd} }

// Vigilance shows the capture (potions in the previous player's zone, monster
// in the caller's) that the previous player forgot.
func Vigilance(p, q, m int) Move { return Move{Type: MoveVigilance, Potions: []int{p, q}, Monster: m} }

// Accept makes the capture the vigilance caller showed.
func Accept() Move { return Move{Type: MoveAccept} }

// Answer types value for the potions of cards p and q.
func Answer(p, q, value int) Move { return Move{Type: MoveAnswer, Potions: []int{p, q}, Value: value} }

// MarshalJSON writes only the fields of the move's type.
func (m Move) MarshalJSON() ([]byte, error) {
	out := map[string]any{"type": m.Type}
	switch m.Type {
	case MoveLay:
		out["card"] = m.Card
	case MoveCapture, MoveVigilance:
		if m.Potions != nil {
			out["potions"] = m.Potions
			out["monster"] = m.Monster
		}
	case MoveAnswer:
		if m.Potions != nil {
			out["potions"] = m.Potions
			out["value"] = m.Value
		}
	}
	return json.Marshal(out)
}

// wireMove is a move as read: pointers tell a missing field from a zero.
type wireMove struct {
	Type    string `json:"type"`
	Card    *int   `json:"card"`
	Potions []int  `json:"potions"`
	Monster *int   `json:"monster"`
	Value   *int   `json:"value"`
}

// DecodeMove reads a move strictly: unknown fields, wrong types, missing
// fields of the type or trailing data are a "game.bad_move" rule error; an
// unknown type is "game.unknown_move".
func DecodeMove(data []byte) (Move, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var w wireMove
	if err := dec.Decode(&w); err != nil {
		return Move{}, games.Unreadable(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return Move{}, badMove("trailing data")
	}
	m := Move{Type: w.Type, Potions: w.Potions}
	need := func(p *int, name string) (int, error) {
		if p == nil {
			return 0, badMove("missing " + name)
		}
		return *p, nil
	}
	var err error
	switch w.Type {
	case MoveLay:
		m.Card, err = need(w.Card, "card")
	case MoveCapture, MoveVigilance:
		if w.Potions == nil {
			return Move{}, badMove("missing potions")
		}
		m.Monster, err = need(w.Monster, "monster")
	case MoveAnswer:
		if w.Potions == nil {
			return Move{}, badMove("missing potions")
		}
		m.Value, err = need(w.Value, "value")
	case MoveEnd, MoveAccept:
	default:
		return Move{}, games.Broken("game.unknown_move", "type", w.Type)
	}
	if err != nil {
		return Move{}, err
	}
	if stray := strayField(w); stray != "" {
		return Move{}, badMove(stray + " does not belong to a " + w.Type + " move")
	}
	return m, nil
}

// strayField names a field the move's type does not use, if any: a client
// sending one has misunderstood the move, better say so than ignore it.
func strayField(w wireMove) string {
	uses := moveFields[w.Type]
	for _, f := range []struct {
		name    string
		present bool
	}{{"card", w.Card != nil}, {"potions", w.Potions != nil}, {"monster", w.Monster != nil}, {"value", w.Value != nil}} {
		if f.present && !strings.Contains(uses, f.name) {
			return f.name
		}
	}
	return ""
}

// moveFields lists the fields each move type uses besides its type.
var moveFields = map[string]string{
	MoveLay: "card", MoveCapture: "potions monster", MoveVigilance: "potions monster",
	MoveAnswer: "potions value", MoveEnd: "", MoveAccept: "",
}

func badMove(reason string) error { return games.Broken("game.bad_move", "reason", reason) }
