package cube

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"

	"github.com/multipli/multipli/games"
)

// Move types.
const (
	MoveClaim      = "claim"       // #1, #2: "Monster!" with a triple and formula
	MoveNoSolution = "no_solution" // #1, #2: "there is no solution"
	MoveFind       = "find"        // #3, #4: move a tile, then show a triple
	MovePass       = "pass"        // #3, #4: move a tile and give up the find
)

// Move is a player's move. Faces are on the board after Tile is moved; in
// formula order a, b, c with Ops, e.g. ["*", "-"] for a × b − c, or
// ["+", "-"] for a + b − c in #3.
type Move struct {
	Type  string    `json:"type"`
	Code  int       `json:"code,omitempty"` // the printed code of the monster
	Tile  *TileMove `json:"tile,omitempty"`
	Faces []FaceAt  `json:"faces,omitempty"`
	Ops   []string  `json:"ops,omitempty"`
	// Target is the seat that receives the card in #2 (default: the next seat).
	Target *int `json:"target,omitempty"`
	// Replace picks which of a full front's three cards a fourth replaces
	// (0..2, 0 = the oldest).
	Replace int `json:"replace,omitempty"`
}

// claim is the solver's view of the move.
func (m Move) claim() Claim {
	c := Claim{Move: m.Tile}
	copy(c.Faces[:], m.Faces)
	copy(c.Ops[:], m.Ops)
	return c
}

// DecodeMove reads a move strictly: unknown fields, wrong types and
// malformed claims are a "game.bad_move" rule error.
func DecodeMove(data []byte) (Move, error) {
	var m Move
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return Move{}, games.Unreadable(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return Move{}, games.Broken("game.bad_move", "reason", "trailing data")
	}
	switch m.Type {
	case MoveClaim, MoveFind:
		if len(m.Faces) != 3 || len(m.Ops) != 2 {
			return Move{}, games.Broken("game.bad_move", "reason", "a find needs three faces and two operators")
		}
		for _, op := range m.Ops {
			if op != "*" && op != "+" && op != "-" {
				return Move{}, games.Broken("game.bad_move", "reason", "operators are *, + and -")
			}
		}
		// Every rule set's formula ends "± c" (a × b ± c, or a ± b ± c in
		// #3): a second "×" is no formula of the game, and its attempt
		// would claim a × b = code ∓ c of a product.
		if m.Ops[1] == "*" {
			return Move{}, games.Broken("game.bad_move", "reason", "the second operator is + or -")
		}
		if m.Code < 1 || m.Code > MonsterCount {
			return Move{}, games.Broken("game.bad_move", "reason", "codes run from 1 to 56")
		}
	case MoveNoSolution, MovePass:
		if len(m.Faces) != 0 || len(m.Ops) != 0 || m.Code != 0 {
			return Move{}, games.Broken("game.bad_move", "reason", "this move shows no formula")
		}
	default:
		return Move{}, games.Broken("game.unknown_move", "type", m.Type)
	}
	if m.Replace < 0 || m.Replace > 2 {
		return Move{}, games.Broken("game.bad_move", "reason", "replace is 0, 1 or 2")
	}
	return m, nil
}
