package magicoa

import (
	"encoding/json"
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/require"
)

func students(n int) []games.Seat {
	out := make([]games.Seat, n)
	for i := range out {
		out[i] = games.Seat{Kind: games.SeatStudent, Name: string(rune('A' + i))}
	}
	return out
}

func computers(levels ...int) []games.Seat {
	out := make([]games.Seat, len(levels))
	for i, l := range levels {
		out[i] = games.Seat{Kind: games.SeatComputer, Bot: l}
	}
	return out
}

// newClassic is a classic game of n students, seat 0 first.
func newClassic(t testing.TB, n int) *Game {
	t.Helper()
	g, err := New(Config{Seats: students(n)}, 7)
	require.NoError(t, err)
	return g
}

// setLayout replaces the row on offer with potions of the given points
// (red, no power), all public but the last.
func setLayout(g *Game, points ...int) {
	g.s.Layout = nil
	for i, p := range points {
		pot := Potion{ID: 100 + i, Colour: Red, Points: p}
		g.s.Layout = append(g.s.Layout, Slot{Potion: pot})
		g.s.Public[pot.ID] = i < len(points)-1
	}
}

// chooseValues has every seat choose classic cards by value, first card first.
func chooseValues(t testing.TB, g *Game, values ...[2]int) {
	t.Helper()
	for s, v := range values {
		_, err := g.Play(s, Move{Type: MoveChoose, Cards: []int{v[0] - 1, v[1] - 1}}, 0)
		require.NoError(t, err)
	}
}

func place(t testing.TB, g *Game, seat, potion int) games.Step {
	t.Helper()
	st, err := g.Play(seat, Move{Type: MovePlace, Potion: potion}, g.s.Clock)
	require.NoError(t, err)
	return st
}

// give hands seat an activated power.
func give(g *Game, seat int, p Power) {
	g.s.Won[seat] = append(g.s.Won[seat], Held{Potion: Potion{ID: 200 + len(g.s.Won[seat]) + 10*seat, Colour: Purple, Points: 2, Power: p}, Active: true})
}

func mustJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

func ruleCode(t testing.TB, err error) string {
	t.Helper()
	re, ok := games.AsRuleError(err)
	require.True(t, ok, "want a rule error, got %v", err)
	return re.Code
}
