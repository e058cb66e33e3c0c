package magicoa

import (
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The spec's attempt table, one test per row: every field written out, so a
// wrong kind, factor, given value, verdict or response time fails.

func intp(v int) *int    { return &v }
func msp(v int64) *int64 { return &v }

// sameProducts is a 2-student multiplication game in placement, seat 1
// first, where seat 1's first card has the same product as seat 0's.
func sameProducts(t testing.TB) *Game {
	t.Helper()
	g := newMult(t, games.Violet(), students(2))
	mine := g.s.Gold[0][0]
	g.s.Gold[1][0] = GoldCard{ID: 0, Fact: games.Fact{A: mine.Fact.B, B: mine.Fact.A}, Value: mine.Value}
	g.s.First = 1
	_, err := g.Play(0, Move{Type: MoveChoose, Cards: []int{0, 1}}, 100)
	require.NoError(t, err)
	_, err = g.Play(1, Move{Type: MoveChoose, Cards: []int{0, 1}}, 200)
	require.NoError(t, err)
	_, err = g.Play(1, Move{Type: MoveAnswer, Product: mine.Value}, 300)
	require.NoError(t, err)
	place(t, g, 1, 0)
	return g
}

func TestAttemptRowAnswerOfThePlayedCard(t *testing.T) {
	g := sameProducts(t)
	card := g.s.Gold[0][0]
	since := g.s.Since
	st, err := g.Play(0, Move{Type: MoveAnswer, Product: card.Value + 1}, since+900)
	require.NoError(t, err)
	assert.Equal(t, []games.Attempt{{Seat: 0, Kind: games.KindAnswer, A: card.Fact.A, B: card.Fact.B, Given: intp(card.Value + 1), Correct: false, ResponseMS: msp(900)}}, st.Attempts)
}

// A cover on an equal product without Equality is refused: the claim "mine
// is greater" was wrong, even though the given value (the covered card's)
// equals the student's own product.
func TestAttemptRowBidOnAnEqualProductIsWrong(t *testing.T) {
	g := sameProducts(t)
	card := g.s.Gold[0][0]
	_, err := g.Play(0, Move{Type: MoveAnswer, Product: card.Value}, g.s.Since+100)
	require.NoError(t, err)
	since := g.s.Since
	st, err := g.Play(0, Move{Type: MovePlace, Potion: 0}, since+450)
	assert.Equal(t, "magicoa.not_greater_equal", ruleCode(t, err))
	assert.Equal(t, []games.Attempt{{Seat: 0, Kind: games.KindBid, A: card.Fact.A, B: card.Fact.B, Given: intp(card.Value), Correct: false, ResponseMS: msp(450)}}, st.Attempts,
		"correct iff the cover is legal")
}

func TestAttemptRowBidWithEqualityIsRight(t *testing.T) {
	g := sameProducts(t)
	give(g, 0, Equality)
	card := g.s.Gold[0][0]
	_, err := g.Play(0, Move{Type: MoveAnswer, Product: card.Value}, g.s.Since+100)
	require.NoError(t, err)
	since := g.s.Since
	st, err := g.Play(0, Move{Type: MovePlace, Potion: 0}, since+300)
	require.NoError(t, err)
	assert.Equal(t, []games.Attempt{{Seat: 0, Kind: games.KindBid, A: card.Fact.A, B: card.Fact.B, Given: intp(card.Value), Correct: true, ResponseMS: msp(300)}}, st.Attempts)
}

func TestAttemptRowTripledScore(t *testing.T) {
	g := newMult(t, games.Violet(), []games.Seat{{Kind: games.SeatStudent}, {Kind: games.SeatComputer, Bot: 2}})
	g.s.Won[0] = []Held{{Potion: Potion{ID: 1, Colour: Green, Points: 1}}, {Potion: Potion{ID: 2, Colour: Green, Points: 1}}, {Potion: Potion{ID: 3, Colour: Green, Points: 1}}}
	give(g, 0, TripleGreen)
	g.finish(5000)
	st, err := g.Play(0, Move{Type: MoveAnswer, Product: 9}, 6200)
	require.NoError(t, err)
	assert.Equal(t, []games.Attempt{{Seat: 0, Kind: games.KindAnswer, A: 3, B: 3, Given: intp(9), Correct: true, ResponseMS: msp(1200)}}, st.Attempts)
}
