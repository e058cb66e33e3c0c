package calibrate

import (
	"errors"
	"fmt"
	"slices"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/games/cube"
)

// PlayCubeRace plays one game of Monster Cube #1 (everyone looks at the
// same three monsters at once; a catch takes the row) between the stand-in
// (seat 0) and the computers opps, and returns the catches the stand-in made
// and all the catches. At each new row the stand-in takes one of the
// monsters its board can make, at random, and catches it after a search
// time (log-normal around cubeSearchScale × its typical time) when it
// knows its a × b; otherwise it is stuck on that row, as a child who does
// not see the product, until nothing else can happen: then it looks again.
// When no monster can be made it says so at once.
func PlayCubeRace(s *Standin, level games.Level, seed uint64, opps ...games.Seat) (mine, all int, err error) {
	seats := append([]games.Seat{{Kind: games.SeatStudent, Name: "student"}}, opps...)
	g, err := cube.New(cube.DefaultConfig(cube.RulesCode, level, seats), seed)
	if err != nil {
		return 0, 0, fmt.Errorf("calibrate: cube race: %w", err)
	}
	var (
		row     []int
		planned = int64(-1)
		move    cube.Move
	)
	for steps := 0; !g.Over(); steps++ {
		if steps > 20000 {
			return 0, 0, errors.New("calibrate: cube race: game does not end")
		}
		v := g.View(0).(cube.View)
		codes := make([]int, len(v.Row))
		for i, m := range v.Row {
			codes[i] = m.Code
		}
		if !slices.Equal(codes, row) {
			row, planned = codes, -1
			finds := cube.Finds(v.Board, v.Row, v.Solver)
			switch {
			case len(finds) == 0:
				planned, move = v.Now, cube.Move{Type: cube.MoveNoSolution}
			default:
				f := finds[s.IntN(len(finds))]
				if s.Knows(games.Fact{A: f.Solution.Values[0], B: f.Solution.Values[1]}) {
					planned, move = v.Now+s.RT(cubeSearchScale), f.Move()
					move.Type = cube.MoveClaim
				}
			}
		}
		next, ok := g.Next()
		if planned >= 0 && (!ok || planned <= next) {
			at := max(planned, v.Now)
			planned = -1
			if _, err := g.Play(0, move, at); err != nil {
				if _, refused := games.AsRuleError(err); !refused {
					return 0, 0, fmt.Errorf("calibrate: cube race: %w", err)
				}
			}
			continue
		}
		if !ok {
			// Nothing comes (the computer found nothing and waits for the
			// stand-in's word): the stand-in looks again at the row.
			row = nil
			continue
		}
		if _, err := g.Advance(next); err != nil {
			return 0, 0, fmt.Errorf("calibrate: cube race: %w", err)
		}
	}
	v := g.View(0).(cube.View)
	for _, n := range v.WonCounts {
		all += n
	}
	return v.WonCounts[0], all, nil
}
