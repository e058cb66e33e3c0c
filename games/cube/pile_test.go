package cube

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A card given back "sous la pioche" (a wrong claim's won card, three
// monsters nobody could catch) lies under every card of the pile: it cannot
// come back in the very next row while the pile holds three other cards,
// whatever the deck level prefers (with the level decks: three other cards
// of the deck being played, which it goes under). Over many seeded games of
// #1 in which a player alternates right claims (to win cards) and wrong
// ones (to give them back), with and without the level decks.
func TestCardsPutUnderThePileDoNotComeBackInTheNextRow(t *testing.T) {
	checked, back := 0, 0
	for seed := range uint64(120) {
		cfg := DefaultConfig(RulesCode, games.Green(), []games.Seat{human("Léa")})
		cfg.LevelDecks = seed%3 == 0
		g := newGame(t, cfg, seed)
		r := rand.New(rand.NewPCG(seed, 5))
		at := int64(0)
		for guard := 0; !g.Over() && guard < 500; guard++ {
			at += 1000
			var under []int
			m := Move{Type: MoveNoSolution}
			if n := len(g.s.Won[0]); n > 0 && r.IntN(2) == 0 {
				// Three faces of one tile are never an allowed combination.
				p := g.s.Board[0].At
				m = Move{Type: MoveClaim, Code: g.s.Row[0], Faces: []FaceAt{{p, Yellow}, {p, Red}, {p, Blue}}, Ops: []string{"*", "+"}}
				under = []int{g.s.Won[0][n-1]}
			} else {
				for _, c := range g.s.Row {
					if sols := Solve(g.s.Board, c, rulesOne); len(sols) > 0 {
						m = claimOf(c, sols[0])
						break
					}
				}
				if m.Type == MoveNoSolution {
					under = slices.Clone(g.s.Row) // upheld: the solver found none
				}
			}
			// The cards that will lie above a card put under the pile: with
			// the level decks it goes under the deck being played.
			pile := len(g.s.Pile)
			if cfg.LevelDecks && len(g.s.Layers) > 0 {
				pile = 0
				for _, l := range g.s.Layers {
					if l.Deck <= g.s.Layers[0].Deck {
						pile += l.N
					}
				}
			}
			_, err := apply(t, g, 0, m, at)
			require.NoError(t, err)
			if len(under) == 0 || pile < 3 || g.Over() {
				continue
			}
			checked++
			for _, c := range under {
				if slices.Contains(g.s.Row, c) {
					back++
					t.Errorf("seed %d: card %d went under the pile and came back in the next row %v", seed, c, g.s.Row)
				}
			}
		}
	}
	t.Logf("%d rows laid out after a card went under the pile, %d brought one back", checked, back)
	assert.Greater(t, checked, 1000, "enough cases checked")
}

// With the level decks, a card given back goes under the deck being played
// (the booklet's three piles), not under the last deck.
func TestCardGivenBackGoesUnderTheDeckBeingPlayed(t *testing.T) {
	cfg := DefaultConfig(RulesCode, games.All(9), []games.Seat{human("Léa")})
	cfg.LevelDecks = true
	g := newGame(t, cfg, 4)
	deck1 := 0
	for _, c := range g.s.Pile {
		if LevelDeck(c) == 1 {
			deck1++
		}
	}
	g.s.putUnder(50)
	assert.Equal(t, 50, g.s.Pile[deck1], "right under deck 1, above deck 2")
	assert.Equal(t, []Layer{{N: deck1, Deck: 1}, {N: 1, Deck: 1}, {N: 30, Deck: 2}, {N: 8, Deck: 3}}, g.s.Layers)
	for range deck1 {
		assert.Equal(t, 1, LevelDeck(g.draw(g.weights(g.s.Board))), "deck 1 is drawn first")
	}
	assert.Equal(t, 50, g.draw(g.weights(g.s.Board)), "then the card given back")
	assert.Equal(t, 2, LevelDeck(g.draw(g.weights(g.s.Board))), "then deck 2")
}

// When the pile runs short the first time, the discard is shuffled into a
// new pile under the cards left: those come first.
func TestCardsLeftInThePileComeBeforeTheShuffledDiscard(t *testing.T) {
	for seed := range uint64(20) {
		g := gameOne(t, human("Léa"))
		g.s.Pile, g.s.Layers = []int{5, 9}, nil
		g.s.Discard = []int{1, 2, 3, 4, 6, 7, 8, 10, 11}
		g.s.Row = []int{}
		g.s.RNG = games.NewRNG(seed, 1)
		g.refill()
		assert.Subset(t, g.s.Row, []int{5, 9}, "seed %d", seed)
		assert.Len(t, g.s.Pile, 8)
	}
}
