package cats

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
)

func student(name string) games.Seat { return games.Seat{Kind: games.SeatStudent, Name: name} }

func bot(level int) games.Seat {
	return games.Seat{Kind: games.SeatComputer, Name: "cat", Bot: level}
}

func students(n int) []games.Seat {
	out := make([]games.Seat, n)
	for i := range out {
		out[i] = student(string(rune('A' + i)))
	}
	return out
}

// rig deals the given decks (top first) instead of a shuffled box.
func rig(t testing.TB, seats []games.Seat, decks ...[]Card) *Game {
	t.Helper()
	g, err := New(Config{Level: LearningLevel(5), Seats: seats}, 1)
	require.NoError(t, err)
	require.Len(t, decks, len(seats))
	for i := range g.st.Players {
		g.st.Players[i].Deck = append([]Card{}, decks[i]...)
		g.st.Players[i].Pile = nil
	}
	return g
}

// play applies a move that must be accepted.
func play(t testing.TB, g *Game, seat int, m Move, at int64) games.Step {
	t.Helper()
	st, err := g.Play(seat, m, at)
	require.NoError(t, err, "seat %d %s at %d", seat, m.Type, at)
	return st
}

// refused checks a move is refused with code.
func refused(t testing.TB, g *Game, seat int, m Move, at int64, code string) {
	t.Helper()
	_, err := g.Play(seat, m, at)
	re, ok := games.AsRuleError(err)
	require.True(t, ok, "want rule error %s, got %v", code, err)
	assert.Equal(t, code, re.Code)
}

func deckOf(g *Game, seat int) []Card { return g.st.Players[seat].Deck }
func pileOf(g *Game, seat int) []Card { return g.st.Players[seat].Pile }

// filler cards whose products match nothing else in the tests.
var (
	f1 = Mult(1, 1) // 1
	f2 = Mult(1, 2) // 2
	f3 = Mult(1, 3) // 3
	f5 = Mult(1, 5) // 5
	f7 = Mult(1, 7) // 7
)

func totalCards(g *Game) int {
	n := 0
	for _, c := range g.Cards() {
		n += c
	}
	return n
}
