package store_test

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/pedagogy"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// monday9 is a Monday morning, so that a test's days stay in one ISO week
// unless it moves on on purpose.
var monday9 = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

func newSession(t testing.TB, st *store.Store, studentID int64, at time.Time) store.PlaySession {
	t.Helper()
	ps := store.PlaySession{StudentID: studentID, Plan: `{}`, StartedAt: at}
	require.NoError(t, st.CreatePlaySession(context.Background(), &ps))
	return ps
}

func answers(rng *rand.Rand, firstSeq int64, n int) []store.Answer {
	out := make([]store.Answer, n)
	for i := range out {
		a, b := 2+rng.IntN(8), 2+rng.IntN(8)
		given := a * b
		if rng.IntN(4) == 0 {
			given++
		}
		out[i] = store.Answer{Seq: firstSeq + int64(i), A: a, B: b, Given: &given, ResponseMS: int64(800 + rng.IntN(5000))}
		if rng.IntN(15) == 0 {
			out[i].Given = nil // a timeout
		}
	}
	return out
}

// replayed is what the log says the aggregates must be.
type replayed struct {
	facts map[games.Fact]pedagogy.FactState
	weeks map[[2]int]store.StudentWeek
}

// replay reads the student's attempt log in order and recomputes, from the
// pedagogy alone, what the write path must have stored.
func replay(t testing.TB, st *store.Store, studentID int64) replayed {
	t.Helper()
	log, err := st.AttemptsOf(context.Background(), studentID, time.Time{})
	require.NoError(t, err)
	slices.SortFunc(log, func(x, y store.Attempt) int { return int(x.ID - y.ID) })
	m := st.Model()
	var ps pedagogy.Student
	out := replayed{weeks: map[[2]int]store.StudentWeek{}}
	for _, a := range log {
		m.Observe(&ps, store.PedagogyAttempt(a))
		y, wk := a.At.UTC().ISOWeek()
		w := out.weeks[[2]int{y, wk}]
		w.Attempts++
		if a.Correct && a.Given != nil && a.Kind != string(games.KindMissed) {
			w.Correct++
			if a.ResponseMS != nil {
				v := *a.ResponseMS
				if w.TypicalMS != nil {
					v = int64(math.Round(float64(*w.TypicalMS) + 0.1*float64(v-*w.TypicalMS)))
				}
				w.TypicalMS = &v
			}
		}
		w.FluentFacts = 0
		for _, fs := range ps.Facts {
			if m.Estimate(fs, fs.LastSeen).Fluent {
				w.FluentFacts++
			}
		}
		out.weeks[[2]int{y, wk}] = w
	}
	out.facts = ps.Facts
	return out
}

// assertAgreesWithLog compares every stored aggregate with the replay.
func assertAgreesWithLog(t *testing.T, st *store.Store, studentID int64, sessionsPerWeek map[[2]int]int) {
	t.Helper()
	ctx := context.Background()
	want := replay(t, st, studentID)
	stats, err := st.FactStatsOf(ctx, studentID)
	require.NoError(t, err)
	require.Len(t, stats, len(want.facts), "one fact_stats row per fact met")
	m := st.Model()
	for _, got := range stats {
		fs, ok := want.facts[games.Fact{A: got.A, B: got.B}]
		require.True(t, ok, "fact %d×%d is in the log", got.A, got.B)
		est := m.Estimate(fs, fs.LastSeen)
		assert.Equal(t, fs.Attempts, got.Attempts, "%d×%d attempts", got.A, got.B)
		assert.Equal(t, fs.Correct, got.Correct, "%d×%d correct", got.A, got.B)
		assert.Equal(t, fs.RecentAccuracy, got.RecentAccuracy, "%d×%d recent accuracy", got.A, got.B)
		assert.Equal(t, est.Known, got.Mastery, "%d×%d mastery", got.A, got.B)
		assert.Equal(t, est.SD, got.Uncertainty, "%d×%d uncertainty", got.A, got.B)
		assert.Equal(t, est.Fluent, got.Fluent, "%d×%d fluent", got.A, got.B)
		require.NotNil(t, got.LastSeen)
		assert.True(t, fs.LastSeen.Equal(*got.LastSeen), "%d×%d last seen", got.A, got.B)
		if fs.TypicalMS > 0 {
			require.NotNil(t, got.TypicalMS)
			assert.Equal(t, int64(math.Round(fs.TypicalMS)), *got.TypicalMS)
		}
	}
	weeks, err := st.WeeksOf(ctx, studentID)
	require.NoError(t, err)
	for _, got := range weeks {
		k := [2]int{got.Year, got.Week}
		w := want.weeks[k]
		assert.Equal(t, w.Attempts, got.Attempts, "week %v attempts", k)
		assert.Equal(t, w.Correct, got.Correct, "week %v correct", k)
		assert.Equal(t, w.FluentFacts, got.FluentFacts, "week %v fluent facts", k)
		assert.Equal(t, w.TypicalMS, got.TypicalMS, "week %v typical time", k)
		assert.Equal(t, sessionsPerWeek[k], got.Sessions, "week %v sessions", k)
		delete(want.weeks, k)
	}
	assert.Empty(t, want.weeks, "every week of the log has its row")
}

func TestAggregatesAgreeWithTheLogWhateverTheMixOfWrites(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kid := newStudent(t, st)
		rng := rand.New(rand.NewPCG(8, 8))
		sessions := map[[2]int]int{}
		for day := range 10 { // two ISO weeks
			at := monday9.Add(time.Duration(day) * 24 * time.Hour)
			ps := newSession(t, st, kid.ID, at)
			y, w := at.ISOWeek()
			sessions[[2]int{y, w}]++
			g := store.Game{PlaySessionID: ps.ID, Game: "potion", Seats: "[]", State: "{}", Status: "playing", CreatedAt: at, UpdatedAt: at}
			require.NoError(t, st.CreateGame(ctx, &g))
			seq := int64(0)
			for range 6 {
				at = at.Add(time.Duration(5+rng.IntN(30)) * time.Second)
				batch := answers(rng, seq, 1+rng.IntN(8))
				seq += int64(len(batch))
				rec, err := st.RecordPractice(ctx, kid.ID, ps.ID, batch, at)
				require.NoError(t, err)
				assert.Equal(t, len(batch), rec.Stored)
				// A move of a board game in the same session: a capture and a missed chance.
				given := 42
				ms := int64(2100)
				move := store.Move{GameID: g.ID, FromVersion: g.Version, State: "{}", Status: "playing", At: at, Attempts: []store.Attempt{
					{StudentID: kid.ID, PlaySessionID: ps.ID, Game: "potion", Level: "green", A: 6, B: 7, Given: &given, Correct: true, Kind: "capture", ResponseMS: &ms, Seq: 10_000 + seq, At: at},
					{StudentID: kid.ID, PlaySessionID: ps.ID, Game: "potion", Level: "green", A: 9, B: 3, Kind: "missed", Seq: 10_001 + seq, At: at},
				}}
				v, err := st.SaveMove(ctx, move)
				require.NoError(t, err)
				g.Version = v
				// Resending the last batch stores nothing.
				rec, err = st.RecordPractice(ctx, kid.ID, ps.ID, batch, at.Add(time.Second))
				require.NoError(t, err)
				assert.Equal(t, store.Recorded{Duplicates: len(batch)}, rec)
			}
		}
		assertAgreesWithLog(t, st, kid.ID, sessions)
	})
}

// snapshot is every aggregate of a student, to compare before and after.
type snapshot struct {
	Stats []store.FactStat
	Weeks []store.StudentWeek
	Model store.StudentModel
	Ps    store.PlaySession
}

func snap(t testing.TB, st *store.Store, studentID, sessionID int64) snapshot {
	t.Helper()
	ctx := context.Background()
	var s snapshot
	var err error
	s.Stats, err = st.FactStatsOf(ctx, studentID)
	require.NoError(t, err)
	s.Weeks, err = st.WeeksOf(ctx, studentID)
	require.NoError(t, err)
	s.Model, err = st.StudentModel(ctx, studentID)
	require.NoError(t, err)
	s.Ps, err = st.PlaySession(ctx, sessionID)
	require.NoError(t, err)
	return s
}

func TestResentAttemptsChangeNothing(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kid := newStudent(t, st)
		ps := newSession(t, st, kid.ID, monday9)
		rng := rand.New(rand.NewPCG(1, 2))
		batch := answers(rng, 0, 20)
		_, err := st.RecordPractice(ctx, kid.ID, ps.ID, batch, monday9.Add(time.Minute))
		require.NoError(t, err)
		before := snap(t, st, kid.ID, ps.ID)

		rec, err := st.RecordPractice(ctx, kid.ID, ps.ID, batch, monday9.Add(90*time.Second))
		require.NoError(t, err)
		assert.Equal(t, store.Recorded{Duplicates: 20}, rec)
		n, err := st.RecordAttempts(ctx, []store.Attempt{{StudentID: kid.ID, PlaySessionID: ps.ID, Game: "practice", Level: "green", A: 2, B: 2, Kind: "missed", Seq: 3, At: monday9.Add(2 * time.Minute)}})
		require.NoError(t, err)
		assert.Zero(t, n)
		assert.Equal(t, before, snap(t, st, kid.ID, ps.ID), "no aggregate moved")
		log, err := st.AttemptsOfSession(ctx, ps.ID)
		require.NoError(t, err)
		assert.Len(t, log, 20)
	})
}

func TestPlayedTimeCountsGapsCappedAtTwoMinutes(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kid := newStudent(t, st)
		ps := newSession(t, st, kid.ID, monday9)
		rng := rand.New(rand.NewPCG(3, 4))
		seq := int64(0)
		for _, after := range []time.Duration{30 * time.Second, 10 * time.Minute, 10*time.Minute + 1500*time.Millisecond, 10*time.Minute + 3*time.Second} {
			_, err := st.RecordPractice(ctx, kid.ID, ps.ID, answers(rng, seq, 2), monday9.Add(after))
			require.NoError(t, err)
			seq += 2
		}
		got, err := st.PlaySession(ctx, ps.ID)
		require.NoError(t, err)
		assert.EqualValues(t, 30_000+120_000+1500+1500, got.PlayedMS)
		weeks, err := st.WeeksOf(ctx, kid.ID)
		require.NoError(t, err)
		require.Len(t, weeks, 1)
		assert.Equal(t, 153, weeks[0].PlayedSeconds, "whole seconds of 153 s played, the 1.5 s gaps adding up")
		assert.Equal(t, 1, weeks[0].Sessions)
	})
}

func TestPracticeIsRefusedOutsideTheStudentsOpenSession(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kid := newStudent(t, st)
		ps := newSession(t, st, kid.ID, monday9)
		given := 4
		one := []store.Answer{{Seq: 1, A: 2, B: 2, Given: &given, ResponseMS: 900}}
		_, err := st.RecordPractice(ctx, kid.ID+1000, ps.ID, one, monday9)
		assert.ErrorIs(t, err, store.ErrNotFound, "another student's session")
		_, err = st.RecordPractice(ctx, kid.ID, ps.ID+1000, one, monday9)
		assert.ErrorIs(t, err, store.ErrNotFound, "no such session")
		require.NoError(t, st.EndPlaySession(ctx, ps.ID, monday9.Add(time.Minute)))
		_, err = st.RecordPractice(ctx, kid.ID, ps.ID, one, monday9)
		assert.ErrorIs(t, err, store.ErrSessionEnded)
		log, err := st.AttemptsOfSession(ctx, ps.ID)
		require.NoError(t, err)
		assert.Empty(t, log)
	})
}

func TestTheServerDecidesWhetherAnAnswerIsRight(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kid := newStudent(t, st)
		ps := newSession(t, st, kid.ID, monday9)
		right, wrong := 56, 54
		_, err := st.RecordPractice(ctx, kid.ID, ps.ID, []store.Answer{
			{Seq: 0, A: 7, B: 8, Given: &right, ResponseMS: 1000},
			{Seq: 1, A: 7, B: 8, Given: &wrong, ResponseMS: 1000},
			{Seq: 2, A: 7, B: 8, ResponseMS: 6000},
		}, monday9)
		require.NoError(t, err)
		log, err := st.AttemptsOfSession(ctx, ps.ID)
		require.NoError(t, err)
		require.Len(t, log, 3)
		assert.Equal(t, []bool{true, false, false}, []bool{log[0].Correct, log[1].Correct, log[2].Correct})
		assert.Equal(t, "green", log[0].Level, "the student's level")
		assert.Equal(t, store.GamePractice, log[0].Game)
	})
}
