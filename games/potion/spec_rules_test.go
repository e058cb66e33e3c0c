package potion

import (
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The computer calls vigilance on the student with a probability that grows
// with its level.
func TestBotVigilanceCallsGrowWithLevel(t *testing.T) {
	calls := map[int]int{}
	for _, level := range []int{games.BotBeginner, games.BotSolid, games.BotStrong} {
		for seed := range uint64(200) {
			g := forgetful(t, [2]games.Seat{student, computer(level)})
			g.s.RNG = games.NewRNG(seed, 9)
			forget(t, g)
			_, err := g.Advance(1500)
			require.NoError(t, err)
			if g.s.Phase == PhaseCapture {
				calls[level]++
			}
		}
	}
	assert.Less(t, calls[games.BotBeginner], calls[games.BotSolid])
	assert.Less(t, calls[games.BotSolid], calls[games.BotStrong])
	assert.Positive(t, calls[games.BotBeginner], "even a beginner calls sometimes")
}
