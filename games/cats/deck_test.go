package cats

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
)

func TestLearningDecksReproduceBookletPartV(t *testing.T) {
	tests := []struct {
		name                   string
		tables                 int
		mult, product, special int
		perKind                int
	}{
		{"tables 1-5", 5, 50, 28, 10, 2},
		{"tables 1-6", 6, 60, 32, 10, 2},
		{"tables 1-7", 7, 70, 36, 14, 3},
		{"tables 1-8", 8, 80, 39, 14, 3},
		{"tables 1-9", 9, 90, 41, 18, 4},
		{"full box", 10, 100, 42, 18, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			deck, err := BuildDeck(LearningLevel(tt.tables), true)
			require.NoError(t, err)
			c := Count(deck)
			assert.Equal(t, tt.mult, c.Mult)
			assert.Equal(t, tt.product, c.Product)
			assert.Equal(t, tt.special, c.Special)
			for _, s := range []Special{Chase, DeadEnd, Magic, Seesaw} {
				assert.Equal(t, tt.perKind, c.Specials[s], s)
			}
			assert.Equal(t, 1, c.Specials[Ambush])
			assert.Equal(t, 1, c.Specials[Gift])
		})
	}
}

func TestLearningDeckProductCardsAreTheBookletLists(t *testing.T) {
	booklet := map[int][]int{
		5: {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 24, 25, 27, 28, 30, 32, 35, 36, 40, 45, 50},
		6: {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 24, 25, 27, 28, 30, 32, 35, 36, 40, 42, 45, 48, 50, 54, 60},
		7: {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 24, 25, 27, 28, 30, 32, 35, 36, 40, 42, 45, 48, 49, 50, 54, 56, 60, 63, 70},
		8: {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 24, 25, 27, 28, 30, 32, 35, 36, 40, 42, 45, 48, 49, 50, 54, 56, 60, 63, 64, 70, 72, 80},
		9: {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 24, 25, 27, 28, 30, 32, 35, 36, 40, 42, 45, 48, 49, 50, 54, 56, 60, 63, 64, 70, 72, 80, 81, 90},
	}
	for n, want := range booklet {
		deck, err := BuildDeck(LearningLevel(n), false)
		require.NoError(t, err)
		var got []int
		for _, c := range deck {
			if !c.IsMult() && !c.IsSpecial() {
				got = append(got, int(c.N))
			}
		}
		assert.Equal(t, want, got, "tables 1-%d", n)
	}
}

func TestFullBoxIs160Cards(t *testing.T) {
	deck, err := BuildDeck(games.All(10), true)
	require.NoError(t, err)
	assert.Len(t, deck, 160)
	seen := map[Card]int{}
	for _, c := range deck {
		seen[c]++
	}
	for a := 1; a <= 10; a++ {
		for b := 1; b <= 10; b++ {
			assert.Equal(t, 1, seen[Mult(a, b)], "every ordered a×b once: %d×%d", a, b)
		}
	}
}

func TestDeckGeneralisesToAnyLevel(t *testing.T) {
	deck, err := BuildDeck(games.Custom(7, 8), true)
	require.NoError(t, err)
	c := Count(deck)
	assert.Equal(t, 20, c.Mult)
	products := map[int]bool{}
	for b := 1; b <= 10; b++ {
		products[7*b], products[8*b] = true, true
	}
	assert.Equal(t, len(products), c.Product, "one product card per distinct product")
	assert.Equal(t, 6, c.Special, "at least one of each special")

	green, err := BuildDeck(games.Green(), true)
	require.NoError(t, err)
	assert.Equal(t, 40, Count(green).Mult)
	assert.Equal(t, 4*SpecialsPerKind(40)+2, Count(green).Special)
}

func TestSpecialsAreOffForBeginners(t *testing.T) {
	g, err := New(Config{Level: LearningLevel(5), Seats: students(3)}, 7)
	require.NoError(t, err)
	for i := range g.st.Players {
		for _, c := range g.st.Players[i].Deck {
			assert.False(t, c.IsSpecial())
		}
	}
	assert.Equal(t, 78, totalCards(g))
}

func TestWeightedFactsGetExtraCopies(t *testing.T) {
	l := LearningLevel(5)
	l.Weights = []games.FactWeight{{A: 4, B: 3, W: 2}}
	deck, err := BuildDeck(l, false)
	require.NoError(t, err)
	n := 0
	for _, c := range deck {
		if c == Mult(3, 4) || c == Mult(4, 3) {
			n++
		}
	}
	assert.Equal(t, 4, n, "both orders of the weighted pair twice")
}

func TestDealAsEvenlyAsPossible(t *testing.T) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		g, err := New(Config{Level: games.All(10), Seats: students(n), Specials: true}, uint64(n))
		require.NoError(t, err)
		sizes := g.Cards()
		assert.Equal(t, 160, totalCards(g))
		assert.LessOrEqual(t, slices.Max(sizes)-slices.Min(sizes), 1, "%d players: %v", n, sizes)
	}
}

func TestSameSeedSameDeal(t *testing.T) {
	cfg := Config{Level: games.All(10), Seats: students(4), Specials: true}
	a, _ := New(cfg, 42)
	b, _ := New(cfg, 42)
	c, _ := New(cfg, 43)
	assert.Equal(t, a.st.Players, b.st.Players)
	assert.NotEqual(t, a.st.Players, c.st.Players)
}

func TestTwoToEightPlayers(t *testing.T) {
	for _, n := range []int{2, 3, 8} {
		_, err := New(Config{Level: games.All(10), Seats: students(n)}, 1)
		require.NoError(t, err, "%d players", n)
	}
	for _, n := range []int{1, 9} {
		_, err := New(Config{Level: games.All(10), Seats: students(n)}, 1)
		re, ok := games.AsRuleError(err)
		require.True(t, ok)
		assert.Equal(t, "config.bad_seats", re.Code)
	}
}

func TestWindowCannotBeSwitchedOff(t *testing.T) {
	g, err := New(Config{Level: games.All(10), Seats: students(3)}, 1)
	require.NoError(t, err)
	assert.Equal(t, DefaultWindowMS, g.Config().WindowMS, "0 takes the default")
	for _, cfg := range []Config{
		{Level: games.All(10), Seats: students(3), WindowMS: -1},
		{Level: games.All(10), Seats: students(3), Start: 3},
		{Level: games.All(10), Seats: []games.Seat{student("a"), bot(4), bot(1)}},
	} {
		_, err := New(cfg, 1)
		re, ok := games.AsRuleError(err)
		require.True(t, ok)
		assert.Equal(t, "config.bad_option", re.Code)
	}
	long, err := New(Config{Level: games.All(10), Seats: students(3), WindowMS: 10000}, 1)
	require.NoError(t, err)
	assert.Equal(t, 10000, long.Config().WindowMS, "a teacher can lengthen it")
}
