package potion

import (
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Spec, Decks: "potions: values from the factor range, spread so that every
// monster in the deck can be captured with two potions that exist in the deck
// (generation must check this)". A card cannot be a monster in one zone and a
// potion in the other at once, so the two potions must lie on cards other
// than the monster's own: a 27 printed on the deck's only 9 can never be
// captured.
func TestAudit2EveryMonsterCapturableWithPotionsOfOtherCards(t *testing.T) {
	deck := []Card{{ID: 0, Potion: 9, Monster: 27}, {ID: 1, Potion: 3, Monster: 18}, {ID: 2, Potion: 6, Monster: 18}}
	m, ok := uncapturable(deck)
	assert.False(t, ok, "the only 9 is on the 27 itself")
	assert.Equal(t, 27, m)

	for _, l := range []games.Level{games.Green(), games.Violet(), games.All(12), games.Custom(2, 3, 4, 5, 6, 7, 8, 9)} {
		for seed := range uint64(300) {
			deck, err := NewDeck(l, seed)
			require.NoError(t, err, "%s seed %d", l.Name, seed)
			for _, c := range deck {
				assert.True(t, capturableByOthers(deck, c), "%s seed %d: monster %d (card %d) cannot be captured", l.Name, seed, c.Monster, c.ID)
			}
		}
	}
}

// capturableByOthers reports whether two cards other than mon carry potions
// whose product is mon's monster.
func capturableByOthers(deck []Card, mon Card) bool {
	for i := range deck {
		for j := i + 1; j < len(deck); j++ {
			if deck[i].ID != mon.ID && deck[j].ID != mon.ID && deck[i].Potion*deck[j].Potion == mon.Monster {
				return true
			}
		}
	}
	return false
}
