package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// startGame starts a session of a game for the token's student.
func (e *env) startGame(t testing.TB, token string, body map[string]any) (sessionID int64, game map[string]any) {
	t.Helper()
	res := e.must(t, http.StatusCreated, req{Method: "POST", Path: "/api/v1/play/sessions", Token: token, Body: body})
	sess := res.JSON["session"].(map[string]any)
	return num(t, sess["id"]), res.JSON["game"].(map[string]any)
}

func playGamePath(g map[string]any, suffix string) string {
	return fmt.Sprintf("/api/v1/play/games/%d%s", int64(g["id"].(float64)), suffix)
}

// legal is the first legal moves of the DTO's view.
func legal(g map[string]any) []any {
	v, _ := g["view"].(map[string]any)
	l, _ := v["legal"].([]any)
	return l
}

func (e *env) move(t testing.TB, token string, g map[string]any, seq int64, mv any) response {
	t.Helper()
	return e.do(t, req{Method: "POST", Path: playGamePath(g, "/moves"), Token: token,
		Body: map[string]any{"version": g["version"], "seq": seq, "move": mv}})
}

// playLegal plays the seat's first legal move up to n times, stopping at
// the game's end or when it is not the student's turn; it returns the last
// game.
func (e *env) playLegal(t testing.TB, token string, g map[string]any, seq *int64, n int) map[string]any {
	t.Helper()
	for range n {
		l := legal(g)
		if g["over"] == true || len(l) == 0 {
			return g
		}
		*seq++
		res := e.move(t, token, g, *seq, l[len(l)-1])
		if res.Status == http.StatusUnprocessableEntity {
			continue
		}
		require.Equal(t, http.StatusOK, res.Status, "%s", res.Raw)
		g = res.JSON
	}
	return g
}

func TestPlayAPIMovesOfEachGameStoreServerJudgedAttempts(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		for _, tc := range []map[string]any{
			{"game": "potion", "edition": "3"},
			{"game": "potion", "edition": "4"},
			{"game": "magicoa", "edition": "multiplication"},
			{"game": "cube", "edition": "1"},
			{"game": "cube", "edition": "4"},
			{"game": "cats"},
		} {
			t.Run(fmt.Sprint(tc["game"], tc["edition"]), func(t *testing.T) {
				e := newEnv(t, st, fixedSeed(2))
				s := e.newSchool(t)
				sessionID, g := e.startGame(t, s.student, tc)
				assert.EqualValues(t, sessionID, g["session_id"])
				seq := int64(0)
				var atts []store.Attempt
				for range 80 {
					if mv := studentMove(t, g); mv != nil {
						seq++
						res := e.move(t, s.student, g, seq, mv)
						require.Contains(t, []int{200, 422}, res.Status, "%s", res.Raw)
						if res.Status == http.StatusOK {
							g = res.JSON
						}
					}
					var err error
					atts, err = st.AttemptsOfSession(context.Background(), sessionID)
					require.NoError(t, err)
					if len(atts) > 0 || g["over"] == true {
						break
					}
					e.advance(1500 * time.Millisecond)
					g = e.must(t, http.StatusOK, req{Method: "POST", Path: playGamePath(g, "/open"), Token: s.student}).JSON
				}
				require.NotEmpty(t, atts, "the moves produced attempts")
				for _, a := range atts {
					assert.Equal(t, s.studentID, a.StudentID)
					if a.Given != nil {
						assert.Equal(t, *a.Given == a.A*a.B, a.Correct)
					}
				}
			})
		}
	})
}

func TestPlayAPIRefusedMoveIs422WithTheRuleTranslated(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, fixedSeed(2))
		s := e.newSchool(t)
		_, g := e.startGame(t, s.student, map[string]any{"game": "potion"})
		for _, lang := range []struct{ header, want string }{{"fr-FR,fr;q=0.9", "Coup inconnu"}, {"en-GB", "Unknown move"}} {
			res := e.do(t, req{Method: "POST", Path: playGamePath(g, "/moves"), Token: s.student, Header: map[string]string{"Accept-Language": lang.header},
				Body: map[string]any{"version": g["version"], "seq": 1, "move": map[string]any{"type": "fly"}}})
			require.Equal(t, http.StatusUnprocessableEntity, res.Status, "%s", res.Raw)
			assert.Equal(t, "game.unknown_move", res.errCode())
			detail := res.JSON["error"].(map[string]any)
			assert.Contains(t, detail["message"], lang.want)
			assert.Equal(t, "fly", detail["params"].(map[string]any)["type"])
		}
		again := e.must(t, http.StatusOK, req{Method: "GET", Path: playGamePath(g, ""), Token: s.student}).JSON
		assert.Equal(t, g["version"], again["version"], "a refused move changes nothing")
	})
}

func TestPlayAPIStaleVersionIs409(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, fixedSeed(2))
		s := e.newSchool(t)
		_, g := e.startGame(t, s.student, map[string]any{"game": "magicoa", "edition": "multiplication"})
		seq := int64(0)
		next := e.playLegal(t, s.student, g, &seq, 1)
		require.NotEqual(t, g["version"], next["version"])
		res := e.move(t, s.student, g, seq+1, legal(next)[0])
		assert.Equal(t, http.StatusConflict, res.Status, "%s", res.Raw)
		assert.Equal(t, "game.version_conflict", res.errCode())
	})
}

func TestPlayAPIResumeGivesTheSameGame(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, fixedSeed(2))
		s := e.newSchool(t)
		_, g := e.startGame(t, s.student, map[string]any{"game": "potion", "edition": "4"})
		seq := int64(0)
		g = e.playLegal(t, s.student, g, &seq, 3)
		reload := e.must(t, http.StatusOK, req{Method: "GET", Path: playGamePath(g, ""), Token: s.student})
		again := e.must(t, http.StatusOK, req{Method: "GET", Path: playGamePath(g, ""), Token: s.student})
		assert.JSONEq(t, string(reload.Raw), string(again.Raw))
		moved, _ := json.Marshal(g)
		assert.JSONEq(t, string(moved), string(reload.Raw), "a reload shows the game as the move left it")
	})
}

func TestPlayAPIResentSeqStoresNothingTwice(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		e := newEnv(t, st, fixedSeed(2))
		s := e.newSchool(t)
		sessionID, g := e.startGame(t, s.student, map[string]any{"game": "magicoa", "edition": "multiplication"})
		seq := int64(0)
		// Play until a move stores an attempt, then resend that move.
		for range 60 {
			before, err := st.AttemptsOfSession(ctx, sessionID)
			require.NoError(t, err)
			l := legal(g)
			require.NotEmpty(t, l)
			seq++
			res := e.move(t, s.student, g, seq, l[len(l)-1])
			if res.Status != http.StatusOK {
				continue
			}
			after, err := st.AttemptsOfSession(ctx, sessionID)
			require.NoError(t, err)
			if len(after) == len(before) {
				g = res.JSON
				continue
			}
			resent := e.move(t, s.student, g, seq, l[len(l)-1])
			require.Equal(t, http.StatusOK, resent.Status, "a resend is answered with the game: %s", resent.Raw)
			assert.Equal(t, res.JSON["version"], resent.JSON["version"])
			again, err := st.AttemptsOfSession(ctx, sessionID)
			require.NoError(t, err)
			assert.Len(t, again, len(after), "the resend stored nothing")
			return
		}
		t.Fatal("no move stored an attempt")
	})
}

func TestPlayAPISessionEndSummarises(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		e := newEnv(t, st, fixedSeed(2))
		s := e.newSchool(t)
		sessionID, g := e.startGame(t, s.student, map[string]any{"game": "magicoa", "edition": "multiplication"})
		seq := int64(0)
		e.playLegal(t, s.student, g, &seq, 30)
		atts, err := st.AttemptsOfSession(ctx, sessionID)
		require.NoError(t, err)
		require.NotEmpty(t, atts)
		// The write path marks a practised fact fluent.
		a := atts[0]
		lo, hi := min(a.A, a.B), max(a.A, a.B)
		require.NoError(t, st.SaveFactStats(ctx, []store.FactStat{{StudentID: s.studentID, A: lo, B: hi, Attempts: 1, Correct: 1, Fluent: true}}))
		res := e.must(t, http.StatusOK, req{Method: "POST", Path: fmt.Sprintf("/api/v1/play/sessions/%d/end", sessionID), Token: s.student})
		answered, correct := 0, 0
		for _, a := range atts {
			if a.Kind != "missed" {
				answered++
			}
			if a.Correct {
				correct++
			}
		}
		assert.EqualValues(t, answered, res.JSON["facts_answered"])
		assert.EqualValues(t, correct, res.JSON["correct"])
		assert.Contains(t, res.JSON["became_fluent"], map[string]any{"a": float64(lo), "b": float64(hi)})
		assert.Contains(t, res.JSON, "stars")
		assert.Contains(t, res.JSON, "trophies")
		// Another student's session is not theirs to end.
		other := e.do(t, req{Method: "POST", Path: fmt.Sprintf("/api/v1/play/sessions/%d/end", sessionID), Token: s.otherStudent})
		assert.Equal(t, http.StatusNotFound, other.Status)
	})
}

func TestPlayAPIPagesAreServed(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st, fixedSeed(2))
	for _, p := range []string{"/student", "/play/12"} {
		res := e.must(t, http.StatusOK, req{Method: "GET", Path: p})
		assert.True(t, strings.Contains(string(res.Raw), "/static/play/"), "%s loads the play modules", p)
	}
}

// wrongCapture finds two of the seat's potions and a monster of the other
// zone whose number is not their product.
func wrongCapture(g map[string]any) (map[string]any, bool) {
	v := viewOf(g)
	me := int(v["seat"].(float64))
	zones := v["zones"].([]any)
	mine, theirs := zones[me].([]any), zones[1-me].([]any)
	if len(mine) < 2 || len(theirs) < 1 {
		return nil, false
	}
	a, c := mine[0].(map[string]any), mine[1].(map[string]any)
	for _, x := range theirs {
		m := x.(map[string]any)
		if m["monster"].(float64) != a["potion"].(float64)*c["potion"].(float64) {
			return map[string]any{"type": "capture", "potions": []any{a["id"], c["id"]}, "monster": m["id"]}, true
		}
	}
	return nil, false
}

func TestPlayAPIWrongCaptureIsRefusedAndItsAttemptStoredOnce(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		e := newEnv(t, st, fixedSeed(2))
		s := e.newSchool(t)
		sessionID, g := e.startGame(t, s.student, map[string]any{"game": "potion", "edition": "4"})
		seq := int64(0)
		for range 200 {
			if g["over"] == true {
				break
			}
			if mv, ok := wrongCapture(g); ok && has(g, "capture") && !has(g, "lay") {
				before, err := st.AttemptsOfSession(ctx, sessionID)
				require.NoError(t, err)
				seq++
				for range 2 { // sent, then resent
					res := e.move(t, s.student, g, seq, mv)
					require.Equal(t, http.StatusUnprocessableEntity, res.Status, "%s", res.Raw)
				}
				after, err := st.AttemptsOfSession(ctx, sessionID)
				require.NoError(t, err)
				require.Len(t, after, len(before)+1, "the wrong capture is an attempt, stored once")
				last := after[len(after)-1]
				assert.Equal(t, "capture", last.Kind)
				assert.False(t, last.Correct)
				cur := e.must(t, http.StatusOK, req{Method: "GET", Path: playGamePath(g, ""), Token: s.student}).JSON
				assert.Equal(t, g["version"], cur["version"], "the refusal changed nothing")
				return
			}
			mv := studentMove(t, g)
			if has(g, "lay") {
				for _, m := range legal(g) {
					if m.(map[string]any)["type"] == "lay" {
						mv = m
						break
					}
				}
			}
			require.NotNil(t, mv)
			seq++
			res := e.move(t, s.student, g, seq, mv)
			require.Contains(t, []int{200, 422}, res.Status, "%s", res.Raw)
			if res.Status == http.StatusOK {
				g = res.JSON
			}
		}
		t.Skip("no wrong capture came up in this deal")
	})
}

func TestPlayAPIEventsSinceTheClientsVersion(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, fixedSeed(2))
		s := e.newSchool(t)
		_, g := e.startGame(t, s.student, map[string]any{"game": "magicoa", "edition": "multiplication"})
		start := g["version"]
		seq := int64(0)
		one := e.playLegal(t, s.student, g, &seq, 1)
		two := e.playLegal(t, s.student, one, &seq, 1)
		require.NotEqual(t, one["version"], two["version"])
		last := e.must(t, http.StatusOK, req{Method: "GET", Path: playGamePath(g, ""), Token: s.student}).JSON
		all := e.must(t, http.StatusOK, req{Method: "GET", Path: playGamePath(g, fmt.Sprintf("?since=%v", start)), Token: s.student}).JSON
		assert.Equal(t, len(two["events"].([]any)), len(last["events"].([]any)), "without since: the last step's events")
		assert.Equal(t, len(one["events"].([]any))+len(two["events"].([]any)), len(all["events"].([]any)), "since the start: both moves' events")
	})
}
