package server_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// A move numbered far ahead of the seat's last one is refused, with the
// seat's last seq, and changes nothing: the seat's next moves, numbered as
// the page numbers them, are applied (before, the far seq was applied and
// every later move of the seat was taken for a resend of it).
func TestAMoveNumberedFarAheadIsRefusedAndTheSeatPlaysOn(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, fixedSeed(2))
		s := e.newSchool(t)
		_, g := e.startGame(t, s.student, map[string]any{"game": "magicoa", "edition": "multiplication"})
		first := e.move(t, s.student, g, 1, legal(g)[len(legal(g))-1])
		require.Equal(t, http.StatusOK, first.Status, "%s", first.Raw)
		g, last := first.JSON, int64(1)

		for _, far := range []int64{1 << 62, int64(g["version"].(float64)) + 20_000} {
			res := e.move(t, s.student, g, far, legal(g)[0])
			require.Equal(t, http.StatusBadRequest, res.Status, "seq %d: %s", far, res.Raw)
			assert.Equal(t, "game.seq_ahead", res.errCode())
			detail := res.JSON["error"].(map[string]any)
			assert.EqualValues(t, last, detail["params"].(map[string]any)["last_seq"])
			assert.Contains(t, detail["message"], "reload")
		}
		cur := e.must(t, http.StatusOK, req{Method: "GET", Path: playGamePath(g, ""), Token: s.student}).JSON
		assert.Equal(t, g["version"], cur["version"], "the refused move changed nothing")
		assert.EqualValues(t, last, cur["last_seq"], "the game tells the seat's last applied seq")

		// The page's next number is applied, not taken for a resend.
		next := max(int64(cur["version"].(float64))+1, last+1)
		res := e.move(t, s.student, cur, next, legal(cur)[len(legal(cur))-1])
		require.Equal(t, http.StatusOK, res.Status, "%s", res.Raw)
		assert.Greater(t, num(t, res.JSON["version"]), num(t, cur["version"]), "the next move was applied")
		assert.EqualValues(t, next, res.JSON["last_seq"])
	})
}
