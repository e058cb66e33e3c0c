package magicoa

import (
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Spec, multiplication edition: "at the end the student computes their score
// for the potions affected by a Triple power (points × 3) before it is
// shown." No view may show a student's tripled points, during the game or
// while the question is asked, until the student has answered it; a
// computer's score and the Result are the true ones.
func TestTripledScoreIsNotShownBeforeTheStudentComputesIt(t *testing.T) {
	g := newMult(t, games.Green(), []games.Seat{{Kind: games.SeatStudent}, {Kind: games.SeatStudent}, {Kind: games.SeatComputer, Bot: 2}})
	g.s.Won[0] = []Held{{Potion: Potion{ID: 1, Colour: Blue, Points: 1}}, {Potion: Potion{ID: 2, Colour: Blue, Points: 1}},
		{Potion: Potion{ID: 3, Colour: Green, Points: 1}}, {Potion: Potion{ID: 4, Colour: Red, Points: 5}}}
	g.s.Won[2] = []Held{{Potion: Potion{ID: 5, Colour: Blue, Points: 1}}}
	give(g, 0, TripleBlue)
	give(g, 0, TripleGreen)
	give(g, 2, TripleBlue)
	require.Equal(t, 3+3+3+5, g.Score(0))
	shown := func(viewer int) (int, int, int) {
		v := g.view(viewer)
		return v.Scores[0], v.Players[0].Score, v.Players[2].Score
	}
	for viewer := range 3 {
		s, p, bot := shown(viewer)
		assert.Equal(t, 1+1+1+5, s, "during the game, seen by seat %d", viewer)
		assert.Equal(t, 1+1+1+5, p, "during the game, seen by seat %d", viewer)
		assert.Equal(t, 3, bot, "a computer's tripled score is no question")
	}

	g.finish(1000)
	require.Equal(t, []int{0}, g.Waiting())
	s, p, _ := shown(0)
	assert.Equal(t, []int{8, 8}, []int{s, p}, "while the question is asked")
	_, err := g.Play(0, Move{Type: MoveAnswer, Product: 6}, 2000) // the blue potions: 2 × 3
	require.NoError(t, err)
	s, p, _ = shown(1)
	assert.Equal(t, []int{3 + 3 + 1 + 5, 3 + 3 + 1 + 5}, []int{s, p}, "blue computed, green not yet")
	_, err = g.Play(0, Move{Type: MoveAnswer, Product: 3}, 3000)
	require.NoError(t, err)
	require.True(t, g.Over())
	s, p, _ = shown(0)
	assert.Equal(t, []int{14, 14}, []int{s, p})
	assert.Equal(t, []int{14, 0, 3}, g.Result().Scores)
}
