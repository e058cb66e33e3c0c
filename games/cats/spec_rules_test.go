package cats

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
)

// The youngest starts: in the digital game the student (seated at 0 by the
// server) reveals first unless the teacher chose another seat.
func TestStudentStartsUnlessChosenOtherwise(t *testing.T) {
	g, err := New(Config{Level: LearningLevel(5), Seats: []games.Seat{student("kid"), bot(2), bot(2)}}, 4)
	require.NoError(t, err)
	assert.Equal(t, 0, g.st.Turn)
	assert.Equal(t, []Move{Flip()}, g.Legal(0)[:1])
	g, err = New(Config{Level: LearningLevel(5), Seats: []games.Seat{student("kid"), bot(2), bot(2)}, Start: 2}, 4)
	require.NoError(t, err)
	assert.Equal(t, 2, g.st.Turn)
}

// Direction: clockwise at the start, the next seat up reveals.
func TestDirectionIsClockwiseAtTheStart(t *testing.T) {
	g := rig(t, students(4), []Card{f1, f2}, []Card{f2, f3}, []Card{f3, f5}, []Card{f5, f7})
	assert.True(t, g.SeatView(0).Clockwise)
	play(t, g, 0, Flip(), 0)
	assert.Equal(t, 1, g.st.Turn)
}

// Computer cats decide from a Table: it holds only what every seat's view
// shows (the newest cards, who is in, whose deck is empty).
func TestBotTableIsWhatTheViewShows(t *testing.T) {
	for seed := range uint64(10) {
		g, err := New(Config{Level: LearningLevel(6), Seats: []games.Seat{bot(1), bot(2), bot(3)}, Specials: true}, seed)
		require.NoError(t, err)
		for step := 0; step < 300 && !g.Over(); step++ {
			v := g.SeatView(1)
			want := &Table{Revealed: []int{2}}
			for _, p := range v.Players {
				top := p.Top
				if p.Out {
					top = Card{}
				}
				want.Tops, want.In, want.DeckEmpty = append(want.Tops, top), append(want.In, !p.Out), append(want.DeckEmpty, p.Deck == 0)
			}
			require.Equal(t, want, g.table([]int{2}), "seed %d step %d", seed, step)
			next, ok := g.Next()
			require.True(t, ok)
			_, err := g.Advance(next)
			require.NoError(t, err)
		}
	}
}
