package potion

import (
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBotDecidesFromItsViewOnly(t *testing.T) {
	for seed := range uint64(30) {
		a, err := New(Config{Level: games.Violet(), Seats: []games.Seat{computer(3), student}}, seed)
		require.NoError(t, err)
		b, err := Load(save(t, a))
		require.NoError(t, err)
		// Swap a card of the hidden hand with one of the pile: only what the
		// bot cannot see differs.
		h, p := b.s.Hands[1], b.s.Pile
		h[0], p[len(p)-1] = p[len(p)-1], h[0]
		require.Equal(t, a.botView(0), b.botView(0))
		ma := decide(a.botView(0), games.BotStrong, a.s.RNG)
		mb := decide(b.botView(0), games.BotStrong, b.s.RNG)
		assert.Equal(t, ma, mb, "seed %d", seed)
	}
}

func TestBotLevelsAreOrdered(t *testing.T) {
	rep := Simulate(SimOptions{Games: 300, Seed: 1, Edition: Edition3, Level: games.Green()})
	rate := map[[2]int]float64{}
	for _, p := range rep.Pairings {
		require.Zero(t, p.Unfinished)
		require.Equal(t, p.Games, p.WinsA+p.WinsB+p.Ties)
		rate[[2]int{p.LevelA, p.LevelB}] = p.WinRateA()
	}
	assert.Less(t, rate[[2]int{1, 2}], 0.25, "solid beats beginner")
	assert.Less(t, rate[[2]int{1, 3}], 0.2, "strong beats beginner")
	assert.Less(t, rate[[2]int{2, 3}], 0.45, "strong beats solid")
	assert.InDelta(t, 0.5, rate[[2]int{2, 2}], 0.1, "a mirror is even: starting gives no big edge")
}

func TestBotBeginnerMissesAndStrongNeverDoes(t *testing.T) {
	rep := Simulate(SimOptions{Games: 200, Seed: 5, Edition: Edition4, Level: games.Violet(), Levels: []int{1, 3}})
	for _, p := range rep.Pairings {
		switch {
		case p.LevelA == 1 && p.LevelB == 3:
			assert.Positive(t, p.Missed[0], "the beginner forgets captures so the child can call vigilance")
			assert.Zero(t, p.Missed[1])
			assert.Positive(t, p.Vigilance[1], "the strong player calls vigilance")
		case p.LevelA == 3 && p.LevelB == 3:
			assert.Zero(t, p.Missed[0]+p.Missed[1])
		}
	}
}

func TestLoadRejectsWhatItCannotRestore(t *testing.T) {
	for _, in := range []string{`nope`, `{}`, `{"config":{"seats":[]}}`} {
		_, err := Load([]byte(in))
		assert.Error(t, err, in)
	}
	g, err := New(Config{Level: games.Green(), Seats: []games.Seat{student, computer(1)}}, 2)
	require.NoError(t, err)
	g.s.Zones[0] = append(g.s.Zones[0], g.s.Pile[0]) // a card in two places
	_, err = Load(save(t, g))
	assert.ErrorContains(t, err, "two places")
}

func TestNextIsQuietWhenTheGameIsOver(t *testing.T) {
	g, err := New(Config{Level: games.Green(), Seats: []games.Seat{computer(2), computer(2)}}, 1)
	require.NoError(t, err)
	_, ok := g.Next()
	require.True(t, ok)
	_, err = g.Advance(0)
	require.NoError(t, err)
	_, ok = g.Next()
	assert.False(t, ok)
	assert.Empty(t, g.Waiting())
	assert.Empty(t, g.Legal(0))
	st, err := g.Advance(10)
	require.NoError(t, err)
	assert.Empty(t, st.Events)
	assert.Len(t, g.Log(), 1, "an Advance with nothing to do is not logged")
}

// The computer's view is the seat's own view with fewer fields: it holds
// nothing the seat's player could not see.
func TestBotViewIsPartOfTheSeatView(t *testing.T) {
	for seed := range uint64(30) {
		g, err := New(Config{Level: games.Green(), Seats: []games.Seat{student, student2}}, seed)
		require.NoError(t, err)
		for step := 0; step < 40 && !g.Over(); step++ {
			for seat := range 2 {
				v, bv := g.SeatView(seat), g.botView(seat)
				want := View{Seat: v.Seat, Turn: v.Turn, Phase: v.Phase, Hand: v.Hand, Zones: v.Zones,
					Laid: v.Laid, Captured: v.Captured, VigilanceOpen: v.VigilanceOpen, Called: v.Called}
				require.Equal(t, want, bv, "seed %d seat %d", seed, seat)
			}
			w := g.Waiting()[0]
			m := decide(g.botView(w), games.BotSolid, g.s.RNG)
			_, err := g.Play(w, m, int64(step))
			require.NoError(t, err)
		}
	}
}

// TestSeatMissTunesTheBotBetweenLevels: a seat's Miss replaces its level's
// chance of overlooking a capture, so a solid bot told to miss often ends
// more turns with a capture left, and a bad Miss is refused.
func TestSeatMissTunesTheBotBetweenLevels(t *testing.T) {
	missed := func(miss float64) int {
		n := 0
		for seed := range uint64(60) {
			bot := games.Seat{Kind: games.SeatComputer, Name: "A", Bot: games.BotSolid, Miss: miss}
			other := games.Seat{Kind: games.SeatComputer, Name: "B", Bot: games.BotSolid}
			g, err := New(Config{Level: games.Green(), Seats: []games.Seat{bot, other}}, seed)
			require.NoError(t, err)
			_, err = g.Advance(0)
			require.NoError(t, err)
			require.True(t, g.Over())
			n += g.Stats().Missed[0]
		}
		return n
	}
	assert.Greater(t, missed(0.6), 2*missed(0), "Miss 0.6 overlooks far more than the solid level's 0.1")
	_, err := New(Config{Level: games.Green(), Seats: []games.Seat{{Kind: games.SeatComputer, Bot: 2, Miss: 1.5}, student}}, 1)
	require.Error(t, err)
}
