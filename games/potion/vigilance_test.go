package potion

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// forgetful: seat 0 can capture 63 (9 × 7) or 24 (3 × 8) and will forget.
func forgetful(t testing.TB, seats [2]games.Seat) *Game {
	return position(t, layout{
		seats: seats,
		zone0: []pm{{9, 10}, {7, 12}, {3, 14}, {8, 16}},
		zone1: []pm{{2, 63}, {4, 24}},
		hand0: []pm{{5, 15}, {6, 18}, {2, 20}, {4, 22}},
		hand1: []pm{{2, 8}, {3, 9}, {4, 11}},
		pile:  []pm{{5, 10}, {2, 4}, {6, 30}},
	})
}

// forget plays seat 0's turn: lay a card and end without capturing.
func forget(t testing.TB, g *Game) {
	play(t, g, 0, Lay(id(t, g, 5, 15)), 100)
	play(t, g, 0, End(), 1000)
}

func TestVigilanceStudentCallsOnStudent(t *testing.T) {
	g := forgetful(t, [2]games.Seat{student, student2})
	forget(t, g)
	top := g.s.Pile[0]
	m63 := id(t, g, 2, 63)
	st := play(t, g, 1, Vigilance(id(t, g, 9, 10), id(t, g, 7, 12), m63), 4000)

	require.Len(t, st.Attempts, 1, "showing a capture is a capture attempt of the caller")
	a := st.Attempts[0]
	assert.Equal(t, 1, a.Seat)
	assert.Equal(t, games.KindCapture, a.Kind)
	assert.True(t, a.Correct)
	assert.Equal(t, int64(3000), *a.ResponseMS, "from the end of the forgetful turn")
	assert.Empty(t, g.s.Trophy[1], "the reward comes after the called player's capture")
	assert.Equal(t, []int{0}, g.Waiting(), "the called player now captures")

	// The called player makes the capture of their choice: here the other one.
	st = play(t, g, 0, CaptureMove(id(t, g, 3, 14), id(t, g, 8, 16), id(t, g, 4, 24)), 6000)
	require.Len(t, st.Attempts, 1)
	assert.Equal(t, int64(2000), *st.Attempts[0].ResponseMS, "from the call")
	assert.Equal(t, []int{id(t, g, 4, 24)}, g.s.Trophy[0])
	assert.Equal(t, []int{top}, g.s.Trophy[1], "then the caller takes the top card of the pile as a trophy")
	assert.Equal(t, []int{1}, g.Waiting(), "vigilance is not a turn: the caller's turn goes on")
	assert.Equal(t, 1, g.s.Stats.Turns)
	play(t, g, 1, Lay(id(t, g, 2, 8)), 7000)
}

func TestVigilanceCalledStudentMayAcceptTheCaptureShown(t *testing.T) {
	g := forgetful(t, [2]games.Seat{student, student2})
	forget(t, g)
	m63 := id(t, g, 2, 63)
	play(t, g, 1, Vigilance(id(t, g, 9, 10), id(t, g, 7, 12), m63), 4000)
	refused(t, g, 0, Lay(id(t, g, 6, 18)), 4100, "potion.must_capture")
	refused(t, g, 1, Lay(id(t, g, 2, 8)), 4100, "game.not_your_turn")
	st := play(t, g, 0, Accept(), 4500)
	assert.Empty(t, st.Attempts, "accepting computes nothing")
	assert.Equal(t, []int{m63}, g.s.Trophy[0])
}

func TestVigilanceCalledStudentWrongCaptureIsRefusedWithAttempt(t *testing.T) {
	g := forgetful(t, [2]games.Seat{student, student2})
	forget(t, g)
	play(t, g, 1, Vigilance(id(t, g, 9, 10), id(t, g, 7, 12), id(t, g, 2, 63)), 4000)
	st := refused(t, g, 0, CaptureMove(id(t, g, 9, 10), id(t, g, 3, 14), id(t, g, 2, 63)), 4500, "potion.wrong_product")
	require.Len(t, st.Attempts, 1)
	assert.False(t, st.Attempts[0].Correct)
}

func TestVigilanceStudentCallsOnComputer(t *testing.T) {
	g := forgetful(t, [2]games.Seat{computer(games.BotSolid), student})
	g.s.Turn, g.s.Vigil, g.s.TurnAt = 1, true, 1000 // the computer's forgetful turn just ended
	play(t, g, 1, Vigilance(id(t, g, 3, 14), id(t, g, 8, 16), id(t, g, 4, 24)), 2500)
	at, ok := g.Next()
	require.True(t, ok, "the computer must capture at once")
	st, err := g.Advance(at)
	require.NoError(t, err)
	assert.Empty(t, st.Attempts, "computers make no attempts")
	assert.Len(t, g.s.Trophy[0], 1, "the computer made a capture of its choice")
	assert.Equal(t, []int{1}, g.Waiting(), "then the student's turn goes on")
	assert.Equal(t, PhasePlay, g.s.Phase)
}

func TestVigilanceComputerCallsOnStudent(t *testing.T) {
	called := false
	for seed := uint64(1); seed < 20 && !called; seed++ {
		g := forgetful(t, [2]games.Seat{student, computer(games.BotStrong)})
		g.s.RNG = games.NewRNG(seed, 2)
		forget(t, g)
		st, err := g.Advance(1500)
		require.NoError(t, err)
		if g.s.Phase != PhaseCapture {
			continue
		}
		called = true
		assert.Empty(t, st.Attempts)
		assert.Empty(t, g.s.Trophy[1], "the computer's reward comes after the student's capture")
		assert.Equal(t, []int{0}, g.Waiting(), "the student chooses the capture")
		v := g.SeatView(0)
		require.NotNil(t, v.Shown, "the student sees the capture shown")
		assert.ElementsMatch(t, []Move{{Type: MoveCapture}, {Type: MoveAccept}}, v.Legal)
		st = play(t, g, 0, Accept(), 3000)
		assert.Len(t, g.s.Trophy[1], 1, "the computer's extra trophy")
		assert.Equal(t, "trophy", st.Events[len(st.Events)-1].Type)
		_, err = g.Advance(3000)
		require.NoError(t, err)
		assert.Equal(t, 0, g.s.Turn, "the computer finished its turn after the call")
	}
	assert.True(t, called, "a strong computer calls vigilance almost always")
}

func TestVigilanceOnlyAfterATurnEndedWithoutCapture(t *testing.T) {
	g := forgetful(t, [2]games.Seat{student, student2})
	play(t, g, 0, Lay(id(t, g, 5, 15)), 100)
	play(t, g, 0, CaptureMove(id(t, g, 9, 10), id(t, g, 7, 12), id(t, g, 2, 63)), 200)
	play(t, g, 0, End(), 300)
	// 3 × 8 = 24 is still there, but one capture per turn was made.
	refused(t, g, 1, Vigilance(id(t, g, 3, 14), id(t, g, 8, 16), id(t, g, 4, 24)), 400, "potion.vigilance_closed")
}

func TestVigilanceOnlyBeforeTheCallerLays(t *testing.T) {
	g := forgetful(t, [2]games.Seat{student, student2})
	forget(t, g)
	play(t, g, 1, Lay(id(t, g, 2, 8)), 2000)
	refused(t, g, 1, Vigilance(id(t, g, 9, 10), id(t, g, 7, 12), id(t, g, 2, 63)), 2500, "potion.vigilance_closed")
}

func TestVigilanceWrongCallIsRefusedWithAttempt(t *testing.T) {
	g := forgetful(t, [2]games.Seat{student, student2})
	forget(t, g)
	st := refused(t, g, 1, Vigilance(id(t, g, 9, 10), id(t, g, 3, 14), id(t, g, 4, 24)), 2000, "potion.wrong_product")
	require.Len(t, st.Attempts, 1)
	assert.False(t, st.Attempts[0].Correct)
	assert.Equal(t, []int{9, 3, 24}, []int{st.Attempts[0].A, st.Attempts[0].B, *st.Attempts[0].Given})
	refused(t, g, 1, Vigilance(id(t, g, 9, 10), id(t, g, 2, 8), id(t, g, 2, 63)), 2000, "potion.potion_not_in_zone")
}

func TestVigilanceTrophyCountsTowardsFive(t *testing.T) {
	g := forgetful(t, [2]games.Seat{student, student2})
	forget(t, g)
	g.s.Trophy[1] = []int{id(t, g, 6, 18), id(t, g, 2, 20), id(t, g, 4, 22), id(t, g, 3, 9)}
	g.s.Hands = [2][]int{{}, {id(t, g, 2, 8)}}
	play(t, g, 1, Vigilance(id(t, g, 9, 10), id(t, g, 7, 12), id(t, g, 2, 63)), 2000)
	require.False(t, g.Over(), "no trophy at the call")
	play(t, g, 0, Accept(), 2500)
	require.True(t, g.Over(), "the reward after the capture is the fifth")
	assert.Equal(t, []int{1}, g.Result().Winners)
	assert.Equal(t, "potion.five_trophies", g.Result().Reason)
}

// Five trophies win at once: when the called player's capture is their
// fifth, they win before the caller's reward.
func TestVigilanceCapturedFifthWinsBeforeTheReward(t *testing.T) {
	g := forgetful(t, [2]games.Seat{student, student2})
	forget(t, g)
	g.s.Trophy[0] = []int{id(t, g, 6, 18), id(t, g, 2, 20), id(t, g, 4, 22), id(t, g, 3, 9)}
	g.s.Hands = [2][]int{{}, {id(t, g, 2, 8)}}
	play(t, g, 1, Vigilance(id(t, g, 9, 10), id(t, g, 7, 12), id(t, g, 2, 63)), 2000)
	play(t, g, 0, Accept(), 2500)
	require.True(t, g.Over())
	assert.Equal(t, []int{0}, g.Result().Winners)
	assert.Empty(t, g.s.Trophy[1])
}

// The booklets take the reward after the capture, which has just put its two
// potions under the pile: with an empty pile the caller still gets a trophy,
// the first of those potions.
func TestVigilanceWithEmptyPileStillRewardsTheCaller(t *testing.T) {
	g := forgetful(t, [2]games.Seat{student, student2})
	forget(t, g)
	g.s.Pile = nil
	nine, seven := id(t, g, 9, 10), id(t, g, 7, 12)
	play(t, g, 1, Vigilance(nine, seven, id(t, g, 2, 63)), 2000)
	assert.Equal(t, PhaseCapture, g.s.Phase, "the called player captures")
	st := play(t, g, 0, CaptureMove(nine, seven, id(t, g, 2, 63)), 2500)
	assert.Equal(t, []int{nine}, g.s.Trophy[1], "the top of the pile is the first potion put under it")
	assert.Equal(t, []int{seven}, g.s.Pile)
	assert.Equal(t, games.Event{At: 2500, Seat: 1, Type: "trophy", Data: map[string]any{"card": nine}}, st.Events[len(st.Events)-1])
	assert.Equal(t, []int{1}, g.Waiting(), "the caller's turn goes on")
}

// The 3-card edition with one card left: the caller draws it at the start of
// their turn, calls, and still takes a trophy after the capture.
func TestVigilance3CardWithOneCardLeftStillRewardsTheCaller(t *testing.T) {
	g := forgetful(t, [2]games.Seat{student, student2})
	g.s.Pile = g.s.Pile[:1]
	last := g.s.Pile[0]
	forget(t, g)
	require.Empty(t, g.s.Pile, "the caller drew the last card")
	require.Contains(t, g.s.Hands[1], last)
	nine, seven := id(t, g, 9, 10), id(t, g, 7, 12)
	play(t, g, 1, Vigilance(nine, seven, id(t, g, 2, 63)), 2000)
	play(t, g, 0, Accept(), 2500)
	assert.Equal(t, []int{nine}, g.s.Trophy[1])
	assert.False(t, g.Over())
}

// The vigilance button is offered only when a capture could be shown at
// all (two potions in the previous player's zone and a monster in the
// caller's), whether or not one exists.
func TestVigilanceIsOfferedOnlyWhenACaptureCouldBeShown(t *testing.T) {
	for _, tc := range []struct {
		name         string
		zone0, zone1 []pm
		offered      bool
	}{
		{"a capture exists", []pm{{9, 10}, {7, 12}}, []pm{{2, 63}}, true},
		{"none exists, one could", []pm{{9, 10}, {5, 12}}, []pm{{2, 63}}, true},
		{"one potion only", []pm{{9, 10}}, []pm{{2, 63}}, false},
		{"no monster in the caller's zone", []pm{{9, 10}, {7, 12}}, nil, false},
	} {
		// Seat 0's hand is empty: they end without laying.
		g := position(t, layout{zone0: tc.zone0, zone1: tc.zone1, hand1: []pm{{2, 8}}, pile: []pm{{5, 10}, {6, 30}}})
		play(t, g, 0, End(), 200)
		offered := slices.ContainsFunc(g.Legal(1), func(m Move) bool { return m.Type == MoveVigilance })
		assert.Equal(t, tc.offered, offered, tc.name)
	}
}

func TestMissedEachDistinctAvailableFactOnce(t *testing.T) {
	g := position(t, layout{
		zone0: []pm{{3, 10}, {8, 12}, {4, 14}, {6, 16}, {8, 18}},
		zone1: []pm{{2, 24}, {5, 24}, {7, 48}},
		hand0: []pm{{5, 15}}, hand1: []pm{{2, 8}}, pile: []pm{{5, 10}},
	})
	play(t, g, 0, Lay(id(t, g, 5, 15)), 100)
	st := play(t, g, 0, End(), 200)
	var facts []games.Fact
	for _, a := range st.Attempts {
		assert.Equal(t, games.KindMissed, a.Kind)
		assert.Nil(t, a.Given)
		assert.Nil(t, a.ResponseMS)
		facts = append(facts, games.Fact{A: a.A, B: a.B})
	}
	assert.Equal(t, []games.Fact{{A: 3, B: 8}, {A: 8, B: 6}, {A: 4, B: 6}}, facts,
		"3×8 twice (two 8s) and 24 twice (two monsters) are one fact each; 6×8 = 48")
}

func TestMissedIsLoggedWhetherOrNotTheOpponentCalls(t *testing.T) {
	g := forgetful(t, [2]games.Seat{student, computer(games.BotBeginner)})
	play(t, g, 0, Lay(id(t, g, 5, 15)), 100)
	st := play(t, g, 0, End(), 200)
	assert.Len(t, st.Attempts, 2, "63 = 9×7 and 24 = 3×8, before the computer decides")
}

func TestNoMissedAfterACapture(t *testing.T) {
	g := forgetful(t, [2]games.Seat{student, student2})
	play(t, g, 0, Lay(id(t, g, 5, 15)), 100)
	play(t, g, 0, CaptureMove(id(t, g, 9, 10), id(t, g, 7, 12), id(t, g, 2, 63)), 200)
	st := play(t, g, 0, End(), 300)
	assert.Empty(t, st.Attempts, "one capture per turn: nothing else was possible")
}

func TestComputerSeatsMakeNoAttempts(t *testing.T) {
	missed := 0
	for seed := range uint64(20) {
		g, err := New(Config{Level: games.Violet(), Seats: []games.Seat{computer(1), computer(3)}}, seed)
		require.NoError(t, err)
		st, err := g.Advance(0)
		require.NoError(t, err)
		assert.True(t, g.Over())
		assert.Empty(t, st.Attempts)
		missed += g.s.Stats.Missed[0]
	}
	assert.Positive(t, missed, "the beginner forgot captures on purpose")
}

func TestQuizAnswerIsAnAttempt(t *testing.T) {
	g := position(t, layout{quiz: true,
		zone0: []pm{{9, 10}}, zone1: []pm{{2, 63}},
		hand0: []pm{{7, 12}}, hand1: []pm{{2, 8}}, pile: []pm{{5, 10}},
	})
	nine, seven := id(t, g, 9, 10), id(t, g, 7, 12)
	assert.Contains(t, g.Legal(0), Move{Type: MoveAnswer})
	st := play(t, g, 0, Answer(nine, seven, 63), 1200)
	require.Len(t, st.Attempts, 1)
	a := st.Attempts[0]
	assert.Equal(t, games.KindAnswer, a.Kind)
	assert.Equal(t, []int{9, 7, 63}, []int{a.A, a.B, *a.Given})
	assert.True(t, a.Correct)
	assert.Equal(t, int64(1200), *a.ResponseMS)
	refused(t, g, 0, Answer(seven, nine, 62), 1300, "potion.pair_answered")
	refused(t, g, 0, Answer(nine, id(t, g, 2, 8), 18), 1300, "potion.potion_not_seen")
	play(t, g, 0, Lay(seven), 1500)
	refused(t, g, 0, Answer(nine, id(t, g, 2, 63), 18), 1600, "potion.quiz_after_lay")
}

func TestQuizOffRefusesAnswers(t *testing.T) {
	g := booklet(t, Edition3)
	refused(t, g, 0, Answer(id(t, g, 9, 10), id(t, g, 7, 12), 63), 10, "potion.quiz_off")
	assert.NotContains(t, g.Legal(0), Move{Type: MoveAnswer})
}

// A game saved while a called player had to capture, by the engine that
// rewarded the caller at the call, does not reward them twice.
func TestVigilanceSavedBeforeTheRewardMovedIsNotRewardedTwice(t *testing.T) {
	g := forgetful(t, [2]games.Seat{student, student2})
	forget(t, g)
	play(t, g, 1, Vigilance(id(t, g, 9, 10), id(t, g, 7, 12), id(t, g, 2, 63)), 2000)
	// As the old engine saved it: the top card already taken, no reward due.
	top := g.s.Pile[0]
	g.s.Pile = g.s.Pile[1:]
	g.s.Trophy[1] = []int{top}
	g.s.RewardDue = false
	data, err := json.Marshal(g)
	require.NoError(t, err)
	require.NotContains(t, string(data), "reward_due", "an old save has no such field")
	old, err := Load(data)
	require.NoError(t, err)
	play(t, old, 0, Accept(), 2500)
	assert.Equal(t, []int{top}, old.s.Trophy[1], "one trophy, taken at the call")
}
