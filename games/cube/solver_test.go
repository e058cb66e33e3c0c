package cube

import (
	"fmt"
	"testing"

	"github.com/multipli/multipli/games"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var rulesOne = Rules{Arith: ArithMul, Move: MoveOptional}

func TestEveryListedSolutionIsAcceptedByTheReferee(t *testing.T) {
	rng := newTestRNG(3)
	for i := range 30 {
		l := StartLayout(i%Series, SideNumbers, rng.Perm(9))
		for k, sols := range SolveCodes(l, 1, MonsterCount, rulesOne) {
			for _, s := range sols {
				_, v, wrong := Referee(l, k+1, rulesOne, Claim{Move: s.Move, Faces: s.Faces, Ops: s.Ops})
				require.Empty(t, wrong, "%v", s)
				assert.Equal(t, k+1, v)
			}
		}
	}
}

// TestSolveWithoutMovesIsEveryTripleAndFormula checks the fast walk against
// the plain list of triples and every order of the three faces.
func TestSolveWithoutMovesIsEveryTripleAndFormula(t *testing.T) {
	rng := newTestRNG(4)
	for i := range 20 {
		l := StartLayout(i%Series, SideNumbers, rng.Perm(9))
		want := map[int]int{}
		for _, tr := range l.Triples() {
			var v [3]int
			for k, f := range tr.Faces {
				v[k], _ = l.Value(f)
			}
			for _, c := range [3]int{0, 1, 2} {
				a, b := v[(c+1)%3], v[(c+2)%3]
				want[a*b+v[c]]++
				want[a*b-v[c]]++
			}
		}
		for code := -8; code <= 90; code++ {
			assert.Len(t, Solve(l, code, Rules{Arith: ArithMul, Move: MoveNone}), want[code], "code %d", code)
		}
	}
}

func TestMoveSolutionsUseTheMovedTileAndKeepEveryTileTouching(t *testing.T) {
	l := identityLayout(t)
	moves := 0
	for _, sols := range SolveCodes(l, 1, MonsterCount, rulesOne) {
		for _, s := range sols {
			if s.Move == nil {
				continue
			}
			moves++
			used := false
			for _, f := range s.Faces {
				used = used || f.At == s.Move.To
			}
			assert.True(t, used, "%v", s)
			after, ok := applyMove(l, *s.Move)
			require.True(t, ok)
			assert.True(t, after.AllTouch())
		}
	}
	assert.Positive(t, moves)
}

func TestUnsolvableListsCodesWithoutSolution(t *testing.T) {
	l := identityLayout(t)
	none := Unsolvable(l, 1, MonsterCount, Rules{Arith: ArithMul, Move: MoveNone})
	assert.Equal(t, []int{15, 40, 42, 48, 50, 52, 56}, none)
	for _, c := range none {
		assert.Empty(t, Solve(l, c, Rules{Arith: ArithMul, Move: MoveNone}))
	}
	assert.Empty(t, Unsolvable(l, 1, MonsterCount, rulesOne), "a tile move opens every code on this board")
}

func TestRefereeJudgesClaims(t *testing.T) {
	l := identityLayout(t)
	dice := Rules{Arith: ArithAddSub, Move: MoveRequired, DistinctTiles: true}
	tests := []struct {
		name   string
		rules  Rules
		target int
		claim  Claim
		wrong  string
	}{
		{"booklet 4 × 5 − 8 = 12", rulesOne, 12, Claim{Faces: [3]FaceAt{fa(1, 0, Blue), fa(1, 1, Yellow), fa(1, 1, Blue)}, Ops: [2]string{"*", "-"}}, ""},
		{"any order of the faces: 5 × 4 − 8", rulesOne, 12, Claim{Faces: [3]FaceAt{fa(1, 1, Yellow), fa(1, 0, Blue), fa(1, 1, Blue)}, Ops: [2]string{"*", "-"}}, ""},
		{"wrong value", rulesOne, 13, Claim{Faces: [3]FaceAt{fa(1, 0, Blue), fa(1, 1, Yellow), fa(1, 1, Blue)}, Ops: [2]string{"*", "-"}}, "cube.wrong_value"},
		{"not on one line", rulesOne, 1*2 + 4, Claim{Faces: [3]FaceAt{fa(0, 0, Yellow), fa(1, 0, Yellow), fa(0, 1, Yellow)}, Ops: [2]string{"*", "+"}}, "cube.not_allowed"},
		{"face off the board", rulesOne, 12, Claim{Faces: [3]FaceAt{fa(5, 5, Blue), fa(1, 1, Yellow), fa(1, 1, Blue)}, Ops: [2]string{"*", "-"}}, "cube.not_allowed"},
		{"+ and − only in #3", dice, 12, Claim{Move: &TileMove{From: Hex{2, 0}, To: Hex{3, 1}}, Faces: [3]FaceAt{fa(1, 1, Yellow), fa(2, 1, Yellow), fa(3, 1, Yellow)}, Ops: [2]string{"*", "-"}}, "cube.bad_ops"},
		{"#3: a move is required", dice, 5 + 6 - 3, Claim{Faces: [3]FaceAt{fa(1, 1, Yellow), fa(2, 1, Yellow), fa(0, 1, Yellow)}, Ops: [2]string{"+", "-"}}, "cube.must_move"},
		{"#3: not from three different tiles", Rules{Arith: ArithAddSub, Move: MoveOptional, DistinctTiles: true}, 4 + 5 - 8, Claim{Faces: [3]FaceAt{fa(1, 0, Blue), fa(1, 1, Yellow), fa(1, 1, Blue)}, Ops: [2]string{"+", "-"}}, "cube.three_tiles"},
		{"moved tile must be used", rulesOne, 12, Claim{Move: &TileMove{From: Hex{2, 1}, To: Hex{3, 0}}, Faces: [3]FaceAt{fa(1, 0, Blue), fa(1, 1, Yellow), fa(1, 1, Blue)}, Ops: [2]string{"*", "-"}}, "cube.moved_tile_unused"},
		{"move to an occupied place", rulesOne, 12, Claim{Move: &TileMove{From: Hex{2, 1}, To: Hex{1, 1}}, Faces: [3]FaceAt{fa(1, 0, Blue), fa(1, 1, Yellow), fa(1, 1, Blue)}, Ops: [2]string{"*", "-"}}, "cube.bad_tile_move"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, wrong := Referee(l, tt.target, tt.rules, tt.claim)
			assert.Equal(t, tt.wrong, wrong)
		})
	}
}

func TestAMoveMayNotLeaveATileAlone(t *testing.T) {
	// A chain (0,0)-(1,0)-(2,0): moving the middle leaves the ends alone.
	l := Layout{{ID: 0, At: Hex{0, 0}}, {ID: 1, At: Hex{1, 0}}, {ID: 2, At: Hex{2, 0}}}
	_, ok := applyMove(l, TileMove{From: Hex{1, 0}, To: Hex{0, 1}})
	assert.False(t, ok)
	assert.NotContains(t, LegalTileMoves(l), TileMove{From: Hex{1, 0}, To: Hex{0, 1}})
	_, ok = applyMove(l, TileMove{From: Hex{2, 0}, To: Hex{0, 1}})
	assert.True(t, ok)
	for _, m := range LegalTileMoves(identityLayout(t)) {
		after, ok := applyMove(identityLayout(t), m)
		require.True(t, ok)
		assert.True(t, after.AllTouch())
	}
}

func TestDiceFormulasArePlusAndMinusOnly(t *testing.T) {
	l := StartLayout(0, SideDice, []int{0, 1, 2, 3, 4, 5, 6, 7, 8})
	dice := Rules{Arith: ArithAddSub, Move: MoveRequired, DistinctTiles: true}
	for code := 1; code <= 18; code++ {
		for _, s := range Solve(l, code, dice) {
			assert.NotContains(t, s.Ops, "*")
			assert.NotNil(t, s.Move)
			assert.NotEqual(t, ComboStrip, s.Combo, "strips use two faces of one tile")
			assert.Equal(t, code, s.Value)
		}
	}
}

func BenchmarkSolveAllCodes(b *testing.B) {
	l := StartLayout(0, SideNumbers, []int{4, 7, 1, 0, 8, 3, 6, 2, 5})
	b.ReportAllocs()
	for b.Loop() {
		SolveCodes(l, 1, MonsterCount, rulesOne)
	}
}

func BenchmarkGame(b *testing.B) {
	for rules := 1; rules <= 4; rules++ {
		b.Run(fmt.Sprintf("rules%d", rules), func(b *testing.B) {
			seats := []games.Seat{bot(games.BotSolid), bot(games.BotStrong)}
			for i := 0; b.Loop(); i++ {
				g, err := New(DefaultConfig(rules, games.All(9), seats), uint64(i))
				if err != nil {
					b.Fatal(err)
				}
				if !playOut(g, map[string]int{}) {
					b.Fatal("game did not end")
				}
			}
		})
	}
}

// Finds lists, in the row's order, each monster's solutions as Solve gives
// them, and each find is a move that names its code and tiles.
func TestFindsAreEachRowMonstersSolutions(t *testing.T) {
	rng := newTestRNG(5)
	r := Rules{Arith: ArithMul, Move: MoveNone}
	l := StartLayout(0, SideNumbers, rng.Perm(9))
	row := []Monster{{Code: 14}, {Code: 999}, {Code: 7}}
	var want []Find
	for _, m := range row {
		for _, s := range Solve(l, m.Code, r) {
			want = append(want, Find{Code: m.Code, Solution: s})
		}
	}
	got := Finds(l, row, r)
	require.NotEmpty(t, got, "the start layout has finds for 14 or 7")
	assert.Equal(t, want, got)
	for _, f := range got {
		m := f.Move()
		assert.Equal(t, MoveFind, m.Type)
		assert.Equal(t, f.Code, m.Code)
		assert.Equal(t, f.Solution.Faces[:], m.Faces)
	}
}
