package magicoa

import (
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/require"
)

// checkEventsPublic: events go to every seat, so they carry only what the
// table has seen: a gold card once it is revealed (placed or discarded), a
// potion's face once it is won, never a chosen card still face down.
func checkEventsPublic(t testing.TB, g *Game, st games.Step) {
	t.Helper()
	restart := -1 // Expert: the second game deals every gold card again
	for i, e := range st.Events {
		if e.Type == "second_game_started" {
			restart = i
		}
	}
	for i, e := range st.Events {
		data := e.Data
		switch e.Type {
		case "chosen":
			require.Nil(t, e.Data, "the chosen cards stay face down")
		case "placed", "discarded":
			c, ok := data["card"].(int)
			require.True(t, ok)
			if i > restart {
				require.Equal(t, Played, g.s.Where[e.Seat][c], "event %s names card %d before it is revealed", e.Type, c)
			}
		case "won", "power_activated", "points_kept":
			p, ok := data["potion"].(int)
			require.True(t, ok)
			require.True(t, g.s.Public[p], "event %s shows potion %d that the table has not seen", e.Type, p)
		case "exchanged":
			require.Len(t, data, 1, "an exchange says where, not what: the pile potion stays secret")
		default:
			for k := range data {
				require.NotContains(t, []string{"card", "cards", "chosen"}, k, "event %s", e.Type)
			}
		}
	}
}

// A placed card's event names the potion as the whole table sees it: its
// colour when its face is public, "hidden" when only its power shows (the
// potions on the board are not numbered, so a position told a child
// nothing, and a colour must not leak a face nobody has seen).
func TestPlacedEventNamesThePotionAsTheTableSeesIt(t *testing.T) {
	g := newClassic(t, 2)
	setLayout(g, 3, 2) // red and public, then hidden
	chooseValues(t, g, [2]int{1, 2}, [2]int{3, 4})
	first := g.s.Turn
	st := place(t, g, first, 0)
	require.Equal(t, []string{"red"}, st.Events[0].Data["on"])
	st = place(t, g, g.s.Turn, 1)
	require.Equal(t, []string{"hidden"}, st.Events[0].Data["on"])
}
