package demo

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
)

func TestPaceProbe(t *testing.T) {
	for _, g := range games.Names() {
		ps, err := MeasurePace(g, 100, 3, 1)
		require.NoError(t, err)
		zero, low := 0, 0
		var mins, ans float64
		for _, p := range ps {
			if p.Answered == 0 {
				zero++
			}
			if p.Answered < 3 {
				low++
			}
			mins += float64(p.MS) / 60000
			ans += float64(p.Answered)
		}
		t.Logf("%s: median %.2f/min, zero %d, <3 %d, mean min %.1f, mean answered %.1f", g, MedianPerMinute(ps), zero, low, mins/300, ans/300)
	}
}

func TestPaceProbeCats(t *testing.T) {
	ps, err := MeasurePace(games.Cats, 100, 3, 1)
	require.NoError(t, err)
	for _, p := range ps {
		if p.Answered == 0 {
			t.Logf("%+v", p)
		}
	}
}
