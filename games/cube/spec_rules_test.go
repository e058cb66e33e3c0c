package cube

import (
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
)

// #4 ends and scores as #1: printed points, ×2 worth the +1 cards held.
func TestNumbersScoreAsMonsterCode(t *testing.T) {
	won := [][]int{{1, 5, 8, 20}, {12, 13}}
	assert.Equal(t, Scores(RulesCode, won, false), Scores(RulesNumbers, won, false))
	assert.Equal(t, []int{Points(won[0]), Points(won[1])}, Scores(RulesNumbers, won, false))
}

// Turn-based rule sets: the start seat (the student at 0 by default) plays first.
func TestTurnBasedStartSeatPlaysFirst(t *testing.T) {
	g := gameTurns(t, RulesNumbers, human("a"), human("b"))
	assert.Equal(t, 0, g.s.Turn)
	cfg := DefaultConfig(RulesDice, g.s.Config.Level, []games.Seat{human("a"), human("b")})
	cfg.StartSeat = 1
	assert.Equal(t, 1, newGame(t, cfg, 3).s.Turn)
}
