package server_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games/cube"
)

// catsMatch reports an open window in which the seat's top card equals
// another player's (same product): a slap now is right. A match between two
// other players is not the seat's to slap (a gluttony).
func catsMatch(g map[string]any) bool {
	v, _ := g["view"].(map[string]any)
	if v == nil || v["window"] == nil {
		return false
	}
	me := int(v["seat"].(float64))
	players, _ := v["players"].([]any)
	value := func(p any) int {
		top, _ := p.(map[string]any)["top"].(map[string]any)
		a, _ := top["a"].(float64)
		b, _ := top["b"].(float64)
		n, _ := top["n"].(float64)
		if a > 0 {
			return int(a * b)
		}
		return int(n)
	}
	mine := value(players[me])
	if mine == 0 {
		return false
	}
	for i, p := range players {
		if i != me && value(p) == mine {
			return true
		}
	}
	return false
}

// has reports whether the DTO's legal moves include the type.
func has(g map[string]any, typ string) bool {
	for _, m := range legal(g) {
		if m.(map[string]any)["type"] == typ {
			return true
		}
	}
	return false
}

// cubeMove finds a right formula on the seat's board in rule sets #3/#4
// (a tile moved, three faces, a × b ± c = a monster's code), or passes.
func cubeMove(t testing.TB, g map[string]any) cube.Move {
	t.Helper()
	raw, err := json.Marshal(g["view"])
	require.NoError(t, err)
	var v cube.View
	require.NoError(t, json.Unmarshal(raw, &v))
	board := v.Board
	if len(v.Boards) > v.Seat {
		board = v.Boards[v.Seat]
	}
	for _, m := range v.Row {
		for _, sol := range cube.Solve(board, m.Code, v.Solver) {
			if sol.Ops[0] != "*" {
				continue
			}
			typ := cube.MoveFind
			if v.Rules == cube.RulesCode || v.Rules == cube.RulesAdvanced {
				typ = cube.MoveClaim
			}
			return cube.Move{Type: typ, Code: m.Code, Tile: sol.Move, Faces: sol.Faces[:], Ops: sol.Ops[:]}
		}
	}
	moves := cube.LegalTileMoves(board)
	require.NotEmpty(t, moves)
	return cube.Move{Type: cube.MovePass, Tile: &moves[0]}
}

// studentMove chooses the student's next move in any game (nil: wait).
func studentMove(t testing.TB, g map[string]any) any {
	t.Helper()
	l := legal(g)
	if g["over"] == true || len(l) == 0 {
		return nil
	}
	switch g["game"] {
	case "potion":
		// A child who looks: lay a card that makes a capture, capture it.
		if has(g, "lay") {
			return map[string]any{"type": "lay", "card": potionLay(g)}
		}
		if p1, p2, m, ok := potionCapture(g); ok && has(g, "capture") {
			return map[string]any{"type": "capture", "potions": []int{p1, p2}, "monster": m}
		}
	case "cube":
		if has(g, cube.MoveFind) || has(g, cube.MoveClaim) {
			return cubeMove(t, g)
		}
		return nil
	case "cats":
		if has(g, "slap") && catsMatch(g) {
			return map[string]string{"type": "slap"}
		}
		if has(g, "flip") {
			return map[string]string{"type": "flip"}
		}
		return nil
	}
	return l[len(l)-1]
}
