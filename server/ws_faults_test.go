package server_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// A move sent over the game socket while the database is locked past its
// busy or lock timeout is told "unavailable" with HTTP's 503, as the same
// move posted over HTTP would be, not an internal error; once the lock is
// gone the same socket plays the move.
func TestALockedDatabaseIsUnavailableOverTheGameSocket(t *testing.T) {
	path := filepath.Join(t.TempDir(), "multipli.db")
	st := storetest.Open(t, path+"?_busy_timeout=200")
	unavailableOverTheSocket(t, st, func(ctx context.Context) func() {
		other, err := sql.Open("sqlite3", "file:"+path+"?_txlock=immediate")
		require.NoError(t, err)
		lock, err := other.BeginTx(ctx, nil) // BEGIN IMMEDIATE: the write lock
		require.NoError(t, err)
		_, err = lock.Exec("UPDATE students SET no_timers = no_timers")
		require.NoError(t, err)
		return func() {
			require.NoError(t, lock.Rollback())
			require.NoError(t, other.Close())
		}
	})
}

func TestALockedPostgresTableIsUnavailableOverTheGameSocket(t *testing.T) {
	base := drillURL(t)
	st := storetest.Open(t, withParams(t, base, "lock_timeout", "300ms"))
	unavailableOverTheSocket(t, st, func(ctx context.Context) func() {
		// Another connection holds the table every move writes.
		lock, err := openPG(t, base).BeginTx(ctx, nil)
		require.NoError(t, err)
		_, err = lock.ExecContext(ctx, "LOCK TABLE games IN ACCESS EXCLUSIVE MODE")
		require.NoError(t, err)
		return func() { require.NoError(t, lock.Rollback()) }
	})
}

// unavailableOverTheSocket opens a game's socket, locks the database with
// lock (which returns the release), sends a legal move, expects the
// socket's "unavailable" error, releases the lock and expects the same
// move played.
func unavailableOverTheSocket(t *testing.T, st *store.Store, lock func(context.Context) func()) {
	e := newEnv(t, st, fixedSeed(2))
	s := e.newSchool(t)
	_, g := e.startGame(t, s.student, map[string]any{"game": "magicoa", "edition": "multiplication"})
	moves := legal(g)
	require.NotEmpty(t, moves, "the student plays first")
	srv := httptest.NewServer(e.srv.Handler())
	t.Cleanup(srv.Close)
	p := dialGame(t, srv.URL, s.student, g)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	first := readSocket(ctx, t, p.conn)
	require.Equal(t, "state", first.Type)

	release := lock(ctx)
	move, err := json.Marshal(map[string]any{"type": "move", "seq": 1, "move": moves[0]})
	require.NoError(t, err)
	require.NoError(t, p.conn.Write(ctx, websocket.MessageText, move))
	got := readSocket(ctx, t, p.conn)
	require.Equal(t, "error", got.Type, "%+v", got)
	assert.Equal(t, http.StatusServiceUnavailable, got.Status)
	assert.Equal(t, "unavailable", got.Error["code"])
	assert.NotEmpty(t, got.Error["message"])

	release()
	require.NoError(t, p.conn.Write(ctx, websocket.MessageText, move))
	got = readSocket(ctx, t, p.conn)
	assert.Equal(t, "state", got.Type, "the same socket plays the move once the lock is gone: %+v", got)
}

type socketMessage struct {
	Type   string         `json:"type"`
	Status int            `json:"status"`
	Error  map[string]any `json:"error"`
}

func readSocket(ctx context.Context, t *testing.T, conn *websocket.Conn) socketMessage {
	t.Helper()
	_, data, err := conn.Read(ctx)
	require.NoError(t, err)
	var m socketMessage
	require.NoError(t, json.Unmarshal(data, &m), "%s", data)
	return m
}
