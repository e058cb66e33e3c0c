package cube

import (
	"encoding/json"
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/require"
)

func newTestRNG(seed uint64) *games.RNG { return games.NewRNG(seed, 99) }

func human(name string) games.Seat { return games.Seat{Kind: games.SeatStudent, Name: name} }
func bot(level int) games.Seat     { return games.Seat{Kind: games.SeatComputer, Name: "bot", Bot: level} }

// newGame deals a game and fails the test on error.
func newGame(tb testing.TB, cfg Config, seed uint64) *Game {
	tb.Helper()
	if cfg.Level.Name == "" {
		cfg.Level = games.All(9)
	}
	g, err := New(cfg, seed)
	require.NoError(tb, err)
	return g
}

// onIdentity puts the shared board on the reference picture and lays out row.
func onIdentity(tb testing.TB, g *Game, row ...int) {
	tb.Helper()
	g.s.Start = identityLayout(tb)
	g.s.Board = identityLayout(tb)
	g.s.Row = row
}

// apply applies a move given as a Move value through the JSON path.
func apply(tb testing.TB, g *Game, seat int, m Move, at int64) (games.Step, error) {
	tb.Helper()
	data, err := json.Marshal(m)
	require.NoError(tb, err)
	return g.Apply(seat, data, at)
}

func claimOf(code int, s Solution) Move {
	return Move{Type: MoveClaim, Code: code, Tile: s.Move, Faces: s.Faces[:], Ops: s.Ops[:]}
}

// cardsIn counts every card wherever it lies.
func cardsIn(g *Game) []int {
	s := &g.s
	all := append([]int{}, s.Pile...)
	all = append(all, s.Discard...)
	all = append(all, s.Row...)
	all = append(all, s.Out...)
	for i := range s.Won {
		if s.Config.Rules != RulesAdvanced {
			all = append(all, s.Won[i]...)
		}
	}
	for i := range s.Hands {
		all = append(all, s.Hands[i]...)
		all = append(all, s.Piles[i]...)
		all = append(all, s.Fronts[i]...)
	}
	return all
}
