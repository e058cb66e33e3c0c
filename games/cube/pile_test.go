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
