package server_test

import (
	"context"
	"database/sql"
	"net/http"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/server"
	"github.com/multipli/multipli/store/storetest"
)

// Fault drills on PostgreSQL (skipped unless MULTIPLI_TEST_POSTGRES_URL is
// set): a table is locked by another connection past the lock timeout,
// the disk is full, or the server's connections are killed. The answer is a clean 503 JSON error
// with Retry-After, never a 500; nothing of a refused request is written;
// and the same server takes the next requests once the fault is gone.

// drillURL is a fresh PostgreSQL schema, or a skip when none is set.
func drillURL(t *testing.T) string {
	t.Helper()
	if os.Getenv(storetest.PostgresEnv) == "" {
		t.Skip("the PostgreSQL fault drills need PostgreSQL: set " + storetest.PostgresEnv)
	}
	return storetest.PostgresSchema(t, os.Getenv(storetest.PostgresEnv))
}

// withParams returns the PostgreSQL URL with the query parameters set (pgx
// sends the ones it does not know as run-time settings).
func withParams(t *testing.T, base string, kv ...string) string {
	t.Helper()
	u, err := url.Parse(base)
	require.NoError(t, err)
	q := u.Query()
	for i := 0; i+1 < len(kv); i += 2 {
		q.Set(kv[i], kv[i+1])
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// openPG opens a database/sql pool on url with the pgx driver, closed when
// the test ends.
func openPG(t *testing.T, url string) *sql.DB {
	t.Helper()
	db, err := sql.Open("pgx", url)
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close() })
	return db
}

// assertUnavailable checks a clean 503: the JSON error, its message, Retry-After.
func assertUnavailable(t *testing.T, res response) {
	t.Helper()
	if assert.Equal(t, http.StatusServiceUnavailable, res.Status, "%s", res.Raw) {
		assert.Equal(t, "unavailable", res.errCode())
		e, _ := res.JSON["error"].(map[string]any)
		assert.NotEmpty(t, e["message"])
		assert.Equal(t, "1", res.Header.Get("Retry-After"))
	}
}

func TestALockedPostgresTableAnswers503WithinTheLockTimeoutAndTheServerRecovers(t *testing.T) {
	base := drillURL(t)
	// A short lock_timeout in the URL, as an operator may set one; the
	// store's default (5 s) is checked in store/lock_timeout_test.go.
	st := storetest.Open(t, withParams(t, base, "lock_timeout", "300ms"))
	e := newEnv(t, st)
	s := e.newSchool(t)
	d := newDrill(t, e, s.student)
	d.send(t, 5)
	before := snapshotOf(t, st, s.studentID)
	five := d.next(t, 5)

	// Another connection on the same schema (an operator's ALTER TABLE, a
	// VACUUM FULL, a stuck migration) holds the table every attempt and
	// every new session locks.
	ctx := context.Background()
	lock, err := openPG(t, base).BeginTx(ctx, nil)
	require.NoError(t, err)
	defer func() { _ = lock.Rollback() }()
	_, err = lock.ExecContext(ctx, "LOCK TABLE students IN ACCESS EXCLUSIVE MODE")
	require.NoError(t, err)

	for _, r := range []req{
		{Method: "POST", Path: d.path, Token: s.student, Body: five},
		{Method: "POST", Path: "/api/v1/practice/sessions", Token: s.student},
		{Method: "GET", Path: "/api/v1/play/home", Token: s.student}, // a read waits for the lock too
	} {
		start := time.Now()
		res := e.do(t, r)
		assertUnavailable(t, res)
		// lock_timeout is 300 ms; the bound is generous for a busy machine
		// and far below the store's 30 s transaction timeout.
		assert.Less(t, time.Since(start), 5*time.Second, "%s %s waited for the lock timeout, not more", r.Method, r.Path)
	}

	require.NoError(t, lock.Rollback())
	assert.Equal(t, before, snapshotOf(t, st, s.studentID), "nothing was written while locked")
	res := e.must(t, http.StatusOK, req{Method: "POST", Path: d.path, Token: s.student, Body: five})
	assert.Equal(t, 5.0, res.JSON["stored"], "the same server stores the retry")
	e.must(t, http.StatusCreated, req{Method: "POST", Path: "/api/v1/practice/sessions", Token: s.student})
	e.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/play/home", Token: s.student})
}

// PostgreSQL's disk fills up in the middle of a write: the attempts went
// in, then the week's aggregate cannot be written (SQLSTATE 53100,
// disk_full — raised here by a trigger, since the test cannot fill this
// machine's disk). The whole batch is refused with a 503, none of it is
// left behind, and the same server stores the retry once there is room.
func TestAFullPostgresDiskAnswers503WritesNothingHalfAndRecovers(t *testing.T) {
	base := drillURL(t)
	st := storetest.Open(t, base)
	e := newEnv(t, st)
	s := e.newSchool(t)
	d := newDrill(t, e, s.student)
	d.send(t, 5)
	before := snapshotOf(t, st, s.studentID)
	five := d.next(t, 5)

	ctx := context.Background()
	db := openPG(t, base)
	for _, q := range []string{
		`CREATE FUNCTION disk_full() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'could not extend file' USING ERRCODE = 'disk_full'; END $$ LANGUAGE plpgsql`,
		`CREATE TRIGGER disk_full BEFORE INSERT OR UPDATE ON student_weeks FOR EACH ROW EXECUTE FUNCTION disk_full()`,
	} {
		_, err := db.ExecContext(ctx, q)
		require.NoError(t, err)
	}
	for range 2 {
		assertUnavailable(t, e.do(t, req{Method: "POST", Path: d.path, Token: s.student, Body: five}))
	}
	assert.Equal(t, before, snapshotOf(t, st, s.studentID), "no attempt and no aggregate of the refused batch")

	_, err := db.ExecContext(ctx, "DROP TRIGGER disk_full ON student_weeks")
	require.NoError(t, err)
	res := e.must(t, http.StatusOK, req{Method: "POST", Path: d.path, Token: s.student, Body: five})
	assert.Equal(t, 5.0, res.JSON["stored"], "the same server stores the retry")
}

// killer terminates the PostgreSQL backends of one test's server, found by
// the application_name its URL sets: other tests share the database.
type killer struct {
	admin *sql.DB
	app   string
}

func newKiller(t *testing.T, app string) killer {
	t.Helper()
	return killer{admin: openPG(t, os.Getenv(storetest.PostgresEnv)), app: app}
}

// kill terminates every backend of the test's server and returns how many.
func (k killer) kill() (int, error) {
	var n int
	err := k.admin.QueryRowContext(context.Background(), `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
		WHERE datname = current_database() AND application_name = $1 AND pid <> pg_backend_pid()`, k.app).Scan(&n)
	return n, err
}

func (k killer) mustKill(t *testing.T) int {
	t.Helper()
	n, err := k.kill()
	require.NoError(t, err)
	return n
}

// untilDone sends r until it answers ok, and returns how many 503s came
// before: every refusal must be a clean 503, never anything else.
func untilDone(t *testing.T, e *env, r req, ok int) (response, int) {
	t.Helper()
	for try := 0; ; try++ {
		res := e.do(t, r)
		if res.Status == ok {
			return res, try
		}
		require.Equal(t, http.StatusServiceUnavailable, res.Status, "%s %s: %s", r.Method, r.Path, res.Raw)
		assertUnavailable(t, res)
		require.Less(t, try, 50, "the server did not recover: %s %s", r.Method, r.Path)
		time.Sleep(50 * time.Millisecond)
	}
}

func TestAPostgresOutOfReachAnswers503NeverHalfAndTheServerRecovers(t *testing.T) {
	base := drillURL(t)
	u, err := url.Parse(base)
	require.NoError(t, err)
	app := "multipli_fault_" + u.Query().Get("search_path") // unique to this test's schema
	st := storetest.Open(t, withParams(t, base, "application_name", app))
	e := newEnv(t, st, func(c *server.Config) { c.IngestLimit = server.IngestLimit{Rate: 1e6, Burst: 1e6} })
	s := e.newSchool(t)
	d := newDrill(t, e, s.student)
	k := newKiller(t, app)

	acked := map[[2]int64]bool{} // (session, seq) the server acknowledged
	answer := func() int {       // sends the next batch until it is acknowledged
		body := d.next(t, 10)
		res, n := untilDone(t, e, req{Method: "POST", Path: d.path, Token: s.student, Body: body}, http.StatusOK)
		d.took(t, res)
		for _, a := range body["attempts"].([]map[string]any) {
			acked[[2]int64{d.id, a["seq"].(int64)}] = true
		}
		return n
	}

	// Between requests: the server's connections are killed right before
	// an answer batch, a read and a new session. Each reconnects or
	// answers 503, and its retry succeeds. (A connection used less than a
	// second ago is not pinged by pgx before reuse: the next statement
	// finds it dead, 57P01.)
	killed, refused := 0, 0
	for range 4 {
		killed += k.mustKill(t)
		refused += answer()
		home := req{Method: "GET", Path: "/api/v1/play/home", Token: s.student}
		e.must(t, http.StatusOK, home) // the pool's last connection is the read's
		killed += k.mustKill(t)
		_, n := untilDone(t, e, home, http.StatusOK)
		refused += n
		killed += k.mustKill(t)
		res, n := untilDone(t, e, req{Method: "POST", Path: "/api/v1/practice/sessions", Token: s.student}, http.StatusCreated)
		refused += n
		d = drillOf(t, e, s.student, res)
	}
	assert.Positive(t, killed, "the drill killed the server's connections")
	assert.Positive(t, refused, "some requests met a dead connection")

	// During requests: connections die every 100 ms while batches keep
	// coming (for 2 s and at least 40 batches). Each answer is 200 or 503,
	// and a refused batch is resent until stored.
	stop, done := make(chan struct{}), make(chan int)
	go func() {
		n := 0
		defer func() { done <- n }()
		for {
			select {
			case <-stop:
				return
			case <-time.After(100 * time.Millisecond):
			}
			if got, err := k.kill(); err == nil {
				n += got
			}
		}
	}()
	during, batches := 0, 0
	for end := time.Now().Add(2 * time.Second); batches < 40 || time.Now().Before(end); batches++ {
		during += answer()
		if batches > 2000 {
			break
		}
	}
	close(stop)
	killedDuring := <-done
	t.Logf("killed %d backends between requests (%d requests refused) and %d during %d batches (%d refused)",
		killed, refused, killedDuring, batches, during)
	assert.Positive(t, killedDuring)

	// The fault is gone. Once the connections killed last have been idle
	// for pgx's liveness check (1 s), the same server answers at once.
	time.Sleep(1500 * time.Millisecond)
	e.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/play/home", Token: s.student})
	res := e.must(t, http.StatusCreated, req{Method: "POST", Path: "/api/v1/practice/sessions", Token: s.student})
	d = drillOf(t, e, s.student, res)
	for range 3 {
		assert.Zero(t, answer(), "no 503 once the fault is gone")
	}

	// Every acknowledged answer is stored exactly once, and the aggregates
	// agree with the stored log: no half-written batch.
	got, err := st.AttemptsOf(context.Background(), s.studentID, time.Time{})
	require.NoError(t, err)
	stored := map[[2]int64]bool{}
	for _, a := range got {
		key := [2]int64{a.PlaySessionID, a.Seq}
		assert.False(t, stored[key], "answer %v stored twice", key)
		stored[key] = true
	}
	assert.Equal(t, acked, stored, "each acknowledged answer once, nothing else")
	snap := snapshotOf(t, st, s.studentID)
	perFact, perWeek := 0, 0
	for _, f := range snap.Stats {
		perFact += f.Attempts
	}
	for _, w := range snap.Weeks {
		perWeek += w.Attempts
	}
	assert.Equal(t, len(got), perFact, "fact_stats count every stored attempt once")
	assert.Equal(t, len(got), perWeek, "student_weeks count every stored attempt once")
}
