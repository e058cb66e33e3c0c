package magicoa

import (
	"encoding/json"
	"testing"

	"github.com/multipli/multipli/catalog"
	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func newMult(t testing.TB, level games.Level, seats []games.Seat) *Game {
	t.Helper()
	g, err := New(Config{Seats: seats, Edition: Multiplication, Level: level}, 9)
	require.NoError(t, err)
	return g
}

func TestMultiplicationGoldCardsHaveDistinctProductsOfTheLevel(t *testing.T) {
	for _, l := range []games.Level{games.Green(), games.Violet(), games.All(10), games.Custom(3, 7)} {
		for seed := range uint64(200) {
			g, err := New(Config{Seats: students(3), Edition: Multiplication, Level: l}, seed)
			require.NoError(t, err)
			for s := range 3 {
				seen := map[int]bool{}
				for _, c := range g.s.Gold[s] {
					assert.True(t, l.Has(c.Fact), "%s has %v", l.Name, c.Fact)
					assert.Equal(t, c.Fact.Product(), c.Value)
					assert.False(t, seen[c.Value], "distinct products")
					seen[c.Value] = true
				}
				assert.Len(t, seen, GoldPerPlayer)
			}
		}
	}
}

func TestLevelWithFewerThan12ProductsExtendsFactors(t *testing.T) {
	g := newMult(t, games.Custom(7), students(2))
	var products []int
	for _, c := range g.s.Gold[0] {
		products = append(products, c.Value)
	}
	assert.Equal(t, []int{7, 14, 21, 28, 35, 42, 49, 56, 63, 70, 77, 84}, products, "7×1 to 7×12")
}

func TestLevelWeightsAreHonoured(t *testing.T) {
	l := games.Violet()
	l.Weights = []games.FactWeight{{A: 7, B: 8, W: 0}, {A: 6, B: 9, W: 50}}
	with54 := 0
	for seed := range uint64(200) {
		g, err := New(Config{Seats: students(2), Edition: Multiplication, Level: l}, seed)
		require.NoError(t, err)
		for _, c := range g.s.Gold[0] {
			assert.NotEqual(t, games.Fact{A: 7, B: 8}, c.Fact.Pair(), "weight 0 is never dealt")
			if c.Fact.Pair() == (games.Fact{A: 6, B: 9}) {
				with54++
			}
		}
	}
	assert.Greater(t, with54, 190, "a heavy fact is nearly always dealt")
}

// multStart is a 2-student multiplication game in placement, seat 0 first,
// with seat 0's first card the smallest and seat 1's the largest.
func multStart(t testing.TB) *Game {
	t.Helper()
	g := newMult(t, games.Violet(), students(2))
	_, err := g.Play(0, Move{Type: MoveChoose, Cards: []int{0, 1}}, 100)
	require.NoError(t, err)
	_, err = g.Play(1, Move{Type: MoveChoose, Cards: []int{11, 10}}, 200)
	require.NoError(t, err)
	return g
}

func TestPlacingAsksTheProductFirst(t *testing.T) {
	g := multStart(t)
	assert.Equal(t, []Move{{Type: MoveAnswer}}, g.Legal(0))
	assert.Zero(t, g.view(0).Current.Value, "the value is not given away")
	_, err := g.Play(0, Move{Type: MovePlace, Potion: 0}, 300)
	assert.Equal(t, "magicoa.answer_first", ruleCode(t, err))
	card := g.s.Gold[0][0]
	st, err := g.Play(0, Move{Type: MoveAnswer, Product: card.Value}, 1500)
	require.NoError(t, err)
	require.Len(t, st.Attempts, 1)
	assert.Equal(t, games.NewAttempt(0, games.KindAnswer, card.Fact, card.Value, 1300), st.Attempts[0], "timed from when placement opened")
	assert.Equal(t, card.Value, g.view(0).Current.Value)
}

func TestWrongAnswerShowsTheRightOneAndTheCardIsStillPlayed(t *testing.T) {
	g := multStart(t)
	card := g.s.Gold[0][0]
	st, err := g.Play(0, Move{Type: MoveAnswer, Product: card.Value + 1}, 300)
	require.NoError(t, err)
	assert.False(t, st.Attempts[0].Correct)
	assert.Equal(t, card.Value, g.view(0).Current.Value, "the right product is shown")
	st, err = g.Play(0, Move{Type: MovePlace, Potion: 0}, 400)
	require.NoError(t, err)
	assert.Empty(t, st.Attempts, "a free potion needs no comparison")
	assert.Equal(t, card.Value, g.s.Layout[0].Bids[0].Value)
}

func TestCoverComparesProductsAndLogsABid(t *testing.T) {
	g := multStart(t)
	// seat 0 places its small card, seat 1 covers it with its largest.
	_, err := g.Play(0, Move{Type: MoveAnswer, Product: g.s.Gold[0][0].Value}, 300)
	require.NoError(t, err)
	place(t, g, 0, 0)
	big := g.s.Gold[1][11]
	_, err = g.Play(1, Move{Type: MoveAnswer, Product: big.Value}, 500)
	require.NoError(t, err)
	st, err := g.Play(1, Move{Type: MovePlace, Potion: 0}, 900)
	require.NoError(t, err)
	require.Len(t, st.Attempts, 1)
	assert.Equal(t, games.NewAttempt(1, games.KindBid, big.Fact, big.Value, 400), st.Attempts[0])
	assert.True(t, st.Attempts[0].Correct)
}

func TestRefusedCoverIsExplainedAndLogsAWrongBid(t *testing.T) {
	g := multStart(t)
	// Seat 1 places first, then seat 0's smallest card cannot cover it.
	g.s.First = 1
	_, err := g.Play(1, Move{Type: MoveAnswer, Product: 1}, 300)
	require.NoError(t, err)
	place(t, g, 1, 0)
	small := g.s.Gold[0][0]
	high := g.s.Gold[1][11]
	_, err = g.Play(0, Move{Type: MoveAnswer, Product: small.Value}, 400)
	require.NoError(t, err)
	before := mustJSON(t, g)
	st, err := g.Play(0, Move{Type: MovePlace, Potion: 0}, 1000)
	re, ok := games.AsRuleError(err)
	require.True(t, ok)
	assert.Equal(t, "magicoa.not_greater", re.Code)
	assert.Equal(t, map[string]any{"value": small.Value, "covered": high.Value}, re.Params)
	require.Len(t, st.Attempts, 1)
	assert.Equal(t, games.NewAttempt(0, games.KindBid, small.Fact, high.Value, 600), st.Attempts[0])
	assert.False(t, st.Attempts[0].Correct)
	assert.Equal(t, before, mustJSON(t, g), "the refused cover changes nothing")
	assert.Contains(t, catalog.Text("fr", "rule."+re.Code, re.Params), "moins que")
}

func TestTripledScoreIsComputedByTheStudent(t *testing.T) {
	g := newMult(t, games.Violet(), []games.Seat{{Kind: games.SeatStudent}, {Kind: games.SeatComputer, Bot: 2}})
	g.s.Won[0] = []Held{{Potion: Potion{ID: 1, Colour: Blue, Points: 1}}, {Potion: Potion{ID: 2, Colour: Blue, Points: 1}}}
	give(g, 0, TripleBlue)
	g.finish(5000)
	require.Equal(t, PhaseTriple, g.s.Phase)
	assert.Equal(t, &TripleView{Power: TripleBlue, Points: 2, Times: 3}, g.view(0).Triple)
	assert.Equal(t, []int{0}, g.Waiting())
	st, err := g.Play(0, Move{Type: MoveAnswer, Product: 5}, 7000)
	require.NoError(t, err)
	assert.Equal(t, []games.Attempt{games.NewAttempt(0, games.KindAnswer, games.Fact{A: 2, B: 3}, 5, 2000)}, st.Attempts)
	assert.True(t, g.Over())
	assert.Equal(t, 6+0, g.Score(0), "the score does not depend on the answer")
}

func TestComputerPlayersMakeNoAttempts(t *testing.T) {
	g := newMult(t, games.Violet(), computers(1, 2, 3))
	st, err := g.Advance(0)
	require.NoError(t, err)
	assert.True(t, g.Over())
	assert.Empty(t, st.Attempts)
}

func TestClassicEditionMakesNoAttempts(t *testing.T) {
	g := newClassic(t, 2)
	setLayout(g, 3, 4)
	chooseValues(t, g, [2]int{2, 1}, [2]int{9, 10})
	place(t, g, 0, 0)
	st := place(t, g, 1, 0)
	assert.Empty(t, st.Attempts)
}

func TestStudentCardWithNowhereToGoIsDiscardedAfterTheAnswer(t *testing.T) {
	g := newMult(t, games.Violet(), students(2))
	setLayout(g, 3)
	_, err := g.Play(0, Move{Type: MoveChoose, Cards: []int{11, 10}}, 0)
	require.NoError(t, err)
	_, err = g.Play(1, Move{Type: MoveChoose, Cards: []int{0, 1}}, 0)
	require.NoError(t, err)
	_, err = g.Play(0, Move{Type: MoveAnswer, Product: g.s.Gold[0][11].Value}, 0)
	require.NoError(t, err)
	place(t, g, 0, 0)
	assert.Equal(t, []Move{{Type: MoveAnswer}}, g.Legal(1), "the student answers even a card that will be discarded")
	st, err := g.Play(1, Move{Type: MoveAnswer, Product: g.s.Gold[1][0].Value}, 0)
	require.NoError(t, err)
	require.Len(t, st.Attempts, 1)
	assert.Equal(t, "discarded", st.Events[len(st.Events)-1].Type)
	assert.Equal(t, Played, g.s.Where[1][0])
}

func TestGameNamesTheEdition(t *testing.T) {
	assert.Equal(t, "magicoa/classic", newClassic(t, 2).Game())
	assert.Equal(t, "magicoa/multiplication", newMult(t, games.Green(), students(2)).Game())
}

func TestNextAsksForAdvanceWhenAComputerIsAwaited(t *testing.T) {
	g := newMult(t, games.Green(), []games.Seat{{Kind: games.SeatStudent}, {Kind: games.SeatComputer, Bot: 3}})
	at, ok := g.Next()
	assert.True(t, ok)
	assert.Zero(t, at)
	st, err := g.Advance(0)
	require.NoError(t, err)
	assert.Equal(t, "chosen", st.Events[0].Type)
	assert.Nil(t, st.Events[0].Data, "the chosen cards stay secret")
	_, ok = g.Next()
	assert.False(t, ok, "now the student is awaited")
	assert.Len(t, g.Log(), 1)
}

func TestBothTriplesAreAskedOneAfterTheOther(t *testing.T) {
	g := newMult(t, games.Green(), students(2))
	g.s.Won[1] = []Held{{Potion: Potion{ID: 1, Colour: Blue, Points: 1}}, {Potion: Potion{ID: 2, Colour: Green, Points: 1}},
		{Potion: Potion{ID: 3, Colour: Green, Points: 1}}, {Potion: Potion{ID: 4, Colour: Green, Points: 1}}}
	give(g, 1, TripleBlue)
	give(g, 1, TripleGreen)
	g.finish(0)
	assert.Equal(t, []int{1}, g.Waiting(), "seat 0 holds no Triple power")
	st, err := g.Play(1, Move{Type: MoveAnswer, Product: 3}, 10)
	require.NoError(t, err)
	assert.True(t, st.Attempts[0].Correct)
	assert.Equal(t, TripleGreen, g.view(1).Triple.Power)
	st, err = g.Play(1, Move{Type: MoveAnswer, Product: 9}, 20)
	require.NoError(t, err)
	assert.Equal(t, games.Fact{A: 3, B: 3}, games.Fact{A: st.Attempts[0].A, B: st.Attempts[0].B})
	assert.True(t, g.Over())
	assert.Equal(t, 3+9, g.Score(1))
}

// Each tripled score is timed from when it was asked: the second question of
// a student with both Triple powers is asked when they answer the first, while
// another student's only question was asked at the end of the game.
func TestSecondTripleIsTimedFromWhenItWasAsked(t *testing.T) {
	g := newMult(t, games.Green(), students(2))
	g.s.Won[0] = []Held{{Potion: Potion{ID: 5, Colour: Blue, Points: 1}}}
	g.s.Won[1] = []Held{{Potion: Potion{ID: 1, Colour: Blue, Points: 1}}, {Potion: Potion{ID: 2, Colour: Green, Points: 1}},
		{Potion: Potion{ID: 3, Colour: Green, Points: 1}}}
	give(g, 0, TripleBlue)
	give(g, 1, TripleBlue)
	give(g, 1, TripleGreen)
	g.finish(1000)
	st, err := g.Apply(1, json.RawMessage(`{"type":"answer","product":3}`), 11000)
	require.NoError(t, err)
	require.Len(t, st.Attempts, 1)
	assert.Equal(t, int64(10000), *st.Attempts[0].ResponseMS, "the first question was asked at the end of the game")
	st, err = g.Apply(1, json.RawMessage(`{"type":"answer","product":6}`), 13000)
	require.NoError(t, err)
	assert.Equal(t, games.Fact{A: 2, B: 3}, games.Fact{A: st.Attempts[0].A, B: st.Attempts[0].B})
	assert.Equal(t, int64(2000), *st.Attempts[0].ResponseMS, "the second was asked when the first was answered")
	st, err = g.Apply(0, json.RawMessage(`{"type":"answer","product":3}`), 14000)
	require.NoError(t, err)
	assert.Equal(t, int64(13000), *st.Attempts[0].ResponseMS, "another student's question was asked at the end")
	assert.True(t, g.Over())
}
