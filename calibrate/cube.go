package calibrate

import (
	"errors"
	"fmt"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/games/cube"
)

// cubeSearchScale: finding a formula on the board (scan the faces, then
// recall the product) takes about this many typical recall times.
const cubeSearchScale = 2

// PlayCube plays one game of Monster Cube #4 (turns, a × b ± c, the
// booklet's 10 s timer) between the stand-in and opp; the stand-in starts
// in even seeds. In its turn, when the row has a monster its tiles can make
// (a tile move then three faces), the stand-in takes one of those
// solutions at random and finds it when it knows the solution's product
// a × b and its search time (log-normal around cubeSearchScale × its
// typical time) ends before the timer; otherwise it gives up (a random tile
// move) at that time, or lets the timer run out.
func PlayCube(s *Standin, level games.Level, opp games.Seat, seed uint64) (float64, error) {
	me := int(seed % 2)
	seats := make([]games.Seat, 2)
	seats[me] = games.Seat{Kind: games.SeatStudent, Name: "student"}
	seats[1-me] = opp
	g, err := cube.New(cube.DefaultConfig(cube.RulesNumbers, level, seats), seed)
	if err != nil {
		return 0, fmt.Errorf("calibrate: cube: %w", err)
	}
	for steps := 0; !g.Over(); steps++ {
		if steps > 20000 {
			return 0, errors.New("calibrate: cube: game does not end")
		}
		next, ok := g.Next()
		if g.Waiting()[0] == me {
			v := g.View(me).(cube.View)
			if m, at, play := cubeTurn(s, v); play {
				if _, err := g.Play(me, m, at); err != nil {
					return 0, fmt.Errorf("calibrate: cube: %w", err)
				}
				continue
			}
		}
		if !ok {
			return 0, errors.New("calibrate: cube: nothing to wait for")
		}
		if _, err := g.Advance(next); err != nil {
			return 0, fmt.Errorf("calibrate: cube: %w", err)
		}
	}
	return share(g.Result(), me), nil
}

// cubeTurn is the stand-in's move in its turn and when it makes it; play
// false lets the timer run out.
func cubeTurn(s *Standin, v cube.View) (cube.Move, int64, bool) {
	board := v.Boards[v.Seat]
	at := v.Now + s.RT(cubeSearchScale)
	if v.TurnEnds > 0 && at >= v.TurnEnds {
		return cube.Move{}, 0, false
	}
	if finds := cube.Finds(board, v.Row, v.Solver); len(finds) > 0 {
		f := finds[s.IntN(len(finds))]
		if s.Knows(games.Fact{A: f.Solution.Values[0], B: f.Solution.Values[1]}) {
			return f.Move(), at, true
		}
	}
	moves := cube.LegalTileMoves(board)
	mv := moves[s.IntN(len(moves))]
	return cube.Move{Type: cube.MovePass, Tile: &mv}, at, true
}
