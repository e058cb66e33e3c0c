package play

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/dashboard"
	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// creatures lists the facts of the collection that have a creature.
func creatures(c Collection) []games.Fact {
	var out []games.Fact
	for _, g := range c.Groups {
		for _, f := range g.Facts {
			if f.Known {
				out = append(out, games.Fact{A: f.A, B: f.B})
			}
		}
	}
	return out
}

// The collection has one creature per fact the store flags known by heart
// (fact_stats.fluent, the flag the dashboards count): a fact's stats
// turning fluent makes its creature appear, and the class dashboard's
// count of the level agrees with the collection's.
func TestCollectionGrowsByOneCreaturePerFactKnownByHeart(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kids := class(t, st, "Léa", "Zoé")
		lea, zoe := kids[0], kids[1]
		s := newService(st, newFakeClock())
		read := func(id int64) Collection {
			c, err := s.Collection(ctx, id)
			require.NoError(t, err)
			return c
		}

		c := read(lea.ID)
		assert.Equal(t, "Léa", c.Name)
		assert.Equal(t, 0, c.Known)
		assert.Equal(t, 34, c.Total, "a child on 2–5 sees its 34 facts")
		require.Len(t, c.Groups, 1)
		assert.Empty(t, creatures(c))

		seen := time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)
		stat := store.FactStat{StudentID: lea.ID, A: 7, B: 3, Attempts: 2, Correct: 2, LastSeen: &seen, Mastery: 0.7}
		require.NoError(t, st.SaveFactStats(ctx, []store.FactStat{stat}))
		assert.Empty(t, creatures(read(lea.ID)), "answered, not known by heart: an egg")

		stat.Attempts, stat.Correct, stat.Mastery, stat.Fluent = 3, 3, 0.85, true
		require.NoError(t, st.SaveFactStats(ctx, []store.FactStat{stat}))
		c = read(lea.ID)
		assert.Equal(t, []games.Fact{{A: 3, B: 7}}, creatures(c), "known by heart: its creature")
		assert.Equal(t, 1, c.Known)
		assert.Equal(t, 34, c.Total, "3 × 7 is in 2–5: no new group")

		// A fact of 6–9 known already brings its group in, with its creature.
		require.NoError(t, st.SaveFactStats(ctx, []store.FactStat{{StudentID: lea.ID, A: 8, B: 7, Attempts: 4, Correct: 4, Mastery: 0.9, Fluent: true}}))
		c = read(lea.ID)
		assert.ElementsMatch(t, []games.Fact{{A: 3, B: 7}, {A: 7, B: 8}}, creatures(c))
		assert.Equal(t, 2, c.Known)
		assert.Equal(t, 34+18, c.Total)
		require.Len(t, c.Groups, 2)
		assert.Equal(t, games.LevelViolet, c.Groups[1].Step)
		for _, g := range c.Groups {
			for _, f := range g.Facts {
				assert.Equal(t, f.A*f.B, f.Product)
			}
		}

		// The teacher's class row counts the same facts of the level.
		board, err := dashboard.LoadClassDashboard(ctx, st.Dashboards(), lea.ClassID, seen, "en")
		require.NoError(t, err)
		rows := 0
		for _, row := range board.Rows {
			if row.StudentID == lea.ID {
				rows++
				assert.Equal(t, 1, row.FluentFacts)
				assert.Equal(t, row.FluentFacts, c.Levels[0].Known, "the dashboard's count of 2–5")
			}
		}
		assert.Equal(t, 1, rows)

		// Zoé's collection is her own.
		assert.Equal(t, 0, read(zoe.ID).Known)
	})
}

// Every fact of tables 1–12 is in exactly one group: 34 + 18 + 3 + 23.
func TestCollectionGroupsHoldEveryFactOnce(t *testing.T) {
	all := map[games.Fact]bool{}
	for _, f := range games.All(12).Facts() {
		all[f.Pair()] = true
	}
	c := collect(games.LevelAll12, all)
	var sizes []int
	for _, g := range c.Groups {
		sizes = append(sizes, len(g.Facts))
		assert.Equal(t, len(g.Facts), g.Known)
	}
	assert.Equal(t, []int{34, 18, 3, 23}, sizes)
	assert.Equal(t, 78, c.Known)
	assert.Equal(t, 78, c.Total)
	for _, l := range c.Levels {
		assert.True(t, l.Mastered, l.Level)
	}
	// A child who has not been placed sees the first step only.
	assert.Len(t, collect("", nil).Groups, 1)
}

// A level is mastered at the promotion's share of its facts known by
// heart: 29 of the 34 of 2–5, not 28.
func TestCollectionLevelMasteredAtThePromotionShare(t *testing.T) {
	known := map[games.Fact]bool{}
	for _, f := range pairsOf(games.Green())[:28] {
		known[f] = true
	}
	c := collect(games.LevelGreen, known)
	assert.Equal(t, 28, c.Levels[0].Known)
	assert.False(t, c.Levels[0].Mastered)
	known[pairsOf(games.Green())[28]] = true
	c = collect(games.LevelGreen, known)
	assert.True(t, c.Levels[0].Mastered)
	assert.False(t, c.Levels[1].Mastered, "6–9 is not")
}
