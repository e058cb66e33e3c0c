package magicoa

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"

	"github.com/multipli/multipli/games"
)

// Move is one player's move. Which fields matter depends on Type.
type Move struct {
	Type     string `json:"type"`
	Cards    []int  `json:"cards,omitempty"`    // choose: two card IDs, top (played first) first
	Product  int    `json:"product,omitempty"`  // answer
	Potion   int    `json:"potion,omitempty"`   // place, exchange: slot index in the row
	Double   bool   `json:"double,omitempty"`   // place: across Potion and Potion+1 (Double bid)
	Activate bool   `json:"activate,omitempty"` // power: activate it (true) or keep the points
}

// DecodeMove reads a move strictly: unknown fields, wrong types, trailing
// data and unknown types are refused with the rule code game.bad_move (or
// game.unknown_move).
func DecodeMove(data []byte) (Move, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var m Move
	if err := dec.Decode(&m); err != nil {
		return Move{}, games.Unreadable(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return Move{}, games.Broken("game.bad_move", "reason", "trailing data")
	}
	switch m.Type {
	case MoveChoose:
		if len(m.Cards) != 2 {
			return Move{}, games.Broken("game.bad_move", "reason", "choose needs two cards")
		}
	case MoveAnswer, MovePlace, MoveExchange, MovePass, MovePower:
	case "":
		return Move{}, games.Broken("game.bad_move", "reason", "no type")
	default:
		return Move{}, games.Broken("game.unknown_move", "type", m.Type)
	}
	return m, nil
}
