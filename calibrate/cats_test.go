package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/pedagogy"
)

// TestPlayCatsTwoPlayerGame: with one computer cat the stand-in plays the
// two-pile game to its end, watching both its piles.
func TestPlayCatsTwoPlayerGame(t *testing.T) {
	m := pedagogy.DefaultModel()
	st := Synthetic(m, games.Green(), 0.9, 1500)
	won, involved := 0, 0
	for seed := range uint64(10) {
		o, err := PlayCats(NewStandin(m, st, games.Green(), seed), games.Green(), games.Seat{Kind: games.SeatComputer, Bot: games.BotSolid, ReactionMS: 2500}, 1, seed)
		require.NoError(t, err, "seed %d", seed)
		won, involved = won+o.Won, involved+o.Involved
	}
	assert.Positive(t, won, "the stand-in wins exchanges with its piles")
	assert.Greater(t, involved, won)
}
