package play

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/dashboard"
	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/pedagogy"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// One definition of knowing a fact (pedagogy/README.md, "Knowing a
// fact"): on one child's history, written through the real write path, the
// child's end-of-game summary, the heatmap (colour and ✓), the class row's
// count, the parent report and the ladder's estimate all say the same facts
// are known by heart — and a fact answered right but slowly, whose chance
// of a right answer is high, is known on none of them.
func TestKnownByHeartIsTheSameOnEveryScreen(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		clock := newFakeClock()
		s := newService(st, clock)
		kid := class(t, st, "Léa")[0]
		require.NoError(t, st.RecordLevelChange(ctx, &store.LevelChange{StudentID: kid.ID, At: clock.Now(),
			ToLevel: string(games.LevelGreen), Decision: pedagogy.DecisionKeep}))

		var seq int64
		play := func(sessionID int64, a, b, times int, ms int64) {
			var batch []store.Attempt
			for range times {
				seq++
				given, rt := a*b, ms
				clock.Add(10 * time.Second)
				batch = append(batch, store.Attempt{StudentID: kid.ID, PlaySessionID: sessionID, Game: "potion",
					Level: string(games.LevelGreen), A: a, B: b, Given: &given, Correct: true, Kind: string(games.KindCapture),
					ResponseMS: &rt, Seq: seq, At: clock.Now()})
			}
			_, err := st.RecordAttempts(ctx, batch)
			require.NoError(t, err)
		}

		// Day one: five facts answered fast six times, two answered right
		// but slowly six times, one fast once.
		first, err := s.createSession(ctx, kid.ID, nil, PlanDTO{}, "potion", "", nil, 0, clock.Now())
		require.NoError(t, err)
		for _, f := range [][2]int{{2, 3}, {3, 4}, {4, 5}, {5, 5}, {2, 7}} {
			play(first.ID, f[0], f[1], 6, 1200)
		}
		play(first.ID, 3, 8, 6, 6500)
		play(first.ID, 4, 6, 6, 6500)
		play(first.ID, 2, 4, 1, 1300)
		play(first.ID, 4, 7, 1, 1300)
		_, err = s.End(ctx, first.ID, kid.ID)
		require.NoError(t, err)

		// Day two: 2×4 twice more, fast; 4×7 once more; 3×8 once, slow.
		clock.Add(24 * time.Hour)
		second, err := s.createSession(ctx, kid.ID, nil, PlanDTO{}, "potion", "", nil, 0, clock.Now())
		require.NoError(t, err)
		play(second.ID, 2, 4, 2, 1100)
		play(second.ID, 4, 7, 1, 1200)
		play(second.ID, 3, 8, 1, 6000)
		sum, err := s.End(ctx, second.ID, kid.ID)
		require.NoError(t, err)
		now := clock.Now()

		// The pedagogy's estimate, fact by fact, as of each fact's last answer.
		m := st.Model()
		ped, err := st.PedagogyStudent(ctx, kid.ID)
		require.NoError(t, err)
		known := map[games.Fact]bool{}
		for f, fs := range ped.Facts {
			e := m.Estimate(fs, fs.LastSeen)
			if e.Fluent {
				known[f] = true
			}
			assert.Equal(t, e.Fluent, e.Known >= m.FluentP && fs.Attempts >= m.MinFluentAttempts, "%v: the definition", f)
		}
		for _, f := range []games.Fact{{A: 2, B: 3}, {A: 3, B: 4}, {A: 4, B: 5}, {A: 5, B: 5}, {A: 2, B: 7}, {A: 2, B: 4}} {
			assert.True(t, known[f], "%v: fast and often, known by heart", f)
		}
		for _, f := range []games.Fact{{A: 3, B: 8}, {A: 4, B: 6}} {
			fs := ped.Facts[f]
			assert.Greater(t, m.Estimate(fs, fs.LastSeen).P, 0.85, "%v: right every time", f)
			assert.False(t, known[f], "%v: right but slow is not known by heart", f)
		}
		assert.False(t, known[games.Fact{A: 4, B: 7}], "two right answers are not enough")

		// The child's summary: "now you know them by heart" only for facts
		// the estimate calls known, practised today, not known before.
		assert.Equal(t, []games.Fact{{A: 2, B: 4}}, sum.BecameFluent)

		// The heatmap: the colour is the same estimate, and ✓ marks exactly
		// the facts known by heart.
		src := st.Dashboards()
		page, err := dashboard.LoadStudentPage(ctx, src, kid.ID, now, "en")
		require.NoError(t, err)
		marked := 0
		for _, c := range page.Heatmap.Cells {
			if c.A > c.B || !c.HasData {
				continue
			}
			f := games.Fact{A: c.A, B: c.B}
			fs := ped.Facts[f]
			assert.InDelta(t, m.Estimate(fs, fs.LastSeen).Known, c.Mastery, 1e-9, "%v: the cell's colour", f)
			assert.Equal(t, known[f], strings.HasSuffix(c.Short, "✓"), "%v: the cell's ✓", f)
			if known[f] {
				marked++
			}
		}
		assert.Equal(t, len(known), marked)

		// The class row counts the same facts of the level.
		board, err := dashboard.LoadClassDashboard(ctx, src, kid.ClassID, now, "en")
		require.NoError(t, err)
		require.Len(t, board.Rows, 1)
		inGreen := 0
		for f := range known {
			if games.Green().Has(f) {
				inGreen++
			}
		}
		assert.Equal(t, inGreen, board.Rows[0].FluentFacts)

		// The parent report counts them too.
		report, err := dashboard.LoadParentReport(ctx, src, kid.ID, now, "fr")
		require.NoError(t, err)
		assert.Equal(t, len(known), report.FluentFacts)
		assert.Equal(t, inGreen, report.LevelFluent)
		assert.Contains(t, report.Definition, "su par cœur")

		// The ladder's reason reads the same estimate (now, a moment after
		// the last answers: nothing has faded yet).
		ped.Level, ped.SessionsAtLevel = games.LevelGreen, 1
		plan := m.Plan(ped, pedagogy.Constraint{}, now)
		assert.Equal(t, inGreen, plan.Evidence.Known)
		assert.True(t, slices.Contains(strings.Fields(plan.Reason.EN), "estimated"), plan.Reason.EN)
	})
}
