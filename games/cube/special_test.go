package cube

import (
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRunBonusGoesToTheLongestRun(t *testing.T) {
	assert.Equal(t, 3, RunBonus(2))
	assert.Equal(t, 6, RunBonus(3))
	assert.Equal(t, 10, RunBonus(4))
	assert.Equal(t, 10, RunBonus(6))
	assert.Equal(t, 2, LongestRun([]int{11, 30, 12}))
	won := [][]int{{11, 12, 13}, {20, 21}}
	plain := Scores(RulesCode, won, false)
	with := Scores(RulesCode, won, true)
	assert.Equal(t, plain[0]+6, with[0], "the king of monster hunters")
	assert.Equal(t, plain[1], with[1], "a shorter run earns nothing")
}

func TestFamilyBonusForAllFourOfAKind(t *testing.T) {
	assert.Equal(t, 5, FamilyBonus([]int{1, 2, 3, 4}))
	assert.Equal(t, 0, FamilyBonus([]int{1, 2, 3, 5}))
	won := [][]int{{1, 2, 3, 4}, {}}
	assert.Equal(t, Scores(RulesCode, won, false)[0]+5+10, Scores(RulesCode, won, true)[0], "four of a kind is also a run of 4")
}

func TestLevelDecksArePlayedInOrder(t *testing.T) {
	cfg := DefaultConfig(RulesCode, games.All(9), []games.Seat{human("a")})
	cfg.LevelDecks = true
	g := newGame(t, cfg, 9)
	for _, c := range g.s.Row {
		assert.Equal(t, 1, LevelDeck(c))
	}
	last := 1
	for _, c := range g.s.Pile {
		require.GreaterOrEqual(t, LevelDeck(c), last)
		last = LevelDeck(c)
	}
}

func TestDeckLevelPrefersMonstersWithAFactOfTheLevel(t *testing.T) {
	l := identityLayout(t)
	lvl := games.Green()
	lvl.Weights = []games.FactWeight{{A: 4, B: 5, W: 3}}
	w := levelWeights(l, lvl, rulesOne)
	assert.Equal(t, 3.0, w[12], "12 = 4 × 5 − 8 with a weighted fact")
	// Count how often the drawn rows have a green solution, against All(9).
	green := func(level games.Level) int {
		n := 0
		for seed := range uint64(60) {
			cfg := DefaultConfig(RulesCode, level, []games.Seat{human("a")})
			g := newGame(t, cfg, seed)
			for _, c := range g.s.Row {
				for _, s := range Solve(g.s.Board, c, rulesOne) {
					if games.Green().Has(games.Fact{A: s.Values[0], B: s.Values[1]}) {
						n++
						break
					}
				}
			}
		}
		return n
	}
	assert.Greater(t, green(games.Green()), green(games.Violet()))
}
