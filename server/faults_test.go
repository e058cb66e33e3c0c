package server_test

import (
	"context"
	"database/sql"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/server"
	"github.com/multipli/multipli/store/storetest"
)

// Fault drills on SQLite: the database is locked by another process past
// the busy timeout, or full. The answer is a clean 503 JSON error with
// Retry-After, nothing of the request is written, and the same server
// takes the next request once the fault is gone.

func TestALockedDatabaseAnswers503AndTheServerRecovers(t *testing.T) {
	path := filepath.Join(t.TempDir(), "multipli.db")
	st := storetest.Open(t, path+"?_busy_timeout=200")
	e := newEnv(t, st)
	s := e.newSchool(t)
	d := newDrill(t, e, s.student)

	other, err := sql.Open("sqlite3", "file:"+path+"?_txlock=immediate")
	require.NoError(t, err)
	defer func() { _ = other.Close() }()
	lock, err := other.BeginTx(context.Background(), nil) // BEGIN IMMEDIATE: the write lock
	require.NoError(t, err)
	_, err = lock.Exec("UPDATE students SET no_timers = no_timers")
	require.NoError(t, err)

	start := time.Now()
	five := d.next(t, 5)
	res := e.do(t, req{Method: "POST", Path: d.path, Token: s.student, Body: five})
	assert.Equal(t, http.StatusServiceUnavailable, res.Status, "%s", res.Raw)
	assert.Equal(t, "unavailable", res.errCode())
	assert.NotEmpty(t, res.JSON["error"].(map[string]any)["message"])
	assert.Equal(t, "1", res.Header.Get("Retry-After"))
	assert.Less(t, time.Since(start), 5*time.Second, "the wait is the busy timeout, not more")
	res = e.do(t, req{Method: "POST", Path: "/api/v1/practice/sessions", Token: s.student})
	assert.Equal(t, http.StatusServiceUnavailable, res.Status, "%s", res.Raw)

	require.NoError(t, lock.Rollback())
	assert.Zero(t, storedAttempts(t, st, s.studentID), "nothing was written while locked")
	res = e.must(t, http.StatusOK, req{Method: "POST", Path: d.path, Token: s.student, Body: five})
	assert.Equal(t, 5.0, res.JSON["stored"], "the same server stores the retry")
}

func TestAFullDatabaseAnswers503WritesNothingHalfAndRecovers(t *testing.T) {
	st := storetest.Open(t, filepath.Join(t.TempDir(), "multipli.db"))
	e := newEnv(t, st, func(c *server.Config) { c.IngestLimit = server.IngestLimit{Rate: 1e6, Burst: 1e6} })
	s := e.newSchool(t)
	d := newDrill(t, e, s.student)
	d.send(t, 5)

	ctx := context.Background()
	pages, err := st.LimitPages(ctx, 1)
	require.NoError(t, err)
	_, err = st.LimitPages(ctx, pages) // no room for one more page
	require.NoError(t, err)

	before := snapshotOf(t, st, s.studentID)
	var full int
	var last map[string]any
	for range 40 { // until a batch needs a new page
		last = d.next(t, min(50, len(d.waiting)))
		res := e.do(t, req{Method: "POST", Path: d.path, Token: s.student, Body: last})
		if res.Status == http.StatusServiceUnavailable {
			assert.Equal(t, "unavailable", res.errCode())
			full++
			break
		}
		require.Equal(t, http.StatusOK, res.Status, "%s", res.Raw)
		d.took(t, res)
		before = snapshotOf(t, st, s.studentID)
	}
	require.Equal(t, 1, full, "the database filled up")
	assert.Equal(t, before, snapshotOf(t, st, s.studentID), "the refused batch left no attempt and no aggregate behind")

	_, err = st.LimitPages(ctx, 0)
	require.NoError(t, err)
	res := e.must(t, http.StatusOK, req{Method: "POST", Path: d.path, Token: s.student, Body: last})
	assert.EqualValues(t, len(last["attempts"].([]map[string]any)), res.JSON["stored"], "the same server stores the batch again")
}
