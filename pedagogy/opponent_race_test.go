package pedagogy

import (
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/multipli/multipli/games"
)

// A real-time computer's pace comes from the child's own answering times:
// a child who answers in 1.5 s races a quicker computer than one who takes
// 5 s, and both race a computer slower than they are (the target is above
// one half).
func TestRacePaceComesFromTheChildsOwnTimes(t *testing.T) {
	m := DefaultModel()
	fast, slow := Student{}, Student{}
	drill(t, m, &fast, games.Green(), 10, 1500, t0.Add(-time.Hour))
	drill(t, m, &slow, games.Green(), 10, 5000, t0.Add(-time.Hour))
	rf := m.RaceReactionMS(fast, games.Green(), CubeFindFactor, DefaultTargetWin, 1)
	rs := m.RaceReactionMS(slow, games.Green(), CubeFindFactor, DefaultTargetWin, 1)
	assert.Less(t, rf, rs)
	assert.Greater(t, rf, int(CubeFindFactor*1500), "slower than the fast child's own find")
	assert.Greater(t, rs, int(CubeFindFactor*5000), "slower than the slow child's own find")
	// The finding factor scales the race: a bare answer race is quicker.
	assert.Less(t, m.RaceReactionMS(slow, games.Green(), 1, DefaultTargetWin, 1), rs)
}

// The child of the report, on the green level at about 4 s a fact, met a
// computer that caught a monster every 5–7 s; the race now gives them a
// computer that takes longer than their own typical find.
func TestRacePaceOfTheGreenChildIsNotTheFixedSixSeconds(t *testing.T) {
	m := DefaultModel()
	st := Student{}
	drill(t, m, &st, games.Green(), 6, 4000, t0.Add(-time.Hour))
	r := m.RaceReactionMS(st, games.Green(), CubeFindFactor, DefaultTargetWin, 1)
	assert.Greater(t, r, 8000)
	assert.LessOrEqual(t, r, maxRaceMS)
}

// Simulated races at the tuned pace: the child wins about the target share.
func TestRacePaceWinsAboutTheTarget(t *testing.T) {
	m := DefaultModel()
	for _, ms := range []int64{1500, 3000, 5000} {
		st := Student{}
		drill(t, m, &st, games.Green(), 10, ms, t0.Add(-time.Hour))
		sk := m.Skill(st, games.Green())
		find := sk.TypicalMS * CubeFindFactor
		r := m.RaceReactionMS(st, games.Green(), CubeFindFactor, DefaultTargetWin, 1)
		rng := games.NewRNG(uint64(ms), 1)
		wins, n := 0, 20000
		for range n {
			child := find * expNorm(rng, studentRTSpread)
			bot := float64(r) * expNorm(rng, botRTSpread)
			if rng.Float64() < sk.Mastery && child < bot {
				wins++
			}
		}
		assert.InDelta(t, DefaultTargetWin, float64(wins)/float64(n), 0.04, "typical %d ms", ms)
	}
}

// A child the model knows nothing about gets the default time, not 0.
func TestRacePaceOfAnUnknownChildIsTheDefaultsRace(t *testing.T) {
	m := DefaultModel()
	r := m.RaceReactionMS(Student{}, games.Green(), CubeFindFactor, DefaultTargetWin, 1)
	assert.Greater(t, r, int(CubeFindFactor*defaultStudentMS))
}

// Racing three computers at once, each must be slower than racing one,
// so that the child still wins about the target share of the races.
func TestRacePaceAgainstSeveralComputers(t *testing.T) {
	for _, x := range []float64{-1, 0, 0.7, 2} {
		assert.InDelta(t, normalCDF(x/math.Hypot(studentRTSpread, botRTSpread)), raceWin(x, 1), 1e-4, "one rival: the closed form")
	}
	m := DefaultModel()
	st := Student{}
	drill(t, m, &st, games.Green(), 10, 3000, t0.Add(-time.Hour))
	sk := m.Skill(st, games.Green())
	one := m.RaceReactionMS(st, games.Green(), CubeFindFactor, DefaultTargetWin, 1)
	three := m.RaceReactionMS(st, games.Green(), CubeFindFactor, DefaultTargetWin, 3)
	assert.Greater(t, three, one)
	rng := games.NewRNG(3, 1)
	wins, n := 0, 20000
	for range n {
		child := sk.TypicalMS * CubeFindFactor * expNorm(rng, studentRTSpread)
		first := math.Inf(1)
		for range 3 {
			first = min(first, float64(three)*expNorm(rng, botRTSpread))
		}
		if rng.Float64() < sk.Mastery && child < first {
			wins++
		}
	}
	assert.InDelta(t, DefaultTargetWin, float64(wins)/float64(n), 0.04)
}
