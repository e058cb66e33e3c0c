package magicoa

import (
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPlacementStartsOnceAllHaveChosen(t *testing.T) {
	g := newClassic(t, 3)
	_, err := g.Play(0, Move{Type: MovePlace}, 0)
	assert.Equal(t, "magicoa.wrong_phase", ruleCode(t, err))
	chooseValues(t, g, [2]int{1, 2}, [2]int{3, 4})
	assert.Equal(t, PhaseChoose, g.s.Phase)
	assert.Equal(t, []int{2}, g.Waiting())
	_, err = g.Play(2, Move{Type: MoveChoose, Cards: []int{4, 5}}, 0)
	require.NoError(t, err)
	assert.Equal(t, PhasePlace, g.s.Phase)
}

func TestChooseNeedsTwoCardsFromHand(t *testing.T) {
	g := newClassic(t, 2)
	_, err := g.Play(0, Move{Type: MoveChoose, Cards: []int{3, 3}}, 0)
	assert.Equal(t, "magicoa.two_cards", ruleCode(t, err))
	_, err = g.Play(0, Move{Type: MoveChoose, Cards: []int{3, 12}}, 0)
	assert.Equal(t, "magicoa.not_in_hand", ruleCode(t, err))
	_, err = g.Play(0, Move{Type: MoveChoose, Cards: []int{3, 4}}, 0)
	require.NoError(t, err)
	_, err = g.Play(0, Move{Type: MoveChoose, Cards: []int{5, 6}}, 0)
	assert.Equal(t, "game.not_your_turn", ruleCode(t, err), "a choice is final")
}

func TestChoiceIsHiddenFromOthers(t *testing.T) {
	a, b := newClassic(t, 3), newClassic(t, 3)
	_, err := a.Play(1, Move{Type: MoveChoose, Cards: []int{0, 11}}, 0)
	require.NoError(t, err)
	_, err = b.Play(1, Move{Type: MoveChoose, Cards: []int{5, 6}}, 0)
	require.NoError(t, err)
	assert.Equal(t, mustJSON(t, a.View(0)), mustJSON(t, b.View(0)))
	assert.NotEqual(t, mustJSON(t, a.View(1)), mustJSON(t, b.View(1)), "the chooser sees their own cards")
}

func TestPlacementOrderFirstPlayerThenClockwiseFirstCardsThenSecond(t *testing.T) {
	g, err := New(Config{Seats: students(3), StartSeat: 1}, 1)
	require.NoError(t, err)
	chooseValues(t, g, [2]int{1, 2}, [2]int{3, 4}, [2]int{5, 6})
	var order []int
	var values []int
	for g.s.Phase == PhasePlace {
		seat := g.Waiting()[0]
		order = append(order, seat)
		values = append(values, g.currentCard(seat).Value)
		_, err := g.Play(seat, g.Legal(seat)[0], 0)
		require.NoError(t, err)
	}
	assert.Equal(t, []int{1, 2, 0, 1, 2, 0}, order)
	assert.Equal(t, []int{3, 5, 1, 4, 6, 2}, values)
}

func TestLayoutHasOnePotionPerPlayerLastPowerFaceUp(t *testing.T) {
	g := newClassic(t, 4)
	require.Len(t, g.s.Layout, 4)
	v := g.view(0)
	for i, sl := range v.Layout {
		assert.Equal(t, i == 3, sl.Potion.Hidden, "slot %d", i)
	}
	hidden := g.s.Layout[3].Potion
	assert.Equal(t, PotionView{ID: -1, Hidden: true, Power: hidden.Power}, v.Layout[3].Potion, "only the Power face shows")
	assert.Equal(t, 37-4, len(g.s.Pile))
}

func TestPlaceOnFreePotion(t *testing.T) {
	g := newClassic(t, 2)
	setLayout(g, 3, 4)
	chooseValues(t, g, [2]int{1, 2}, [2]int{3, 4})
	place(t, g, 0, 1)
	assert.Equal(t, []Bid{{Seat: 0, Card: 0, Value: 1}}, g.s.Layout[1].Bids)
}

func TestCoverNeedsStrictlyGreaterCard(t *testing.T) {
	g := newClassic(t, 3)
	setLayout(g, 3, 4, 5)
	chooseValues(t, g, [2]int{5, 1}, [2]int{5, 2}, [2]int{4, 3})
	place(t, g, 0, 0)
	before := mustJSON(t, g)
	_, err := g.Play(1, Move{Type: MovePlace, Potion: 0}, 0)
	assert.Equal(t, "magicoa.not_greater_equal", ruleCode(t, err), "equal is not enough")
	place(t, g, 1, 1)
	_, err = g.Play(2, Move{Type: MovePlace, Potion: 0}, 0)
	assert.Equal(t, "magicoa.not_greater", ruleCode(t, err))
	assert.NotContains(t, g.Legal(2), Move{Type: MovePlace, Potion: 0})
	place(t, g, 2, 2)
	assert.NotEqual(t, before, mustJSON(t, g))
}

func TestRefusedMoveChangesNothing(t *testing.T) {
	g := newClassic(t, 2)
	setLayout(g, 3, 4)
	chooseValues(t, g, [2]int{5, 1}, [2]int{3, 2})
	place(t, g, 0, 0)
	before := mustJSON(t, g)
	_, err := g.Play(1, Move{Type: MovePlace, Potion: 0}, 0)
	require.Error(t, err)
	_, err = g.Play(1, Move{Type: MovePlace, Potion: 5}, 0)
	assert.Equal(t, "magicoa.no_such_potion", ruleCode(t, err))
	_, err = g.Play(0, Move{Type: MovePlace, Potion: 1}, 0)
	assert.Equal(t, "game.not_your_turn", ruleCode(t, err))
	assert.Equal(t, before, mustJSON(t, g))
}

func TestCoveredCardCannotWin(t *testing.T) {
	g := newClassic(t, 2)
	setLayout(g, 3, 4)
	chooseValues(t, g, [2]int{2, 1}, [2]int{9, 10})
	place(t, g, 0, 0) // 2 on potion 0
	place(t, g, 1, 0) // 9 covers it
	place(t, g, 0, 1) // 1 on potion 1
	place(t, g, 1, 1) // 10 covers it
	assert.Empty(t, g.s.Won[0])
	assert.Len(t, g.s.Won[1], 2)
}

func TestDiscardWhenLowerThanEveryCardAndNoFreePotion(t *testing.T) {
	g := newClassic(t, 2)
	setLayout(g, 3, 4)
	chooseValues(t, g, [2]int{5, 1}, [2]int{6, 7})
	place(t, g, 0, 0)
	st := place(t, g, 1, 1)
	// Seat 0's 1 is lower than 5 and 6 and nothing is free: it leaves the game.
	require.NotEmpty(t, st.Events)
	var discarded bool
	for _, e := range st.Events {
		discarded = discarded || (e.Type == "discarded" && e.Seat == 0)
	}
	assert.True(t, discarded)
	assert.Equal(t, Played, g.s.Where[0][0])
	assert.Equal(t, 1, g.s.Stats.Discards)
}

func TestNoVoluntaryDiscardWhileAPlacementExists(t *testing.T) {
	g := newClassic(t, 2)
	setLayout(g, 3, 4)
	chooseValues(t, g, [2]int{5, 1}, [2]int{6, 7})
	for _, m := range g.Legal(0) {
		assert.Equal(t, MovePlace, m.Type)
	}
	_, err := DecodeMove([]byte(`{"type":"discard"}`))
	assert.Equal(t, "game.unknown_move", ruleCode(t, err))
}

func TestCollectionGivesTopCardOwnerThePotionUnwonLeave(t *testing.T) {
	g := newClassic(t, 3)
	setLayout(g, 3, 4, 5)
	chooseValues(t, g, [2]int{5, 6}, [2]int{7, 8}, [2]int{9, 10})
	place(t, g, 0, 0)
	place(t, g, 1, 0)
	place(t, g, 2, 0)
	place(t, g, 0, 1)
	place(t, g, 1, 1)
	place(t, g, 2, 0)
	assert.Equal(t, []int{0, 4, 3}, []int{g.Score(0), g.Score(1), g.Score(2)})
	assert.Len(t, g.s.Out, 1, "nobody bid on the third potion")
	assert.Equal(t, 2, g.s.Round)
}

func TestFirstPlayerCardMovesLeft(t *testing.T) {
	g, err := New(Config{Seats: computers(2, 2, 2), StartSeat: 2}, 3)
	require.NoError(t, err)
	firsts := []int{g.s.First}
	for g.s.Round < 3 {
		s, _ := g.computerWaiting()
		round := g.s.Round
		_, err := g.Play(s, botMove(g.view(s), 2, g.s.RNG), 0)
		require.NoError(t, err)
		if g.s.Round != round {
			firsts = append(firsts, g.s.First)
		}
	}
	assert.Equal(t, []int{2, 0, 1}, firsts)
}

func TestGameEndsAfterSixRounds(t *testing.T) {
	g, err := New(Config{Seats: computers(1, 2, 3, 3)}, 11)
	require.NoError(t, err)
	rounds := map[int]bool{}
	for !g.Over() {
		s, _ := g.computerWaiting()
		rounds[g.s.Round] = true
		_, err := g.Play(s, botMove(g.view(s), 2, g.s.RNG), 0)
		require.NoError(t, err)
	}
	assert.Len(t, rounds, 6)
	for s := range 4 {
		assert.Empty(t, g.hand(s), "all 12 gold cards spent")
	}
	assert.Equal(t, "magicoa.six_rounds", g.Result().Reason)
}

func TestTiesShareTheVictory(t *testing.T) {
	g := newClassic(t, 3)
	g.s.Phase = PhaseOver
	g.s.Won[0] = []Held{{Potion: Potion{ID: 1, Colour: Red, Points: 5}}}
	g.s.Won[1] = []Held{{Potion: Potion{ID: 2, Colour: Red, Points: 3}}, {Potion: Potion{ID: 3, Colour: Blue, Points: 1}}, {Potion: Potion{ID: 4, Colour: Blue, Points: 1}}}
	g.s.Won[2] = []Held{{Potion: Potion{ID: 5, Colour: Red, Points: 4}}}
	assert.Equal(t, games.Result{Winners: []int{0, 1}, Scores: []int{5, 5, 4}, Reason: "magicoa.six_rounds"}, g.Result())
}

func TestConfigBadSeatsAndOptions(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
		code string
	}{
		{"one player", Config{Seats: students(1)}, "config.bad_seats"},
		{"seven players", Config{Seats: students(7)}, "config.bad_seats"},
		{"expert with two", Config{Seats: students(2), Variant: Expert}, "config.bad_seats"},
		{"expert with five", Config{Seats: students(5), Variant: Expert}, "config.bad_seats"},
		{"edition", Config{Seats: students(2), Edition: "x"}, "config.bad_option"},
		{"variant", Config{Seats: students(2), Variant: "x"}, "config.bad_option"},
		{"start seat", Config{Seats: students(2), StartSeat: 2}, "config.bad_option"},
		{"bot level", Config{Seats: computers(2, 4)}, "config.bad_option"},
		{"level", Config{Seats: students(2), Edition: Multiplication, Level: games.Level{Name: "custom"}}, "level.no_tables"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := New(tt.cfg, 1)
			assert.Equal(t, tt.code, ruleCode(t, err))
		})
	}
	for _, n := range []int{2, 6} {
		_, err := New(Config{Seats: students(n)}, 1)
		assert.NoError(t, err, "%d players", n)
	}
}
