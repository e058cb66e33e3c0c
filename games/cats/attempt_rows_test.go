package cats

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
)

// The spec's attempt table, one test per row: every field written out, so a
// wrong kind, factor, given value, verdict or response time fails. Response
// times run from the reveal that opened the window.

func intp(v int) *int    { return &v }
func msp(v int64) *int64 { return &v }

func TestAttemptRowClaimOnAMatchWithAProductCard(t *testing.T) {
	g := rig(t, students(3), []Card{Mult(3, 4), f1}, []Card{f2, f3}, []Card{Product(12), f5})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	play(t, g, 2, Flip(), 200) // the window opens
	st := play(t, g, 0, Slap(), 1000)
	assert.Equal(t, []games.Attempt{{Seat: 0, Kind: games.KindClaim, A: 3, B: 4, Given: intp(12), Correct: true, ResponseMS: msp(800)}}, st.Attempts)
	st = play(t, g, 2, Slap(), 1500)
	assert.Equal(t, []games.Attempt{{Seat: 2, Kind: games.KindClaim, A: 3, B: 4, Given: intp(12), Correct: true, ResponseMS: msp(1300)}}, st.Attempts,
		"the product card's holder claims the multiplication card of the match")
}

func TestAttemptRowClaimOnAMatchOfTwoMultiplicationCards(t *testing.T) {
	g := rig(t, students(3), []Card{Mult(2, 6), f1}, []Card{Mult(3, 4), f3}, []Card{f2, f5})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100) // the window opens
	st := play(t, g, 1, Slap(), 700)
	assert.Equal(t, []games.Attempt{
		{Seat: 1, Kind: games.KindClaim, A: 2, B: 6, Given: intp(12), Correct: true, ResponseMS: msp(600)},
		{Seat: 1, Kind: games.KindClaim, A: 3, B: 4, Given: intp(12), Correct: true, ResponseMS: msp(600)},
	}, st.Attempts, "one claim per multiplication card, given the other card's product")
}

func TestAttemptRowGluttonyClaim(t *testing.T) {
	g := rig(t, students(3), []Card{Mult(2, 7), f1}, []Card{Mult(3, 5), f2}, []Card{f3, f3})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	play(t, g, 2, Flip(), 200)
	st := play(t, g, 2, SlapWith(1), 900)
	assert.Equal(t, []games.Attempt{
		{Seat: 2, Kind: games.KindClaim, A: 1, B: 3, Given: intp(15), Correct: false, ResponseMS: msp(700)},
		{Seat: 2, Kind: games.KindClaim, A: 3, B: 5, Given: intp(3), Correct: false, ResponseMS: msp(700)},
	}, st.Attempts)
}

func TestAttemptRowMissedWhenConcernedAndNoSlap(t *testing.T) {
	g := rig(t, students(3), []Card{Mult(3, 4), f1}, []Card{Mult(4, 3), f2}, []Card{f3, f5})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	st, err := g.Advance(100 + DefaultWindowMS)
	require.NoError(t, err)
	assert.Equal(t, []games.Attempt{
		{Seat: 0, Kind: games.KindMissed, A: 3, B: 4},
		{Seat: 1, Kind: games.KindMissed, A: 4, B: 3},
	}, st.Attempts, "their own multiplication card; seat 2 was not concerned")
}

func TestAttemptRowMissedBySlowerConcernedStudent(t *testing.T) {
	g := rig(t, students(3), []Card{Mult(3, 4), f1}, []Card{Mult(4, 3), f2}, []Card{f3, f5})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	play(t, g, 1, Slap(), 600)
	st, err := g.Advance(100 + DefaultWindowMS)
	require.NoError(t, err)
	assert.Equal(t, []games.Attempt{{Seat: 0, Kind: games.KindMissed, A: 3, B: 4}}, st.Attempts)
}

func TestAttemptRowSeesawClaim(t *testing.T) {
	g := rig(t, students(4), []Card{Mult(2, 3), f1}, []Card{Mult(5, 5), f2}, []Card{f7, f3}, []Card{Spec(Seesaw), f5})
	for s := range 4 {
		play(t, g, s, Flip(), int64(100*s))
	}
	st := play(t, g, 1, Slap(), 1100)
	assert.Equal(t, []games.Attempt{{Seat: 1, Kind: games.KindClaim, A: 5, B: 5, Given: intp(25), Correct: true, ResponseMS: msp(800)}}, st.Attempts,
		"the largest slapped rightly: its card and its product")
}

func TestAttemptRowsOnlyForHumanSeats(t *testing.T) {
	seats := []games.Seat{student("A"), bot(games.BotStrong), student("C")}
	g := rig(t, seats, []Card{Mult(3, 4), f1}, []Card{Mult(4, 3), f2}, []Card{f3, f5})
	play(t, g, 0, Flip(), 0)
	_, err := g.Advance(1000) // the computer reveals its 4×3
	require.NoError(t, err)
	st, err := g.Advance(1000 + DefaultWindowMS)
	require.NoError(t, err)
	assert.Equal(t, []games.Attempt{{Seat: 0, Kind: games.KindMissed, A: 3, B: 4}}, st.Attempts,
		"the computer concerned by the match makes no attempt")
}
