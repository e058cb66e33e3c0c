package cube

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// identityLayout is series 1 (index 0) in tile order; its picture is the
// reference for the combination tests below.
func identityLayout(tb testing.TB) Layout {
	tb.Helper()
	return StartLayout(0, SideNumbers, []int{0, 1, 2, 3, 4, 5, 6, 7, 8})
}

const identityPicture = `` +
	" / 1 \\   / 2 \\   / 3 \\\n" +
	"|5 | 9| |9 | 4| |1 | 6|\n" +
	" \\0,0_/  \\1,0_/  \\2,0_/\n" +
	"     / 4 \\   / 5 \\   / 6 \\\n" +
	"    |7 | 2| |3 | 8| |8 | 1|\n" +
	"     \\0,1_/  \\1,1_/  \\2,1_/\n" +
	" / 7 \\   / 8 \\   / 9 \\\n" +
	"|2 | 5| |6 | 3| |4 | 7|\n" +
	" \\-1,2/  \\0,2_/  \\1,2_/\n"

func TestASCIIDrawsTheStartingLayout(t *testing.T) {
	assert.Equal(t, identityPicture, ASCII(identityLayout(t)))
}

func TestStartingLayoutIsThreeRowsOfThree(t *testing.T) {
	l := identityLayout(t)
	for k, want := range []Hex{{0, 0}, {1, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}, {-1, 2}, {0, 2}, {1, 2}} {
		assert.Equal(t, want, l[k].At)
	}
	assert.True(t, l.AllTouch())
}

func TestNeighboursFollowTheAxialDirections(t *testing.T) {
	h := Hex{2, 3}
	assert.Equal(t, [6]Hex{{3, 3}, {1, 3}, {3, 2}, {2, 2}, {2, 4}, {1, 4}}, h.Neighbours())
	assert.True(t, h.Touches(Hex{1, 4}))
	assert.False(t, h.Touches(Hex{3, 4}), "(q+1, r+1) is not a neighbour on this lattice")
}

func fa(q, r int, f Face) FaceAt { return FaceAt{At: Hex{q, r}, Face: f} }

// allowed reports whether the three faces, in any order, are an allowed triple.
func allowed(l Layout, f ...FaceAt) bool {
	key := tripleKey([3]FaceAt{f[0], f[1], f[2]})
	for _, tr := range l.Triples() {
		if tripleKey(tr.Faces) == key {
			return true
		}
	}
	return false
}

func TestCombinationsOfThePicture(t *testing.T) {
	l := identityLayout(t)
	tests := []struct {
		name  string
		faces []FaceAt
		ok    bool
	}{
		// 1. Same colour on a line.
		{"yellow line along row 0: 1 2 3", []FaceAt{fa(0, 0, Yellow), fa(1, 0, Yellow), fa(2, 0, Yellow)}, true},
		{"red line down-right: 5 7 6", []FaceAt{fa(0, 0, Red), fa(0, 1, Red), fa(0, 2, Red)}, true},
		{"blue line down-left: 6 8 3", []FaceAt{fa(2, 0, Blue), fa(1, 1, Blue), fa(0, 2, Blue)}, true},
		{"forbidden: yellows not on one line (1 2 4)", []FaceAt{fa(0, 0, Yellow), fa(1, 0, Yellow), fa(0, 1, Yellow)}, false},
		{"forbidden: reds bent (5 7 6→ 9)", []FaceAt{fa(0, 0, Red), fa(0, 1, Red), fa(1, 2, Red)}, false},
		{"forbidden: yellow line with a gap", []FaceAt{fa(0, 0, Yellow), fa(2, 0, Yellow), fa(1, 0, Red)}, false},
		// 2. Adjacent on a line.
		{"horizontal strip R B R: 5 9 9", []FaceAt{fa(0, 0, Red), fa(0, 0, Blue), fa(1, 0, Red)}, true},
		{"horizontal strip B R B: 9 9 4", []FaceAt{fa(0, 0, Blue), fa(1, 0, Red), fa(1, 0, Blue)}, true},
		{"down-left strip Y R Y: 2 9 4", []FaceAt{fa(1, 0, Yellow), fa(1, 0, Red), fa(0, 1, Yellow)}, true},
		{"down-right strip B Y B: 4 5 8", []FaceAt{fa(1, 0, Blue), fa(1, 1, Yellow), fa(1, 1, Blue)}, true},
		{"forbidden: adjacent but not aligned (Y R B of one tile)", []FaceAt{fa(0, 0, Yellow), fa(0, 0, Red), fa(0, 0, Blue)}, false},
		{"forbidden: adjacent but bent (R B then SE.Y)", []FaceAt{fa(0, 0, Red), fa(0, 0, Blue), fa(0, 1, Yellow)}, false},
		// 3. A cube from three tiles.
		{"cube X.B E.R SE.Y: 9 9 4", []FaceAt{fa(0, 0, Blue), fa(1, 0, Red), fa(0, 1, Yellow)}, true},
		{"forbidden: cube from one tile's Y R B", []FaceAt{fa(1, 1, Yellow), fa(1, 1, Red), fa(1, 1, Blue)}, false},
		{"cube at X=(0,1): 2 3 8", []FaceAt{fa(0, 1, Blue), fa(1, 1, Red), fa(0, 2, Yellow)}, true},
		{"forbidden: three colours from three tiles, no shared corner", []FaceAt{fa(0, 0, Yellow), fa(1, 0, Red), fa(0, 1, Blue)}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.ok, allowed(l, tt.faces...))
		})
	}
}

func TestTriplesOfTheStartingLayoutAreCounted(t *testing.T) {
	// Counted by hand on the picture: lines: Y rows 0,1,2 (3); R column q=0 and q=1 (2); B diagonals from
	// (2,0) and (1,0)… (2) → 7. Cubes: (0,0),(1,0),(0,1),(1,1) → 4.
	// Strips: horizontal 2 per adjacent pair × 6 pairs = 12; down-left
	// 2 per SW pair × 5 = 10; down-right 2 per SE pair × 5 = 10 → 32.
	counts := map[Combo]int{}
	for _, tr := range identityLayout(t).Triples() {
		counts[tr.Combo]++
	}
	assert.Equal(t, map[Combo]int{ComboLine: 7, ComboCube: 4, ComboStrip: 32}, counts)
}

func TestBookletExampleTwelve(t *testing.T) {
	// "4 × 5 − 8 = 12": on the picture, (1,0).B=4, (1,1).Y=5, (1,1).B=8 is a
	// down-right strip.
	sols := Solve(identityLayout(t), 12, Rules{Arith: ArithMul, Move: MoveNone})
	require.NotEmpty(t, sols)
	assert.Contains(t, sols, Solution{
		Faces: [3]FaceAt{fa(1, 0, Blue), fa(1, 1, Yellow), fa(1, 1, Blue)}, Values: [3]int{4, 5, 8},
		Ops: [2]string{"*", "-"}, Value: 12, Combo: ComboStrip,
	})
}
