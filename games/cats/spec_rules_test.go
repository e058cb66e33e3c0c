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
