package demo

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
)

// paceFloors is the fewest multiplications per minute of play the demo
// child's median game must give, by game: a little under what was measured
// (play/README.md, "Pace"), so that a change that slows a game's practice
// down — a deal, an opponent, a rule — fails here instead of in a
// classroom.
var paceFloors = map[games.Name]float64{
	games.Potion:  3.5,
	games.Cats:    2.2,
	games.Cube:    2.5,
	games.Magicoa: 7.5,
}

// paceChildren × paceSessions games of each game are measured (seed 1).
const (
	paceChildren = 40
	paceSessions = 3
)

// Each game's demo child does at least the floor's multiplications per
// minute of play (median over the games), and no game ends without one.
// `go test ./demo -run TestDemoChildPractisesInEveryGame -v` prints the
// figures play/README.md records.
func TestDemoChildPractisesInEveryGame(t *testing.T) {
	for _, g := range games.Names() {
		floor, ok := paceFloors[g]
		require.True(t, ok, "%s has a floor", g)
		ps, err := MeasurePace(g, paceChildren, paceSessions, 1)
		require.NoError(t, err)
		require.Len(t, ps, paceChildren*paceSessions)
		med := MedianPerMinute(ps)
		var answered, missed, ms, fewest = 0, 0, int64(0), -1
		for _, p := range ps {
			answered += p.Answered
			missed += p.Missed
			ms += p.MS
			if fewest < 0 || p.Answered < fewest {
				fewest = p.Answered
			}
			assert.Positive(t, p.Answered, "%s: a game ended without a multiplication for the child", g)
		}
		n := float64(len(ps))
		t.Logf("%-8s median %.1f/min (floor %.1f) · mean %.1f multiplications + %.1f missed in %.1f min · fewest %d",
			g, med, floor, float64(answered)/n, float64(missed)/n, float64(ms)/n/60000, fewest)
		assert.GreaterOrEqual(t, med, floor, "%s: the demo child's median multiplications per minute", g)
	}
}

// MultipliPotion's basic game (no quiz option: what the home's start button
// deals, and the game of the report) holds the same floor and never ends
// without a multiplication: the help offers the quiz to a child below the
// practice floor.
func TestDemoChildPractisesInMultipliPotionsBasicGame(t *testing.T) {
	potionQuiz = false
	defer func() { potionQuiz = true }()
	ps, err := MeasurePace(games.Potion, paceChildren, paceSessions, 1)
	require.NoError(t, err)
	fewest := ps[0].Answered
	for _, p := range ps {
		fewest = min(fewest, p.Answered)
	}
	t.Logf("potion, basic game: median %.1f/min, fewest %d", MedianPerMinute(ps), fewest)
	assert.Positive(t, fewest)
	assert.GreaterOrEqual(t, MedianPerMinute(ps), paceFloors[games.Potion])
}

// The median is the middle game's, or the mean of the middle two.
func TestMedianPerMinute(t *testing.T) {
	minute := int64(60000)
	assert.Equal(t, 2.0, MedianPerMinute([]GamePace{{Answered: 1, MS: minute}, {Answered: 2, MS: minute}, {Answered: 9, MS: minute}}))
	assert.Equal(t, 1.5, MedianPerMinute([]GamePace{{Answered: 1, MS: minute}, {Answered: 2, MS: minute}}))
	assert.Zero(t, MedianPerMinute(nil))
	assert.Zero(t, GamePace{Answered: 3}.PerMinute(), "no time, no pace")
}

// Without the practice help, some Multipli Cat's games of the demo children
// end with no multiplication for the child: the help is what the test above
// holds.
func TestWithoutTheHelpSomeCatsGamesGiveTheChildNothing(t *testing.T) {
	practiceFloor = 0
	defer func() { practiceFloor = games.PracticeFloor }()
	ps, err := MeasurePace(games.Cats, 100, paceSessions, 1)
	require.NoError(t, err)
	zero := 0
	for _, p := range ps {
		if p.Answered == 0 {
			zero++
		}
	}
	t.Logf("%d of %d games without a multiplication for the child", zero, len(ps))
	assert.Positive(t, zero)
}
