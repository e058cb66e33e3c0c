package magicoa

import (
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSeatMissMakesTheBotMoveAtRandom: a strong seat told to overlook its
// cards' values (Miss 1) plays like the beginner and loses to a solid bot
// far more often than a plain strong seat does; a bad Miss is refused.
func TestSeatMissMakesTheBotMoveAtRandom(t *testing.T) {
	wins := func(miss float64) float64 {
		w := 0.0
		for seed := range uint64(80) {
			seats := computers(games.BotStrong, games.BotSolid)
			seats[0].Miss = miss
			g, err := New(Config{Seats: seats, StartSeat: int(seed % 2)}, seed)
			require.NoError(t, err)
			_, err = g.Advance(0)
			require.NoError(t, err)
			require.True(t, g.Over())
			for _, s := range g.Result().Winners {
				if s == 0 {
					w += 1 / float64(len(g.Result().Winners))
				}
			}
		}
		return w / 80
	}
	assert.Less(t, wins(1)+0.2, wins(0), "a strong seat that misses everything plays like the beginner")
	seats := computers(games.BotSolid, games.BotSolid)
	seats[1].Miss = 2
	_, err := New(Config{Seats: seats}, 1)
	require.Error(t, err)
}
