package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/bcrypt"

	"github.com/multipli/multipli/server"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

func TestATeacherExportsEverythingStoredAboutAStudentButNoSecret(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	s := e.newSchool(t)
	newDrill(t, e, s.student).send(t, 6)
	facts, err := st.FactStatsOf(context.Background(), s.studentID) // the questions' facts
	require.NoError(t, err)

	res := e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/api/v1/students/%d/export", s.studentID), Token: s.teacher})
	assert.Contains(t, res.Header.Get("Content-Disposition"), "attachment")
	tables := res.JSON["tables"].(map[string]any)
	for table, n := range map[string]int{"students": 1, "play_sessions": 1, "attempts": 6, "fact_stats": len(facts), "student_models": 1, "student_weeks": 1, "parent_links": 1, "parent_codes": 1, "auth_sessions": 1} {
		assert.Len(t, tables[table], n, "table %s", table)
	}
	body := string(res.Raw)
	for _, secret := range []string{"secret_hash", "card_secret", "code_hash", "jti", "password"} {
		assert.NotContains(t, body, secret)
	}
	e.must(t, http.StatusNotFound, req{Method: "GET", Path: fmt.Sprintf("/api/v1/students/%d/export", s.otherID), Token: s.teacher})
}

func TestErasingAStudentRemovesEverythingAboutThemAndNothingElse(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		e := newEnv(t, st)
		s := e.newSchool(t)
		d := newDrill(t, e, s.student)
		d.send(t, 6)
		e.must(t, http.StatusUnauthorized, e.studentReq(s.classCode, s.studentID, "9999")) // a failed login
		newDrill(t, e, s.otherStudent).send(t, 4)
		g := store.Game{PlaySessionID: d.id, Game: "potion", Seats: "[]", State: "{}", Status: "playing", CreatedAt: time.Now(), UpdatedAt: time.Now()}
		require.NoError(t, st.CreateGame(ctx, &g))
		_, err := st.SaveMove(ctx, store.Move{GameID: g.ID, State: "{}", Status: "over", At: time.Now(), Events: []store.GameEvent{{Event: "{}"}}})
		require.NoError(t, err)
		require.NoError(t, st.RecordLevelChange(ctx, &store.LevelChange{StudentID: s.studentID, At: time.Now(), FromLevel: "green", ToLevel: "violet", Decision: "up", ReasonEN: "r", ReasonFR: "r"}))

		before, err := st.StoredAbout(ctx, s.studentID)
		require.NoError(t, err)
		for _, table := range []string{"students", "attempts", "play_sessions", "games", "game_events", "fact_stats", "student_models", "student_weeks", "level_history", "parent_links", "parent_codes", "auth_sessions", "login_failures"} {
			require.Positive(t, before[table], "the school gave the student rows in %s", table)
		}
		otherBefore, err := st.StoredAbout(ctx, s.otherID)
		require.NoError(t, err)

		e.must(t, http.StatusNoContent, req{Method: "DELETE", Path: fmt.Sprintf("/api/v1/students/%d", s.studentID), Token: s.teacher})

		after, err := st.StoredAbout(ctx, s.studentID)
		require.NoError(t, err)
		for table, n := range after {
			assert.Zero(t, n, "rows left in %s", table)
		}
		otherAfter, err := st.StoredAbout(ctx, s.otherID)
		require.NoError(t, err)
		assert.Equal(t, otherBefore, otherAfter, "another student's data is untouched")
		e.must(t, http.StatusUnauthorized, req{Method: "GET", Path: "/api/v1/me", Token: s.student})
		children := e.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/children", Token: s.parent})
		assert.Empty(t, children.JSON["children"])
		e.must(t, http.StatusNotFound, req{Method: "DELETE", Path: fmt.Sprintf("/api/v1/students/%d", s.studentID), Token: s.teacher})
		e.must(t, http.StatusNotFound, req{Method: "GET", Path: fmt.Sprintf("/api/v1/students/%d/export", s.studentID), Token: s.teacher})
	})
}

// syncBuffer is a log destination shared by the server's goroutines.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func TestPasswordsPINsTokensAndCodesNeverReachTheLogs(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	var logs syncBuffer
	e := &env{st: st, now: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
	e.srv = server.New(server.Config{SecretKey: testKey, BcryptCost: bcrypt.MinCost, Now: e.clock}, st,
		slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug, ReplaceAttr: dropTime})))

	s := e.newSchool(t) // sign-ups, logins, a class, students, PINs, parent codes and links
	var secrets []string
	secrets = append(secrets, "correct horse battery", s.teacher, s.otherTeacher, s.parent, s.otherParent, s.student, s.otherStudent, s.classCode)

	login := e.must(t, http.StatusOK, req{Method: "POST", Path: "/api/v1/auth/teacher", Body: map[string]string{"email": s.teacherEmail, "password": "correct horse battery"}})
	secrets = append(secrets, login.JSON["token"].(string), login.JSON["csrf_token"].(string))
	for _, c := range login.Header.Values("Set-Cookie") {
		_, v, _ := strings.Cut(strings.Split(c, ";")[0], "=")
		secrets = append(secrets, v)
	}
	e.must(t, http.StatusUnauthorized, req{Method: "POST", Path: "/api/v1/auth/teacher", Body: map[string]string{"email": s.teacherEmail, "password": "wrong guess horse"}})
	secrets = append(secrets, "wrong guess horse")

	added := e.must(t, http.StatusCreated, req{Method: "POST", Path: fmt.Sprintf("/api/v1/classes/%d/students", s.classID), Token: s.teacher, Body: map[string]string{"names": "Noé\nInès"}})
	for _, k := range added.JSON["students"].([]any) {
		if pin, ok := k.(map[string]any)["pin"].(string); ok {
			secrets = append(secrets, pin)
		}
	}
	e.must(t, http.StatusOK, req{Method: "POST", Path: fmt.Sprintf("/api/v1/students/%d/secret", s.spareStudentID), Token: s.teacher, Body: map[string]string{"kind": "pin", "pin": "8642"}})
	e.must(t, http.StatusUnauthorized, e.studentReq(s.classCode, s.spareStudentID, "2468"))
	e.must(t, http.StatusOK, e.studentReq(s.classCode, s.spareStudentID, "8642"))
	secrets = append(secrets, "8642", "2468")

	code := e.must(t, http.StatusCreated, req{Method: "POST", Path: fmt.Sprintf("/api/v1/students/%d/parent-codes", s.spareStudentID), Token: s.teacher}).JSON["code"].(string)
	e.must(t, http.StatusCreated, req{Method: "POST", Path: "/api/v1/parent-links", Token: s.parent, Body: map[string]string{"code": code}})
	e.must(t, http.StatusNotFound, req{Method: "POST", Path: "/api/v1/parent-links", Token: s.parent, Body: map[string]string{"code": code}})
	secrets = append(secrets, code)
	e.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/class-codes/" + s.classCode})

	newDrill(t, e, s.student).send(t, 3)
	e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/api/v1/students/%d/export", s.studentID), Token: s.teacher})
	e.must(t, http.StatusNoContent, req{Method: "POST", Path: "/api/v1/auth/logout", Token: s.student})
	e.must(t, http.StatusUnauthorized, req{Method: "GET", Path: "/api/v1/me", Token: s.student})

	out := logs.String()
	require.Contains(t, out, `"msg":"request"`, "the flow was logged")
	lines := strings.Count(out, "\n")
	for _, secret := range secrets {
		require.NotEmpty(t, secret)
		if len(secret) <= 6 {
			// A PIN's four digits may occur by chance inside a number
			// (a duration, an id): look for it as a value of its own.
			for _, form := range []string{`"` + secret + `"`, `:` + secret + `,`, `:` + secret + `}`, ` ` + secret} {
				assert.NotContains(t, out, form, "a PIN is in the logs (%d lines)", lines)
			}
			continue
		}
		assert.NotContains(t, out, secret, "a secret is in the logs (%d lines)", lines)
	}
	var first map[string]any
	require.NoError(t, json.Unmarshal([]byte(strings.SplitN(out, "\n", 2)[0]), &first), "the log is JSON lines")
}

// dropTime leaves the clock out of the captured log, whose digits would
// hide a PIN among them.
func dropTime(groups []string, a slog.Attr) slog.Attr {
	if len(groups) == 0 && a.Key == slog.TimeKey {
		return slog.Attr{}
	}
	return a
}
