package potion

import (
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
)

// The spec's attempt table, one test per row: every field of the attempt is
// written out (not derived with games.NewAttempt), so a wrong kind, factor,
// given value, verdict or response time fails.

func intp(v int) *int    { return &v }
func msp(v int64) *int64 { return &v }

func TestAttemptRowCaptureProposed(t *testing.T) {
	g := booklet(t, Edition4)
	seven, nine, m63 := id(t, g, 7, 12), id(t, g, 9, 10), id(t, g, 2, 63)
	play(t, g, 0, Lay(seven), 1000)
	st := refused(t, g, 0, CaptureMove(nine, id(t, g, 3, 15), m63), 1200, "potion.potion_not_in_zone")
	assert.Empty(t, st.Attempts, "a capture with a potion from the hand is no multiplication")
	st = play(t, g, 0, CaptureMove(nine, seven, m63), 1800)
	assert.Equal(t, []games.Attempt{{Seat: 0, Kind: games.KindCapture, A: 9, B: 7, Given: intp(63), Correct: true, ResponseMS: msp(800)}}, st.Attempts)
}

func TestAttemptRowCaptureProposedWrong(t *testing.T) {
	g := position(t, layout{
		zone0: []pm{{9, 10}, {7, 12}}, zone1: []pm{{2, 63}, {3, 64}},
		hand0: []pm{{3, 15}}, hand1: []pm{{2, 8}}, pile: []pm{{5, 10}},
	})
	g.s.TurnAt = 200
	play(t, g, 0, Lay(id(t, g, 3, 15)), 300)
	st := refused(t, g, 0, CaptureMove(id(t, g, 7, 12), id(t, g, 9, 10), id(t, g, 3, 64)), 900, "potion.wrong_product")
	assert.Equal(t, []games.Attempt{{Seat: 0, Kind: games.KindCapture, A: 7, B: 9, Given: intp(64), Correct: false, ResponseMS: msp(700)}}, st.Attempts,
		"the potions were in the zone since the turn started")
}

func TestAttemptRowVigilanceCall(t *testing.T) {
	g := forgetful(t, [2]games.Seat{student, student2})
	forget(t, g) // seat 0's turn ends at 1000
	st := play(t, g, 1, Vigilance(id(t, g, 3, 14), id(t, g, 8, 16), id(t, g, 4, 24)), 3500)
	assert.Equal(t, []games.Attempt{{Seat: 1, Kind: games.KindCapture, A: 3, B: 8, Given: intp(24), Correct: true, ResponseMS: msp(2500)}}, st.Attempts)
}

func TestAttemptRowVigilanceCallWrong(t *testing.T) {
	g := forgetful(t, [2]games.Seat{student, student2})
	forget(t, g)
	st := refused(t, g, 1, Vigilance(id(t, g, 9, 10), id(t, g, 8, 16), id(t, g, 2, 63)), 1600, "potion.wrong_product")
	assert.Equal(t, []games.Attempt{{Seat: 1, Kind: games.KindCapture, A: 9, B: 8, Given: intp(63), Correct: false, ResponseMS: msp(600)}}, st.Attempts)
}

func TestAttemptRowMissedWhenTheTurnEndsWithACapturePossible(t *testing.T) {
	g := forgetful(t, [2]games.Seat{student, computer(games.BotBeginner)})
	play(t, g, 0, Lay(id(t, g, 5, 15)), 100)
	step := play(t, g, 0, End(), 1000)
	assert.Equal(t, []games.Attempt{
		{Seat: 0, Kind: games.KindMissed, A: 9, B: 7},
		{Seat: 0, Kind: games.KindMissed, A: 3, B: 8},
	}, step.Attempts, "given and response_ms empty, whether or not the computer calls")
}

func TestAttemptRowQuizAnswer(t *testing.T) {
	g := position(t, layout{quiz: true,
		zone0: []pm{{9, 10}}, zone1: []pm{{2, 63}},
		hand0: []pm{{7, 12}}, hand1: []pm{{2, 8}}, pile: []pm{{5, 10}},
	})
	g.s.TurnAt = 400
	st := play(t, g, 0, Answer(id(t, g, 7, 12), id(t, g, 9, 10), 62), 1300)
	assert.Equal(t, []games.Attempt{{Seat: 0, Kind: games.KindAnswer, A: 7, B: 9, Given: intp(62), Correct: false, ResponseMS: msp(900)}}, st.Attempts)
}

func TestAttemptRowsOnlyForHumanSeats(t *testing.T) {
	g := forgetful(t, [2]games.Seat{computer(games.BotStrong), student})
	g.s.Turn, g.s.Vigil, g.s.TurnAt = 1, false, 0
	play(t, g, 1, Lay(id(t, g, 2, 8)), 100)
	st := play(t, g, 1, End(), 200)
	assert.Empty(t, st.Attempts, "seat 1 had no capture")
	st, err := g.Advance(300)
	assert.NoError(t, err)
	for _, a := range st.Attempts {
		assert.NotEqual(t, 0, a.Seat, "the computer seat makes no attempt")
	}
}
