package magicoa

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Each player takes the 12 gold cards of one colour: values 1 to 12.
func TestClassicGoldCardsAreOneToTwelvePerPlayer(t *testing.T) {
	g := newClassic(t, 6)
	for s := range 6 {
		var values []int
		for _, c := range g.s.Gold[s] {
			values = append(values, c.Value)
		}
		assert.Equal(t, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, values, "seat %d", s)
	}
}

// The youngest gets the first-player card: the student seated at 0 unless
// the teacher chose another seat.
func TestFirstPlayerCardGoesToTheStartSeat(t *testing.T) {
	g := newClassic(t, 3)
	assert.Equal(t, 0, g.s.First)
	g, err := New(Config{Seats: students(3), StartSeat: 2}, 7)
	require.NoError(t, err)
	assert.Equal(t, 2, g.s.First)
}

// The potion points are tuned so that a game between equal computer players
// is close: with two equal solids, neither position wins much more.
func TestEqualComputerPlayersAreBalanced(t *testing.T) {
	rep := Simulate(SimOptions{Players: 2, Games: 300, Seed: 3})
	require.Len(t, rep.SeatWinRate, 2)
	assert.InDelta(t, 0.5, rep.SeatWinRate[0], 0.08, "first player %.3f", rep.SeatWinRate[0])
}
