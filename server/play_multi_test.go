package server_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// postgresURL is a fresh PostgreSQL schema, or a skip when none is set.
func postgresURL(t *testing.T) string {
	t.Helper()
	for _, db := range storetest.Databases(t) {
		if db.Name == "postgres" {
			return db.URL
		}
	}
	t.Skip("several instances need PostgreSQL: set " + storetest.PostgresEnv)
	return ""
}

func TestPlayTwoInstancesServeTheMovesOfOneTurnBasedGameAlternately(t *testing.T) {
	url := postgresURL(t)
	st1, st2 := storetest.Open(t, url), storetest.Open(t, url)
	one, two := newEnv(t, st1, fixedSeed(2)), newEnv(t, st2, fixedSeed(2))
	s := one.newSchool(t)
	sessionID, g := one.startGame(t, s.student, map[string]any{"game": "potion", "edition": "3"})
	instances := []*env{one, two}
	seq := int64(0)
	moves := 0
	for i := 0; i < 300 && g["over"] != true; i++ {
		e := instances[i%2]
		// Each instance reads the game the other one saved, and moves it on.
		g = e.must(t, http.StatusOK, req{Method: "GET", Path: playGamePath(g, ""), Token: s.student}).JSON
		mv := studentMove(t, g)
		if mv == nil {
			continue
		}
		seq++
		res := e.move(t, s.student, g, seq, mv)
		require.Contains(t, []int{200, 422}, res.Status, "instance %d: %s", i%2+1, res.Raw)
		if res.Status == http.StatusOK {
			moves++
			g = res.JSON
		}
	}
	assert.Equal(t, true, g["over"], "the game was played to its end across the two instances")
	assert.Greater(t, moves, 4)
	a := one.must(t, http.StatusOK, req{Method: "GET", Path: playGamePath(g, ""), Token: s.student})
	b := two.must(t, http.StatusOK, req{Method: "GET", Path: playGamePath(g, ""), Token: s.student})
	assert.JSONEq(t, string(a.Raw), string(b.Raw), "both instances show the same game")
	atts, err := st1.AttemptsOfSession(context.Background(), sessionID)
	require.NoError(t, err)
	assert.NotEmpty(t, atts)
}

// secondStudent gives the school's spare student (Zoé, Léa's classmate) a
// PIN and signs her in.
func (e *env) secondStudent(t testing.TB, s school) string {
	t.Helper()
	e.must(t, http.StatusOK, req{Method: "POST", Path: fmt.Sprintf("/api/v1/students/%d/secret", s.spareStudentID), Token: s.teacher,
		Body: map[string]string{"kind": "pin", "pin": "4321"}})
	return e.must(t, http.StatusOK, e.studentReq(s.classCode, s.spareStudentID, "4321")).JSON["token"].(string)
}

func TestPlayClassmatesPlayMultipliPotionTurnByTurnEachOnTheirDevice(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		e := newEnv(t, st, fixedSeed(2))
		s := e.newSchool(t)
		zoe := e.secondStudent(t, s)
		leaSession, g := e.startGame(t, s.student, map[string]any{"game": "potion", "edition": "4", "classmate_id": s.spareStudentID})
		seats := g["seats"].([]any)
		require.Len(t, seats, 2)
		assert.Equal(t, "student", seats[1].(map[string]any)["kind"], "both seats are human")

		// Another class's student cannot be invited.
		res := e.do(t, req{Method: "POST", Path: "/api/v1/play/sessions", Token: s.student, Body: map[string]any{"game": "potion", "classmate_id": s.otherID}})
		assert.Equal(t, http.StatusBadRequest, res.Status)

		home := e.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/play/home", Token: zoe}).JSON
		invites := home["invites"].([]any)
		require.Len(t, invites, 1, "Zoé sees Léa's invitation on her home")
		assert.Equal(t, "Léa", invites[0].(map[string]any)["from"])
		assert.Equal(t, g["id"], invites[0].(map[string]any)["game_id"])

		zg := e.must(t, http.StatusOK, req{Method: "POST", Path: playGamePath(g, "/open"), Token: zoe}).JSON
		assert.EqualValues(t, 1, zg["seat"])
		zoeSession := num(t, zg["session_id"])
		require.NotEqual(t, leaSession, zoeSession, "Zoé plays in her own session")
		home = e.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/play/home", Token: zoe}).JSON
		assert.Empty(t, home["invites"], "joined: no longer an invitation")
		assert.Len(t, home["continue"], 1)

		tokens := []string{s.student, zoe}
		seqs := []int64{0, 0}
		for i := 0; i < 400; i++ {
			moved := false
			for seat, tok := range tokens {
				cur := e.must(t, http.StatusOK, req{Method: "GET", Path: playGamePath(g, ""), Token: tok}).JSON
				if cur["over"] == true {
					break
				}
				mv := studentMove(t, cur)
				if mv == nil {
					continue
				}
				seqs[seat]++
				res := e.move(t, tok, cur, seqs[seat], mv)
				require.Contains(t, []int{200, 422}, res.Status, "%s", res.Raw)
				moved = moved || res.Status == http.StatusOK
			}
			if !moved {
				break
			}
		}
		final := e.must(t, http.StatusOK, req{Method: "GET", Path: playGamePath(g, ""), Token: zoe}).JSON
		assert.Equal(t, true, final["over"], "the two classmates played the game to its end")
		for _, c := range []struct {
			session, student int64
		}{{leaSession, s.studentID}, {zoeSession, s.spareStudentID}} {
			atts, err := st.AttemptsOfSession(ctx, c.session)
			require.NoError(t, err)
			assert.NotEmpty(t, atts)
			for _, a := range atts {
				assert.Equal(t, c.student, a.StudentID, "each student's attempts are in their own session")
			}
		}
	})
}
