package play

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
)

func catsStep(view string, attempts int, over bool, types ...string) ReplayStep {
	st := ReplayStep{Inputs: 1, View: json.RawMessage(view), Attempts: []games.Attempt{}, Over: over}
	for _, typ := range types {
		st.Events = append(st.Events, games.Event{Seat: 0, Type: typ})
	}
	for range attempts {
		st.Attempts = append(st.Attempts, games.Attempt{A: 3, B: 4})
	}
	return st
}

// TestCatsStepsGoByExchange: the cards revealed up to the slap that settles
// them are one step, drawn as the table stood when it was settled; a
// reaction window closing on nothing settles nothing, a missed match of
// the child does, and cards revealed after the last exchange end the game's
// steps.
func TestCatsStepsGoByExchange(t *testing.T) {
	raw := []ReplayStep{
		catsStep(`1`, 0, false, "reveal"),
		catsStep(`2`, 0, false, "reveal"),
		catsStep(`3`, 0, false, "reveal"),
		catsStep(`4`, 1, false, "slap", "exchange"),
		catsStep(`5`, 0, false, "window_closed"),
		catsStep(`6`, 0, false, "reveal", "direction"),
		catsStep(`7`, 1, false, "window_closed"),
		catsStep(`8`, 0, false, "gluttony"),
		catsStep(`9`, 0, false, "reveal"),
		catsStep(`10`, 0, false, "reveal"),
	}
	got := byExchange(raw)
	require.Len(t, got, 4)
	want := []struct {
		inputs, events, attempts int
		view                     string
	}{
		{4, 5, 1, `3`}, // the match as the child saw it, before the slap
		{3, 4, 1, `6`}, // a window closed on nothing goes on; the child's missed match settles
		{1, 1, 0, `8`}, // one input alone: its own board
		{2, 2, 0, `10`},
	}
	for i, w := range want {
		assert.Equal(t, w.inputs, got[i].Inputs, "step %d inputs", i+1)
		assert.Len(t, got[i].Events, w.events, "step %d events", i+1)
		assert.Len(t, got[i].Attempts, w.attempts, "step %d attempts", i+1)
		assert.JSONEq(t, w.view, string(got[i].View), "step %d board", i+1)
	}
}
