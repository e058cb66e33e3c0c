package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// gameSocket is a test's WebSocket to a game, past its first state.
type gameSocket struct {
	t       *testing.T
	conn    *websocket.Conn
	version int64
}

// openSocket dials a game's socket with a token and reads the first state.
func openSocket(t *testing.T, base, token string, g map[string]any) *gameSocket {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(base, "http") + playGamePath(g, "/ws")
	conn, res, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: http.Header{"Authorization": {"Bearer " + token}}})
	require.NoError(t, err)
	if res != nil && res.Body != nil {
		_ = res.Body.Close()
	}
	t.Cleanup(func() { _ = conn.CloseNow() })
	gs := &gameSocket{t: t, conn: conn}
	typ, body := gs.next()
	require.Equal(t, "state", typ, "the socket starts with the game")
	gs.version = num(t, body["version"])
	return gs
}

// next reads one message: its type and its game or error. The deadline
// only keeps a broken server from hanging the test.
func (gs *gameSocket) next() (string, map[string]any) {
	gs.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, data, err := gs.conn.Read(ctx)
	require.NoError(gs.t, err)
	var msg struct {
		Type  string         `json:"type"`
		Game  map[string]any `json:"game"`
		Error map[string]any `json:"error"`
	}
	require.NoError(gs.t, json.Unmarshal(data, &msg))
	if msg.Type == "error" {
		return msg.Type, msg.Error
	}
	return msg.Type, msg.Game
}

// signedOut requires the socket to say the login ended, then close with
// the signed-out code, before anything else.
func (gs *gameSocket) signedOut() {
	gs.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var said []string
	for {
		_, data, err := gs.conn.Read(ctx)
		if err != nil {
			require.Equal(gs.t, websocket.StatusPolicyViolation, websocket.CloseStatus(err), "closed as signed out: %v", err)
			require.Equal(gs.t, []string{"error:login_ended"}, said, "the page was told why, and nothing was played")
			return
		}
		var msg struct {
			Type  string `json:"type"`
			Error struct {
				Code    string `json:"code"`
				Message string `json:"message"`
			} `json:"error"`
		}
		require.NoError(gs.t, json.Unmarshal(data, &msg))
		said = append(said, msg.Type+":"+msg.Error.Code)
		if msg.Type == "error" {
			assert.NotEmpty(gs.t, msg.Error.Message)
		}
	}
}

// move sends a move over the socket.
func (gs *gameSocket) move(seq int64, mv any) {
	gs.t.Helper()
	out, err := json.Marshal(map[string]any{"type": "move", "seq": seq, "move": mv})
	require.NoError(gs.t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	require.NoError(gs.t, gs.conn.Write(ctx, websocket.MessageText, out))
}

// liveTokens are the ones /api/v1/me still accepts.
func liveTokens(t *testing.T, e *env, tokens ...string) []string {
	t.Helper()
	var live []string
	for _, tok := range tokens {
		if e.do(t, req{Method: "GET", Path: "/api/v1/me", Token: tok}).Status == http.StatusOK {
			live = append(live, tok)
		}
	}
	return live
}

func TestATeacherResettingAChildsSecretSignsThemOutEverywhereAndClosesTheirSockets(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, fixedSeed(2))
		s := e.newSchool(t)
		home := e.must(t, http.StatusOK, e.studentReq(s.classCode, s.studentID, "1234")).JSON["token"].(string)
		_, g := e.startGame(t, s.student, map[string]any{"game": "potion"})
		ts := httptest.NewServer(e.srv.Handler())
		t.Cleanup(ts.Close)
		tablet, other := openSocket(t, ts.URL, s.student, g), openSocket(t, ts.URL, home, g)

		for _, kind := range []map[string]any{{"kind": "pin"}, {"kind": "pictures"}} {
			e.must(t, http.StatusOK, req{Method: "POST", Path: fmt.Sprintf("/api/v1/students/%d/secret", s.studentID), Token: s.teacher, Body: kind})
		}
		assert.Empty(t, liveTokens(t, e, s.student, home), "every login of the child ended")
		assert.Len(t, liveTokens(t, e, s.otherStudent, s.teacher), 2, "nobody else's")
		tablet.signedOut()
		other.signedOut()
		row, err := st.Game(context.Background(), num(t, g["id"]))
		require.NoError(t, err)
		assert.EqualValues(t, g["version"], row.Version)

		// The new secret signs in.
		e.must(t, http.StatusOK, req{Method: "POST", Path: fmt.Sprintf("/api/v1/students/%d/secret", s.studentID), Token: s.teacher, Body: map[string]any{"kind": "pin", "pin": "8642"}})
		e.must(t, http.StatusOK, e.studentReq(s.classCode, s.studentID, "8642"))
	})
}

// A logout ends that login (this device), and closes the sockets opened
// with it; the child's login on another device lives on.
func TestALogoutClosesTheSocketsOfThatLoginOnly(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, fixedSeed(2))
		s := e.newSchool(t)
		home := e.must(t, http.StatusOK, e.studentReq(s.classCode, s.studentID, "1234")).JSON["token"].(string)
		_, g := e.startGame(t, s.student, map[string]any{"game": "magicoa", "edition": "multiplication"})
		ts := httptest.NewServer(e.srv.Handler())
		t.Cleanup(ts.Close)
		tablet, other := openSocket(t, ts.URL, s.student, g), openSocket(t, ts.URL, home, g)

		e.must(t, http.StatusNoContent, req{Method: "POST", Path: "/api/v1/auth/logout", Token: s.student})
		tablet.signedOut()
		assert.Equal(t, []string{home}, liveTokens(t, e, s.student, home))

		other.move(1, legal(g)[len(legal(g))-1])
		typ, after := other.next()
		require.Equal(t, "state", typ, "%v", after)
		assert.Greater(t, num(t, after["version"]), other.version, "the other device still plays")
	})
}

func TestAnErasureClosesTheChildsSockets(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, fixedSeed(2))
		s := e.newSchool(t)
		_, g := e.startGame(t, s.student, map[string]any{"game": "potion"})
		ts := httptest.NewServer(e.srv.Handler())
		t.Cleanup(ts.Close)
		sock := openSocket(t, ts.URL, s.student, g)
		e.must(t, http.StatusNoContent, req{Method: "DELETE", Path: fmt.Sprintf("/api/v1/students/%d", s.studentID), Token: s.teacher})
		sock.signedOut()
	})
}

// Every message on a socket checks its login again: a move sent after the
// login expired is not played, and the socket closes.
func TestEverySocketMessageChecksTheLoginAgain(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, fixedSeed(2))
		s := e.newSchool(t)
		_, g := e.startGame(t, s.student, map[string]any{"game": "magicoa", "edition": "multiplication"})
		ts := httptest.NewServer(e.srv.Handler())
		t.Cleanup(ts.Close)
		sock := openSocket(t, ts.URL, s.student, g)

		e.advance(12*time.Hour + time.Minute) // past the login's life
		sock.move(1, legal(g)[len(legal(g))-1])
		sock.signedOut()
		row, err := st.Game(context.Background(), num(t, g["id"]))
		require.NoError(t, err)
		assert.EqualValues(t, g["version"], row.Version, "the move was not played")
	})
}

// A logout on another instance cannot tell this one's sockets: each socket
// looks at its login again every store.AuthSessionTTL, so it closes within
// about twice that (the other instance's cached copy lives that long too).
func TestALogoutOnAnotherInstanceClosesTheSocketSoon(t *testing.T) {
	url := postgresURL(t)
	st1, st2 := storetest.Open(t, url), storetest.Open(t, url)
	one, two := newEnv(t, st1, fixedSeed(2), realClock), newEnv(t, st2, fixedSeed(2), realClock)
	s := one.newSchool(t)
	_, g := one.startGame(t, s.student, map[string]any{"game": "potion"})
	ts := httptest.NewServer(one.srv.Handler())
	t.Cleanup(ts.Close)
	sock := openSocket(t, ts.URL, s.student, g)
	start := time.Now()
	two.must(t, http.StatusNoContent, req{Method: "POST", Path: "/api/v1/auth/logout", Token: s.student})
	sock.signedOut()
	t.Logf("closed %v after the logout on the other instance", time.Since(start).Round(time.Millisecond))
}
