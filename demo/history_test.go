package demo_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/dashboard"
	"github.com/multipli/multipli/demo"
	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/games/cats"
	"github.com/multipli/multipli/games/cube"
	"github.com/multipli/multipli/games/magicoa"
	"github.com/multipli/multipli/games/potion"
	"github.com/multipli/multipli/pedagogy"
	"github.com/multipli/multipli/play"
	"github.com/multipli/multipli/server/credential"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// historyNow is the date the package's tests load the school at.
var historyNow = time.Date(2026, 3, 11, 17, 0, 0, 0, time.UTC)

// shared is the demo school loaded once at historyNow on SQLite, for the
// tests that only read it: a load plays hundreds of games, and the package
// stays quick to test by loading it twice in all (here and in
// TestDemoSchoolIsCompleteAndLoadsOnce, which compares the two histories).
var shared struct {
	once   sync.Once
	st     *store.Store
	school demo.School
	took   time.Duration
	err    error
}

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "demo-history")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	sharedDir = dir
	code := m.Run()
	if shared.st != nil {
		_ = shared.st.Close()
	}
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

// sharedDir holds the shared school's SQLite file for the whole run.
var sharedDir string

// sharedHistory loads the shared school the first time it is asked for.
func sharedHistory(t *testing.T) (*store.Store, demo.School, time.Duration) {
	t.Helper()
	shared.once.Do(func() {
		ctx := context.Background()
		shared.st, shared.err = store.Open(ctx, filepath.Join(sharedDir, "multipli.db"), slog.New(slog.DiscardHandler))
		if shared.err != nil {
			return
		}
		sealer, err := credential.NewSealer([]byte("demo-key-demo-key-demo-key-demo-key!"))
		if err != nil {
			shared.err = err
			return
		}
		start := time.Now()
		shared.school, shared.err = demo.Load(ctx, shared.st, sealer, historyNow)
		shared.took = time.Since(start)
	})
	require.NoError(t, shared.err)
	return shared.st, shared.school, shared.took
}

func TestDemoSchoolHasWeeksOfPlayedHistory(t *testing.T) {
	st, school, took := sharedHistory(t)
	sealer, err := credential.NewSealer([]byte("demo-key-demo-key-demo-key-demo-key!"))
	require.NoError(t, err)
	ctx := context.Background()
	now := historyNow
	t.Logf("demo school with history loaded in %s", took.Round(time.Millisecond))

	var sessions, attempts, right, stopped int
	for _, c := range school.Classes {
		for _, s := range c.Students {
			ps, err := st.PlaySessionsOf(ctx, s.ID, now.AddDate(0, 0, -7*demo.HistoryWeeks))
			require.NoError(t, err)
			sessions += len(ps)
			if len(ps) > 0 && now.Sub(*ps[len(ps)-1].EndedAt) > 7*24*time.Hour {
				stopped++
			}
			for _, p := range ps {
				require.NotNil(t, p.EndedAt, "every session ended")
				as, err := st.AttemptsOfSession(ctx, p.ID)
				require.NoError(t, err)
				attempts += len(as)
				for _, a := range as {
					if a.Correct {
						right++
					}
				}
			}
		}
	}
	t.Logf("%d sessions, %d attempts, %d right", sessions, attempts, right)
	assert.Greater(t, sessions, 49*demo.HistoryWeeks, "a few sessions a week each")
	assert.Greater(t, attempts, sessions*3, "games are played with attempts")
	assert.Less(t, right, attempts, "children of varied ability get some wrong")
	assert.Greater(t, right, attempts/3)
	assert.Positive(t, stopped, "some children stopped playing")

	d, err := dashboard.LoadClassDashboard(ctx, st.Dashboards(), school.Classes[0].ID, now, "en")
	require.NoError(t, err)
	alerts, assigned := 0, 0
	for _, r := range d.Rows {
		alerts += len(r.Alerts)
		if r.Assignment != nil && r.Assignment.Done > 0 {
			assigned++
		}
	}
	assert.Positive(t, alerts, "the first look shows alerts with reasons")
	assert.Positive(t, assigned, "sessions count towards the class's assignment")

	again, err := demo.Load(ctx, st, sealer, now)
	require.NoError(t, err)
	assert.True(t, again.Preloaded, "a second load finds the school and plays nothing")
}

// checkLevelsComeFromThePedagogy: the levels changed over the weeks with
// the pedagogy's reasons, and every session carries its plan.
func checkLevelsComeFromThePedagogy(t *testing.T, st *store.Store, school demo.School) {
	ctx := context.Background()
	changes, planned := 0, 0
	for _, c := range school.Classes {
		for _, s := range c.Students {
			h, err := st.LevelHistoryOf(ctx, s.ID)
			require.NoError(t, err)
			for _, lc := range h {
				changes++
				assert.NotEmpty(t, lc.ReasonEN)
				assert.NotEmpty(t, lc.ReasonFR)
				assert.NotEqual(t, lc.FromLevel, lc.ToLevel)
			}
			ps, err := st.PlaySessionsOf(ctx, s.ID, time.Time{})
			require.NoError(t, err)
			for _, p := range ps {
				assert.Contains(t, p.Plan, `"reason"`, "each session carries the pedagogy's plan")
				planned++
			}
		}
	}
	t.Logf("%d sessions planned, %d level changes", planned, changes)
	assert.Positive(t, changes, "some children changed level over the weeks")
}

// attemptKinds are the attempt kinds each game's spec lists (its "Attempts"
// table) for what the history plays: MultipliPotion with the quiz, Cat's
// without specials, Monster Cube #4, Magicoa's multiplication edition.
var attemptKinds = map[string][]string{
	"potion":  {"capture", "missed", "answer"},
	"cats":    {"claim", "missed"},
	"cube":    {"formula", "missed"}, // #4: a pass with a monster to catch is missed
	"magicoa": {"answer", "bid"},
}

// TestDemoHistoryPlaysEveryGame loads the school once (on each database)
// and checks the history: levels from the pedagogy, all four games in every
// class, attempts of the kinds each game's spec lists, aggregates that
// agree with the log, and a game of each kind that replays to its stored
// state and events.
func TestDemoHistoryPlaysEveryGame(t *testing.T) {
	for _, db := range storetest.Databases(t) {
		t.Run(db.Name, func(t *testing.T) {
			st, school, _ := sharedHistory(t)
			if db.Name != "sqlite" {
				st = storetest.Open(t, db.URL)
				sealer, err := credential.NewSealer([]byte("demo-key-demo-key-demo-key-demo-key!"))
				require.NoError(t, err)
				school, err = demo.Load(context.Background(), st, sealer, historyNow)
				require.NoError(t, err)
				sameAsBefore(t, historyDigest(t, st, school))
			}
			t.Run("levels come from the pedagogy", func(t *testing.T) { checkLevelsComeFromThePedagogy(t, st, school) })
			t.Run("all four games in every class", func(t *testing.T) { checkAllFourGames(t, st, school) })
			t.Run("aggregates agree with the log", func(t *testing.T) { checkAggregatesAgreeWithTheLog(t, st, school) })
			t.Run("a game of each kind replays", func(t *testing.T) { checkGamesReplay(t, st, school) })
		})
	}
}

// TestDemoHistoryIsTheSameEveryTime: the same school at the same date gets
// the same history, whatever the database and however the children's
// games interleave (the shared load against every other load of the run).
func TestDemoHistoryIsTheSameEveryTime(t *testing.T) {
	st, school, _ := sharedHistory(t)
	sameAsBefore(t, historyDigest(t, st, school))
}

// checkAllFourGames: every class's history has games of the
// four kinds, each over, with a student seat, and the attempts each game
// stores are of the kinds its spec lists (every listed kind appears).
// Sessions under an assignment play a game the assignment names.
func checkAllFourGames(t *testing.T, st *store.Store, school demo.School) {
	ctx := context.Background()
	for _, c := range school.Classes {
		t.Run(c.Name, func(t *testing.T) {
			given, err := st.AssignmentsOfClass(ctx, c.ID)
			require.NoError(t, err)
			named := map[int64][]string{}
			for _, a := range given {
				named[a.ID] = a.View(nil).Games
			}
			perGame := map[string]int{}
			kinds := map[string]map[string]int{}
			for _, s := range c.Students {
				ps, err := st.PlaySessionsOf(ctx, s.ID, time.Time{})
				require.NoError(t, err)
				for _, p := range ps {
					gs, err := st.GamesOfSession(ctx, p.ID)
					require.NoError(t, err)
					require.Len(t, gs, 1, "one game a session")
					g := gs[0]
					perGame[g.Game]++
					assert.Equal(t, store.GameOver, g.Status, "game %d (%s) was played to its end", g.ID, g.Game)
					assert.Contains(t, p.Plan, `"game":"`+g.Game+`"`, "the plan names the game, as the play side writes it")
					if p.AssignmentID != nil {
						assert.Contains(t, named[*p.AssignmentID], g.Game, "a session under an assignment plays a game it names")
					}
					as, err := st.AttemptsOfSession(ctx, p.ID)
					require.NoError(t, err)
					if kinds[g.Game] == nil {
						kinds[g.Game] = map[string]int{}
					}
					for _, a := range as {
						require.NotNil(t, a.GameID)
						assert.Equal(t, g.ID, *a.GameID)
						assert.Contains(t, attemptKinds[g.Game], a.Kind, "attempt kind of %s", g.Game)
						assert.True(t, strings.HasPrefix(a.Game, g.Game), "attempt game %q of a %s", a.Game, g.Game)
						kinds[g.Game][a.Kind]++
					}
				}
			}
			t.Logf("games %v, attempt kinds %v", perGame, kinds)
			for game, want := range attemptKinds {
				assert.GreaterOrEqual(t, perGame[game], 5, "%s is played in %s", game, c.Name)
				for _, k := range want {
					assert.Positive(t, kinds[game][k], "%s stores %q attempts", game, k)
				}
			}
		})
	}
}

// checkAggregatesAgreeWithTheLog: the per-fact statistics and the
// weekly rows the dashboards read are what the attempt log says, recomputed
// with the pedagogy alone: nothing was written to them but through the
// write path.
func checkAggregatesAgreeWithTheLog(t *testing.T, st *store.Store, school demo.School) {
	ctx := context.Background()
	m := st.Model()
	for _, c := range school.Classes {
		for _, s := range c.Students[:6] {
			log, err := st.AttemptsOf(ctx, s.ID, time.Time{})
			require.NoError(t, err)
			slices.SortFunc(log, func(x, y store.Attempt) int { return int(x.ID - y.ID) })
			var ps pedagogy.Student
			type week struct{ attempts, correct, sessions int }
			weeks := map[[2]int]week{}
			for _, a := range log {
				m.Observe(&ps, store.PedagogyAttempt(a))
				y, wk := a.At.UTC().ISOWeek()
				w := weeks[[2]int{y, wk}]
				w.attempts++
				if a.Correct && a.Given != nil && a.Kind != string(games.KindMissed) {
					w.correct++
				}
				weeks[[2]int{y, wk}] = w
			}
			sessions, err := st.PlaySessionsOf(ctx, s.ID, time.Time{})
			require.NoError(t, err)
			for _, p := range sessions {
				y, wk := p.StartedAt.UTC().ISOWeek()
				w := weeks[[2]int{y, wk}]
				w.sessions++
				weeks[[2]int{y, wk}] = w
			}

			stats, err := st.FactStatsOf(ctx, s.ID)
			require.NoError(t, err)
			require.Len(t, stats, len(ps.Facts), "%s: one fact_stats row per fact met", s.DisplayName)
			for _, got := range stats {
				fs, ok := ps.Facts[games.Fact{A: got.A, B: got.B}]
				require.True(t, ok, "%s: fact %d×%d is in the log", s.DisplayName, got.A, got.B)
				est := m.Estimate(fs, fs.LastSeen)
				assert.Equal(t, fs.Attempts, got.Attempts, "%s %d×%d attempts", s.DisplayName, got.A, got.B)
				assert.Equal(t, fs.Correct, got.Correct, "%s %d×%d correct", s.DisplayName, got.A, got.B)
				assert.Equal(t, est.Known, got.Mastery, "%s %d×%d mastery", s.DisplayName, got.A, got.B)
				assert.Equal(t, est.Fluent, got.Fluent, "%s %d×%d fluent", s.DisplayName, got.A, got.B)
			}
			rows, err := st.WeeksOf(ctx, s.ID)
			require.NoError(t, err)
			for _, got := range rows {
				k := [2]int{got.Year, got.Week}
				w := weeks[k]
				assert.Equal(t, w.attempts, got.Attempts, "%s week %v attempts", s.DisplayName, k)
				assert.Equal(t, w.correct, got.Correct, "%s week %v correct", s.DisplayName, k)
				assert.Equal(t, w.sessions, got.Sessions, "%s week %v sessions", s.DisplayName, k)
				delete(weeks, k)
			}
			assert.Empty(t, weeks, "%s: every week of the log has its row", s.DisplayName)
		}
	}
}

// checkGamesReplay: for one stored game of each kind, the game
// loads as the play side loads it, and a fresh game dealt from its config
// and seed, fed its input log (games.Replay), ends in exactly the stored
// state and makes exactly the stored event log, which the replay page shows.
func checkGamesReplay(t *testing.T, st *store.Store, school demo.School) {
	ctx := context.Background()
	found := map[string]store.Game{}
	for _, s := range school.Classes[1].Students {
		ps, err := st.PlaySessionsOf(ctx, s.ID, time.Time{})
		require.NoError(t, err)
		for _, p := range ps {
			gs, err := st.GamesOfSession(ctx, p.ID)
			require.NoError(t, err)
			for _, g := range gs {
				if _, ok := found[g.Game]; !ok {
					found[g.Game] = g
				}
			}
		}
	}
	require.Len(t, found, 4, "a game of each kind")
	for name, row := range found {
		t.Run(name, func(t *testing.T) {
			g, err := play.DecodeGame(row)
			require.NoError(t, err, "the play side loads the demo game")
			eng := g.Engine()
			require.True(t, eng.Over())
			require.NotEmpty(t, g.Seats)
			assert.True(t, g.Seats[0].Human(), "the child sits at seat 0")
			assert.Equal(t, g.SessionOf(0), row.PlaySessionID, "the seat keeps the child's session")
			saved, err := eng.MarshalJSON()
			require.NoError(t, err)
			fresh, err := dealtAgain(name, saved)
			require.NoError(t, err)
			replayed, steps, err := games.Replay(fresh, eng.Log())
			require.NoError(t, err)
			again, err := replayed.MarshalJSON()
			require.NoError(t, err)
			assert.JSONEq(t, string(saved), string(again), "the replay ends in the stored state")
			var want []string
			for _, s := range steps {
				for _, e := range s.Events {
					b, err := json.Marshal(e)
					require.NoError(t, err)
					want = append(want, string(b))
				}
			}
			events, err := st.GameEvents(ctx, row.ID, 0)
			require.NoError(t, err)
			got := make([]string, len(events))
			for i, e := range events {
				got[i] = e.Event
			}
			require.NotEmpty(t, got)
			assert.Equal(t, want, got, "the stored events are the replay's")
		})
	}
}

// dealtAgain deals a fresh game from the config and seed a saved state
// keeps, as New dealt it.
func dealtAgain(name string, saved []byte) (games.Engine, error) {
	var s struct {
		Config json.RawMessage `json:"config"`
		Seed   uint64          `json:"seed"`
	}
	if err := json.Unmarshal(saved, &s); err != nil {
		return nil, err
	}
	switch name {
	case "potion":
		var cfg potion.Config
		if err := json.Unmarshal(s.Config, &cfg); err != nil {
			return nil, err
		}
		return potion.New(cfg, s.Seed)
	case "cats":
		var cfg cats.Config
		if err := json.Unmarshal(s.Config, &cfg); err != nil {
			return nil, err
		}
		return cats.New(cfg, s.Seed)
	case "cube":
		var cfg cube.Config
		if err := json.Unmarshal(s.Config, &cfg); err != nil {
			return nil, err
		}
		return cube.New(cfg, s.Seed)
	case "magicoa":
		var cfg magicoa.Config
		if err := json.Unmarshal(s.Config, &cfg); err != nil {
			return nil, err
		}
		return magicoa.New(cfg, s.Seed)
	}
	return nil, fmt.Errorf("unknown game %q", name)
}

// firstDigest is the digest of the first history loaded in this run of the
// package's tests: every later load at the same date must equal it.
var firstDigest struct {
	sync.Mutex
	sum string
}

// sameAsBefore checks that the history is the one every other test of the
// package loaded (same school, same date, same seeds: same history).
func sameAsBefore(t *testing.T, sum string) {
	t.Helper()
	firstDigest.Lock()
	defer firstDigest.Unlock()
	if firstDigest.sum == "" {
		firstDigest.sum = sum
		return
	}
	assert.Equal(t, firstDigest.sum, sum, "the same school gets the same history")
}

// historyDigest sums what the history stored, without row ids: every
// child's sessions, their games' kinds, states and events, and attempts.
func historyDigest(t *testing.T, st *store.Store, school demo.School) string {
	t.Helper()
	ctx := context.Background()
	h := sha256.New()
	for _, c := range school.Classes {
		for _, s := range c.Students {
			ps, err := st.PlaySessionsOf(ctx, s.ID, time.Time{})
			require.NoError(t, err)
			for _, p := range ps {
				fmt.Fprintln(h, s.DisplayName, p.StartedAt.UTC(), p.EndedAt.UTC(), p.AssignmentID != nil)
				gs, err := st.GamesOfSession(ctx, p.ID)
				require.NoError(t, err)
				for _, g := range gs {
					e, err := play.DecodeGame(g)
					require.NoError(t, err)
					engine, err := e.Engine().MarshalJSON()
					require.NoError(t, err)
					events, err := st.GameEvents(ctx, g.ID, 0)
					require.NoError(t, err)
					fmt.Fprintln(h, g.Game, g.Edition, g.Status, g.Version, len(events), string(engine))
				}
				as, err := st.AttemptsOfSession(ctx, p.ID)
				require.NoError(t, err)
				for _, a := range as {
					fmt.Fprintln(h, a.Game, a.Kind, a.A, a.B, deref(a.Given), a.Correct, deref(a.ResponseMS), a.Seq, a.At.UTC())
				}
			}
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

func deref[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}
