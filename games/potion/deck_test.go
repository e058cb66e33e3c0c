package potion

import (
	"encoding/json"
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func box() games.Level {
	return games.Level{Name: games.LevelCustom, Tables: []int{2, 3, 4, 5, 6, 7, 8, 9}, MinFactor: 2, MaxFactor: 9}
}

func TestDeckSizes(t *testing.T) {
	for _, tt := range []struct {
		name  string
		level games.Level
		want  int
	}{
		{"green: 40 cards", games.Green(), 40},
		{"violet: 40 cards", games.Violet(), 40},
		{"green+violet: the 80 cards of the box", box(), 80},
		{"all 1–12: capped at 80", games.All(12), 80},
		{"one table: at least 40", games.Custom(7), 40},
		{"six tables: in proportion (60 facts → 75)", games.Custom(2, 3, 4, 5, 6, 7), 75},
	} {
		t.Run(tt.name, func(t *testing.T) {
			deck, err := NewDeck(tt.level, 1)
			require.NoError(t, err)
			assert.Len(t, deck, tt.want)
			assert.Equal(t, tt.want, DeckSize(tt.level))
		})
	}
}

func TestDeckGreenAndVioletUseFactors2To9AsInTheBox(t *testing.T) {
	for _, l := range []games.Level{games.Green(), games.Violet()} {
		deck, err := NewDeck(l, 7)
		require.NoError(t, err)
		lv := DeckLevel(l)
		for _, c := range deck {
			assert.GreaterOrEqual(t, c.Potion, 2)
			assert.LessOrEqual(t, c.Potion, 9)
			assert.True(t, monsterOfLevel(lv, c.Monster), "%s monster %d", l.Name, c.Monster)
			assert.Equal(t, string(l.Name), c.Colour.String(), "the colour of a %s monster", l.Name)
		}
	}
}

func monsterOfLevel(l games.Level, m int) bool {
	for _, f := range l.Facts() {
		if f.Product() == m {
			return true
		}
	}
	return false
}

func TestDeckEveryFactOnceBeforeAnyRepeats(t *testing.T) {
	for seed := range uint64(50) {
		deck, err := NewDeck(games.Green(), seed)
		require.NoError(t, err)
		count := map[int]int{}
		for _, c := range deck {
			count[c.Monster]++
		}
		for _, f := range DeckLevel(games.Green()).Facts() {
			// Facts sharing a product (3×4, 2×6…) share their monsters.
			need := 0
			for _, g := range DeckLevel(games.Green()).Facts() {
				if g.Product() == f.Product() {
					need++
				}
			}
			assert.GreaterOrEqual(t, count[f.Product()], need, "seed %d fact %v", seed, f)
		}
	}
}

func TestDeckWeightsGiveExtraCopies(t *testing.T) {
	l := games.Violet()
	l.Weights = []games.FactWeight{{A: 7, B: 8, W: 4}}
	deck, err := NewDeck(l, 3)
	require.NoError(t, err)
	count := map[int]int{}
	for _, c := range deck {
		count[c.Monster]++
	}
	// 56 is only 7×8 and 8×7 (two facts): weight 4 each gives them the 8
	// extra cards; 48 (6×8, 8×6) keeps its two.
	assert.Equal(t, 10, count[56])
	assert.Equal(t, 2, count[48])
}

func TestDeckZeroWeightsGetNoExtraCopies(t *testing.T) {
	l := DeckLevel(games.Green())
	for _, f := range l.Facts() {
		if f.A != 2 && f.B != 2 {
			l.Weights = append(l.Weights, games.FactWeight{A: f.A, B: f.B, W: 0})
		}
	}
	facts := monsterFacts(l, l.Facts(), DeckSize(l), games.NewRNG(3, 1))
	count := map[games.Fact]int{}
	for _, f := range facts {
		count[f]++
	}
	extra := 0
	for _, f := range l.Facts() {
		if f.A == 2 || f.B == 2 {
			assert.Contains(t, []int{1, 2}, count[f], "the 11 facts with a 2 share the 8 extra cards")
			extra += count[f] - 1
		} else {
			assert.Equal(t, 1, count[f], "weight 0: once, never more")
		}
	}
	assert.Equal(t, 8, extra)
}

func TestDeckMoreFactsThanCardsTakesEachFactAtMostOnce(t *testing.T) {
	facts := monsterFacts(games.All(12), games.All(12).Facts(), 80, games.NewRNG(4, 1))
	seen := map[games.Fact]bool{}
	for _, f := range facts {
		assert.False(t, seen[f], "no repeats before every fact is dealt")
		seen[f] = true
	}
	assert.Len(t, seen, 80)
}

func TestCardColourIsWrittenByName(t *testing.T) {
	data, err := json.Marshal(Card{ID: 1, Potion: 7, Monster: 56, Colour: ColourViolet})
	require.NoError(t, err)
	assert.JSONEq(t, `{"id":1,"potion":7,"monster":56,"colour":"violet"}`, string(data))
	var back Card
	require.NoError(t, json.Unmarshal(data, &back))
	assert.Equal(t, ColourViolet, back.Colour)
	assert.Error(t, json.Unmarshal([]byte(`{"colour":"pink"}`), &back))
}

func TestCardIDsTellNothingOfThePileOrder(t *testing.T) {
	deck, err := NewDeck(games.Green(), 12)
	require.NoError(t, err)
	ids := make([]int, len(deck))
	inOrder := true
	for i, c := range deck {
		ids[i] = c.ID
		inOrder = inOrder && c.ID == i
	}
	assert.False(t, inOrder, "ids are shuffled apart from the deck order")
	assert.ElementsMatch(t, ids, func() []int {
		out := make([]int, len(deck))
		for i := range out {
			out[i] = i
		}
		return out
	}(), "ids are 0 to size-1")
	g, err := New(Config{Level: games.Green(), Seats: []games.Seat{student, student2}}, 12)
	require.NoError(t, err)
	for id, c := range g.s.Cards {
		require.Equal(t, id, c.ID, "the state finds a card by its id")
	}
}

func TestDeckSameSeedSameCardsSameOrder(t *testing.T) {
	a, err := NewDeck(games.All(10), 99)
	require.NoError(t, err)
	b, err := NewDeck(games.All(10), 99)
	require.NoError(t, err)
	c, err := NewDeck(games.All(10), 100)
	require.NoError(t, err)
	assert.Equal(t, a, b)
	assert.NotEqual(t, a, c)
}

func TestDeckEveryMonsterCapturableWithTwoPotionsOfTheDeck(t *testing.T) {
	levels := []games.Level{games.Green(), games.Violet(), box(), games.All(9), games.All(10), games.All(12),
		games.Custom(7), games.Custom(1), games.Custom(12), games.Custom(7, 8), games.Custom(11, 12)}
	for _, l := range levels {
		for seed := range uint64(200) {
			deck, err := NewDeck(l, seed)
			require.NoError(t, err)
			for _, m := range deck {
				assert.True(t, capturable(deck, m.Monster), "level %v seed %d monster %d", l.Tables, seed, m.Monster)
			}
		}
	}
}

// capturable checks by brute force over pairs of cards.
func capturable(deck []Card, m int) bool {
	for i := range deck {
		for j := i + 1; j < len(deck); j++ {
			if deck[i].Potion*deck[j].Potion == m {
				return true
			}
		}
	}
	return false
}

func TestDeckGenerationRejectsAnUncapturableDeck(t *testing.T) {
	deck := []Card{{ID: 0, Potion: 2, Monster: 63}, {ID: 1, Potion: 9, Monster: 4}}
	m, ok := uncapturable(deck)
	assert.False(t, ok)
	assert.Equal(t, 63, m)
	deck[0].Monster, deck[1].Potion = 4, 2
	_, ok = uncapturable(deck)
	assert.False(t, ok, "2 × 2 = 4 needs two cards with a 2 besides the 4's own")
	deck = append(deck, Card{ID: 2, Potion: 2, Monster: 4})
	_, ok = uncapturable(deck)
	assert.True(t, ok, "each 4 has two other cards with a 2")
}
