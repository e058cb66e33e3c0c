package play

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/games/cats"
)

// TestCatsEditionsTurnTheVariantsOn: the hidden editions "infinite" and
// "souris" build Multipli Cat's with its variants; the others without.
func TestCatsEditionsTurnTheVariantsOn(t *testing.T) {
	k, ok := KindOf("cats")
	require.True(t, ok)
	seats := []games.Seat{{Kind: games.SeatStudent, Name: "Léa"}, {Kind: games.SeatComputer, Name: "Minou", Bot: games.BotSolid},
		{Kind: games.SeatComputer, Name: "Hibou", Bot: games.BotSolid}}
	for _, tc := range []struct {
		edition          string
		infinite, souris bool
	}{{"standard", false, false}, {"specials", false, false}, {CatsInfinite, true, false}, {CatsSouris, false, true}} {
		assert.True(t, k.HasEdition(tc.edition), tc.edition)
		e, err := k.New(Setup{Edition: tc.edition, Level: games.Green(), Seats: seats}, 1)
		require.NoError(t, err, tc.edition)
		cfg := e.(*cats.Game).Config()
		assert.Equal(t, tc.infinite, cfg.Infinite, tc.edition)
		assert.Equal(t, tc.souris, cfg.SourisCall, tc.edition)
		assert.False(t, cfg.Specials && tc.edition != "specials", tc.edition)
	}
	assert.Equal(t, []string{"standard", CatsInfinite, CatsSouris}, k.Editions, "the variants are offered on the home, the standard game first")
	assert.Equal(t, []string{"specials"}, k.Hidden, "the special cards are kept for later")
}
