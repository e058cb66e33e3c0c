package server_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// GET /api/v1/play/games/:id is a pure read: another site can make a
// child's browser send a GET (a link, an image), so it must neither join
// the child to a game they were invited to nor let the game's clock act
// (a timer run out is a missed answer stored against the child). POST
// …/open, which carries the CSRF header, does both.
func TestReadingAGameChangesNothingAndOpeningItJoinsAndLetsTimePass(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		e := newEnv(t, st, fixedSeed(3))
		s := e.newSchool(t)
		zoe := e.secondStudent(t, s)
		_, g := e.startGame(t, s.student, map[string]any{"game": "cats", "opponents": 2, "classmate_id": s.spareStudentID})
		version := g["version"]

		// Time passes: the computer cat's turn and the reaction windows are due.
		e.advance(30 * time.Second)
		for _, tok := range []string{s.student, zoe, zoe} {
			for _, method := range []string{"GET", "HEAD"} {
				e.must(t, http.StatusOK, req{Method: method, Path: playGamePath(g, ""), Token: tok})
			}
		}
		read := e.must(t, http.StatusOK, req{Method: "GET", Path: playGamePath(g, ""), Token: zoe}).JSON
		assert.Equal(t, version, read["version"], "reading did not let the clock act")
		assert.EqualValues(t, 0, read["session_id"], "reading did not join Zoé")
		sessions, err := st.PlaySessionsOf(ctx, s.spareStudentID, time.Time{})
		require.NoError(t, err)
		assert.Empty(t, sessions, "no play session started for Zoé")
		row, err := st.Game(ctx, num(t, g["id"]))
		require.NoError(t, err)
		assert.EqualValues(t, version, row.Version, "nothing saved")
		home := e.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/play/home", Token: zoe}).JSON
		assert.Len(t, home["invites"], 1, "still an invitation")

		// Opening the page joins her and plays what was due.
		opened := e.must(t, http.StatusOK, req{Method: "POST", Path: playGamePath(g, "/open"), Token: zoe}).JSON
		assert.NotZero(t, num(t, opened["session_id"]), "opening joined Zoé")
		assert.Greater(t, num(t, opened["version"]), num(t, version), "opening let the clock act")
		sessions, err = st.PlaySessionsOf(ctx, s.spareStudentID, time.Time{})
		require.NoError(t, err)
		assert.Len(t, sessions, 1)
		again := e.must(t, http.StatusOK, req{Method: "GET", Path: playGamePath(g, ""), Token: zoe}).JSON
		assert.Equal(t, opened["version"], again["version"], "a read shows what the opening saved")
	})
}
