package calibrate

import (
	"fmt"
	"sync"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/pedagogy"
)

// Spec is what is measured for one game: the level played, the grid of
// student skills and the candidate opponents, easiest first.
type Spec struct {
	Game       games.Name
	Level      games.Level
	Mastery    []float64
	TypicalMS  []float64
	Candidates []pedagogy.Candidate
	// Games is the default number of games per cell of the grid.
	Games int
}

var masteryGrid = []float64{0.4, 0.55, 0.7, 0.8, 0.9, 0.97}

// Specs are the four games' calibration grids. Multipli Cat's is measured
// against two computer cats of the solid level whose reaction time is a
// ratio of the student's typical time; the turn-based games against each
// level and a Miss between levels (games.Seat.Miss).
func Specs() []Spec {
	return []Spec{
		{Game: games.Potion, Level: games.Green(), Mastery: masteryGrid, TypicalMS: []float64{2500}, Games: 300,
			Candidates: []pedagogy.Candidate{{Bot: 1, Miss: 0.9}, {Bot: 1, Miss: 0.7}, {Bot: 1, Miss: 0.45},
				{Bot: 1, Miss: 0.3}, {Bot: 1, Miss: 0.15}, {Bot: 2, Miss: 0.45}, {Bot: 2, Miss: 0.3}, {Bot: 2, Miss: 0.2}, {Bot: 2, Miss: 0.1}, {Bot: 3}}},
		{Game: games.Cats, Level: games.Green(), Mastery: masteryGrid, TypicalMS: []float64{1200, 2000, 3000, 4500}, Games: 120,
			Candidates: ratios(2, 2.8, 2, 1.5, 1.2, 1, 0.85, 0.7, 0.5)},
		{Game: games.Cube, Level: games.All(9), Mastery: masteryGrid, TypicalMS: []float64{1500, 2200, 3000, 3700, 4500}, Games: 80,
			Candidates: []pedagogy.Candidate{{Bot: 1, Miss: 0.9}, {Bot: 1, Miss: 0.7}, {Bot: 1, Miss: 0.55},
				{Bot: 2, Miss: 0.55}, {Bot: 2, Miss: 0.4}, {Bot: 2, Miss: 0.25}, {Bot: 3, Miss: 0.25}, {Bot: 3, Miss: 0.1}, {Bot: 3}}},
		{Game: games.Magicoa, Level: games.Green(), Mastery: masteryGrid, TypicalMS: []float64{2500}, Games: 300,
			Candidates: []pedagogy.Candidate{{Bot: 1}, {Bot: 2, Miss: 0.8}, {Bot: 2, Miss: 0.6}, {Bot: 2, Miss: 0.4},
				{Bot: 2, Miss: 0.2}, {Bot: 2}, {Bot: 3}}},
	}
}

func ratios(bot int, rs ...float64) []pedagogy.Candidate {
	out := make([]pedagogy.Candidate, len(rs))
	for i, r := range rs {
		out[i] = pedagogy.Candidate{Bot: bot, Ratio: r}
	}
	return out
}

// SpecFor is the spec of game.
func SpecFor(game games.Name) (Spec, bool) {
	for _, s := range Specs() {
		if s.Game == game {
			return s, true
		}
	}
	return Spec{}, false
}

// Outcome sums what a student did over games: the share of the win (a tie
// is half) and, in Multipli Cat's, the exchanges won and taken part in.
type Outcome struct {
	Games    int
	Wins     float64
	Won      int
	Involved int
}

// Add sums outcomes.
func (o *Outcome) Add(x Outcome) {
	o.Games += x.Games
	o.Wins += x.Wins
	o.Won += x.Won
	o.Involved += x.Involved
}

// WinRate is the share of games won.
func (o Outcome) WinRate() float64 {
	if o.Games == 0 {
		return 0
	}
	return o.Wins / float64(o.Games)
}

// Target is what the opponents are tuned on: the share of exchanges won in
// Multipli Cat's (a game has three or more players and many exchanges),
// the share of games won elsewhere.
func (o Outcome) Target(game games.Name) float64 {
	if game == games.Cats {
		if o.Involved == 0 {
			return 0
		}
		return float64(o.Won) / float64(o.Involved)
	}
	return o.WinRate()
}

// catsBots is the number of computer cats at the stand-in's table.
const catsBots = 2

// Play plays one game of game between the stand-in and opp.
func Play(game games.Name, s *Standin, level games.Level, opp games.Seat, seed uint64) (Outcome, error) {
	var (
		w   float64
		err error
	)
	switch game {
	case games.Potion:
		w, err = PlayPotion(s, level, opp, seed)
	case games.Cube:
		w, err = PlayCube(s, level, opp, seed)
	case games.Magicoa:
		w, err = PlayMagicoa(s, level, opp, seed)
	case games.Cats:
		o, err := PlayCats(s, level, opp, catsBots, seed)
		return Outcome{Games: 1, Wins: o.Champion, Won: o.Won, Involved: o.Involved}, err
	default:
		return Outcome{}, fmt.Errorf("calibrate: unknown game %q", game)
	}
	return Outcome{Games: 1, Wins: w}, err
}

// PlayMany plays n games (seeds seed…seed+n−1) of a student against opp.
func PlayMany(m pedagogy.Model, game games.Name, st pedagogy.Student, level games.Level, opp pedagogy.Opponent, n int, seed uint64) (Outcome, error) {
	var total Outcome
	for i := range n {
		sd := seed + uint64(i)
		o, err := Play(game, NewStandin(m, st, level, sd), level, opp.Seat("computer"), sd)
		if err != nil {
			return total, err
		}
		total.Add(o)
	}
	return total, nil
}

// Measure plays every cell of the spec's grid, n games each (seeds from
// seed), on workers goroutines, and returns the calibration.
func Measure(m pedagogy.Model, spec Spec, n int, seed uint64, workers int) (pedagogy.Calibration, error) {
	cal := pedagogy.Calibration{Mastery: spec.Mastery, TypicalMS: spec.TypicalMS, Candidates: spec.Candidates,
		Win: make([][][]float64, len(spec.Candidates))}
	type cell struct{ c, s, k int }
	var cells []cell
	for c := range spec.Candidates {
		cal.Win[c] = make([][]float64, len(spec.TypicalMS))
		for s := range spec.TypicalMS {
			cal.Win[c][s] = make([]float64, len(spec.Mastery))
			for k := range spec.Mastery {
				cells = append(cells, cell{c, s, k})
			}
		}
	}
	students := make([][]pedagogy.Student, len(spec.TypicalMS))
	for s, ms := range spec.TypicalMS {
		for _, k := range spec.Mastery {
			students[s] = append(students[s], Synthetic(m, spec.Level, k, ms))
		}
	}
	jobs := make(chan cell)
	errs := make(chan error, len(cells))
	var wg sync.WaitGroup
	for range max(workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				ms := spec.TypicalMS[j.s]
				opp := spec.Candidates[j.c].Opponent(ms)
				o, err := PlayMany(m, spec.Game, students[j.s][j.k], spec.Level, opp, n, seed)
				if err != nil {
					errs <- err
					continue
				}
				cal.Win[j.c][j.s][j.k] = o.Target(spec.Game)
			}
		}()
	}
	for _, j := range cells {
		jobs <- j
	}
	close(jobs)
	wg.Wait()
	close(errs)
	if err, ok := <-errs; ok {
		return cal, err
	}
	return cal, nil
}
