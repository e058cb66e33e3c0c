package cats

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
)

func TestSeveralGroupsSettleIndependently(t *testing.T) {
	g := rig(t, students(5),
		[]Card{Spec(Magic), Mult(3, 4), f1}, []Card{Product(12), f1}, []Card{Mult(2, 5), f2}, []Card{Product(10), f3}, []Card{f5, f7})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100) // everybody together
	require.Equal(t, [][]int{{2, 3}, {0, 1}}, g.st.Win.Groups, "smallest product first")
	play(t, g, 1, Slap(), 300)
	assert.True(t, g.st.Win.Live, "10 still waits")
	assert.Equal(t, 1, g.st.Turn, "the first settled winner reveals next")
	play(t, g, 3, Slap(), 400)
	assert.False(t, g.st.Win.Live)
	assert.Equal(t, 1, g.st.Turn)
	assert.Equal(t, 2, g.Stats().Exchanges)
}

func TestMagicRoundPlaysChaseBeforeOtherReflexCards(t *testing.T) {
	g := rig(t, students(3), []Card{Spec(Magic), Spec(Seesaw)}, []Card{Spec(Chase)}, []Card{Spec(Ambush)})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	assert.Equal(t, KindChase, g.st.Win.Kind)
	assert.Equal(t, 1, g.st.Win.Revealer)
}

func TestSeesawTiesAllMaySlap(t *testing.T) {
	g := rig(t, students(4), []Card{Mult(2, 3), f1}, []Card{Mult(5, 5), f2}, []Card{Product(25), f3}, []Card{Spec(Seesaw), f5})
	for s := range 4 {
		play(t, g, s, Flip(), int64(100*s))
	}
	// 5×5 and 25 are both the largest.
	require.Equal(t, [][]int{{0, 1, 2}}, g.st.Win.Groups)
	play(t, g, 2, Slap(), 500)
	play(t, g, 1, Slap(), 600)
	assert.Empty(t, pileOf(g, 2))
	assert.Equal(t, []Card{f1, Product(25), Mult(2, 3)}, deckOf(g, 0), "the smallest, who did not slap, is slowest")
}

func TestAmbushNobodySlapsNothingHappens(t *testing.T) {
	g := rig(t, students(3), []Card{f1, f1}, []Card{Spec(Ambush), f2}, []Card{f3, f3})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	_, err := g.Advance(100 + DefaultWindowMS)
	require.NoError(t, err)
	assert.Equal(t, []Card{f2}, deckOf(g, 1))
	assert.Equal(t, 2, g.st.Turn, "the next player reveals")
	assert.Nil(t, g.st.Win)
}

func TestEmptyDeckIsSkippedForReveals(t *testing.T) {
	g := rig(t, students(3), []Card{f1, f2}, []Card{f3}, []Card{f5, f7})
	for s := range 3 {
		play(t, g, s, Flip(), int64(100*s))
	}
	play(t, g, 0, Flip(), 300)
	assert.Equal(t, 2, g.st.Turn, "seat 1 waits with its pile")
	assert.False(t, g.st.Players[1].Out)
}

func TestGluttonyCutsTheWindowWithoutMissed(t *testing.T) {
	g := rig(t, students(3), []Card{Mult(3, 4), f1}, []Card{Product(12), f2}, []Card{f3, f5})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	st := play(t, g, 2, Slap(), 200)
	for _, a := range st.Attempts {
		assert.NotEqual(t, games.KindMissed, a.Kind)
	}
	assert.Nil(t, g.st.Win)
	assert.Equal(t, 0, g.st.Turn, "the player after the glutton")
}

func TestStudentFlipDuringALiveWindowEndsIt(t *testing.T) {
	g := rig(t, students(3), []Card{Mult(3, 4), f1}, []Card{Product(12), f2}, []Card{f3, f5})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	require.True(t, g.st.Win.Live)
	st := play(t, g, 2, Flip(), 300)
	assert.Len(t, st.Attempts, 2, "both concerned students missed it")
	assert.Equal(t, []Card{f3}, pileOf(g, 2))
}

func TestComputerCatsWaitWhileAMatchIsOpen(t *testing.T) {
	seats := []games.Seat{student("kid"), bot(1), bot(1)}
	g := rig(t, seats, []Card{Product(12), f1}, []Card{Mult(3, 4), f2}, []Card{f3, f5})
	play(t, g, 0, Flip(), 0)
	_, err := g.Advance(DefaultRevealDelayMS)
	require.NoError(t, err)
	require.True(t, g.st.Win.Live)
	g.st.Pending = nil // the beginner cat did not notice
	at, ok := g.Next()
	require.True(t, ok)
	assert.EqualValues(t, DefaultRevealDelayMS+DefaultWindowMS, at, "the deadline, not seat 2's reveal")
	st, err := g.Advance(at)
	require.NoError(t, err)
	require.Len(t, st.Attempts, 1)
	assert.Equal(t, games.KindMissed, st.Attempts[0].Kind)
	next, _ := g.Next()
	assert.EqualValues(t, at+DefaultRevealDelayMS, next, "then the next cat reveals")
}

func TestAdvanceWithNothingDueChangesNothing(t *testing.T) {
	g := rig(t, students(3), []Card{f1, f2}, []Card{f3, f5}, []Card{f7, f1})
	play(t, g, 0, Flip(), 0)
	before, err := g.MarshalJSON()
	require.NoError(t, err)
	st, err := g.Advance(100)
	require.NoError(t, err)
	assert.Empty(t, st.Events)
	after, err := g.MarshalJSON()
	require.NoError(t, err)
	assert.JSONEq(t, string(before), string(after))
	_, err = g.Advance(DefaultWindowMS)
	require.NoError(t, err)
	assert.Nil(t, g.st.Win, "the window's deadline was due")
	assert.Len(t, g.Log(), 2)
}

func TestLoadRefusesInconsistentState(t *testing.T) {
	for _, data := range []string{`{}`, `not json`, `{"players":[{}],"config":{"seats":[{}]}}`} {
		_, err := Load([]byte(data))
		assert.Error(t, err, data)
	}
}

func TestGluttonTakingSomeonesLastCardsMakesThemFinish(t *testing.T) {
	g := rig(t, students(4), []Card{f1}, []Card{f2, f2}, []Card{f3, f3}, []Card{f5, f5})
	for s := range 4 {
		play(t, g, s, Flip(), int64(100*s))
	}
	play(t, g, 2, Slap(), 500)
	c, ok := g.Champion()
	require.True(t, ok, "seat 0 has no card left")
	assert.Equal(t, 0, c)
	assert.Equal(t, 3, g.st.Turn, "the player after the glutton reveals")
}

func TestUnclaimedMatchCanBeSlappedInTheNextWindow(t *testing.T) {
	g := rig(t, students(3), []Card{Mult(3, 4), f1}, []Card{Product(12), f2}, []Card{f3, f5})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	_, err := g.Advance(100 + DefaultWindowMS)
	require.NoError(t, err)
	play(t, g, 2, Flip(), 5000)
	require.True(t, g.st.Win.Live)
	assert.Equal(t, [][]int{{0, 1}}, g.st.Win.Groups)
	play(t, g, 1, Slap(), 5200)
	assert.Equal(t, 1, g.Stats().Exchanges)
}

func TestWaitingListsConcernedStudentsDuringAMatch(t *testing.T) {
	g := rig(t, students(3), []Card{Mult(3, 4), f1}, []Card{Product(12), f2}, []Card{f3, f5})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	assert.ElementsMatch(t, []int{0, 1}, g.Waiting())
	play(t, g, 0, Slap(), 300)
	assert.Equal(t, []int{0}, g.Waiting(), "the winner flips next")
}

func TestAutoRevealFlipsForTheStudent(t *testing.T) {
	g, err := New(Config{Level: LearningLevel(5), Seats: []games.Seat{student("kid"), bot(2), bot(2)}, AutoRevealMS: 2500}, 4)
	require.NoError(t, err)
	_, err = g.Advance(2500)
	require.NoError(t, err)
	assert.Len(t, pileOf(g, 0), 1)
}

func TestSeesawStudentWhoDoesNotSlapMissesIt(t *testing.T) {
	g := rig(t, students(4), []Card{Mult(2, 3), f1}, []Card{Mult(5, 5), f2}, []Card{f7, f3}, []Card{Spec(Seesaw), f5})
	for s := range 4 {
		play(t, g, s, Flip(), int64(100*s))
	}
	st, err := g.Advance(300 + DefaultWindowMS)
	require.NoError(t, err)
	require.Len(t, st.Attempts, 2)
	for _, a := range st.Attempts {
		assert.Equal(t, games.KindMissed, a.Kind)
	}
}
