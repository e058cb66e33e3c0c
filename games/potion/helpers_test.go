package potion

import (
	"encoding/json"
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/require"
)

// pm is a card written as potion, monster.
type pm [2]int

// layout is a hand-made position: cards get ids in the order zone 0, zone 1,
// hand 0, hand 1, pile (top first).
type layout struct {
	edition      int
	seats        [2]games.Seat
	turn         int
	zone0, zone1 []pm
	hand0, hand1 []pm
	pile         []pm
	quiz         bool
}

var (
	student  = games.Seat{Kind: games.SeatStudent, Name: "Léa"}
	student2 = games.Seat{Kind: games.SeatStudent, Name: "Tom"}
)

func computer(level int) games.Seat {
	return games.Seat{Kind: games.SeatComputer, Name: "bot", Bot: level}
}

// position builds a game in a hand-made position at the start of turn's turn
// (before the 3-card edition's automatic draw has been made: the hands are
// exactly as written).
func position(t testing.TB, l layout) *Game {
	t.Helper()
	if l.edition == 0 {
		l.edition = Edition3
	}
	if l.seats[0].Kind == "" {
		l.seats = [2]games.Seat{student, student2}
	}
	start := l.turn
	g, err := New(Config{Level: games.Green(), Seats: l.seats[:], Edition: l.edition, StartSeat: &start, Quiz: l.quiz}, 1)
	require.NoError(t, err)
	s := &g.s
	s.Cards = nil
	add := func(cards []pm) []int {
		ids := []int{}
		for _, c := range cards {
			id := len(s.Cards)
			s.Cards = append(s.Cards, Card{ID: id, Potion: c[0], Monster: c[1], Colour: ColourGreen})
			ids = append(ids, id)
		}
		return ids
	}
	s.Zones = [2][]int{add(l.zone0), add(l.zone1)}
	s.Hands = [2][]int{add(l.hand0), add(l.hand1)}
	s.Pile = add(l.pile)
	s.Turn, s.Laid, s.Caught, s.Vigil = l.turn, -1, false, false
	return g
}

// play plays a move that must be accepted.
func play(t testing.TB, g *Game, seat int, m Move, at int64) games.Step {
	t.Helper()
	st, err := g.Play(seat, m, at)
	require.NoError(t, err, "move %+v", m)
	return st
}

// refused plays a move that must be refused with code, and checks nothing
// changed. It returns the step (a wrong product still carries its attempt).
func refused(t testing.TB, g *Game, seat int, m Move, at int64, code string) games.Step {
	t.Helper()
	before := save(t, g)
	st, err := g.Play(seat, m, at)
	re, ok := games.AsRuleError(err)
	require.True(t, ok, "want rule error %s, got %v", code, err)
	require.Equal(t, code, re.Code)
	require.JSONEq(t, string(before), string(save(t, g)), "a refused move changes nothing")
	return st
}

func save(t testing.TB, g *Game) []byte {
	t.Helper()
	data, err := json.Marshal(g)
	require.NoError(t, err)
	return data
}

// id finds the card showing potion p and monster m.
func id(t testing.TB, g *Game, p, m int) int {
	t.Helper()
	for _, c := range g.s.Cards {
		if c.Potion == p && c.Monster == m {
			return c.ID
		}
	}
	t.Fatalf("no card %d/%d", p, m)
	return -1
}

// allIDs lists where every card is; each must appear exactly once.
func allIDs(g *Game) []int {
	s := &g.s
	var out []int
	out = append(out, s.Pile...)
	for p := range 2 {
		out = append(out, s.Hands[p]...)
		out = append(out, s.Zones[p]...)
		out = append(out, s.Trophy[p]...)
	}
	return out
}
