package cats

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
)

// missedOf keeps the missed attempts of a step.
func missedOf(st games.Step) []games.Attempt {
	var out []games.Attempt
	for _, a := range st.Attempts {
		if a.Kind == games.KindMissed {
			out = append(out, a)
		}
	}
	return out
}

// A match nobody slaps stays on the table through several reveals (it is a
// group of every window until a card covers it): each student concerned
// missed it once, not once per window.
func TestMissedMatchIsLoggedOnceWhileItStands(t *testing.T) {
	g := rig(t, students(5), []Card{Mult(3, 4), f1}, []Card{Product(12), f2}, []Card{f3, f3}, []Card{f5, f5}, []Card{f7, f7})
	var missed []games.Attempt
	for s := range 5 {
		missed = append(missed, missedOf(play(t, g, s, Flip(), int64(100*s)))...)
	}
	missed = append(missed, missedOf(play(t, g, 0, Flip(), 500))...) // covers the match
	require.Len(t, missed, 2, "%v", missed)
	for i, seat := range []int{0, 1} {
		assert.Equal(t, seat, missed[i].Seat)
		assert.Equal(t, [2]int{3, 4}, [2]int{missed[i].A, missed[i].B}, "the product card's holder missed 3×4 too")
	}
	assert.Equal(t, 1, g.Stats().Missed, "one match nobody claimed")
}

// The same holds when the windows close at their deadline (nobody reveals
// for a while) and through a window that asks for something else.
func TestMissedMatchIsLoggedOnceAcrossDeadlines(t *testing.T) {
	g := rig(t, students(4), []Card{Mult(3, 4), f1}, []Card{Product(12), f2}, []Card{Spec(Seesaw), f3}, []Card{f5, f5})
	var missed []games.Attempt
	missed = append(missed, missedOf(play(t, g, 0, Flip(), 0))...)
	missed = append(missed, missedOf(play(t, g, 1, Flip(), 100))...)
	st, err := g.Advance(100 + DefaultWindowMS)
	require.NoError(t, err)
	missed = append(missed, missedOf(st)...)
	require.Len(t, missed, 2, "the window closed: seats 0 and 1 missed 3×4")
	missed = append(missed, missedOf(play(t, g, 2, Flip(), 5000))...) // a Seesaw: 3×4 and 12 both smallest and largest
	missed = append(missed, missedOf(play(t, g, 3, Flip(), 9500))...) // the Seesaw window closes at the reveal
	st, err = g.Advance(9500 + DefaultWindowMS)
	require.NoError(t, err)
	missed = append(missed, missedOf(st)...)
	var match []games.Attempt
	for _, a := range missed[2:] {
		if a.A == 3 && a.B == 4 {
			match = append(match, a)
		}
	}
	assert.Len(t, match, 1, "the Seesaw's own miss only: the standing match is not missed again (%v)", missed)
}

// A new card that joins a standing match is a new chance: the product
// card's holder misses the new multiplication, nobody misses 3×4 again.
func TestMissedANewCardJoiningAStandingMatchIsANewMiss(t *testing.T) {
	g := rig(t, students(4), []Card{Mult(3, 4), f1}, []Card{Product(12), f2}, []Card{f3, Mult(2, 6)}, []Card{f5, f5})
	var missed []games.Attempt
	for s := range 4 {
		missed = append(missed, missedOf(play(t, g, s, Flip(), int64(100*s)))...)
	}
	require.Len(t, missed, 2)
	g.st.Turn = 2 // seat 2 reveals again: 2×6 joins the match
	missed = missed[:0]
	missed = append(missed, missedOf(play(t, g, 2, Flip(), 400))...)
	missed = append(missed, missedOf(play(t, g, 3, Flip(), 500))...)
	got := map[[3]int]int{}
	for _, a := range missed {
		got[[3]int{a.Seat, a.A, a.B}]++
	}
	assert.Equal(t, map[[3]int]int{{1, 2, 6}: 1, {2, 2, 6}: 1}, got)
}

// --- "Souris !" on a match let pass ---

// letPassBy3: with three players, seats a and b match (b reveals second),
// nobody slaps, and next reveals — whoever it is, even one of the two,
// whose new card then covers the match. It returns the third seat.
func letPassBy3(t *testing.T, a, b, next int) (*Game, int) {
	t.Helper()
	decks := [][]Card{{f3, f3}, {f3, f3}, {f3, f3}}
	decks[a] = []Card{Mult(3, 4), f1}
	decks[b] = []Card{Product(12), f2}
	g := rigWith(t, Config{Seats: students(3), SourisCall: true}, decks...)
	for i, s := range []int{a, b} {
		g.st.Turn = s
		play(t, g, s, Flip(), int64(100*i))
	}
	require.Equal(t, KindMatch, g.st.Win.Kind)
	g.st.Turn = next
	play(t, g, next, Flip(), 200)
	return g, 3 - a - b
}

// With three players every match let pass can be called by the third
// player in the window of the next reveal, whoever reveals it (the call
// is about the match let pass, even when the new card covers it).
func TestSourisEveryMatchLetPassIsCallableWithThreePlayers(t *testing.T) {
	for _, pair := range [][2]int{{0, 1}, {0, 2}, {1, 2}} {
		for next := range 3 {
			g, caller := letPassBy3(t, pair[0], pair[1], next)
			st := play(t, g, caller, Souris(), 700)
			assert.Equal(t, 1, g.Stats().Souris, "%v then %d: the call is right", pair, next)
			assert.Empty(t, pileOf(g, pair[0]), "%v then %d", pair, next)
			assert.Empty(t, pileOf(g, pair[1]), "%v then %d", pair, next)
			require.Len(t, st.Attempts, 1, "%v then %d", pair, next)
			a := st.Attempts[0]
			assert.Equal(t, caller, a.Seat)
			assert.Equal(t, [3]int{3, 4, 12}, [3]int{a.A, a.B, *a.Given}, "%v then %d: the match let pass, not the new card", pair, next)
			assert.True(t, a.Correct)
		}
	}
}

// The case: the next player is one of the two; their card covers
// the match; the call is still right, both piles (the covering card with
// them) go under their decks, and no claim is logged on other facts.
func TestSourisCoveredByTheNextRevealIsStillRight(t *testing.T) {
	g := rigWith(t, Config{Seats: students(3), SourisCall: true},
		[]Card{Mult(3, 4), Mult(1, 3)}, []Card{f2, f5}, []Card{Product(12), f7})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	play(t, g, 2, Flip(), 200)
	play(t, g, 0, Flip(), 300) // 1×3 covers 3×4
	st := play(t, g, 1, Souris(), 900)
	assert.Equal(t, []Card{Mult(3, 4), Mult(1, 3)}, deckOf(g, 0))
	assert.Equal(t, []Card{f7, Product(12)}, deckOf(g, 2))
	assert.Equal(t, []Card{f2}, pileOf(g, 1))
	assert.Equal(t, 1, g.st.Turn, "the caller reveals next")
	require.Len(t, st.Attempts, 1)
	assert.Equal(t, [3]int{3, 4, 12}, [3]int{st.Attempts[0].A, st.Attempts[0].B, *st.Attempts[0].Given})
	assert.True(t, st.Attempts[0].Correct)
	assert.EqualValues(t, 600, *st.Attempts[0].ResponseMS, "from the reveal after which the call is allowed")
}

// A covered match can be called in the window of the reveal that covered
// it only: once the next card is down, it is gone.
func TestSourisCoveredMatchIsGoneAfterItsCallWindow(t *testing.T) {
	g := rigWith(t, Config{Seats: students(3), SourisCall: true},
		[]Card{Mult(3, 4), Mult(1, 3)}, []Card{f2, f5}, []Card{Product(12), f7})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	play(t, g, 2, Flip(), 200)
	play(t, g, 0, Flip(), 300) // covers
	play(t, g, 1, Flip(), 400) // the call window has passed
	st := play(t, g, 1, Souris(), 900)
	assert.Equal(t, 0, g.Stats().Souris)
	assert.Empty(t, pileOf(g, 1), "a wrong caller's face-up cards go under their deck")
	assert.Equal(t, []Card{Product(12)}, pileOf(g, 2))
	assert.Empty(t, st.Attempts, "a wrong call names no card: no attempt")
}

// A match whose cards left the table (an exchange took one of the piles)
// cannot be called any more.
func TestSourisMatchWhosePileWasTakenIsNotCallable(t *testing.T) {
	g := rigWith(t, Config{Seats: students(4), SourisCall: true},
		[]Card{Mult(3, 4), Mult(2, 5)}, []Card{f2, f5}, []Card{Product(12), f7}, []Card{Product(10), f1})
	for s := range 3 {
		play(t, g, s, Flip(), int64(100*s))
	}
	play(t, g, 3, Flip(), 300) // lets 3×4 / 12 pass: nobody slapped
	g.st.Turn = 0
	play(t, g, 0, Flip(), 400) // 2×5 covers 3×4 and matches seat 3's 10
	play(t, g, 0, Slap(), 500) // seat 0 wins: their pile (3×4 with it) goes to seat 3
	require.Equal(t, []Card{f1, Mult(3, 4), Mult(2, 5), Product(10)}, deckOf(g, 3))
	st := play(t, g, 1, Souris(), 600)
	assert.Equal(t, 0, g.Stats().Souris, "3×4 has left the table")
	assert.Empty(t, st.Attempts)
	assert.Equal(t, []Card{Product(12)}, pileOf(g, 2))
}

// A wrong call (nothing let pass) logs no attempt: it names no card, and a
// guess at which two cards the child thought equal could be any fact.
func TestSourisWrongCallLogsNoAttempt(t *testing.T) {
	g := rigWith(t, Config{Seats: students(4), SourisCall: true},
		[]Card{Mult(2, 3), f1}, []Card{f2, f3}, []Card{Mult(1, 7), f5}, []Card{f1, f1})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	play(t, g, 2, Flip(), 200)
	st := play(t, g, 3, Souris(), 700)
	assert.Empty(t, st.Attempts)
	assert.Empty(t, pileOf(g, 3))
}
