package server_test

import (
	"context"
	"fmt"
	"html"
	"net/http"
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
// show each step by step with the board's view, the players by name and
// the child's attempts marked, in English and French, under the game's
// name; Multipli Cat's steps go by exchange, not one move each.
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
			ps, err := st.PlaySession(ctx, g.PlaySessionID)
			require.NoError(t, err)
			child, err := st.Student(ctx, ps.StudentID)
			require.NoError(t, err)
			r := e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/api/v1/games/%d/replay?lang=fr", g.ID), Token: teacher}).JSON
			assert.Equal(t, kind, r["game"])
			assert.Equal(t, store.GameOver, r["status"])
			moves := r["moves"].([]any)
			require.NotEmpty(t, moves)

			// The players by name: the child's, and every seat named.
			seat := int(r["seat"].(float64))
			players := r["players"].([]any)
			require.Greater(t, len(players), seat)
			assert.Equal(t, child.DisplayName, players[seat].(map[string]any)["name"], "the child's seat carries the child's name")
			for _, p := range players {
				assert.NotEmpty(t, p.(map[string]any)["name"], "every seat has a name")
			}

			// The steps: the game dealt again, each with the child's view,
			// the child's attempts marked right, wrong or missed.
			steps := r["steps"].([]any)
			require.NotEmpty(t, steps)
			attempts, inputs := 0, 0
			for _, s := range steps {
				s := s.(map[string]any)
				assert.NotEmpty(t, s["view"], "every step has the board's view")
				inputs += int(s["inputs"].(float64))
				for _, a := range s["attempts"].([]any) {
					attempts++
					a := a.(map[string]any)
					want := map[bool]string{true: "right", false: "wrong"}[a["correct"].(bool)]
					if a["given"] == nil {
						want = "missed"
					}
					assert.Equal(t, want, a["verdict"])
				}
			}
			assert.Positive(t, attempts, "the child's attempts are marked on their steps")
			assert.True(t, steps[len(steps)-1].(map[string]any)["over"].(bool), "the last step ends the game")
			if kind == "cats" {
				// One step per exchange: the cards revealed up to the slap
				// that settles them are one step, not one page each.
				assert.Less(t, len(steps)*3, inputs, "Multipli Cat's steps group the moves by exchange")
				assert.Less(t, len(steps), len(moves))
			}

			words := map[string][]string{
				"fr": {"Étape 1 sur", "Joueurs", "Multiplications de cette étape", "Suivante"},
				"en": {"Step 1 of", "Players:", "Multiplications in this step", "Next"},
			}
			for _, lang := range []string{"en", "fr"} {
				page := string(e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/dashboard/games/%d?lang=%s", g.ID, lang), Token: teacher}).Raw)
				assert.Contains(t, page, html.EscapeString(names[kind]), "the %s page names the game", lang)
				assert.Contains(t, page, html.EscapeString(child.DisplayName), "the %s page names the child", lang)
				for _, w := range words[lang] {
					assert.Contains(t, page, html.EscapeString(w), "the %s page says %q", lang, w)
				}
				assert.Contains(t, page, `data-replay-board`)
				assert.Contains(t, page, `data-step="next"`)
				for _, engineWord := range []string{"Seat 1", "correct=", "card={", "window closed"} {
					assert.NotContains(t, page, engineWord, "the %s page shows no engine log", lang)
				}
				last := string(e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/dashboard/games/%d?step=%d&lang=%s", g.ID, len(steps), lang), Token: teacher}).Raw)
				assert.Contains(t, last, fmt.Sprintf(`id="move-%d"`, len(steps)), "the %s page shows the last step", lang)
				assert.NotContains(t, last, `rel="next"`, "no step after the last")
			}
		})
	}
}
