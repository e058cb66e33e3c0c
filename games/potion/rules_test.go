package potion

import (
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// booklet is the booklets' example: player 2 has a monster 63, player 1 has a
// potion 9 laid and a 7 in hand.
func booklet(t testing.TB, edition int) *Game {
	return position(t, layout{
		edition: edition,
		zone0:   []pm{{9, 10}},
		zone1:   []pm{{2, 63}},
		hand0:   []pm{{7, 12}, {3, 15}, {4, 20}, {5, 25}},
		hand1:   []pm{{2, 8}, {3, 9}, {4, 16}},
		pile:    []pm{{5, 10}, {2, 4}, {6, 18}},
	})
}

func TestCaptureBookletExample(t *testing.T) {
	g := booklet(t, Edition4)
	seven, nine, m63 := id(t, g, 7, 12), id(t, g, 9, 10), id(t, g, 2, 63)
	play(t, g, 0, Lay(seven), 1000)
	st := play(t, g, 0, CaptureMove(nine, seven, m63), 1800)

	assert.Equal(t, []int{m63}, g.s.Trophy[0], "the monster is the capturer's trophy")
	assert.Empty(t, g.s.Zones[0], "booklet: no cards left in the zones after the capture")
	assert.Empty(t, g.s.Zones[1])
	require.Len(t, st.Attempts, 1)
	a := st.Attempts[0]
	assert.Equal(t, games.KindCapture, a.Kind)
	assert.Equal(t, []int{9, 7, 63}, []int{a.A, a.B, *a.Given})
	assert.True(t, a.Correct)
	assert.Equal(t, int64(800), *a.ResponseMS, "the laid 7 made the capture possible at 1000")
}

func TestCapturedPotionsGoUnderThePile(t *testing.T) {
	g := booklet(t, Edition4)
	seven, nine, m63 := id(t, g, 7, 12), id(t, g, 9, 10), id(t, g, 2, 63)
	top := g.s.Pile[0]
	play(t, g, 0, Lay(seven), 10)
	play(t, g, 0, CaptureMove(nine, seven, m63), 20)
	n := len(g.s.Pile)
	assert.Equal(t, []int{nine, seven}, g.s.Pile[n-2:], "the potions go under the pile")
	assert.Equal(t, top, g.s.Pile[0], "the top of the pile is unchanged")
}

func TestAttemptResponseFromTurnStartWhenCaptureWasReady(t *testing.T) {
	g := position(t, layout{
		zone0: []pm{{9, 10}, {7, 12}}, zone1: []pm{{2, 63}},
		hand0: []pm{{3, 15}}, hand1: []pm{{2, 8}}, pile: []pm{{5, 10}},
	})
	g.s.TurnAt = 500
	play(t, g, 0, Lay(id(t, g, 3, 15)), 1000)
	st := play(t, g, 0, CaptureMove(id(t, g, 9, 10), id(t, g, 7, 12), id(t, g, 2, 63)), 2500)
	assert.Equal(t, int64(2000), *st.Attempts[0].ResponseMS)
}

func TestWrongMultiplicationCostsNothing(t *testing.T) {
	g := position(t, layout{
		zone0: []pm{{9, 10}, {7, 12}}, zone1: []pm{{2, 63}, {3, 64}},
		hand0: []pm{{3, 15}}, hand1: []pm{{2, 8}}, pile: []pm{{5, 10}},
	})
	nine, seven := id(t, g, 9, 10), id(t, g, 7, 12)
	play(t, g, 0, Lay(id(t, g, 3, 15)), 100)
	st := refused(t, g, 0, CaptureMove(nine, seven, id(t, g, 3, 64)), 900, "potion.wrong_product")
	require.Len(t, st.Attempts, 1, "a wrong capture is still an attempt")
	assert.False(t, st.Attempts[0].Correct)
	assert.Equal(t, 64, *st.Attempts[0].Given)
	assert.Empty(t, g.Log()[1:], "a refused move is not in the log")
	// The turn goes on: the right capture is still possible.
	play(t, g, 0, CaptureMove(nine, seven, id(t, g, 2, 63)), 1500)
	assert.Len(t, g.s.Trophy[0], 1)
}

func TestLayIsCompulsoryEvenWhenNoCaptureFollows(t *testing.T) {
	g := booklet(t, Edition3)
	refused(t, g, 0, End(), 10, "potion.must_lay")
	play(t, g, 0, Lay(id(t, g, 3, 15)), 20) // enables nothing
	play(t, g, 0, End(), 30)
}

func TestLayIsCompulsoryEvenWhenLaidCardsCanCapture(t *testing.T) {
	g := position(t, layout{
		zone0: []pm{{9, 10}, {7, 12}}, zone1: []pm{{2, 63}},
		hand0: []pm{{3, 15}}, hand1: []pm{{2, 8}}, pile: []pm{{5, 10}},
	})
	capture := CaptureMove(id(t, g, 9, 10), id(t, g, 7, 12), id(t, g, 2, 63))
	refused(t, g, 0, capture, 10, "potion.lay_first")
	refused(t, g, 0, End(), 10, "potion.must_lay")
	play(t, g, 0, Lay(id(t, g, 3, 15)), 20)
	play(t, g, 0, capture, 30)
}

func TestOneLayPerTurn(t *testing.T) {
	g := booklet(t, Edition3)
	play(t, g, 0, Lay(id(t, g, 3, 15)), 10)
	refused(t, g, 0, Lay(id(t, g, 4, 20)), 20, "potion.one_lay")
}

func TestLayOnlyFromOwnHand(t *testing.T) {
	g := booklet(t, Edition3)
	refused(t, g, 0, Lay(id(t, g, 2, 8)), 10, "potion.not_in_hand")
	refused(t, g, 0, Lay(id(t, g, 9, 10)), 10, "potion.not_in_hand")
}

func TestCaptureExactlyTwoPotions(t *testing.T) {
	g := position(t, layout{
		zone0: []pm{{2, 10}, {3, 12}, {4, 14}, {6, 16}}, zone1: []pm{{2, 24}},
		hand0: []pm{{5, 15}}, hand1: []pm{{2, 8}}, pile: []pm{{5, 10}},
	})
	two, three, four := id(t, g, 2, 10), id(t, g, 3, 12), id(t, g, 4, 14)
	m := id(t, g, 2, 24)
	play(t, g, 0, Lay(id(t, g, 5, 15)), 10)
	refused(t, g, 0, Move{Type: MoveCapture, Potions: []int{two, three, four}, Monster: m}, 20, "potion.two_potions")
	refused(t, g, 0, Move{Type: MoveCapture, Potions: []int{four}, Monster: m}, 20, "potion.two_potions")
	refused(t, g, 0, CaptureMove(four, four, m), 20, "potion.two_potions")
	play(t, g, 0, CaptureMove(four, id(t, g, 6, 16), m), 30)
}

func TestCaptureOnlyWithPotionsOfOwnZoneNotHand(t *testing.T) {
	g := position(t, layout{
		zone0: []pm{{9, 10}}, zone1: []pm{{7, 63}},
		hand0: []pm{{3, 15}, {7, 12}}, hand1: []pm{{9, 8}}, pile: []pm{{5, 10}},
	})
	nine, m63 := id(t, g, 9, 10), id(t, g, 7, 63)
	play(t, g, 0, Lay(id(t, g, 3, 15)), 10)
	refused(t, g, 0, CaptureMove(nine, id(t, g, 7, 12), m63), 20, "potion.potion_not_in_zone")
	refused(t, g, 0, CaptureMove(nine, m63, m63), 20, "potion.potion_not_in_zone")
}

func TestCaptureMonsterOnlyInOpponentZone(t *testing.T) {
	g := position(t, layout{
		zone0: []pm{{9, 10}, {7, 63}}, zone1: []pm{{2, 10}},
		hand0: []pm{{3, 15}}, hand1: []pm{{9, 8}}, pile: []pm{{5, 10}},
	})
	play(t, g, 0, Lay(id(t, g, 3, 15)), 10)
	refused(t, g, 0, CaptureMove(id(t, g, 9, 10), id(t, g, 7, 63), id(t, g, 9, 10)), 20, "potion.monster_not_in_zone")
}

func TestAtMostOneCapturePerTurn(t *testing.T) {
	g := position(t, layout{
		zone0: []pm{{2, 10}, {3, 12}, {4, 14}, {5, 16}}, zone1: []pm{{2, 6}, {3, 20}},
		hand0: []pm{{5, 15}}, hand1: []pm{{2, 8}}, pile: []pm{{5, 10}},
	})
	play(t, g, 0, Lay(id(t, g, 5, 15)), 10)
	play(t, g, 0, CaptureMove(id(t, g, 2, 10), id(t, g, 3, 12), id(t, g, 2, 6)), 20)
	refused(t, g, 0, CaptureMove(id(t, g, 4, 14), id(t, g, 5, 16), id(t, g, 3, 20)), 30, "potion.one_capture")
}

func TestPlayerChoosesAmongSeveralCaptures(t *testing.T) {
	for _, choice := range []struct {
		name    string
		p, q, m pm
	}{
		{"first monster of the same value", pm{3, 10}, pm{8, 12}, pm{2, 24}},
		{"second monster of the same value", pm{3, 10}, pm{8, 12}, pm{5, 24}},
		{"another multiplication", pm{4, 14}, pm{6, 16}, pm{5, 24}},
	} {
		t.Run(choice.name, func(t *testing.T) {
			g := position(t, layout{
				zone0: []pm{{3, 10}, {8, 12}, {4, 14}, {6, 16}}, zone1: []pm{{2, 24}, {5, 24}},
				hand0: []pm{{5, 15}}, hand1: []pm{{2, 8}}, pile: []pm{{5, 10}},
			})
			play(t, g, 0, Lay(id(t, g, 5, 15)), 10)
			m := id(t, g, choice.m[0], choice.m[1])
			play(t, g, 0, CaptureMove(id(t, g, choice.p[0], choice.p[1]), id(t, g, choice.q[0], choice.q[1]), m), 20)
			assert.Equal(t, []int{m}, g.s.Trophy[0])
		})
	}
}

func TestNoLimitOnCardsInAZone(t *testing.T) {
	zone := make([]pm, 30)
	for i := range zone {
		zone[i] = pm{2, 11}
	}
	g := position(t, layout{zone0: zone, hand0: []pm{{5, 15}}, hand1: []pm{{2, 8}}, pile: []pm{{5, 10}}})
	play(t, g, 0, Lay(id(t, g, 5, 15)), 10)
	assert.Len(t, g.s.Zones[0], 31)
}

func TestPlayContinuesWithEmptyZones(t *testing.T) {
	g := position(t, layout{
		hand0: []pm{{5, 15}, {6, 18}, {7, 21}}, hand1: []pm{{2, 8}, {3, 9}, {4, 12}},
		pile: []pm{{5, 10}, {2, 4}, {3, 3}},
	})
	play(t, g, 0, Lay(id(t, g, 5, 15)), 10)
	play(t, g, 0, End(), 20)
	assert.False(t, g.Over())
	assert.Equal(t, 1, g.s.Turn)
	play(t, g, 1, Lay(id(t, g, 2, 8)), 30)
	play(t, g, 1, End(), 40)
	assert.False(t, g.Over())
}

func TestFiveTrophiesWinsAtOnce(t *testing.T) {
	g := booklet(t, Edition3)
	g.s.Trophy[0] = []int{id(t, g, 2, 4), id(t, g, 6, 18), id(t, g, 5, 10), id(t, g, 2, 8)}
	g.s.Pile = g.s.Pile[:0]
	g.s.Hands[1] = []int{id(t, g, 3, 9), id(t, g, 4, 16)}
	seven := id(t, g, 7, 12)
	play(t, g, 0, Lay(seven), 10)
	st := play(t, g, 0, CaptureMove(id(t, g, 9, 10), seven, id(t, g, 2, 63)), 20)
	require.True(t, g.Over())
	r := g.Result()
	assert.Equal(t, []int{0}, r.Winners)
	assert.Equal(t, []int{5, 0}, r.Scores)
	assert.Equal(t, "potion.five_trophies", r.Reason)
	assert.Equal(t, "game_over", st.Events[len(st.Events)-1].Type)
	refused(t, g, 0, End(), 30, "game.over")
}

func Test3CardDrawIsAutomaticAtTurnStart(t *testing.T) {
	g := booklet(t, Edition3)
	top := g.s.Pile[0]
	play(t, g, 0, Lay(id(t, g, 3, 15)), 10)
	st := play(t, g, 0, End(), 20)
	assert.Equal(t, games.Event{At: 20, Seat: 1, Type: "draw"}, st.Events[len(st.Events)-1], "public: no card named")
	assert.Len(t, g.s.Hands[0], 3, "3-card edition: the turn ends with 3 cards in hand")
	assert.Len(t, g.s.Hands[1], 4, "the next player has drawn")
	assert.Equal(t, top, g.s.Hands[1][3])
}

func Test4CardDrawBackToFourAtEndOfTurn(t *testing.T) {
	g := booklet(t, Edition4)
	top := g.s.Pile[0]
	play(t, g, 0, Lay(id(t, g, 3, 15)), 10)
	assert.Len(t, g.s.Hands[0], 3)
	play(t, g, 0, End(), 20)
	assert.Len(t, g.s.Hands[0], 4)
	assert.Equal(t, top, g.s.Hands[0][3])
	assert.Len(t, g.s.Hands[1], 3, "no draw at the start of the turn")
}

func Test3CardEndsWhenPileAndHandsAreEmpty(t *testing.T) {
	for _, tt := range []struct {
		name     string
		trophies [2]int
		winners  []int
	}{
		{"most trophies wins", [2]int{2, 1}, []int{0}},
		{"second player wins", [2]int{0, 3}, []int{1}},
		{"equal trophies: no winner", [2]int{2, 2}, []int{}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := position(t, layout{
				hand0: []pm{{5, 15}}, hand1: []pm{{2, 8}},
				pile: []pm{{3, 3}, {3, 4}, {3, 5}, {3, 6}, {3, 7}},
			})
			g.s.Trophy = [2][]int{g.s.Pile[:tt.trophies[0]], g.s.Pile[tt.trophies[0] : tt.trophies[0]+tt.trophies[1]]}
			g.s.Pile = nil
			play(t, g, 0, Lay(id(t, g, 5, 15)), 10)
			play(t, g, 0, End(), 20)
			assert.False(t, g.Over(), "the other hand still has a card")
			assert.Len(t, g.s.Hands[1], 1, "nothing to draw")
			play(t, g, 1, Lay(id(t, g, 2, 8)), 30)
			play(t, g, 1, End(), 40)
			require.True(t, g.Over())
			assert.Equal(t, tt.winners, g.Result().Winners)
			assert.Equal(t, "potion.cards_out", g.Result().Reason)
		})
	}
}

func Test4CardEndsWhenThePileIsEmptyAtTheDraw(t *testing.T) {
	for _, tt := range []struct {
		name     string
		trophies [2]int
		winners  []int
	}{
		{"most trophies wins", [2]int{1, 0}, []int{0}},
		{"equal trophies: no winner", [2]int{1, 1}, []int{}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := position(t, layout{
				edition: Edition4,
				hand0:   []pm{{5, 15}, {6, 18}, {7, 21}, {8, 24}}, hand1: []pm{{2, 8}, {3, 9}, {4, 12}, {5, 13}},
				pile: []pm{{3, 3}, {3, 4}},
			})
			g.s.Trophy = [2][]int{g.s.Pile[:tt.trophies[0]], g.s.Pile[tt.trophies[0] : tt.trophies[0]+tt.trophies[1]]}
			g.s.Pile = nil
			play(t, g, 0, Lay(id(t, g, 5, 15)), 10)
			play(t, g, 0, End(), 20)
			require.True(t, g.Over())
			assert.Equal(t, tt.winners, g.Result().Winners)
			assert.Equal(t, "potion.pile_empty", g.Result().Reason)
		})
	}
}

func TestStudentStartsByDefault(t *testing.T) {
	for _, tt := range []struct {
		name  string
		seats []games.Seat
		start *int
		want  int
	}{
		{"student in seat 0", []games.Seat{student, computer(2)}, nil, 0},
		{"student in seat 1", []games.Seat{computer(2), student}, nil, 1},
		{"teacher chose the computer", []games.Seat{student, computer(2)}, ptr(1), 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g, err := New(Config{Level: games.Green(), Seats: tt.seats, StartSeat: tt.start}, 3)
			require.NoError(t, err)
			assert.Equal(t, tt.want, g.s.Turn)
		})
	}
}

func ptr(i int) *int { return &i }

func TestSetUpOneCardInEachZoneThenTheHands(t *testing.T) {
	for _, tt := range []struct {
		edition, hand, pile int
	}{{Edition3, 3, 40 - 2 - 6 - 1}, {Edition4, 4, 40 - 2 - 8}} {
		g, err := New(Config{Level: games.Violet(), Seats: []games.Seat{student, computer(1)}, Edition: tt.edition}, 9)
		require.NoError(t, err)
		assert.Len(t, g.s.Zones[0], 1)
		assert.Len(t, g.s.Zones[1], 1)
		assert.Len(t, g.s.Hands[1], tt.hand)
		assert.Len(t, g.s.Pile, tt.pile)
		assert.Equal(t, fmtGame(tt.edition), g.Game())
	}
}

func fmtGame(edition int) string { return map[int]string{3: "potion/3", 4: "potion/4"}[edition] }

func TestConfigIsChecked(t *testing.T) {
	two := []games.Seat{student, computer(2)}
	for _, tt := range []struct {
		name string
		cfg  Config
		code string
	}{
		{"one seat", Config{Level: games.Green(), Seats: two[:1]}, "config.bad_seats"},
		{"three seats", Config{Level: games.Green(), Seats: append(two, student2)}, "config.bad_seats"},
		{"edition 5", Config{Level: games.Green(), Seats: two, Edition: 5}, "config.bad_option"},
		{"bot level 4", Config{Level: games.Green(), Seats: []games.Seat{student, computer(4)}}, "config.bad_option"},
		{"unknown seat kind", Config{Level: games.Green(), Seats: []games.Seat{{Kind: "cat"}, student}}, "config.bad_option"},
		{"start seat 2", Config{Level: games.Green(), Seats: two, StartSeat: ptr(2)}, "config.bad_option"},
		{"no tables", Config{Level: games.Level{Name: games.LevelCustom, MinFactor: 1, MaxFactor: 10}, Seats: two}, "level.no_tables"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := New(tt.cfg, 1)
			re, ok := games.AsRuleError(err)
			require.True(t, ok, "%v", err)
			assert.Equal(t, tt.code, re.Code)
		})
	}
}
