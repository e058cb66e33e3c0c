package pedagogy

import (
	"testing"
	"time"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// twoLevels is a small calibration: a beginner and a solid bot whose miss
// chance is the knob, measured on two masteries.
func twoLevels() Calibration {
	return Calibration{
		Mastery:    []float64{0.5, 0.9},
		TypicalMS:  []float64{2500},
		Candidates: []Candidate{{Bot: 1, Miss: 0.5}, {Bot: 2, Miss: 0.6}, {Bot: 2, Miss: 0.2}},
		Win: [][][]float64{
			{{0.7, 0.9}},
			{{0.5, 0.8}},
			{{0.2, 0.4}},
		},
	}
}

func TestCalibrationPredictInterpolatesMastery(t *testing.T) {
	cal := twoLevels()
	// Halfway in mastery is halfway in log-odds: between 50 % (0) and 80 %
	// (ln 4) lies ln 2, i.e. 2/3.
	assert.InDelta(t, 2.0/3, cal.Predict(1, Skill{Mastery: 0.7, TypicalMS: 2500}), 1e-9)
	assert.InDelta(t, 0.5, cal.Predict(1, Skill{Mastery: 0.1, TypicalMS: 9000}), 1e-9, "clamped at the grid's ends")
}

func TestCalibrationTuneInterpolatesTheKnobWithinALevel(t *testing.T) {
	o := twoLevels().Tune(Skill{Mastery: 0.5, TypicalMS: 2500}, 1.0/3)
	assert.Equal(t, games.BotSolid, o.Bot)
	assert.InDelta(t, 0.4, o.Miss, 1e-9, "1/3 is halfway in log-odds between 50 % and 20 %, so halfway between miss 0.6 and 0.2")
}

func TestCalibrationTuneTakesTheClosestAcrossLevels(t *testing.T) {
	// At mastery 0.5 the beginner gives 70 %, the solid bot at most 50 %:
	// no knob spans 62 %, the closest candidate is the beginner.
	o := twoLevels().Tune(Skill{Mastery: 0.5, TypicalMS: 2500}, 0.62)
	assert.Equal(t, Opponent{Bot: games.BotBeginner, Miss: 0.5}, o)
}

func TestCalibrationTuneScalesRaceCandidatesToTheStudent(t *testing.T) {
	cal := Calibration{Mastery: []float64{0.8}, TypicalMS: []float64{1000, 4000},
		Candidates: []Candidate{{Bot: 2, Ratio: 2}, {Bot: 2, Ratio: 1}},
		Win:        [][][]float64{{{0.8}, {0.8}}, {{0.4}, {0.4}}}}
	fast := cal.Tune(Skill{Mastery: 0.8, TypicalMS: 1000}, 0.8)
	slow := cal.Tune(Skill{Mastery: 0.8, TypicalMS: 4000}, 0.8)
	assert.Equal(t, 2000, fast.ReactionMS)
	assert.Equal(t, 8000, slow.ReactionMS)
}

func TestTuneOpponentForFallsBackWithoutCalibration(t *testing.T) {
	m := DefaultModel()
	st := Student{}
	drill(t, m, &st, games.Green(), 10, 2000, t0.Add(-time.Hour))
	assert.Equal(t, m.TuneOpponent(st, games.Green(), 0.65), m.TuneOpponentFor("chess", st, games.Green(), 0.65))
}

// TestTuneOpponentForFollowsTheMeasuredTables reads the generated tables:
// a student who knows more meets a harder MultipliPotion bot, a higher
// target an easier one, and the prediction says the target.
func TestTuneOpponentForFollowsTheMeasuredTables(t *testing.T) {
	require.Contains(t, calibrations, games.Potion)
	m := DefaultModel()
	weak, strong := Student{Ability: -2}, Student{Ability: 2}
	ow := m.TuneOpponentFor(games.Potion, weak, games.Green(), DefaultTargetWin)
	os := m.TuneOpponentFor(games.Potion, strong, games.Green(), DefaultTargetWin)
	assert.True(t, os.Bot > ow.Bot || (os.Bot == ow.Bot && os.Miss < ow.Miss), "weak %+v, strong %+v", ow, os)
	easy := m.TuneOpponentFor(games.Potion, strong, games.Green(), 0.85)
	assert.True(t, easy.Bot < os.Bot || (easy.Bot == os.Bot && easy.Miss > os.Miss), "0.85 %+v, 0.65 %+v", easy, os)
	for _, st := range []Student{weak, strong} {
		o := m.TuneOpponentFor(games.Potion, st, games.Green(), DefaultTargetWin)
		assert.InDelta(t, DefaultTargetWin, m.PredictWin(games.Potion, st, games.Green(), o), 0.08)
	}
}

func TestOpponentSeatCarriesTheKnobs(t *testing.T) {
	s := Opponent{Bot: 2, ReactionMS: 1500, Miss: 0.3}.Seat("cat")
	assert.Equal(t, games.Seat{Kind: games.SeatComputer, Name: "cat", Bot: 2, ReactionMS: 1500, Miss: 0.3}, s)
}

func BenchmarkTuneOpponentFor(b *testing.B) {
	m := DefaultModel()
	st := fluentOn(b, m, games.LevelViolet, 4)
	b.ReportAllocs()
	for b.Loop() {
		m.TuneOpponentFor(games.Cube, st, games.Violet(), DefaultTargetWin)
	}
}
