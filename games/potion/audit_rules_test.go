package potion

import (
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
)

// Spec, Attempts: "response_ms counts from the moment the capture became
// possible for the student (the start of their turn, or when the card that
// enabled it was laid)". Here 9 × 7 on the 63 was possible with the cards
// already laid; laying a second 7 and capturing with it enabled nothing, so
// the time runs from the start of the turn, not from the lay.
func TestAuditCaptureWithALaidTwinTimedFromTurnStart(t *testing.T) {
	g := position(t, layout{
		zone0: []pm{{9, 10}, {7, 12}}, zone1: []pm{{2, 63}},
		hand0: []pm{{7, 15}}, hand1: []pm{{2, 8}}, pile: []pm{{5, 10}},
	})
	g.s.TurnAt = 500
	twin := id(t, g, 7, 15)
	play(t, g, 0, Lay(twin), 1000)
	st := play(t, g, 0, CaptureMove(id(t, g, 9, 10), twin, id(t, g, 2, 63)), 2500)
	assert.Equal(t, []games.Attempt{{Seat: 0, Kind: games.KindCapture, A: 9, B: 7, Given: intp(63), Correct: true, ResponseMS: msp(2000)}}, st.Attempts)
}

// The same with a square: a lone 8 laid beside a laid 8 does enable 8 × 8,
// but a third 8 does not.
func TestAuditSquareTimedFromTheLayThatEnabledIt(t *testing.T) {
	g := position(t, layout{
		zone0: []pm{{8, 10}}, zone1: []pm{{2, 64}},
		hand0: []pm{{8, 15}}, hand1: []pm{{2, 8}}, pile: []pm{{5, 10}},
	})
	g.s.TurnAt = 500
	laid := id(t, g, 8, 15)
	play(t, g, 0, Lay(laid), 1000)
	st := play(t, g, 0, CaptureMove(id(t, g, 8, 10), laid, id(t, g, 2, 64)), 2500)
	assert.Equal(t, int64(1500), *st.Attempts[0].ResponseMS, "the laid 8 enabled 8 × 8")

	g = position(t, layout{
		zone0: []pm{{8, 10}, {8, 11}}, zone1: []pm{{2, 64}},
		hand0: []pm{{8, 15}}, hand1: []pm{{2, 8}}, pile: []pm{{5, 10}},
	})
	g.s.TurnAt = 500
	laid = id(t, g, 8, 15)
	play(t, g, 0, Lay(laid), 1000)
	st = play(t, g, 0, CaptureMove(id(t, g, 8, 10), laid, id(t, g, 2, 64)), 2500)
	assert.Equal(t, int64(2000), *st.Attempts[0].ResponseMS, "8 × 8 was possible before the third 8")
}
