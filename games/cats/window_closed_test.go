package cats

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// "Too late: the mouse ran away" (window_closed) is said when a match
// nobody slapped runs out of time, never after a reveal without a pair: the
// child was told they had been slow for nothing.
func TestTooLateIsSaidOnlyOfAMatchLetPass(t *testing.T) {
	for _, tc := range []struct {
		name  string
		third Card
		said  bool
	}{
		{"no pair", f5, false},
		{"a pair nobody slapped", Product(2), true},
	} {
		g := rig(t, students(3), []Card{f2}, []Card{f3}, []Card{tc.third})
		play(t, g, 0, Flip(), 0)
		play(t, g, 1, Flip(), 100)
		play(t, g, 2, Flip(), 200)
		require.NotNil(t, g.st.Win, tc.name)
		st, err := g.Advance(g.st.Win.Deadline + 1)
		require.NoError(t, err)
		assert.Equal(t, tc.said, countEvents(st, "window_closed") > 0, tc.name)
	}
}
