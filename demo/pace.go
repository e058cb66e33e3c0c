package demo

import (
	"math/rand/v2"
	"slices"
	"time"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/pedagogy"
	"github.com/multipli/multipli/store"
)

// GamePace is how one game went for its simulated child: the
// multiplications they did (Answered: every attempt but a missed one,
// refused moves included, as the play side stores them), the ones they let
// pass (Missed), and the game's length on its clock.
type GamePace struct {
	Game     games.Name
	Answered int
	Missed   int
	MS       int64
}

// PerMinute is the child's multiplications per minute of play.
func (p GamePace) PerMinute() float64 {
	if p.MS <= 0 {
		return 0
	}
	return float64(p.Answered) / (float64(p.MS) / 60000)
}

// MeasurePace plays games of game as the demo history deals them: n demo
// children (the history's profiles, in their first week; even ones on the
// green level as in the CE1 class, odd ones on the violet level as in the
// CM1 class) play sessions games each in a row, with the plan the pedagogy
// gives them and computers tuned to them, the model observing every
// attempt between games as the write path does (so the computers follow
// the child's own times from the second game). No store is involved.
func MeasurePace(game games.Name, n, sessions int, seed uint64) ([]GamePace, error) {
	out := make([]GamePace, 0, n*sessions)
	m := pedagogy.DefaultModel()
	for i := range n {
		rng := rand.New(rand.NewPCG(seed, uint64(i+1)))
		p := profileFor(i, n, rng)
		step := games.LevelGreen
		if i%2 == 1 {
			step = games.LevelViolet
		}
		at := time.Date(2026, 9, 7, 9, 0, 0, 0, time.UTC)
		st := pedagogy.Student{Level: step, LevelSince: at}
		for range sessions {
			plan := m.StartSession(&st, pedagogy.Constraint{}, at)
			opp := m.TuneOpponentFor(game, st, plan.Level, pedagogy.DefaultTargetWin)
			d, err := deal(game, plan, store.Student{DisplayName: "Demo"}, opp, &kid{p: p, rng: rng}, rng.Uint64())
			if err != nil {
				return nil, err
			}
			g := GamePace{Game: game}
			end, err := playOut(game, d, func(int64, int64) error { return nil }, func(ts timedStep, _ bool) {
				for _, a := range ts.step.Attempts {
					if a.Seat != 0 {
						continue
					}
					if a.Kind == games.KindMissed {
						g.Missed++
					} else {
						g.Answered++
					}
					var ms int64
					if a.ResponseMS != nil {
						ms = *a.ResponseMS
					}
					m.Observe(&st, pedagogy.Attempt{A: a.A, B: a.B, Correct: a.Correct, ResponseMS: ms, Kind: a.Kind,
						At: at.Add(time.Duration(ts.at) * time.Millisecond)})
				}
			})
			if err != nil {
				return nil, err
			}
			g.MS = end
			out = append(out, g)
			at = at.Add(24 * time.Hour)
		}
	}
	return out, nil
}

// MedianPerMinute is the median of the games' multiplications per minute.
func MedianPerMinute(ps []GamePace) float64 {
	if len(ps) == 0 {
		return 0
	}
	xs := make([]float64, len(ps))
	for i, p := range ps {
		xs[i] = p.PerMinute()
	}
	slices.Sort(xs)
	if len(xs)%2 == 1 {
		return xs[len(xs)/2]
	}
	return (xs[len(xs)/2-1] + xs[len(xs)/2]) / 2
}
