package potion

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
)

// helpLayout: the student has 7 in their zone, the computer shows monster
// 56; nothing in the student's hand makes 56 with 7, and the potion 8 lies
// third in the pile.
func helpLayout(help int) layout {
	return layout{seats: [2]games.Seat{student, computer(games.BotSolid)},
		zone0: []pm{{7, 12}}, zone1: []pm{{3, 56}},
		hand0: []pm{{2, 20}, {3, 15}, {4, 18}}, hand1: []pm{{5, 10}},
		pile: []pm{{5, 24}, {6, 30}, {8, 45}, {9, 16}}}
}

func drawn(g *Game, seat int) Card {
	h := g.s.Hands[seat]
	return g.card(h[len(h)-1])
}

// A student who has made fewer multiplications than HelpBelow, and whom
// nothing gives a capture, draws the first card of the pile that does.
func TestHelpDrawGivesTheStudentACapture(t *testing.T) {
	l := helpLayout(3)
	g := position(t, l)
	g.s.Config.HelpBelow = 3
	g.draw(nil, 0, 0)
	assert.Equal(t, 8, drawn(g, 0).Potion, "7 × 8 = 56 can now be captured")
	assert.Equal(t, []int{5, 6, 9}, potionsOf(g, g.s.Pile), "the rest of the pile keeps its order")
}

// Without the rule, after enough multiplications, for a computer, or when
// a capture is already there, the draw is the top of the pile.
func TestHelpDrawLeavesThePileAlone(t *testing.T) {
	for name, set := range map[string]func(g *Game){
		"off":       func(g *Game) {},
		"practised": func(g *Game) { g.s.Config.HelpBelow = 3; g.s.Answered = []int{3, 0} },
		"capture in hand": func(g *Game) {
			g.s.Config.HelpBelow = 3
			g.s.Hands[0] = append(g.s.Hands[0], g.s.Pile[2])
			g.s.Pile = append(g.s.Pile[:2:2], g.s.Pile[3])
		},
	} {
		g := position(t, helpLayout(0))
		set(g)
		g.draw(nil, 0, 0)
		assert.Equal(t, 5, drawn(g, 0).Potion, name)
	}
	l := helpLayout(0)
	l.seats = [2]games.Seat{computer(games.BotSolid), student}
	g := position(t, l)
	g.s.Config.HelpBelow = 3
	g.draw(nil, 0, 0)
	assert.Equal(t, 5, drawn(g, 0).Potion, "a computer's draw is never arranged")
}

func potionsOf(g *Game, ids []int) []int {
	out := make([]int, len(ids))
	for i, id := range ids {
		out[i] = g.card(id).Potion
	}
	return out
}

// No game ends without a multiplication for the student: a child who lays
// a card that completes a capture when they hold one (else their first)
// and captures whenever a capture is there makes at least one capture in every game on the 7 and 8
// tables, against any computer — which the shuffled pile alone does not
// give (the game of the report: 0–5 in 11 turns, no capture possible).
func TestNoPotionGameEndsWithoutAMultiplication(t *testing.T) {
	tables := games.Custom(7, 8)
	zero := func(help int) int {
		n := 0
		for seed := range uint64(300) {
			bot := []int{games.BotBeginner, games.BotSolid, games.BotStrong}[seed%3]
			g, err := New(Config{Level: tables, Seats: []games.Seat{student, computer(bot)}, Edition: Edition3, HelpBelow: help}, seed)
			require.NoError(t, err)
			if captures(t, g) == 0 {
				n++
			}
		}
		return n
	}
	t.Logf("games without a capture: %d of 300 shuffled, %d helped", zero(0), zero(games.PracticeFloor))
	require.Positive(t, zero(0), "precondition: shuffled piles leave some games without a capture")
	assert.Zero(t, zero(games.PracticeFloor))
}

// captures plays g to its end with the simple student at seat 0 and
// returns their captures.
func captures(t *testing.T, g *Game) int {
	t.Helper()
	at := int64(0)
	n := 0
	for range 500 {
		if g.Over() {
			return n
		}
		at += 1000
		if g.s.Turn != 0 || g.s.Phase != PhasePlay {
			_, err := g.Advance(at)
			require.NoError(t, err)
			continue
		}
		v := g.SeatView(0)
		if !v.Laid && len(v.Hand) > 0 {
			lay := v.Hand[0]
			for _, c := range v.Hand {
				if len(Captures(append(slices.Clone(v.Zones[0]), c), v.Zones[1])) > 0 {
					lay = c
				}
			}
			play(t, g, 0, Lay(lay.ID), at)
			v = g.SeatView(0)
		}
		if cs := Captures(v.Zones[0], v.Zones[1]); len(cs) > 0 && !v.Captured {
			play(t, g, 0, CaptureMove(cs[0].Potions[0], cs[0].Potions[1], cs[0].Monster), at)
			n++
		}
		if !g.Over() && g.s.Turn == 0 && g.s.Phase == PhasePlay {
			play(t, g, 0, End(), at)
		}
	}
	t.Fatal("the game did not end")
	return n
}

// While a student has made fewer multiplications than HelpBelow, the quiz
// is offered even without the quiz option; once they have, it closes.
func TestHelpOffersTheQuizUntilTheStudentHasPractised(t *testing.T) {
	g := position(t, helpLayout(0))
	hasAnswer := func() bool {
		return slices.ContainsFunc(g.Legal(0), func(m Move) bool { return m.Type == MoveAnswer })
	}
	assert.False(t, hasAnswer(), "no quiz without the option or the help")
	g.s.Config.HelpBelow = 3
	require.True(t, hasAnswer())
	hand := g.s.Hands[0]
	for i, pair := range [][2]int{{hand[0], hand[1]}, {hand[0], hand[2]}, {hand[1], hand[2]}} {
		require.True(t, hasAnswer(), "answer %d", i)
		p, q := g.card(pair[0]).Potion, g.card(pair[1]).Potion
		st := play(t, g, 0, Answer(pair[0], pair[1], p*q), int64(1000*(i+1)))
		require.Len(t, st.Attempts, 1)
	}
	assert.False(t, hasAnswer(), "three multiplications made: the game goes on as dealt")
	refused(t, g, 0, Answer(hand[0], hand[1], 6), 5000, "potion.quiz_off")
}
