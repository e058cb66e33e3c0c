package play

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/games/cube"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// Monster Cube #4: a student who passes while a monster could be caught on
// their board has missed it; the pipeline stores that one missed attempt.
func TestCubeNumbersPassWithASolutionIsStoredAsMissed(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kid := class(t, st, "Léa")[0]
		clock := newFakeClock()
		s := newService(st, clock)
		res, err := s.Start(ctx, StartRequest{StudentID: kid.ID, Game: "cube", Edition: "4", Opponents: 1})
		require.NoError(t, err)
		g, err := s.loadGame(ctx, res.Game.ID)
		require.NoError(t, err)
		v := g.eng.View(0).(cube.View)
		require.Equal(t, 0, v.Turn, "the student plays first")
		codes := make([]int, len(v.Row))
		for i, m := range v.Row {
			codes[i] = m.Code
		}
		solvable := false
		for _, sols := range cube.SolveTargets(v.Boards[0], codes, v.Solver) {
			solvable = solvable || len(sols) > 0
		}
		require.True(t, solvable, "precondition: a monster could be caught")
		mv := cube.LegalTileMoves(v.Boards[0])[0]
		m, err := json.Marshal(cube.Move{Type: cube.MovePass, Tile: &mv})
		require.NoError(t, err)
		clock.Add(2 * time.Second)
		_, err = s.Move(ctx, MoveRequest{GameID: g.Row.ID, StudentID: kid.ID, Version: g.Row.Version, Seq: 1, Move: m})
		require.NoError(t, err)
		rows, err := st.AttemptsOfSession(ctx, res.Session.ID)
		require.NoError(t, err)
		require.Len(t, rows, 1)
		assert.Equal(t, string(games.KindMissed), rows[0].Kind)
		assert.Nil(t, rows[0].Given)
		assert.Nil(t, rows[0].ResponseMS)
		assert.False(t, rows[0].Correct)
		assert.Equal(t, "cube/4", rows[0].Game)
	})
}
