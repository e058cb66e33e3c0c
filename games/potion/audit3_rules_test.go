package potion

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A third audit against the game's rules as specified and the two
// booklets: the moves' parameters, the attempts of the moves that end the
// game, the editions' ends and the deck. One test per rule.

// Spec, End (4-card): "when a player must draw and the pile is empty, the
// game ends"; Attempts: the student who ends the turn while a capture existed
// misses it. The end that ends the game still logs the missed fact.
func TestAudit3MissedLoggedWhenTheEndOfTurnEndsThe4CardGame(t *testing.T) {
	g := position(t, layout{edition: Edition4,
		zone0: []pm{{9, 10}, {7, 12}}, zone1: []pm{{2, 63}},
		hand0: []pm{{5, 15}, {6, 18}, {3, 21}, {4, 22}}, hand1: []pm{{2, 8}, {3, 9}, {4, 11}, {5, 13}},
	})
	play(t, g, 0, Lay(id(t, g, 5, 15)), 100)
	st := play(t, g, 0, End(), 1000)
	require.True(t, g.Over())
	assert.Equal(t, "potion.pile_empty", g.Result().Reason)
	assert.Equal(t, []games.Attempt{{Seat: 0, Kind: games.KindMissed, A: 9, B: 7}}, st.Attempts)
}

// The same for the 3-card edition's end: pile and both hands empty.
func TestAudit3MissedLoggedWhenTheEndOfTurnEndsThe3CardGame(t *testing.T) {
	g := position(t, layout{
		zone0: []pm{{9, 10}, {7, 12}}, zone1: []pm{{2, 63}},
		hand0: []pm{{5, 15}},
	})
	play(t, g, 0, Lay(id(t, g, 5, 15)), 100)
	st := play(t, g, 0, End(), 1000)
	require.True(t, g.Over())
	assert.Equal(t, "potion.cards_out", g.Result().Reason)
	assert.Equal(t, []games.Attempt{{Seat: 0, Kind: games.KindMissed, A: 9, B: 7}}, st.Attempts)
}

// Spec, End: "a player with 5 trophies wins at once"; the capture that wins
// is still the capture attempt it was.
func TestAudit3WinningCaptureCarriesItsAttempt(t *testing.T) {
	g := position(t, layout{
		zone0: []pm{{9, 10}}, zone1: []pm{{2, 63}},
		hand0: []pm{{7, 12}}, hand1: []pm{{2, 8}},
		pile: []pm{{3, 3}, {3, 4}, {3, 5}, {3, 6}, {3, 7}},
	})
	g.s.Trophy[0], g.s.Pile = g.s.Pile[:4], g.s.Pile[4:]
	seven := id(t, g, 7, 12)
	play(t, g, 0, Lay(seven), 1000)
	st := play(t, g, 0, CaptureMove(id(t, g, 9, 10), seven, id(t, g, 2, 63)), 1800)
	require.True(t, g.Over())
	assert.Equal(t, []int{0}, g.Result().Winners)
	assert.Equal(t, []games.Attempt{{Seat: 0, Kind: games.KindCapture, A: 9, B: 7, Given: intp(63), Correct: true, ResponseMS: msp(800)}}, st.Attempts)
}

// Vigilance: the called student's capture of their choice that is their
// fifth trophy wins at once and is logged, timed from the call.
func TestAudit3CalledStudentsWinningCaptureCarriesItsAttempt(t *testing.T) {
	g := forgetful(t, [2]games.Seat{student, student2})
	forget(t, g)
	g.s.Trophy[0] = []int{id(t, g, 6, 18), id(t, g, 2, 20), id(t, g, 4, 22), id(t, g, 3, 9)}
	g.s.Hands = [2][]int{{}, {id(t, g, 2, 8), id(t, g, 4, 11), id(t, g, 5, 10)}}
	play(t, g, 1, Vigilance(id(t, g, 9, 10), id(t, g, 7, 12), id(t, g, 2, 63)), 2000)
	st := play(t, g, 0, CaptureMove(id(t, g, 3, 14), id(t, g, 8, 16), id(t, g, 4, 24)), 2600)
	require.True(t, g.Over())
	assert.Equal(t, []int{0}, g.Result().Winners)
	assert.Equal(t, []games.Attempt{{Seat: 0, Kind: games.KindCapture, A: 3, B: 8, Given: intp(24), Correct: true, ResponseMS: msp(600)}}, st.Attempts)
}

// Vigilance: the caller's reward counts towards five. A student who calls on
// the computer and wins by the reward keeps the attempt of the call.
func TestAudit3StudentCallOnComputerWinsByTheReward(t *testing.T) {
	g := forgetful(t, [2]games.Seat{computer(games.BotSolid), student})
	g.s.Turn, g.s.Vigil, g.s.TurnAt = 1, true, 1000 // the computer's forgetful turn just ended
	g.s.Trophy[1] = []int{id(t, g, 5, 15), id(t, g, 6, 18), id(t, g, 2, 20), id(t, g, 4, 22)}
	g.s.Hands[0] = nil
	st := play(t, g, 1, Vigilance(id(t, g, 3, 14), id(t, g, 8, 16), id(t, g, 4, 24)), 2500)
	assert.Equal(t, []games.Attempt{{Seat: 1, Kind: games.KindCapture, A: 3, B: 8, Given: intp(24), Correct: true, ResponseMS: msp(1500)}}, st.Attempts)
	require.False(t, g.Over(), "no trophy at the call")
	_, err := g.Advance(2500)
	require.NoError(t, err)
	require.True(t, g.Over(), "the computer captured, then the student took the fifth trophy")
	assert.Equal(t, []int{1}, g.Result().Winners)
	assert.Equal(t, []int{1, 5}, g.Result().Scores)
}

// Vigilance is called on the previous player's end of turn: the first turn
// of the game has none.
func TestAudit3VigilanceClosedOnTheFirstTurn(t *testing.T) {
	for _, ed := range []int{Edition3, Edition4} {
		g, err := New(Config{Level: games.Green(), Seats: []games.Seat{student, student2}, Edition: ed}, 4)
		require.NoError(t, err)
		assert.False(t, slices.ContainsFunc(g.Legal(0), func(m Move) bool { return m.Type == MoveVigilance }))
		refused(t, g, 0, Vigilance(g.s.Zones[1][0], g.s.Hands[0][0], g.s.Zones[0][0]), 10, "potion.vigilance_closed")
	}
}

// Vigilance: the caller shows one of the captures the previous player could
// make: potions of that player's zone, a monster of the caller's. The
// caller's own cards, or a monster of the called player's zone, are refused
// and are no multiplication.
func TestAudit3VigilanceShowsPotionsOfTheCalledAndAMonsterOfTheCaller(t *testing.T) {
	g := forgetful(t, [2]games.Seat{student, student2})
	forget(t, g)
	st := refused(t, g, 1, Vigilance(id(t, g, 2, 63), id(t, g, 4, 24), id(t, g, 2, 63)), 2000, "potion.potion_not_in_zone")
	assert.Empty(t, st.Attempts)
	st = refused(t, g, 1, Vigilance(id(t, g, 9, 10), id(t, g, 7, 12), id(t, g, 3, 14)), 2000, "potion.monster_not_in_zone")
	assert.Empty(t, st.Attempts)
}

// Vigilance is judged on the monster the caller names: the right potions on
// another monster are a wrong call, even though their product is in the zone.
func TestAudit3VigilanceJudgedOnTheNamedMonster(t *testing.T) {
	g := forgetful(t, [2]games.Seat{student, student2})
	forget(t, g)
	st := refused(t, g, 1, Vigilance(id(t, g, 9, 10), id(t, g, 7, 12), id(t, g, 4, 24)), 2000, "potion.wrong_product")
	assert.Equal(t, []games.Attempt{{Seat: 1, Kind: games.KindCapture, A: 9, B: 7, Given: intp(24), Correct: false, ResponseMS: msp(1000)}}, st.Attempts)
	// The called player's capture is judged the same way.
	play(t, g, 1, Vigilance(id(t, g, 9, 10), id(t, g, 7, 12), id(t, g, 2, 63)), 2100)
	st = refused(t, g, 0, CaptureMove(id(t, g, 3, 14), id(t, g, 8, 16), id(t, g, 2, 63)), 2500, "potion.wrong_product")
	assert.Equal(t, []games.Attempt{{Seat: 0, Kind: games.KindCapture, A: 3, B: 8, Given: intp(63), Correct: false, ResponseMS: msp(400)}}, st.Attempts)
}

// Vigilance: "the player then makes the capture of their choice" — with
// their own potions on a monster of the caller's zone.
func TestAudit3CalledPlayerCapturesWithOwnPotionsOnTheCallersMonster(t *testing.T) {
	g := forgetful(t, [2]games.Seat{student, student2})
	forget(t, g)
	play(t, g, 1, Vigilance(id(t, g, 9, 10), id(t, g, 7, 12), id(t, g, 2, 63)), 2000)
	st := refused(t, g, 0, CaptureMove(id(t, g, 2, 63), id(t, g, 4, 24), id(t, g, 2, 63)), 2500, "potion.potion_not_in_zone")
	assert.Empty(t, st.Attempts)
	st = refused(t, g, 0, CaptureMove(id(t, g, 9, 10), id(t, g, 7, 12), id(t, g, 3, 14)), 2500, "potion.monster_not_in_zone")
	assert.Empty(t, st.Attempts)
	refused(t, g, 0, End(), 2500, "potion.must_capture")
	refused(t, g, 0, Vigilance(id(t, g, 2, 63), id(t, g, 4, 24), id(t, g, 9, 10)), 2500, "potion.must_capture")
}

// Vigilance "is not a turn": the caller then lays and may still make their
// own capture of the turn.
func TestAudit3CallerMayStillCaptureAfterTheCall(t *testing.T) {
	g := forgetful(t, [2]games.Seat{student, student2})
	forget(t, g)
	play(t, g, 1, Vigilance(id(t, g, 9, 10), id(t, g, 7, 12), id(t, g, 2, 63)), 2000)
	play(t, g, 0, Accept(), 2500)
	four := id(t, g, 4, 11)
	play(t, g, 1, Lay(four), 3000)
	st := play(t, g, 1, CaptureMove(id(t, g, 4, 24), four, id(t, g, 8, 16)), 3500)
	assert.Equal(t, []games.Attempt{{Seat: 1, Kind: games.KindCapture, A: 4, B: 4, Given: intp(16), Correct: true, ResponseMS: msp(500)}}, st.Attempts)
	assert.Len(t, g.s.Trophy[1], 2, "the reward and the caller's own capture")
	assert.Equal(t, []int{1, 2}, g.Result().Scores, "scores are trophies, the reward included")
}

// Vigilance: one call per forgetful end of turn (the booklets: the player
// makes one capture of their choice, the caller takes one card).
func TestAudit3OneVigilanceCallPerEndOfTurn(t *testing.T) {
	g := forgetful(t, [2]games.Seat{student, student2})
	forget(t, g)
	play(t, g, 1, Vigilance(id(t, g, 9, 10), id(t, g, 7, 12), id(t, g, 2, 63)), 2000)
	play(t, g, 0, Accept(), 2500)
	refused(t, g, 1, Vigilance(id(t, g, 3, 14), id(t, g, 8, 16), id(t, g, 4, 24)), 3000, "potion.vigilance_closed")
}

// Vigilance works the same in the 4-card edition (its FAQ), the call timed
// from the start of the caller's turn, after the previous player's draw.
func TestAudit3Vigilance4CardEdition(t *testing.T) {
	g := position(t, layout{edition: Edition4,
		zone0: []pm{{9, 10}, {7, 12}}, zone1: []pm{{2, 63}},
		hand0: []pm{{5, 15}, {6, 18}, {3, 21}, {4, 22}}, hand1: []pm{{2, 8}, {3, 9}, {4, 11}, {5, 13}},
		pile: []pm{{5, 10}, {2, 4}},
	})
	play(t, g, 0, Lay(id(t, g, 5, 15)), 100)
	play(t, g, 0, End(), 1000)
	require.Len(t, g.s.Hands[0], 4, "the forgetful player drew back to four")
	require.Len(t, g.s.Hands[1], 4, "no draw at the start of the caller's turn")
	st := play(t, g, 1, Vigilance(id(t, g, 9, 10), id(t, g, 7, 12), id(t, g, 2, 63)), 1700)
	assert.Equal(t, []games.Attempt{{Seat: 1, Kind: games.KindCapture, A: 9, B: 7, Given: intp(63), Correct: true, ResponseMS: msp(700)}}, st.Attempts)
	top := g.s.Pile[0]
	play(t, g, 0, Accept(), 2000)
	assert.Equal(t, []int{top}, g.s.Trophy[1])
	assert.Equal(t, []int{1}, g.Waiting())
}

// Attempts, missed: a wrong capture does not take the place of the capture
// the student then forgets.
func TestAudit3MissedAfterAWrongCapture(t *testing.T) {
	g := forgetful(t, [2]games.Seat{student, student2})
	play(t, g, 0, Lay(id(t, g, 5, 15)), 100)
	refused(t, g, 0, CaptureMove(id(t, g, 9, 10), id(t, g, 3, 14), id(t, g, 2, 63)), 200, "potion.wrong_product")
	st := play(t, g, 0, End(), 1000)
	assert.Equal(t, []games.Attempt{
		{Seat: 0, Kind: games.KindMissed, A: 9, B: 7},
		{Seat: 0, Kind: games.KindMissed, A: 3, B: 8},
	}, st.Attempts)
}

// Attempts, missed: a student with an empty hand ends without laying (the lay
// is compulsory only while the hand is not empty) and still misses.
func TestAudit3MissedWithAnEmptyHand(t *testing.T) {
	g := position(t, layout{
		zone0: []pm{{9, 10}, {7, 12}}, zone1: []pm{{2, 63}},
		hand1: []pm{{2, 8}}, pile: []pm{{5, 10}},
	})
	st := play(t, g, 0, End(), 500)
	assert.Equal(t, []games.Attempt{{Seat: 0, Kind: games.KindMissed, A: 9, B: 7}}, st.Attempts)
	assert.Equal(t, 1, g.s.Stats.Missed[0])
}

// Attempts, missed: only when a capture existed — potions whose product is
// no monster of the opponent's are no miss.
func TestAudit3NoMissedWithoutAnAvailableCapture(t *testing.T) {
	g := position(t, layout{
		zone0: []pm{{9, 10}, {5, 12}}, zone1: []pm{{2, 63}, {3, 46}},
		hand0: []pm{{4, 15}}, hand1: []pm{{2, 8}}, pile: []pm{{5, 10}},
	})
	play(t, g, 0, Lay(id(t, g, 4, 15)), 100)
	st := play(t, g, 0, End(), 500)
	assert.Empty(t, st.Attempts)
	assert.Zero(t, g.s.Stats.Missed[0])
}

// End, 3-card: the game ends when the pile and both hands are empty at the
// end of a turn. A capture on what would be the last turn puts its potions
// under the pile, so the game goes on and the next player draws them.
func TestAudit3CaptureOnThe3CardLastTurnRefillsThePile(t *testing.T) {
	g := position(t, layout{
		zone0: []pm{{9, 10}}, zone1: []pm{{2, 63}},
		hand0: []pm{{7, 12}},
	})
	seven, nine := id(t, g, 7, 12), id(t, g, 9, 10)
	play(t, g, 0, Lay(seven), 100)
	play(t, g, 0, CaptureMove(nine, seven, id(t, g, 2, 63)), 200)
	play(t, g, 0, End(), 300)
	require.False(t, g.Over())
	assert.Equal(t, []int{nine}, g.s.Hands[1], "the next player drew the first potion put under")
	play(t, g, 1, Lay(nine), 400)
	play(t, g, 1, End(), 500)
	require.False(t, g.Over(), "seat 0 draws the other potion")
	play(t, g, 0, Lay(seven), 600)
	play(t, g, 0, End(), 700)
	require.True(t, g.Over())
	assert.Equal(t, []int{0}, g.Result().Winners)
	assert.Equal(t, "potion.cards_out", g.Result().Reason)
}

// End, 4-card: the game ends only when a player must draw and the pile is
// empty — not when a draw takes the last card, and not after a capture whose
// potions have just gone under the pile.
func TestAudit3The4CardGameEndsOnlyAtADrawFromAnEmptyPile(t *testing.T) {
	g := position(t, layout{edition: Edition4,
		zone0: []pm{{9, 10}}, zone1: []pm{{2, 63}},
		hand0: []pm{{7, 12}, {3, 15}, {4, 20}, {5, 25}}, hand1: []pm{{2, 8}, {3, 9}, {4, 16}, {5, 13}},
	})
	seven, nine := id(t, g, 7, 12), id(t, g, 9, 10)
	play(t, g, 0, Lay(seven), 100)
	play(t, g, 0, CaptureMove(nine, seven, id(t, g, 2, 63)), 200)
	play(t, g, 0, End(), 300)
	require.False(t, g.Over(), "the capture refilled the pile")
	assert.Contains(t, g.s.Hands[0], nine)
	play(t, g, 1, Lay(id(t, g, 2, 8)), 400)
	play(t, g, 1, End(), 500)
	require.False(t, g.Over(), "the draw took the last card")
	assert.Contains(t, g.s.Hands[1], seven)
	play(t, g, 0, Lay(id(t, g, 3, 15)), 600)
	play(t, g, 0, End(), 700)
	require.True(t, g.Over())
	assert.Equal(t, "potion.pile_empty", g.Result().Reason)
	assert.Equal(t, []int{0}, g.Result().Winners)
	assert.Len(t, g.s.Hands[0], 3, "no card to draw back to four")
}

// A turn, step 1: the 3-card edition's first player draws too and chooses
// among four cards; the 4-card edition's first player lays from the four
// dealt, without drawing.
func TestAudit3FirstPlayerChoosesAmongFourInBothEditions(t *testing.T) {
	for _, tt := range []struct {
		edition, pile int
	}{{Edition3, 40 - 2 - 6 - 1}, {Edition4, 40 - 2 - 8}} {
		g, err := New(Config{Level: games.Green(), Seats: []games.Seat{student, student2}, Edition: tt.edition}, 5)
		require.NoError(t, err)
		assert.Len(t, g.s.Hands[0], 4, "edition %d", tt.edition)
		assert.Len(t, g.s.Pile, tt.pile, "edition %d", tt.edition)
		lays := 0
		for _, m := range g.Legal(0) {
			if m.Type == MoveLay {
				lays++
			}
		}
		assert.Equal(t, 4, lays, "edition %d", tt.edition)
		play(t, g, 0, Lay(g.s.Hands[0][0]), 10)
		play(t, g, 0, End(), 20)
		want := map[int]int{Edition3: 3, Edition4: 4}[tt.edition]
		assert.Len(t, g.s.Hands[0], want, "edition %d: the hand at the end of the turn", tt.edition)
	}
}

// Quiz mode: "the student types p×q for a potion pair" they see — their own
// hand and zone; the opponent's zone shows them monsters, and the pile is
// hidden.
func TestAudit3QuizOnlyOnPotionsTheStudentOwns(t *testing.T) {
	g := position(t, layout{quiz: true,
		zone0: []pm{{9, 10}}, zone1: []pm{{2, 63}},
		hand0: []pm{{7, 12}}, hand1: []pm{{2, 8}}, pile: []pm{{5, 11}},
	})
	nine := id(t, g, 9, 10)
	st := refused(t, g, 0, Answer(nine, id(t, g, 2, 63), 18), 100, "potion.potion_not_seen")
	assert.Empty(t, st.Attempts)
	refused(t, g, 0, Answer(nine, id(t, g, 5, 11), 45), 100, "potion.potion_not_seen")
	refused(t, g, 0, Answer(nine, nine, 81), 100, "potion.two_potions")
	st = play(t, g, 0, Answer(nine, id(t, g, 7, 12), 0), 100)
	assert.Equal(t, []games.Attempt{{Seat: 0, Kind: games.KindAnswer, A: 9, B: 7, Given: intp(0), Correct: false, ResponseMS: msp(100)}}, st.Attempts,
		"the typed value is the answer given")
}

// Decks: "monsters: products a × b with a in the level's tables and b in the
// factor range; each fact of the level appears at least once before any
// repeats" — a fact is its product and its colour (3 × 7 is a green 21, 7 × 3
// a violet one), checked for the box and the other levels; potions come from
// the factor range.
func TestAudit3DeckEveryFactWithItsColourAndPotionsInTheRange(t *testing.T) {
	type face struct {
		monster int
		colour  Colour
	}
	for _, l := range []games.Level{games.Green(), games.Violet(), box(), games.All(8), games.Custom(3, 7)} {
		lv := DeckLevel(l)
		need := map[face]int{}
		for _, f := range lv.Facts() {
			need[face{f.Product(), colour(f)}]++
		}
		for seed := range uint64(30) {
			deck, err := NewDeck(l, seed)
			require.NoError(t, err)
			require.GreaterOrEqual(t, len(deck), len(lv.Facts()), "%s: every fact fits", l.Name)
			have := map[face]int{}
			for _, c := range deck {
				have[face{c.Monster, c.Colour}]++
				assert.GreaterOrEqual(t, c.Potion, lv.MinFactor, "%s seed %d", l.Name, seed)
				assert.LessOrEqual(t, c.Potion, lv.MaxFactor, "%s seed %d", l.Name, seed)
			}
			for fc, n := range need {
				assert.GreaterOrEqual(t, have[fc], n, "%s seed %d: monster %d %s", l.Name, seed, fc.monster, fc.colour)
			}
			assert.Len(t, have, len(need), "%s seed %d: no monster outside the level", l.Name, seed)
		}
	}
}

// Attempts, every row at once: over many games of the test student (right
// and wrong captures and calls, quizzes, forgotten captures, both editions),
// every student move gives exactly the attempts the spec's table asks for,
// worked out here from the position before the move — including the moves
// that end the game.
func TestAudit3EveryStudentMoveLogsItsMultiplications(t *testing.T) {
	endings := 0
	for _, cfg := range propertyConfigs() {
		if !cfg.Seats[0].Human() && !cfg.Seats[1].Human() {
			continue
		}
		for seed := range uint64(60) {
			g, err := New(cfg, seed)
			require.NoError(t, err)
			r := rand.New(rand.NewPCG(seed, 11))
			at := int64(0)
			for steps := 0; !g.Over() && steps < 3000; steps++ {
				at += int64(r.IntN(3000))
				if _, ok := g.Next(); ok {
					_, err := g.Advance(at)
					require.NoError(t, err)
					continue
				}
				seat := g.Waiting()[0]
				m := child(g.SeatView(seat), r, seed%4 == 0)
				want := expectedAttempts(g, seat, m)
				st, err := g.Play(seat, m, at)
				if re, ok := games.AsRuleError(err); ok && re.Code != "potion.wrong_product" {
					want = nil
				}
				if m.Type == MoveAnswer && err != nil {
					want = nil
				}
				got := make([]games.Attempt, len(st.Attempts))
				for i, a := range st.Attempts {
					require.Equal(t, a.Kind == games.KindMissed, a.ResponseMS == nil, "%+v", a)
					a.ResponseMS = nil
					if a.Kind == games.KindMissed {
						f := games.Fact{A: a.A, B: a.B}.Pair()
						a.A, a.B = f.A, f.B
					}
					got[i] = a
				}
				require.ElementsMatch(t, want, got, "%s/%d seed %d: %+v (%v)", cfg.Level.Name, cfg.Edition, seed, m, err)
				if g.Over() && len(want) > 0 {
					endings++
				}
			}
			require.True(t, g.Over())
		}
	}
	assert.Positive(t, endings, "some games ended on a move with attempts")
}

// expectedAttempts are the attempts of seat's move m by the spec's table,
// from the position before it (response times aside; missed facts as
// unordered pairs).
func expectedAttempts(g *Game, seat int, m Move) []games.Attempt {
	s := &g.s
	card := func(id int) (Card, bool) {
		if id < 0 || id >= len(s.Cards) {
			return Card{}, false
		}
		return s.Cards[id], true
	}
	claim := func(kind games.Kind, given int) []games.Attempt {
		if len(m.Potions) != 2 {
			return nil
		}
		p, ok1 := card(m.Potions[0])
		q, ok2 := card(m.Potions[1])
		if !ok1 || !ok2 {
			return nil
		}
		return []games.Attempt{{Seat: seat, Kind: kind, A: p.Potion, B: q.Potion, Given: intp(given), Correct: given == p.Potion*q.Potion}}
	}
	switch m.Type {
	case MoveCapture, MoveVigilance:
		mon, ok := card(m.Monster)
		if !ok {
			return nil
		}
		return claim(games.KindCapture, mon.Monster)
	case MoveAnswer:
		return claim(games.KindAnswer, m.Value)
	case MoveEnd:
		if s.Caught || s.Phase != PhasePlay {
			return nil
		}
		var out []games.Attempt
		zone, monsters := s.Zones[seat], s.Zones[other(seat)]
		for i := range zone {
			for j := i + 1; j < len(zone); j++ {
				f := games.Fact{A: s.Cards[zone[i]].Potion, B: s.Cards[zone[j]].Potion}.Pair()
				a := games.Attempt{Seat: seat, Kind: games.KindMissed, A: f.A, B: f.B}
				if g.hasMonster(monsters, f.Product()) && !slices.Contains(out, a) {
					out = append(out, a)
				}
			}
		}
		return out
	}
	return nil
}
