package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// Ids are found in the games' seats and the sessions' plans with a LIKE
// ("student_id":1…) that also matches student 10: erasing student 1 must
// leave a game of students 10 and 11, and a plan naming student 10, as
// they were.
func TestErasingAStudentLeavesAloneTheGamesOfAStudentWhoseIDStartsTheSame(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kids := newRoster(t, st, "ids@s.test", "k", 12)
		slices.SortFunc(kids, func(a, b store.Student) int { return int(a.ID - b.ID) })
		erased := kids[0]
		var host, mate store.Student
		for _, k := range kids[1:] {
			if strings.HasPrefix(strconv.FormatInt(k.ID, 10), strconv.FormatInt(erased.ID, 10)) {
				if host.ID == 0 {
					host = k
				} else if mate.ID == 0 {
					mate = k
				}
			}
		}
		require.NotZero(t, mate.ID, "two students whose ids start with %d", erased.ID)

		now := time.Now().UTC()
		hostPS := store.PlaySession{StudentID: host.ID, Plan: `{"game":"potion"}`, StartedAt: now}
		require.NoError(t, st.CreatePlaySession(ctx, &hostPS))
		matePlan := fmt.Sprintf(`{"game":"potion","decision":"keep","invited_by":%d}`, host.ID)
		matePS := store.PlaySession{StudentID: mate.ID, Plan: matePlan, StartedAt: now}
		require.NoError(t, st.CreatePlaySession(ctx, &matePS))
		seats := fmt.Sprintf(`[{"kind":"student","name":%q,"student_id":%d},{"kind":"student","name":%q,"student_id":%d}]`, host.DisplayName, host.ID, mate.DisplayName, mate.ID)
		state := fmt.Sprintf(`{"engine":{"config":{"seats":[{"kind":"student","name":%q},{"kind":"student","name":%q}]}},"sessions":[%d,%d]}`,
			host.DisplayName, mate.DisplayName, hostPS.ID, matePS.ID)
		g := store.Game{PlaySessionID: hostPS.ID, Game: "potion", Seats: seats, State: state, Status: "playing", CreatedAt: now, UpdatedAt: now}
		require.NoError(t, st.CreateGame(ctx, &g))

		exp, err := st.ExportStudent(ctx, erased.ID, now)
		require.NoError(t, err)
		assert.Empty(t, exp.Tables["games"], "another child's game is not in the export")

		require.NoError(t, st.EraseStudent(ctx, erased.ID))

		after, err := st.Game(ctx, g.ID)
		require.NoError(t, err)
		assert.Equal(t, seats, after.Seats)
		assert.Equal(t, state, after.State)
		assert.Equal(t, g.Version, after.Version)
		assert.Equal(t, hostPS.ID, after.PlaySessionID)
		ps, err := st.PlaySession(ctx, matePS.ID)
		require.NoError(t, err)
		assert.Equal(t, matePlan, ps.Plan)
	})
}

// A move saved while the erasure runs is not lost to the rewrite of its
// game: on PostgreSQL the erasure locks the games it rewrites before
// reading them, so it waits for the move's transaction and rewrites the
// state the move left.
func TestAMoveSavedWhileAClassmateIsErasedIsKept(t *testing.T) {
	var url string
	for _, db := range storetest.Databases(t) {
		if db.Name == "postgres" {
			url = db.URL
		}
	}
	if url == "" {
		t.Skip("a concurrent transaction on the games needs PostgreSQL: set " + storetest.PostgresEnv)
	}
	st := storetest.Open(t, url)
	ctx := context.Background()
	kids := newRoster(t, st, "race@s.test", "k", 2)
	erased, mate := kids[0], kids[1]
	now := time.Now().UTC()
	ps := store.PlaySession{StudentID: mate.ID, Plan: "{}", StartedAt: now}
	require.NoError(t, st.CreatePlaySession(ctx, &ps))
	seats := fmt.Sprintf(`[{"kind":"student","name":%q,"student_id":%d},{"kind":"student","name":%q,"student_id":%d}]`, mate.DisplayName, mate.ID, erased.DisplayName, erased.ID)
	state := func(moves int) string {
		return fmt.Sprintf(`{"engine":{"moves":%d,"config":{"seats":[{"kind":"student","name":%q},{"kind":"student","name":%q}]}},"sessions":[%d,0]}`,
			moves, mate.DisplayName, erased.DisplayName, ps.ID)
	}
	g := store.Game{PlaySessionID: ps.ID, Game: "potion", Seats: seats, State: state(1), Status: "playing", CreatedAt: now, UpdatedAt: now}
	require.NoError(t, st.CreateGame(ctx, &g))

	// The classmate's move, saved by another connection, not committed yet.
	other, err := sql.Open("pgx", url)
	require.NoError(t, err)
	defer func() { _ = other.Close() }()
	move, err := other.BeginTx(ctx, nil)
	require.NoError(t, err)
	var movePID int
	require.NoError(t, move.QueryRowContext(ctx, "SELECT pg_backend_pid()").Scan(&movePID))
	_, err = move.ExecContext(ctx, "UPDATE games SET state = $1, version = version + 1 WHERE id = $2", state(2), g.ID)
	require.NoError(t, err)

	erasedErr := make(chan error, 1)
	go func() { erasedErr <- st.EraseStudent(ctx, erased.ID) }()
	// Wait until the erasure waits for the move (it reached the game).
	for {
		var n int
		require.NoError(t, other.QueryRowContext(ctx, "SELECT COUNT(*) FROM pg_stat_activity WHERE $1 = ANY (pg_blocking_pids(pid))", movePID).Scan(&n))
		if n > 0 {
			break
		}
		select {
		case err := <-erasedErr:
			t.Fatalf("the erasure ended without meeting the move's lock: %v", err)
		default:
		}
		time.Sleep(5 * time.Millisecond)
	}
	require.NoError(t, move.Commit())
	require.NoError(t, <-erasedErr)

	after, err := st.Game(ctx, g.ID)
	require.NoError(t, err)
	assert.Contains(t, after.State, `"moves":2`, "the move saved during the erasure is kept")
	assert.NotContains(t, after.State, erased.DisplayName)
	assert.NotContains(t, after.Seats, erased.DisplayName)
	assert.Equal(t, g.Version+2, after.Version, "the move's version, then the erasure's")
}

// BenchmarkEraseAmong20000Games erases children of a school whose games
// table holds 20,000 games of ~8 KB (a MultipliPotion state is 5–10 KB):
// the erasure reads every game's seats (a LIKE without an index).
func BenchmarkEraseAmong20000Games(b *testing.B) {
	for _, db := range storetest.Databases(b) {
		st := storetest.Open(b, db.URL)
		ctx := context.Background()
		runs := 0
		b.Run(db.Name, func(b *testing.B) {
			runs++ // the benchmark runs again with a larger b.N: a roster of its own
			kids := newRoster(b, st, fmt.Sprintf("bench%d@s.test", runs), fmt.Sprintf("r%d-", runs), b.N+1)
			if runs == 1 {
				host := kids[len(kids)-1]
				ps := store.PlaySession{StudentID: host.ID, Plan: "{}", StartedAt: time.Now().UTC()}
				require.NoError(b, st.CreatePlaySession(ctx, &ps))
				seats := fmt.Sprintf(`[{"kind":"student","name":"%s","student_id":%d},{"kind":"computer","name":"Moka","bot":2}]`, host.DisplayName, host.ID)
				state := `{"engine":{"pad":"` + strings.Repeat("x", 8000) + `"}}`
				require.NoError(b, store.ExecForTest(ctx, st, fmt.Sprintf(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
INSERT INTO games (play_session_id, game, edition, seats, state, version, status, created_at, updated_at)
SELECT %d, 'potion', '3', '%s', '%s', 1, 'over', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP FROM n`, ps.ID, seats, state)))
			}
			b.ResetTimer()
			for i := range b.N {
				require.NoError(b, st.EraseStudent(ctx, kids[i].ID))
			}
		})
	}
}
