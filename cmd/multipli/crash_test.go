package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/pedagogy"
	"github.com/multipli/multipli/play"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// buildBinary compiles the multipli command into dir.
func buildBinary(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "multipli")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "go build: %s", out)
	return bin
}

// startServeProcess runs `multipli serve` on a free loopback port and returns its
// base URL once it listens.
func startServeProcess(t *testing.T, bin, databaseURL, dataDir string) (*exec.Cmd, string) {
	t.Helper()
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--database-url", databaseURL, "--data-dir", dataDir, "--log-level", "warn")
	cmd.Env = append(os.Environ(), "MULTIPLI_JWT_KEY=crash-test-key-crash-test-key-crash-test")
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	cmd.Stderr = io.Discard
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	lines := bufio.NewScanner(stdout)
	for lines.Scan() {
		if url, ok := strings.CutPrefix(lines.Text(), "listening on "); ok {
			go func() { _, _ = io.Copy(io.Discard, stdout) }()
			return cmd, url
		}
	}
	t.Fatal("serve ended before listening")
	return nil, ""
}

// acked is the set of answers the server acknowledged, by session and seq.
type acked struct {
	mu   sync.Mutex
	seqs map[[2]int64]bool
}

// On SQLite a file; on PostgreSQL (when the tests have one) a fresh schema,
// where the answers go through the writer's pipeline (store/pipeline.go).
func TestEveryAcknowledgedAttemptSurvivesASIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs a server process")
	}
	bin := buildBinary(t, t.TempDir())
	for _, db := range storetest.Databases(t) {
		t.Run(db.Name, func(t *testing.T) { crashAndRestart(t, bin, db.URL, t.TempDir()) })
	}
}

// crashAndRestart streams answers to a server process, SIGKILLs it, starts
// it again on the same database and checks what was stored.
func crashAndRestart(t *testing.T, bin, dbURL, dataDir string) {
	srv, base := startServeProcess(t, bin, dbURL, dataDir)

	ctx := context.Background()
	client := loadClient(20)
	// The server refuses practice answers faster than a child's: rounds of
	// 2 questions, each answered once 0.6 s have passed since it was asked.
	floor := play.DefaultMinAnswer
	w, err := setupWorld(ctx, client, base, 20, 2, floor)
	require.NoError(t, err)

	got := acked{seqs: map[[2]int64]bool{}}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for _, s := range w.students {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf []byte
			for {
				select {
				case <-stop:
					return
				case <-time.After(time.Until(s.readyAt) + 10*time.Millisecond):
				}
				buf = appendAnswers(buf[:0], s.questions)
				path := fmt.Sprintf("%s/api/v1/play/sessions/%d/attempts", base, s.session)
				var out answered
				err := post(ctx, client, path, s.auth(), buf, &out)
				if err != nil {
					return // the server died: this batch (s.questions) was not acknowledged
				}
				got.mu.Lock()
				for _, q := range s.questions {
					got.seqs[[2]int64{s.session, q.Seq}] = true
				}
				got.mu.Unlock()
				if err := s.ask(out.Questions, floor); err != nil {
					return
				}
			}
		}()
	}
	time.Sleep(3 * time.Second)
	require.NoError(t, srv.Process.Kill(), "SIGKILL mid-stream")
	_ = srv.Wait()
	close(stop)
	wg.Wait()
	require.NotEmpty(t, got.seqs, "some answers were acknowledged before the kill")

	// The server restarts on the same database (SQLite replays its WAL).
	_, base = startServeProcess(t, bin, dbURL, dataDir)
	require.NoError(t, call(ctx, client, base, "GET", "/readyz", "", nil, nil, 200))

	st, err := store.Open(ctx, dbURL, slog.New(slog.DiscardHandler))
	require.NoError(t, err)
	defer func() { _ = st.Close() }()
	total := 0
	for _, s := range w.students {
		log, err := st.AttemptsOfSession(ctx, s.session)
		require.NoError(t, err)
		stored := map[int64]bool{}
		for _, a := range log {
			assert.False(t, stored[a.Seq], "seq %d of session %d stored twice", a.Seq, s.session)
			stored[a.Seq] = true
		}
		for key := range got.seqs {
			if key[0] == s.session {
				assert.True(t, stored[key[1]], "acknowledged answer %d of session %d is lost", key[1], s.session)
			}
		}
		total += len(log)
		assertStatsAgreeWithLog(t, st, s.id)
	}
	t.Logf("%d answers acknowledged before SIGKILL, %d stored", len(got.seqs), total)

	// Each device sends the batch it had in flight, or was about to send:
	// the server takes it (stored now, or recognised as the batch it
	// stored just before dying); sent once more, it stores nothing.
	for _, s := range w.students {
		time.Sleep(time.Until(s.readyAt)) // a child takes time to answer
		path := fmt.Sprintf("%s/api/v1/play/sessions/%d/attempts", base, s.session)
		buf := appendAnswers(nil, s.questions)
		var first, again answered
		require.NoError(t, post(ctx, client, path, s.auth(), buf, &first))
		require.NoError(t, post(ctx, client, path, s.auth(), buf, &again))
		assert.Zero(t, again.Stored, "the resend stored nothing")
		assert.Equal(t, len(s.questions), again.Stored+again.Duplicates)
	}
	after := 0
	for _, s := range w.students {
		log, err := st.AttemptsOfSession(ctx, s.session)
		require.NoError(t, err)
		after += len(log)
		assertStatsAgreeWithLog(t, st, s.id)
	}
	assert.LessOrEqual(t, after-total, 2*len(w.students), "at most each device's batch in flight was added")
}

// assertStatsAgreeWithLog replays a student's log through the pedagogy and
// compares the per-fact counts and mastery with fact_stats.
func assertStatsAgreeWithLog(t *testing.T, st *store.Store, studentID int64) {
	t.Helper()
	ctx := context.Background()
	log, err := st.AttemptsOf(ctx, studentID, time.Time{})
	require.NoError(t, err)
	var ps pedagogy.Student
	m := st.Model()
	slices.SortFunc(log, func(x, y store.Attempt) int { return int(x.ID - y.ID) })
	for _, a := range log {
		m.Observe(&ps, store.PedagogyAttempt(a))
	}
	stats, err := st.FactStatsOf(ctx, studentID)
	require.NoError(t, err)
	require.Len(t, stats, len(ps.Facts))
	for _, s := range stats {
		fs := ps.Facts[games.Fact{A: s.A, B: s.B}]
		assert.Equal(t, fs.Attempts, s.Attempts, "%d×%d attempts", s.A, s.B)
		assert.Equal(t, fs.Correct, s.Correct, "%d×%d correct", s.A, s.B)
		assert.Equal(t, m.Estimate(fs, fs.LastSeen).Known, s.Mastery, "%d×%d mastery", s.A, s.B)
	}
}
