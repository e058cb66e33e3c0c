package cube

import (
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func gameTurns(tb testing.TB, rules int, seats ...games.Seat) *Game {
	tb.Helper()
	return newGame(tb, DefaultConfig(rules, games.All(9), seats), 3)
}

// findFor is a solution for one of the row's codes on seat's board.
func findFor(tb testing.TB, g *Game, seat int) (int, Solution) {
	tb.Helper()
	for _, c := range g.s.Row {
		if sols := Solve(g.s.Boards[seat], c, g.s.Config.solverRules()); len(sols) > 0 {
			return c, sols[0]
		}
	}
	tb.Fatalf("no solution for %v", g.s.Row)
	return 0, Solution{}
}

func findMove(code int, s Solution) Move {
	return Move{Type: MoveFind, Code: code, Tile: s.Move, Faces: s.Faces[:], Ops: s.Ops[:]}
}

func TestEachPlayerHasTheirOwnNineTiles(t *testing.T) {
	g := gameTurns(t, RulesDice, human("a"), human("b"))
	require.Len(t, g.s.Boards, 2)
	for i, b := range g.s.Boards {
		require.Len(t, b, 9)
		for _, p := range b {
			assert.Equal(t, i, p.ID/9, "seat %d plays series %d", i, i+1)
			assert.Equal(t, Tiles()[p.ID].Dice, p.Values, "#3 plays the dice side")
		}
	}
	assert.Len(t, g.s.Pile, 15, "#3 plays codes 1–18")
}

func TestDiceFindTakesTheCardAndLogsNoAttempt(t *testing.T) {
	g := gameTurns(t, RulesDice, human("a"), human("b"))
	code, sol := findFor(t, g, 0)
	step, err := apply(t, g, 0, findMove(code, sol), 1000)
	require.NoError(t, err)
	assert.Equal(t, []int{code}, g.s.Won[0])
	assert.Empty(t, step.Attempts, "+ and − only: no multiplication attempt")
	assert.Len(t, g.s.Row, 3, "a new card is revealed")
	assert.Equal(t, 1, g.s.Turn)
}

func TestDiceMustMoveOneTile(t *testing.T) {
	g := gameTurns(t, RulesDice, human("a"), human("b"))
	_, err := apply(t, g, 0, Move{Type: MovePass}, 100)
	re, _ := games.AsRuleError(err)
	require.NotNil(t, re)
	assert.Equal(t, "cube.must_move", re.Code)
	mv := LegalTileMoves(g.s.Boards[0])[0]
	_, err = apply(t, g, 0, Move{Type: MovePass, Tile: &mv}, 100)
	require.NoError(t, err)
	assert.GreaterOrEqual(t, g.s.Boards[0].Index(mv.To), 0, "the tile stays moved")
	assert.Equal(t, 1, g.s.Turn)
}

func TestDiceWrongFindEndsTheTurnOnly(t *testing.T) {
	g := gameTurns(t, RulesDice, human("a"), human("b"))
	code, sol := findFor(t, g, 0)
	m := findMove(code, sol)
	m.Ops = []string{"*", "+"}
	row := append([]int{}, g.s.Row...)
	_, err := apply(t, g, 0, m, 100)
	require.NoError(t, err)
	assert.Empty(t, g.s.Won[0])
	assert.Equal(t, row, g.s.Row, "#3 keeps the monsters after a wrong find")
}

func TestNotYourTurnIsRefused(t *testing.T) {
	g := gameTurns(t, RulesDice, human("a"), human("b"))
	mv := LegalTileMoves(g.s.Boards[1])[0]
	_, err := apply(t, g, 1, Move{Type: MovePass, Tile: &mv}, 100)
	re, _ := games.AsRuleError(err)
	require.NotNil(t, re)
	assert.Equal(t, "game.not_your_turn", re.Code)
}

func TestTurnTimerClosesTheTurn(t *testing.T) {
	g := gameTurns(t, RulesDice, human("a"), human("b"))
	at, ok := g.Next()
	require.True(t, ok)
	assert.Equal(t, int64(DefaultTurnMS), at, "10 seconds per turn by default")
	mv := LegalTileMoves(g.s.Boards[0])[0]
	_, err := apply(t, g, 0, Move{Type: MovePass, Tile: &mv}, DefaultTurnMS)
	re, _ := games.AsRuleError(err)
	require.NotNil(t, re)
	assert.Equal(t, "cube.time_up", re.Code)
	before := g.s.Boards[0].Clone()
	step, err := g.Advance(DefaultTurnMS)
	require.NoError(t, err)
	assert.Equal(t, "time_up", step.Events[0].Type)
	assert.Equal(t, 1, g.s.Turn)
	assert.Equal(t, before, g.s.Boards[0], "no tile moves on a timeout")
}

func TestTurnTimerIsATeacherSetting(t *testing.T) {
	cfg := DefaultConfig(RulesDice, games.All(9), []games.Seat{human("a"), human("b")})
	cfg.TurnMS = 0
	g := newGame(t, cfg, 1)
	_, ok := g.Next()
	assert.False(t, ok, "switched off: nothing happens without the player")
	cfg.TurnMS = 30000
	g = newGame(t, cfg, 1)
	at, _ := g.Next()
	assert.Equal(t, int64(30000), at)
}

func TestNumbersReplacesTheMonstersAfterEveryTurn(t *testing.T) {
	g := gameTurns(t, RulesNumbers, human("a"), human("b"))
	row := append([]int{}, g.s.Row...)
	mv := LegalTileMoves(g.s.Boards[0])[0]
	_, err := apply(t, g, 0, Move{Type: MovePass, Tile: &mv}, 100)
	require.NoError(t, err)
	assert.ElementsMatch(t, row, g.s.Discard)
	assert.Len(t, g.s.Row, 3)
	code, sol := findFor(t, g, 1)
	row = append([]int{}, g.s.Row...)
	step, err := apply(t, g, 1, findMove(code, sol), 3000)
	require.NoError(t, err)
	assert.Equal(t, []int{code}, g.s.Won[1])
	for _, c := range row {
		if c != code {
			assert.Contains(t, g.s.Discard, c)
		}
	}
	require.Len(t, step.Attempts, 1, "#4 logs the formula")
	assert.Equal(t, int64(3000-100), *step.Attempts[0].ResponseMS, "measured from the start of the turn")
	assert.True(t, step.Attempts[0].Correct)
}

func TestNumbersFindNeedsThreeDifferentTiles(t *testing.T) {
	g := gameTurns(t, RulesNumbers, human("a"))
	assert.True(t, g.s.Config.solverRules().DistinctTiles)
	for _, c := range g.s.Row {
		for _, s := range Solve(g.s.Boards[0], c, g.s.Config.solverRules()) {
			assert.NotEqual(t, ComboStrip, s.Combo)
		}
	}
}

func TestDiceScoresStars(t *testing.T) {
	assert.Equal(t, MonsterByCode(3).Stars+MonsterByCode(4).Stars, Stars([]int{3, 4}))
	assert.Equal(t, []int{MonsterByCode(3).Stars + MonsterByCode(4).Stars, MonsterByCode(12).Stars}, Scores(RulesDice, [][]int{{3, 4}, {12}}, false))
}

// TestSeatMissLowersTheBotsFindChance: in #4 a computer seat's Miss replaces
// its level's chance of finding in its turn, so a strong bot told to miss
// 80 % of the time wins far fewer cards than a plain strong bot, and a bad
// Miss is refused.
func TestSeatMissLowersTheBotsFindChance(t *testing.T) {
	found := func(miss float64) int {
		n := 0
		for seed := range uint64(6) {
			a := bot(games.BotStrong)
			a.Miss = miss
			g := newGame(t, DefaultConfig(RulesNumbers, games.All(9), []games.Seat{a, bot(games.BotStrong)}), seed)
			for !g.Over() {
				at, ok := g.Next()
				require.True(t, ok)
				_, err := g.Advance(at)
				require.NoError(t, err)
			}
			n += len(g.s.Won[0])
		}
		return n
	}
	assert.Less(t, 2*found(0.8), found(0), "missing 80 % of finds wins far fewer cards")
	bad := bot(games.BotSolid)
	bad.Miss = -0.1
	_, err := New(DefaultConfig(RulesNumbers, games.All(9), []games.Seat{bad, bot(1)}), 1)
	require.Error(t, err)
}

// #4: a student who passes while a monster could be caught on their board
// let it pass: one missed attempt with the factors of one solution.
func TestNumbersPassWithASolutionLogsOneMissed(t *testing.T) {
	g := gameTurns(t, RulesNumbers, human("a"), human("b"))
	board := g.s.Boards[0].Clone()
	findFor(t, g, 0) // precondition: a solution exists
	mv := LegalTileMoves(board)[0]
	step, err := apply(t, g, 0, Move{Type: MovePass, Tile: &mv}, 1200)
	require.NoError(t, err)
	require.Len(t, step.Attempts, 1, "one catch was missed, not one per solution")
	a := step.Attempts[0]
	assert.Equal(t, games.KindMissed, a.Kind)
	assert.Nil(t, a.Given)
	assert.Nil(t, a.ResponseMS)
	assert.False(t, a.Correct)
	assert.True(t, isFactorsOfASolution(board, g.s.Discard, a.A, a.B), "the factors of a solution on the board before the pass")
}

// The same for a turn that runs out of time.
func TestNumbersTimeoutWithASolutionLogsOneMissed(t *testing.T) {
	g := gameTurns(t, RulesNumbers, human("a"), human("b"))
	board := g.s.Boards[0].Clone()
	findFor(t, g, 0)
	step, err := g.Advance(DefaultTurnMS)
	require.NoError(t, err)
	require.Len(t, step.Attempts, 1)
	assert.Equal(t, games.KindMissed, step.Attempts[0].Kind)
	assert.True(t, isFactorsOfASolution(board, g.s.Discard, step.Attempts[0].A, step.Attempts[0].B))
}

// Nothing is missed when none of the monsters could be caught, nor in #3
// (no multiplication), nor by a computer.
func TestNumbersPassWithoutASolutionLogsNothing(t *testing.T) {
	var (
		g    *Game
		none []int
	)
	for seed := uint64(1); seed < 500 && len(none) == 0; seed++ {
		g = newGame(t, DefaultConfig(RulesNumbers, games.All(9), []games.Seat{human("a"), human("b")}), seed)
		none = Unsolvable(g.s.Boards[0], 1, MonsterCount, g.s.Config.solverRules())
	}
	require.NotEmpty(t, none, "precondition: a board on which some code cannot be made")
	g.s.Row = none[:1]
	mv := LegalTileMoves(g.s.Boards[0])[0]
	step, err := apply(t, g, 0, Move{Type: MovePass, Tile: &mv}, 100)
	require.NoError(t, err)
	assert.Empty(t, step.Attempts)

	d := gameTurns(t, RulesDice, human("a"), human("b"))
	findFor(t, d, 0)
	mv = LegalTileMoves(d.s.Boards[0])[0]
	step, err = apply(t, d, 0, Move{Type: MovePass, Tile: &mv}, 100)
	require.NoError(t, err)
	assert.Empty(t, step.Attempts, "#3 is + and − only")
}

// isFactorsOfASolution: a × b is the product of some solution of one of the
// codes (the row is in the discard after the turn).
func isFactorsOfASolution(board Layout, codes []int, a, b int) bool {
	for _, sols := range SolveTargets(board, codes, Rules{Arith: ArithMul, Move: MoveRequired, DistinctTiles: true}) {
		for _, s := range sols {
			if s.Values[0] == a && s.Values[1] == b {
				return true
			}
		}
	}
	return false
}

// #3 ends when every monster is scored (the booklet), not when the last
// ones resist a few rounds: every game between computer players, whatever
// their levels, ends with all 18 cards won.
func TestDiceEndsWhenEveryMonsterIsScored(t *testing.T) {
	for a := games.BotBeginner; a <= games.BotStrong; a++ {
		for seed := range uint64(12) {
			g := newGame(t, DefaultConfig(RulesDice, games.All(9), []games.Seat{bot(a), bot(games.BotBeginner)}), seed)
			require.True(t, playOut(g, map[string]int{}), "seed %d", seed)
			assert.Equal(t, "cube.all_scored", g.Result().Reason, "seed %d", seed)
			assert.Equal(t, 18, len(g.s.Won[0])+len(g.s.Won[1]), "seed %d: every monster 1–18 was scored", seed)
		}
	}
}

// Every code 1–18 can be made with + and − from three different tiles of
// each series' dice side, in a line of one colour or a cube of three
// colours: a #3 game can always end by the booklet's rule, whatever the
// series a player holds.
func TestEveryDiceCodeCanBeMadeFromEachSeries(t *testing.T) {
	combos := [][3]Face{{Yellow, Yellow, Yellow}, {Red, Red, Red}, {Blue, Blue, Blue}, {Yellow, Red, Blue}}
	for s := range Series {
		tiles := Tiles()[s*TilesPerSeries : (s+1)*TilesPerSeries]
		made := map[int]bool{}
		for i := range tiles {
			for j := range tiles {
				for k := range tiles {
					if i == j || j == k || i == k {
						continue
					}
					for _, c := range combos {
						a, b, d := tiles[i].Dice[c[0]-Yellow], tiles[j].Dice[c[1]-Yellow], tiles[k].Dice[c[2]-Yellow]
						made[a+b+d], made[a+b-d], made[a-b-d] = true, true, true
					}
				}
			}
		}
		for code := 1; code <= 18; code++ {
			assert.True(t, made[code], "series %d cannot make %d", s+1, code)
		}
	}
}
