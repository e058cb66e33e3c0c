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

// MeasurePace plays n games of game as the demo history deals them, each
// with a demo child in their first week (the history's profiles, seat 0),
// half on the green level (the CE1 class) and half on the violet one (the
// CM1 class), with the plan the pedagogy gives a new child, and no store.
func MeasurePace(game games.Name, n int, seed uint64) ([]GamePace, error) {
	out := make([]GamePace, 0, n)
	start := time.Date(2026, 9, 7, 9, 0, 0, 0, time.UTC)
	for i := range n {
		rng := rand.New(rand.NewPCG(seed, uint64(i+1)))
		p := profileFor(i, rng)
		step := games.LevelGreen
		if i%2 == 1 {
			step = games.LevelViolet
		}
		st := pedagogy.Student{Level: step, LevelSince: start}
		plan := pedagogy.DefaultModel().StartSession(&st, pedagogy.Constraint{}, start)
		bot := games.BotBeginner
		if p.skill > 0.7 {
			bot = games.BotSolid
		}
		d, err := deal(game, plan, store.Student{DisplayName: "Demo"}, bot, &kid{p: p, rng: rng}, rng.Uint64())
		if err != nil {
			return nil, err
		}
		g := GamePace{Game: game}
		at, err := playOut(game, d, func(int64, int64) error { return nil }, func(ts timedStep, _ bool) {
			for _, a := range ts.step.Attempts {
				switch {
				case a.Seat != 0:
				case a.Kind == games.KindMissed:
					g.Missed++
				default:
					g.Answered++
				}
			}
		})
		if err != nil {
			return nil, err
		}
		g.MS = at
		out = append(out, g)
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
