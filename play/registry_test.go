package play

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
)

// Every game of the registry has an engine, in the registry's order, and no
// engine is left without a game; each deals its default edition and reports
// itself under the game's name.
func TestEveryRegisteredGameHasAnEngine(t *testing.T) {
	require.Len(t, engines, len(games.Registry()), "an engine without a game in the registry")
	var names []games.Name
	for _, k := range Kinds() {
		names = append(names, k.Name)
		require.NotNil(t, k.New, k.Name)
		require.NotNil(t, k.Load, k.Name)
		seats := []games.Seat{{Kind: games.SeatStudent, Name: "Léa"}}
		for range k.DefaultOpponents {
			seats = append(seats, games.Seat{Kind: games.SeatComputer, Name: "Pixel", Bot: games.BotSolid})
		}
		for _, ed := range k.Editions {
			e, err := k.New(Setup{Edition: ed, Level: games.Green(), Seats: seats}, 1)
			require.NoError(t, err, "%s/%s", k.Name, ed)
			ref, err := games.ParseRef(e.Game())
			require.NoError(t, err)
			assert.Equal(t, k.Name, ref.Game)
		}
	}
	assert.Equal(t, games.Names(), names)
}
