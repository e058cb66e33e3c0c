package server_test

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// Lasting faults: a database that cannot be written or is damaged is a
// server fault (500 "storage_fault", no Retry-After), not the 503 "try
// again in a moment" of a locked or full one, and /readyz says not ready
// with the fault's name. The passing faults' drills are faults_test.go and
// faults_pg_test.go.

// assertStorageFault checks a lasting fault's answer.
func assertStorageFault(t *testing.T, res response) {
	t.Helper()
	if assert.Equal(t, http.StatusInternalServerError, res.Status, "%s", res.Raw) {
		assert.Equal(t, "storage_fault", res.errCode())
		assert.Empty(t, res.Header.Get("Retry-After"), "no retry helps until it is repaired")
	}
}

// assertNotReady checks /readyz's refusal and the fault it names.
func assertNotReady(t *testing.T, e *env, fault string) {
	t.Helper()
	res := e.do(t, req{Method: "GET", Path: "/readyz"})
	if assert.Equal(t, http.StatusServiceUnavailable, res.Status, "%s", res.Raw) {
		assert.Equal(t, "not_ready", res.errCode())
		assert.Equal(t, fault, res.JSON["fault"])
	}
}

func TestAReadOnlyDatabaseAnswers500AndIsNotReady(t *testing.T) {
	st := storetest.Open(t, filepath.Join(t.TempDir(), "multipli.db"))
	e := newEnv(t, st)
	s := e.newSchool(t)
	e.must(t, http.StatusOK, req{Method: "GET", Path: "/readyz"})
	before, err := st.RowCounts(context.Background())
	require.NoError(t, err)

	require.NoError(t, st.QueryOnly(context.Background())) // SQLite now answers SQLITE_READONLY to the writer
	for range 2 {
		assertStorageFault(t, e.do(t, req{Method: "POST", Path: "/api/v1/practice/sessions", Token: s.student}))
	}
	assertNotReady(t, e, "read_only")
	after, err := st.RowCounts(context.Background())
	require.NoError(t, err)
	assert.Equal(t, before, after, "nothing written")

	// The probe finds it too, without a request's help.
	err = st.Probe(context.Background())
	assert.ErrorContains(t, err, "readonly")
}

func TestADamagedDatabaseAnswers500ItsExportIsNo200AndItIsNotReady(t *testing.T) {
	path := filepath.Join(t.TempDir(), "multipli.db")
	st := storetest.Open(t, path)
	e := newEnv(t, st)
	s := e.newSchool(t)
	students := fmt.Sprintf("/api/v1/classes/%d/students", s.classID)
	e.must(t, http.StatusOK, req{Method: "GET", Path: students, Token: s.teacher})
	recordAnswers(t, e, s)

	for _, table := range []string{"students", "attempts", "fact_stats"} {
		storetest.DamageTable(t, path, table)
	}
	assertStorageFault(t, e.do(t, req{Method: "GET", Path: students, Token: s.teacher}))
	assertNotReady(t, e, "corrupt")

	// The export meets the damage before its first byte: a JSON error,
	// never a 200 with an empty file.
	for _, csv := range []string{"/export/attempts.csv", "/export/fact-stats.csv"} {
		res := e.do(t, req{Method: "GET", Path: fmt.Sprintf("/api/v1/classes/%d%s", s.classID, csv), Token: s.teacher})
		assertStorageFault(t, res)
		assert.NotContains(t, res.Header.Get("Content-Type"), "text/csv")
		assert.Empty(t, res.Header.Get("Content-Disposition"))
	}
}

// PostgreSQL turned read-only under the server (a failover onto a
// standby, default_transaction_read_only set): every write fails with
// SQLSTATE 25006, raised here by a trigger on the table a new session
// writes — the error PostgreSQL gives, as the disk-full drill does, since
// the test shares its database with others and cannot make it read-only.
// Starting on a read-only PostgreSQL is refused
// (store's TestAReadOnlyPostgresRefusesToStartAndIsNotReady).
func TestAReadOnlyPostgresAnswers500AndIsNotReady(t *testing.T) {
	base := drillURL(t)
	st := storetest.Open(t, base)
	e := newEnv(t, st)
	s := e.newSchool(t)
	e.must(t, http.StatusOK, req{Method: "GET", Path: "/readyz"})
	ctx := context.Background()
	db := openPG(t, base)
	for _, q := range []string{
		`CREATE FUNCTION read_only() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'cannot execute INSERT in a read-only transaction' USING ERRCODE = 'read_only_sql_transaction'; END $$ LANGUAGE plpgsql`,
		`CREATE TRIGGER read_only BEFORE INSERT OR UPDATE ON play_sessions FOR EACH ROW EXECUTE FUNCTION read_only()`,
	} {
		_, err := db.ExecContext(ctx, q)
		require.NoError(t, err)
	}
	for range 2 {
		assertStorageFault(t, e.do(t, req{Method: "POST", Path: "/api/v1/practice/sessions", Token: s.student}))
	}
	assertNotReady(t, e, "read_only")

	_, err := db.ExecContext(ctx, "DROP TRIGGER read_only ON play_sessions")
	require.NoError(t, err)
	require.NoError(t, st.Probe(ctx))
	e.must(t, http.StatusOK, req{Method: "GET", Path: "/readyz"})
	e.must(t, http.StatusCreated, req{Method: "POST", Path: "/api/v1/practice/sessions", Token: s.student})
}

// recordAnswers stores a few answers of the school's student, in a session
// the student opened, through the store's write path.
func recordAnswers(t *testing.T, e *env, s school) {
	t.Helper()
	res := e.must(t, http.StatusCreated, req{Method: "POST", Path: "/api/v1/practice/sessions", Token: s.student})
	session := num(t, res.JSON["id"])
	var answers []store.Attempt
	for i := range 5 {
		given := 12
		answers = append(answers, store.Attempt{StudentID: s.studentID, PlaySessionID: session, Game: store.GamePractice, Level: "green",
			A: 3, B: 4, Given: &given, Correct: true, Kind: "answer", Seq: int64(i + 1), At: e.clock()})
	}
	n, err := e.st.RecordAttempts(context.Background(), answers)
	require.NoError(t, err)
	require.Equal(t, int64(5), n)
}
