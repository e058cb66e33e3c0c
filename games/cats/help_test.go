package cats

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
)

// helpGame: the student (seat 0) is to reveal; a computer shows 2 × 10 = 20
// and the student's 4 × 5 lies third in their deck.
func helpGame(t *testing.T, help int, answered []int, seats ...games.Seat) *Game {
	t.Helper()
	if len(seats) == 0 {
		seats = []games.Seat{student("Léa"), bot(games.BotSolid), bot(games.BotSolid)}
	}
	g := rig(t, seats, []Card{f1, f2, Mult(4, 5), f3}, []Card{f5, f7}, []Card{f3, f7})
	g.st.Players[1].Pile = []Card{Mult(2, 10)}
	g.st.Config.HelpBelow = help
	g.st.Answered = answered
	return g
}

// A student who has made fewer multiplications than HelpBelow reveals the
// first card of their deck that matches another's newest card.
func TestHelpRevealGivesTheStudentAMatch(t *testing.T) {
	g := helpGame(t, games.PracticeFloor, nil)
	play(t, g, 0, Flip(), 100)
	assert.Equal(t, Mult(4, 5), g.st.Players[0].top())
	assert.Equal(t, []Card{f1, f2, f3}, deckOf(g, 0), "the rest of the deck keeps its order")
	require.NotNil(t, g.st.Win)
	assert.Equal(t, KindMatch, g.st.Win.Kind, "a match the student can slap")
}

// Without the rule, once the student has practised enough, or for a
// computer's pile, the deck is revealed as dealt.
func TestHelpRevealLeavesTheDeckAlone(t *testing.T) {
	for name, g := range map[string]*Game{
		"off":       helpGame(t, 0, nil),
		"practised": helpGame(t, games.PracticeFloor, []int{3, 0, 0}),
	} {
		play(t, g, 0, Flip(), 100)
		assert.Equal(t, f1, g.st.Players[0].top(), name)
	}
	g := helpGame(t, games.PracticeFloor, nil, bot(games.BotSolid), student("Léa"), bot(games.BotSolid))
	_, err := g.Advance(g.st.TurnSince + int64(g.st.Config.RevealDelayMS))
	require.NoError(t, err)
	assert.Equal(t, f1, g.st.Players[0].top(), "a computer's deck is never arranged")
}

// The multiplications a student makes are counted in the saved game.
func TestAnsweredCountsTheStudentsClaims(t *testing.T) {
	g := helpGame(t, games.PracticeFloor, nil)
	play(t, g, 0, Flip(), 100)
	st := play(t, g, 0, Slap(), 900)
	require.NotEmpty(t, st.Attempts)
	assert.Equal(t, []int{len(st.Attempts), 0, 0}, g.st.Answered)
}
