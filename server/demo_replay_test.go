package server_test

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/demo"
	"github.com/multipli/multipli/server/credential"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// TestDemoGamesOfEveryKindReplay: the demo school's history has a game of
// each of the four kinds, and the teacher's replay page and the replay API
// show each move by move, with the child's attempts marked, in English and
// French, under the game's name.
func TestDemoGamesOfEveryKindReplay(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	ctx := context.Background()
	sealer, err := credential.NewSealer(testKey)
	require.NoError(t, err)
	school, err := demo.Load(ctx, st, sealer, e.clock())
	require.NoError(t, err)
	teacher := e.must(t, http.StatusOK, req{Method: "POST", Path: "/api/v1/auth/teacher",
		Body: map[string]string{"email": demo.TeacherEmail, "password": demo.TeacherPassword}}).JSON["token"].(string)

	found := map[string]store.Game{}
	for _, s := range school.Classes[0].Students {
		ps, err := st.PlaySessionsOf(ctx, s.ID, time.Time{})
		require.NoError(t, err)
		for _, p := range ps {
			gs, err := st.GamesOfSession(ctx, p.ID)
			require.NoError(t, err)
			for _, g := range gs {
				if _, ok := found[g.Game]; !ok {
					found[g.Game] = g
				}
			}
		}
	}
	require.Len(t, found, 4, "a demo game of each kind")
	names := map[string]string{"potion": "MultipliPotion", "cats": "Multipli Cat's", "cube": "Monster Cube", "magicoa": "Magicoa"}
	for kind, g := range found {
		t.Run(kind, func(t *testing.T) {
			r := e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/api/v1/games/%d/replay", g.ID), Token: teacher}).JSON
			assert.Equal(t, kind, r["game"])
			assert.Equal(t, store.GameOver, r["status"])
			moves := r["moves"].([]any)
			require.NotEmpty(t, moves)
			attempts := 0
			for _, m := range moves {
				attempts += len(m.(map[string]any)["attempts"].([]any))
			}
			assert.Positive(t, attempts, "the child's attempts are marked on their moves")
			for _, lang := range []string{"en", "fr"} {
				page := string(e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/dashboard/games/%d?move=%d&lang=%s", g.ID, len(moves), lang), Token: teacher}).Raw)
				assert.True(t, strings.Contains(page, html.EscapeString(names[kind])), "the %s page names the game %s", lang, names[kind])
				assert.True(t, strings.Contains(page, fmt.Sprintf(`id="move-%d"`, len(moves))), "the %s page shows the last move", lang)
			}
		})
	}
}
