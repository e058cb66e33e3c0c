package cube

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTileSetsAreFourSeriesOfNine(t *testing.T) {
	tiles := Tiles()
	require.Len(t, tiles, 36)
	for s := range Series {
		for f := range 3 {
			var nums, dice []int
			for _, tl := range tiles[s*9 : s*9+9] {
				assert.Equal(t, s, tl.Series)
				nums = append(nums, tl.Numbers[f])
				dice = append(dice, tl.Dice[f])
			}
			slices.Sort(nums)
			assert.Equal(t, []int{1, 2, 3, 4, 5, 6, 7, 8, 9}, nums, "series %d face %d: numbers are a permutation of 1–9", s, f)
			for v := 1; v <= 6; v++ {
				assert.Contains(t, dice, v, "series %d face %d: dice show %d at least once", s, f, v)
			}
			for _, d := range dice {
				assert.True(t, d >= 1 && d <= 6)
			}
		}
	}
}

func TestMonsterCardsAreFourteenKindsOfFour(t *testing.T) {
	ms := Monsters()
	require.Len(t, ms, MonsterCount)
	kinds := map[int]int{}
	doubles := 0
	for i, m := range ms {
		assert.Equal(t, i+1, m.Code)
		kinds[m.Kind()]++
		assert.True(t, m.Stars >= 1 && m.Stars <= 3)
		if m.Double {
			doubles++
			assert.Zero(t, m.Points)
		} else {
			assert.True(t, m.Points >= 1 && m.Points <= 4)
		}
		want := map[int]int{1: 2, 2: 1, 3: 3}[LevelDeck(m.Code)]
		assert.Equal(t, want, max(m.Modifier, -m.Modifier), "code %d: modifier of its level deck", m.Code)
	}
	assert.Len(t, kinds, Kinds)
	for k, n := range kinds {
		assert.Equal(t, 4, n, "kind %d", k)
	}
	assert.Equal(t, 4, doubles)
}

// TestStarsGrowWithDifficulty measures each code's mean number of solutions
// (moves included) over random starting layouts: every 3-star code is
// rarer than every 1-star code, and the star groups' means decrease.
func TestStarsGrowWithDifficulty(t *testing.T) {
	rng := newTestRNG(7)
	var sum [MonsterCount + 1]float64
	const n = 40
	for i := range n {
		l := StartLayout(i%Series, SideNumbers, rng.Perm(9))
		for k, sols := range SolveCodes(l, 1, MonsterCount, Rules{Arith: ArithMul, Move: MoveOptional}) {
			sum[k+1] += float64(len(sols))
		}
	}
	var group [4][]float64
	for c := 1; c <= MonsterCount; c++ {
		group[MonsterByCode(c).Stars] = append(group[MonsterByCode(c).Stars], sum[c]/n)
	}
	mean := func(x []float64) float64 {
		s := 0.0
		for _, v := range x {
			s += v
		}
		return s / float64(len(x))
	}
	assert.Greater(t, mean(group[1]), mean(group[2]))
	assert.Greater(t, mean(group[2]), mean(group[3]))
	assert.Less(t, slices.Max(group[3]), slices.Min(group[1]))
}
