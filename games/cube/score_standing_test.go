package cube

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/multipli/multipli/games"
)

// Standing is the score so far, counted as the end counts it (a session
// stopped early sums up with it), while Result waits for the end.
func TestStandingCountsTheScoreSoFar(t *testing.T) {
	seats := []games.Seat{{Kind: games.SeatStudent}, {Kind: games.SeatComputer, Bot: games.BotBeginner}}
	for _, rules := range []int{RulesCode, RulesAdvanced, RulesDice, RulesNumbers} {
		g := newGame(t, DefaultConfig(rules, games.Green(), seats), 1)
		g.s.Won = [][]int{{3, 12}, {}}
		want := Scores(rules, g.s.Won, false)
		if rules == RulesAdvanced {
			want = []int{2, 0}
		}
		assert.Equal(t, want, g.Standing(), "rule set #%d", rules)
		assert.Positive(t, g.Standing()[0], "rule set #%d", rules)
		assert.Empty(t, g.Result().Scores, "rule set #%d: no result before the end", rules)
	}
}
