package cube

import (
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestEngineRefusals(t *testing.T) {
	g := gameOne(t, human("Léa"), bot(games.BotSolid))
	tests := []struct {
		name string
		run  func() error
		code string
	}{
		{"a computer seat", func() error { _, err := apply(t, g, 1, Move{Type: MoveNoSolution}, 10); return err }, "game.computer_seat"},
		{"no such seat", func() error { _, err := apply(t, g, 7, Move{Type: MoveNoSolution}, 10); return err }, "game.bad_seat"},
		{"a turn move in #1", func() error { _, err := apply(t, g, 0, Move{Type: MovePass}, 10); return err }, "game.unknown_move"},
		{"time going back", func() error {
			if _, err := g.Advance(100); err != nil {
				return err
			}
			_, err := g.Advance(50)
			return err
		}, "game.bad_time"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			re, ok := games.AsRuleError(tt.run())
			require.True(t, ok)
			assert.Equal(t, tt.code, re.Code)
		})
	}
}

func TestLegalListsTheKindsOfMove(t *testing.T) {
	g := gameOne(t, human("Léa"), human("Tom"))
	assert.Equal(t, []Move{{Type: MoveClaim}, {Type: MoveNoSolution}}, g.Legal(0))
	_, err := apply(t, g, 0, Move{Type: MoveNoSolution}, 10)
	require.NoError(t, err)
	assert.Equal(t, []Move{{Type: MoveClaim}}, g.Legal(0), "one vote per situation")
	assert.Equal(t, []int{1}, g.Waiting())

	d := gameTurns(t, RulesDice, human("a"), human("b"))
	assert.Equal(t, []Move{{Type: MoveFind}, {Type: MovePass}}, d.Legal(0))
	assert.Empty(t, d.Legal(1))
	assert.Equal(t, []int{0}, d.Waiting())
}

func TestGameNamesTheRuleSet(t *testing.T) {
	for rules := 1; rules <= 4; rules++ {
		g := newGame(t, DefaultConfig(rules, games.All(9), []games.Seat{human("a")}), 1)
		assert.Equal(t, []string{"", "cube/1", "cube/2", "cube/3", "cube/4"}[rules], g.Game())
	}
}

func TestSameSeedSameDeal(t *testing.T) {
	cfg := DefaultConfig(RulesCode, games.All(9), []games.Seat{human("a"), bot(2)})
	a, _ := newGame(t, cfg, 42).MarshalJSON()
	b, _ := newGame(t, cfg, 42).MarshalJSON()
	c, _ := newGame(t, cfg, 43).MarshalJSON()
	assert.JSONEq(t, string(a), string(b))
	assert.NotEqual(t, string(a), string(c))
}
