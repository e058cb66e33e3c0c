package cats

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
)

func TestNoEqualProductsNextPlayerReveals(t *testing.T) {
	g := rig(t, students(3), []Card{f1, f2}, []Card{f3, f5}, []Card{f7, f1})
	play(t, g, 0, Flip(), 0)
	assert.Equal(t, 1, g.st.Turn)
	refused(t, g, 0, Flip(), 10, "game.not_your_turn")
	play(t, g, 1, Flip(), 100)
	assert.Equal(t, 2, g.st.Turn, "clockwise")
	assert.Equal(t, []Card{f1}, pileOf(g, 0))
}

func TestEqualProductsFasterGivesPileToSlower(t *testing.T) {
	g := rig(t, students(3), []Card{Mult(3, 4), f1}, []Card{f2, f3}, []Card{Product(12), f5})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	play(t, g, 2, Flip(), 200)
	require.True(t, g.st.Win.Live, "3×4 and 12 match")
	st := play(t, g, 2, Slap(), 900)
	assert.Empty(t, pileOf(g, 0))
	assert.Empty(t, pileOf(g, 2))
	assert.Equal(t, []Card{f1, Product(12), Mult(3, 4)}, deckOf(g, 0), "winner's pile, then own pile, under the deck")
	assert.Equal(t, []Card{f2}, pileOf(g, 1), "not concerned: keeps the pile")
	assert.Equal(t, 2, g.st.Turn, "the winner reveals next")
	require.Len(t, st.Attempts, 1)
	assert.Equal(t, games.KindClaim, st.Attempts[0].Kind)
	assert.True(t, st.Attempts[0].Correct)
	assert.EqualValues(t, 700, *st.Attempts[0].ResponseMS)
}

func TestMultiplicationAgainstMultiplicationMatches(t *testing.T) {
	g := rig(t, students(3), []Card{Mult(2, 6), f1}, []Card{Mult(4, 3), f3}, []Card{f5, f7})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	assert.Equal(t, [][]int{{0, 1}}, g.st.Win.Groups)
}

func TestOnlyTheNewestCardCounts(t *testing.T) {
	g := rig(t, students(3), []Card{Mult(3, 4), f1}, []Card{f2, f3}, []Card{f5, Product(12)})
	at := int64(0)
	for _, s := range []int{0, 1, 2, 0, 1} {
		play(t, g, s, Flip(), at)
		at += 100
	}
	play(t, g, 2, Flip(), at)
	assert.False(t, g.st.Win.Live, "3×4 is covered by 1×1")
	play(t, g, 2, Slap(), at+100)
	assert.Equal(t, 1, g.Stats().Gluttonies)
}

func TestThreeEqualProductsFastestGivesPileToSlowest(t *testing.T) {
	g := rig(t, students(4), []Card{Mult(3, 4), f1}, []Card{Mult(2, 6), f2}, []Card{Product(12), f3}, []Card{f5, f7})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	play(t, g, 2, Flip(), 200) // flipping closes the window 0–1 unslapped
	require.Equal(t, [][]int{{0, 1, 2}}, g.st.Win.Groups)
	play(t, g, 2, Slap(), 500)
	assert.True(t, g.st.Win.Live, "one slap of three settles nothing yet")
	play(t, g, 0, Slap(), 700)
	assert.False(t, g.st.Win.Live)
	assert.Empty(t, pileOf(g, 2), "fastest gave their pile")
	assert.Equal(t, []Card{f2, Product(12), Mult(2, 6)}, deckOf(g, 1), "the concerned player who did not slap counts as slowest")
	assert.Equal(t, []Card{Mult(3, 4)}, pileOf(g, 0), "the middle one keeps their pile")
	assert.Equal(t, 2, g.st.Turn)
}

func TestThreeEqualProductsSettledAtTheDeadline(t *testing.T) {
	g := rig(t, students(4), []Card{Mult(3, 4), f1}, []Card{Mult(2, 6), f2}, []Card{Product(12), f3}, []Card{f5, f7})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	play(t, g, 2, Flip(), 200)
	play(t, g, 1, Slap(), 500)
	st, err := g.Advance(200 + DefaultWindowMS)
	require.NoError(t, err)
	assert.Empty(t, pileOf(g, 1))
	// Non-slappers 0 and 2: the first after the revealer (2) clockwise is 0.
	assert.Len(t, deckOf(g, 0), 3)
	assert.Len(t, st.Attempts, 3, "0 missed 3×4; 2, holding the product card, missed 3×4 and 2×6")
	for _, a := range st.Attempts {
		assert.Equal(t, games.KindMissed, a.Kind)
	}
}

func TestGluttonyTakesEveryFaceUpCard(t *testing.T) {
	g := rig(t, students(3), []Card{f1, f1}, []Card{f2, f2}, []Card{f3, f3})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	play(t, g, 2, Flip(), 200)
	st := play(t, g, 1, Slap(), 400)
	assert.Len(t, deckOf(g, 1), 4)
	for s := range 3 {
		assert.Empty(t, pileOf(g, s))
	}
	assert.Equal(t, 2, g.st.Turn, "the player after the glutton reveals")
	assert.Equal(t, 1, g.Stats().Gluttonies)
	require.Len(t, st.Attempts, 2, "own 1×2 and the nearest card, 1×1 (seat order on a tie)")
	assert.Equal(t, games.Fact{A: 1, B: 2}, games.Fact{A: st.Attempts[0].A, B: st.Attempts[0].B})
	assert.Equal(t, 1, *st.Attempts[0].Given)
	assert.False(t, st.Attempts[0].Correct)
	assert.Equal(t, 2, *st.Attempts[1].Given)
	assert.False(t, st.Attempts[1].Correct)
	refused(t, g, 0, Slap(), 500, "cats.window_closed")
}

func TestGluttonyClaimNamesTheSeatWith(t *testing.T) {
	g := rig(t, students(3), []Card{Mult(2, 7), f1}, []Card{Mult(3, 5), f2}, []Card{f3, f3})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	play(t, g, 2, Flip(), 200)
	st := play(t, g, 2, SlapWith(1), 900)
	require.Len(t, st.Attempts, 2)
	assert.Equal(t, 15, *st.Attempts[0].Given, "own 1×3 claimed equal to 15")
	assert.Equal(t, 3, *st.Attempts[1].Given, "3×5 claimed equal to 3")
	refused(t, g, 0, SlapWith(0), 950, "cats.bad_with")
}

func TestChaseSlowestPicksUpTheirOwnPile(t *testing.T) {
	g := rig(t, students(3), []Card{f1, f2}, []Card{f2, f3}, []Card{Spec(Chase), f3})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	play(t, g, 2, Flip(), 200)
	require.Equal(t, KindChase, g.st.Win.Kind)
	play(t, g, 1, Slap(), 300)
	play(t, g, 2, Slap(), 400)
	assert.Empty(t, pileOf(g, 0))
	assert.Equal(t, []Card{f2, f1}, deckOf(g, 0), "slowest: own pile under the deck")
	assert.Equal(t, []Card{f2}, pileOf(g, 1))
	assert.Equal(t, 1, g.st.Turn, "the fastest reveals next")
}

func TestDeadEndReversesTheDirection(t *testing.T) {
	g := rig(t, students(4), []Card{f1, f2}, []Card{Spec(DeadEnd), f3}, []Card{f3}, []Card{f5})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	assert.Equal(t, 0, g.st.Turn, "counter-clockwise now")
	assert.False(t, g.SeatView(0).Clockwise)
}

func TestMagicNextRoundEverybodyRevealsTogether(t *testing.T) {
	g := rig(t, students(3), []Card{Spec(Magic), Mult(3, 4)}, []Card{f2, f3}, []Card{Product(12), f5})
	play(t, g, 0, Flip(), 0)
	assert.True(t, g.SeatView(0).Magic)
	play(t, g, 1, Flip(), 100) // the next turn: everybody together
	assert.Equal(t, []Card{Spec(Magic), Mult(3, 4)}, pileOf(g, 0))
	assert.Equal(t, []Card{f2}, pileOf(g, 1))
	assert.Equal(t, []Card{Product(12)}, pileOf(g, 2))
	assert.Equal(t, 1, g.Stats().Reveals-1, "one round")
	assert.Equal(t, [][]int{{0, 2}}, g.st.Win.Groups, "then matches are checked")
	assert.False(t, g.st.Magic)
}

func TestSeesawLargestAgainstSmallest(t *testing.T) {
	g := rig(t, students(4), []Card{Mult(2, 3), f1}, []Card{Mult(5, 5), f2}, []Card{f7, f3}, []Card{Spec(Seesaw), f5})
	for s := range 4 {
		play(t, g, s, Flip(), int64(100*s))
	}
	require.Equal(t, KindSeesaw, g.st.Win.Kind)
	assert.Equal(t, [][]int{{0, 1}}, g.st.Win.Groups)
	st := play(t, g, 0, Slap(), 800)
	assert.Empty(t, pileOf(g, 0))
	assert.Equal(t, []Card{f2, Mult(2, 3), Mult(5, 5)}, deckOf(g, 1))
	require.Len(t, st.Attempts, 1)
	assert.Equal(t, 6, *st.Attempts[0].Given)
	assert.True(t, st.Attempts[0].Correct)
}

func TestSeesawWrongComparisonIsGluttony(t *testing.T) {
	g := rig(t, students(4), []Card{Mult(2, 3), f1}, []Card{Mult(5, 5), f2}, []Card{Mult(2, 7), f3}, []Card{Spec(Seesaw), f5})
	for s := range 4 {
		play(t, g, s, Flip(), int64(100*s))
	}
	st := play(t, g, 2, Slap(), 800)
	assert.Equal(t, 1, g.Stats().Gluttonies)
	require.Len(t, st.Attempts, 1)
	assert.Equal(t, 6, *st.Attempts[0].Given, "14 is nearer the smallest, 6")
	assert.False(t, st.Attempts[0].Correct)
}

func TestSeesawWithOneNumberNobodySlaps(t *testing.T) {
	g := rig(t, students(3), []Card{Mult(2, 3), f1}, []Card{Spec(Seesaw), f2}, []Card{f3, f5})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	assert.False(t, g.st.Win.Live)
	play(t, g, 0, Slap(), 300)
	assert.Equal(t, 1, g.Stats().Gluttonies)
}

func TestAmbushRevealerWinsNothingHappens(t *testing.T) {
	g := rig(t, students(3), []Card{f1, f1}, []Card{Spec(Ambush), f2}, []Card{f3, f3})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	play(t, g, 1, Slap(), 300)
	assert.Equal(t, []Card{f2}, deckOf(g, 1))
	assert.Equal(t, 1, g.st.Turn)
}

func TestAmbushOtherWinsEverybodyGivesTheRevealerACard(t *testing.T) {
	g := rig(t, students(3), []Card{f1, f1}, []Card{Spec(Ambush), f2}, []Card{f3, f3})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	play(t, g, 2, Slap(), 300)
	assert.Equal(t, []Card{f2, f1, f3}, deckOf(g, 1))
	assert.Empty(t, deckOf(g, 0))
	assert.Equal(t, []Card{f3}, deckOf(g, 2))
	play(t, g, 0, Slap(), 400) // a late slap of someone allowed changes nothing
	assert.Equal(t, 0, g.Stats().Gluttonies)
}

func TestGiftGivesACardToEachOtherPlayer(t *testing.T) {
	g := rig(t, students(3), []Card{Spec(Gift), f1, f2, f3}, []Card{f5}, []Card{f7})
	play(t, g, 0, Flip(), 0)
	assert.Equal(t, []Card{f3}, deckOf(g, 0))
	assert.Equal(t, []Card{f5, f1}, deckOf(g, 1))
	assert.Equal(t, []Card{f7, f2}, deckOf(g, 2))
}

func TestChampionWhenAPlayerHasNoCards(t *testing.T) {
	g := rig(t, students(3), []Card{Mult(3, 4)}, []Card{f1, f2}, []Card{Product(12), f3})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	play(t, g, 2, Flip(), 200)
	play(t, g, 0, Slap(), 600)
	c, ok := g.Champion()
	require.True(t, ok)
	assert.Equal(t, 0, c)
	assert.True(t, g.Over(), "with three players, two are left: the game ends")
	r := g.Result()
	assert.Equal(t, []int{0}, r.Winners)
	assert.Equal(t, ReasonChampion, r.Reason)
	assert.Equal(t, []int{1, 0, 0}, r.Scores)
	refused(t, g, 1, Flip(), 700, "game.over")
}

func TestPlayContinuesUntilTwoRemain(t *testing.T) {
	g := rig(t, students(4), []Card{Mult(3, 4)}, []Card{f1, f2}, []Card{Product(12), f3}, []Card{f5, f7})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	play(t, g, 2, Flip(), 200)
	play(t, g, 0, Slap(), 600)
	assert.False(t, g.Over())
	assert.Equal(t, 3, g.active())
	refused(t, g, 0, Flip(), 700, "cats.out")
	assert.NotEqual(t, 0, g.st.Turn)
}

func TestLastCardSpecialMayStillWinAnExchange(t *testing.T) {
	g := rig(t, students(4), []Card{Spec(Gift)}, []Card{Mult(3, 4), f1}, []Card{f2, f3}, []Card{Product(12), f5})
	for s := range 4 {
		play(t, g, s, Flip(), int64(100*s))
	}
	require.Equal(t, []int{0}, g.st.Win.Extra)
	play(t, g, 0, Slap(), 500)
	c, ok := g.Champion()
	require.True(t, ok, "booklet part VI")
	assert.Equal(t, 0, c)
	assert.Equal(t, []Card{f1, Mult(3, 4), Spec(Gift)}, deckOf(g, 1), "both losers take their pile, and share the winner's")
	assert.Equal(t, []Card{f5, Product(12)}, deckOf(g, 3))
}

func TestSlapBeforeAnyRevealOrAfterTheWindowIsRefused(t *testing.T) {
	g := rig(t, students(3), []Card{f1, f2}, []Card{f3, f5}, []Card{f7, f1})
	refused(t, g, 1, Slap(), 0, "cats.window_closed")
	play(t, g, 0, Flip(), 0)
	refused(t, g, 1, Slap(), DefaultWindowMS+1, "cats.window_closed")
	play(t, g, 1, Slap(), DefaultWindowMS-1)
	refused(t, g, 1, Slap(), DefaultWindowMS, "cats.window_closed")
}

func TestRefusedMoveChangesNothing(t *testing.T) {
	g, err := New(Config{Level: LearningLevel(5), Seats: []games.Seat{student("a"), bot(2), bot(3)}, Start: 1}, 3)
	require.NoError(t, err)
	before, _ := json.Marshal(g)
	refused(t, g, 0, Flip(), 1500, "game.not_your_turn")
	after, _ := json.Marshal(g)
	assert.JSONEq(t, string(before), string(after), "the advance to 5000 was undone")
	refused(t, g, 1, Slap(), 10, "game.computer_seat")
	refused(t, g, 5, Slap(), 10, "game.bad_seat")
}

func TestTimeCannotGoBackwards(t *testing.T) {
	g := rig(t, students(3), []Card{f1, f2}, []Card{f3, f5}, []Card{f7, f1})
	play(t, g, 0, Flip(), 500)
	refused(t, g, 1, Flip(), 400, "game.bad_time")
	_, err := g.Advance(100)
	re, ok := games.AsRuleError(err)
	require.True(t, ok)
	assert.Equal(t, "game.bad_time", re.Code)
}

func TestTiesGoToTheStudent(t *testing.T) {
	seats := []games.Seat{student("a"), bot(3), bot(3)}
	g := rig(t, seats, []Card{Product(12), f1}, []Card{Mult(3, 4), f2}, []Card{f3, f5})
	play(t, g, 0, Flip(), 0)
	_, err := g.Advance(DefaultRevealDelayMS)
	require.NoError(t, err)
	require.True(t, g.st.Win.Live)
	g.st.Pending = []slap{{Seat: 1, At: 1500}}
	play(t, g, 0, Slap(), 1500)
	assert.Equal(t, []int{1, 0, 0}, g.Stats().Won, "the student, not the cat on the same millisecond")
	assert.Equal(t, 0, g.st.Turn, "the winner reveals next")
}

func TestComputerCatsRevealAfterTheirDelay(t *testing.T) {
	seats := []games.Seat{bot(2), bot(2), bot(2)}
	g := rig(t, seats, []Card{f1, f2}, []Card{f3, f5}, []Card{f7, f1})
	at, ok := g.Next()
	require.True(t, ok)
	assert.EqualValues(t, DefaultRevealDelayMS, at)
	_, err := g.Advance(at - 1)
	require.NoError(t, err)
	assert.Empty(t, pileOf(g, 0))
	_, err = g.Advance(at)
	require.NoError(t, err)
	assert.Equal(t, []Card{f1}, pileOf(g, 0))
}

func TestStudentAutoRevealWhenTheTeacherSetsIt(t *testing.T) {
	g, err := New(Config{Level: LearningLevel(5), Seats: students(3), AutoRevealMS: 3000}, 1)
	require.NoError(t, err)
	at, ok := g.Next()
	require.True(t, ok)
	assert.EqualValues(t, 3000, at)
	g2 := rig(t, students(3), []Card{f1}, []Card{f2}, []Card{f3})
	_, ok = g2.Next()
	assert.False(t, ok, "a student flips their own card")
}

func TestMissedWhenConcernedAndNoSlapBeforeTheWindowCloses(t *testing.T) {
	g := rig(t, students(3), []Card{Product(12), f1}, []Card{Mult(3, 4), f2}, []Card{f3, f5})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	st, err := g.Advance(100 + DefaultWindowMS)
	require.NoError(t, err)
	require.Len(t, st.Attempts, 2)
	for _, a := range st.Attempts {
		assert.Equal(t, games.KindMissed, a.Kind)
		assert.Equal(t, games.Fact{A: 3, B: 4}, games.Fact{A: a.A, B: a.B}, "the product card's holder missed 3×4")
		assert.Nil(t, a.Given)
	}
	assert.Equal(t, 2, g.st.Turn, "nobody slapped: the next player reveals")
}

func TestClaimOneAttemptPerMultiplicationCard(t *testing.T) {
	g := rig(t, students(3), []Card{Mult(3, 4), f1}, []Card{f2, f3}, []Card{Mult(4, 3), f5})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	play(t, g, 2, Flip(), 200)
	st := play(t, g, 1, Slap(), 300) // not concerned: gluttony, no claim of the match
	assert.Equal(t, 1, g.Stats().Gluttonies)
	_ = st
	g = rig(t, students(3), []Card{Mult(3, 4), f1}, []Card{f2, f3}, []Card{Mult(4, 3), f5})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	play(t, g, 2, Flip(), 200)
	st = play(t, g, 0, Slap(), 1400)
	require.Len(t, st.Attempts, 2)
	assert.Equal(t, [2]int{3, 4}, [2]int{st.Attempts[0].A, st.Attempts[0].B})
	assert.Equal(t, [2]int{4, 3}, [2]int{st.Attempts[1].A, st.Attempts[1].B})
	for _, a := range st.Attempts {
		assert.Equal(t, 12, *a.Given)
		assert.True(t, a.Correct)
		assert.EqualValues(t, 1200, *a.ResponseMS)
	}
	st = play(t, g, 2, Slap(), 1500)
	assert.Len(t, st.Attempts, 2, "a late but right slap is still a right claim")
}

func TestNobodyHasADeckEverybodyTurnsTheirPile(t *testing.T) {
	g := rig(t, students(3), []Card{f1}, []Card{f2}, []Card{f3})
	for s := range 3 {
		play(t, g, s, Flip(), int64(100*s))
	}
	assert.Equal(t, 0, g.st.Turn)
	play(t, g, 0, Flip(), 400)
	assert.Equal(t, []Card{f1}, pileOf(g, 0))
	assert.Equal(t, []Card{f2}, deckOf(g, 1))
}

func TestSafetyCapEndsTheGame(t *testing.T) {
	g, err := New(Config{Level: LearningLevel(5), Seats: []games.Seat{bot(1), bot(1), bot(1), bot(1)}, MaxReveals: 20}, 1)
	require.NoError(t, err)
	g.RunBots()
	require.True(t, g.Over())
	r := g.Result()
	assert.Equal(t, ReasonCap, r.Reason)
	assert.Len(t, g.st.Finished, 2, "all but the two holding most are ranked")
	require.Len(t, r.Winners, 1, "the one holding fewest wins")
	cards := g.Cards()
	for s := range 4 {
		assert.LessOrEqual(t, cards[r.Winners[0]], cards[s])
	}
	assert.Equal(t, 2, r.Scores[r.Winners[0]])
}

// Seesaw with tied products: the exchange is between the largest and the
// smallest (booklet), never between two at the same end. Tops 6, 6, 25: a
// 6 slapping first gives to the 25, at once; the 25 slapping first gives
// to the slower 6.
func TestSeesawTiesExchangeBetweenTheLargestAndTheSmallest(t *testing.T) {
	deal := func() *Game {
		g := rig(t, students(4), []Card{Mult(2, 3), f1}, []Card{Mult(1, 6), f2}, []Card{Mult(5, 5), f3}, []Card{Spec(Seesaw), f5})
		for s := range 4 {
			play(t, g, s, Flip(), int64(100*s))
		}
		require.Equal(t, KindSeesaw, g.st.Win.Kind)
		return g
	}
	g := deal()
	play(t, g, 0, Slap(), 500)
	assert.Empty(t, pileOf(g, 0), "settled at the first slap: the only largest is the loser")
	assert.Equal(t, []Card{Mult(1, 6)}, pileOf(g, 1), "the other 6 is not part of the exchange")
	assert.Equal(t, []Card{f3, Mult(2, 3), Mult(5, 5)}, deckOf(g, 2))

	g = deal()
	play(t, g, 2, Slap(), 500)
	assert.Equal(t, []Card{Mult(5, 5)}, pileOf(g, 2), "the loser is one of the two 6s: not known yet")
	play(t, g, 0, Slap(), 600)
	assert.Empty(t, pileOf(g, 2))
	assert.Equal(t, []Card{f2, Mult(5, 5), Mult(1, 6)}, deckOf(g, 1), "the 6 who did not slap is the slower")
	assert.Equal(t, []Card{Mult(2, 3)}, pileOf(g, 0))
}

// The Ambush event names the player who revealed it (the seat of the
// event) and the winner of the slap.
func TestAmbushEventNamesTheRevealerAndTheWinner(t *testing.T) {
	g := rig(t, students(3), []Card{f1, f1}, []Card{Spec(Ambush), f2}, []Card{f3, f3})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	st := play(t, g, 2, Slap(), 300)
	var found bool
	for _, e := range st.Events {
		if e.Type == "ambush" {
			found = true
			assert.Equal(t, 1, e.Seat, "the revealer")
			assert.Equal(t, 2, e.Data["winner"])
		}
	}
	assert.True(t, found)
}

// With four or more players the champion, the first to give away all
// their cards, is the one winner; the others who finish score their place.
func TestChampionIsTheOnlyWinnerWithFourPlayers(t *testing.T) {
	g := rig(t, students(4), []Card{Mult(3, 4)}, []Card{Mult(2, 5)}, []Card{Product(12), f3, f3}, []Card{Product(10), f5, f5})
	for s := range 4 {
		play(t, g, s, Flip(), int64(100*s))
	}
	play(t, g, 0, Slap(), 500)
	play(t, g, 1, Slap(), 600)
	require.True(t, g.Over())
	r := g.Result()
	assert.Equal(t, []int{0}, r.Winners, "the champion only: not a shared victory")
	assert.Equal(t, []int{2, 1, 0, 0}, r.Scores)
	assert.Equal(t, ReasonChampion, r.Reason)
}
