package cats

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
)

// rigWith deals the given decks (top first) in a game with the options of cfg.
func rigWith(t testing.TB, cfg Config, decks ...[]Card) *Game {
	t.Helper()
	if cfg.Level.Tables == nil {
		cfg.Level = LearningLevel(5)
	}
	g, err := New(cfg, 1)
	require.NoError(t, err)
	require.Len(t, decks, len(cfg.Seats))
	for i := range g.st.Players {
		g.st.Players[i].Deck = append([]Card{}, decks[i]...)
		g.st.Players[i].Pile = nil
	}
	return g
}

func fillers(n int) []Card {
	out := make([]Card, n)
	for i := range out {
		out[i] = []Card{f1, f2, f3, f5, f7}[i%5]
	}
	return out
}

// --- The infinite game ---

func TestInfiniteRefillCardsDependsOnThePlayers(t *testing.T) {
	assert.Equal(t, 15, RefillCards(3))
	assert.Equal(t, 18, RefillCards(4))
	assert.Equal(t, 30, RefillCards(8))
}

func TestInfiniteEmptyHandScoresAPointAndTakesCardsFromTheRichest(t *testing.T) {
	g := rigWith(t, Config{Seats: students(3), Infinite: true},
		[]Card{Mult(3, 4)}, append([]Card{f2}, fillers(39)...), append([]Card{Product(12)}, fillers(29)...))
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	play(t, g, 2, Flip(), 200)
	st := play(t, g, 0, Slap(), 500)
	assert.False(t, g.Over(), "play goes on")
	assert.Empty(t, g.st.Finished)
	assert.Equal(t, []int{1, 0, 0}, g.Points())
	// 0, 40 and 31 cards after the exchange. 15 cards, one at a time from
	// the richest: 9 from seat 1 (40 → 31, as many as seat 2), then
	// alternately, seat 1 first (ties: first after the taker in the
	// direction of play).
	assert.Equal(t, []int{15, 28, 28}, g.Cards())
	assert.False(t, g.st.Players[0].Out)
	assert.Equal(t, []int{1, 0, 0}, g.SeatView(1).Points, "points are public")
	assert.True(t, g.SeatView(0).Infinite)
	var found bool
	for _, e := range st.Events {
		if e.Type == "point" {
			found = true
			assert.Equal(t, 0, e.Seat)
		}
	}
	assert.True(t, found, "a point event")
}

func TestInfiniteRefillStopsWhenTheRichestIsNotRicher(t *testing.T) {
	g := rigWith(t, Config{Seats: students(3), Infinite: true},
		[]Card{Mult(3, 4)}, append([]Card{f2}, fillers(5)...), append([]Card{Product(12)}, fillers(5)...))
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	play(t, g, 2, Flip(), 200)
	play(t, g, 0, Slap(), 500)
	// 0, 6 and 7 cards after the exchange; the taker stops at 4 (the
	// richest then holds 5, fewer than two more).
	assert.Equal(t, []int{4, 4, 5}, g.Cards())
	assert.Equal(t, []int{1, 0, 0}, g.Points())
}

func TestInfiniteStopRanksByPointsTheTwoFewestLose(t *testing.T) {
	g := rigWith(t, Config{Seats: students(4), Infinite: true}, fillers(9), fillers(5), fillers(5), fillers(5))
	g.st.Points = []int{1, 1, 0, 3}
	assert.Contains(t, g.Legal(2), Stop(), "any student may stop")
	play(t, g, 2, Stop(), 10)
	require.True(t, g.Over())
	res := g.Result()
	assert.Equal(t, ReasonStopped, res.Reason)
	// Seat 3 (3 points), then seats 1 and 0 (1 point: seat 1 holds fewer
	// cards), seat 2 last: the losers are seats 0 and 2. The winner is the
	// one with most points.
	assert.Equal(t, []int{3, 1}, g.st.Finished)
	assert.Equal(t, []int{3}, res.Winners)
	assert.Equal(t, []int{1, 1, 0, 3}, res.Scores)
	champ, ok := g.Champion()
	assert.True(t, ok)
	assert.Equal(t, 3, champ)
}

func TestInfiniteEqualPointsAndCardsGoBySeatOrder(t *testing.T) {
	g := rigWith(t, Config{Seats: students(3), Infinite: true}, fillers(5), fillers(5), fillers(5))
	play(t, g, 0, Stop(), 0)
	assert.Equal(t, []int{0}, g.Result().Winners)
}

func TestStopIsOnlyForTheInfiniteGame(t *testing.T) {
	g := rig(t, students(3), fillers(3), fillers(3), fillers(3))
	assert.NotContains(t, g.Legal(0), Stop())
	refused(t, g, 0, Stop(), 0, "cats.not_infinite")
	assert.Nil(t, g.SeatView(0).Points)
}

func TestInfiniteCapRanksByPoints(t *testing.T) {
	g := rigWith(t, Config{Seats: students(3), Infinite: true, MaxReveals: 2}, fillers(5), fillers(9), fillers(5))
	g.st.Points = []int{0, 2, 0}
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	require.True(t, g.Over())
	res := g.Result()
	assert.Equal(t, ReasonCapPoints, res.Reason)
	assert.Equal(t, []int{1}, res.Winners)
}

func TestInfiniteBotGamesScorePointsAndEndAtTheCap(t *testing.T) {
	points := 0
	for seed := range uint64(20) {
		g, err := New(Config{Level: LearningLevel(5), Seats: []games.Seat{bot(2), bot(3), bot(2), bot(1)}, Infinite: true, MaxReveals: 3000}, seed)
		require.NoError(t, err)
		total := totalCards(g)
		g.RunBots()
		require.True(t, g.Over())
		assert.Equal(t, ReasonCapPoints, g.Result().Reason)
		assert.Equal(t, total, totalCards(g))
		assert.Len(t, g.st.Finished, 2)
		res := g.Result()
		require.NotEmpty(t, res.Winners)
		for _, w := range res.Winners {
			assert.Equal(t, slices.Max(g.Points()), g.Points()[w], "the winners have the most points")
		}
		sum := 0
		for _, p := range g.Points() {
			sum += p
		}
		assert.Equal(t, g.Stats().Refills, sum)
		points += sum
	}
	assert.Positive(t, points, "hands are emptied and refilled")
}

// --- The "Souris !" call ---

// letPass: seats 0 and 2 show 3×4 and 12, nobody slaps, seat 3 reveals.
// A computer seat reveals on its own (RevealDelayMS after its turn).
func letPass(t *testing.T, seats []games.Seat) *Game {
	g := rigWith(t, Config{Seats: seats, SourisCall: true, RevealDelayMS: 100},
		[]Card{Mult(3, 4), f1}, []Card{f2, f3}, []Card{Product(12), f5}, []Card{f7, f1})
	for s := range 4 {
		at := int64(100 * s)
		if seats[s].Human() {
			play(t, g, s, Flip(), at)
		} else {
			_, err := g.Advance(at)
			require.NoError(t, err)
			require.Equal(t, s+1, g.st.Turn)
		}
	}
	return g
}

func TestSourisRightCallSendsTheMatchLetPassUnderTheirDecks(t *testing.T) {
	g := letPass(t, students(4))
	assert.Contains(t, g.Legal(1), Souris())
	st := play(t, g, 1, Souris(), 900)
	assert.Empty(t, pileOf(g, 0))
	assert.Empty(t, pileOf(g, 2))
	assert.Equal(t, []Card{f1, Mult(3, 4)}, deckOf(g, 0))
	assert.Equal(t, []Card{f5, Product(12)}, deckOf(g, 2))
	assert.Equal(t, []Card{f2}, pileOf(g, 1), "the caller keeps their pile")
	assert.Equal(t, 1, g.st.Turn, "the caller reveals next")
	assert.Nil(t, g.st.Win, "the call ends the window")
	assert.Equal(t, 1, g.Stats().Souris)
	require.Len(t, st.Attempts, 1)
	a := st.Attempts[0]
	assert.Equal(t, games.KindClaim, a.Kind)
	assert.Equal(t, 1, a.Seat)
	assert.Equal(t, [2]int{3, 4}, [2]int{a.A, a.B})
	assert.True(t, a.Correct)
	assert.EqualValues(t, 600, *a.ResponseMS, "from the reveal that opened the window")
}

func TestSourisCallOnYourOwnMatchIsWrong(t *testing.T) {
	g := letPass(t, students(4))
	play(t, g, 0, Souris(), 900)
	assert.Empty(t, pileOf(g, 0), "a wrong caller's face-up cards go under their deck")
	assert.Equal(t, []Card{Product(12)}, pileOf(g, 2))
	assert.Equal(t, 0, g.Stats().Souris)
}

// A call in the window where the match appears is too early: wrong, and
// no attempt (3×4 = 12 is no wrong fact).
func TestSourisTooEarlyIsWrong(t *testing.T) {
	g := rigWith(t, Config{Seats: students(4), SourisCall: true},
		[]Card{Mult(3, 4), f1}, []Card{f2, f3}, []Card{Product(12), f5}, []Card{f7, f1})
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	play(t, g, 2, Flip(), 200)
	st := play(t, g, 1, Souris(), 400)
	assert.Empty(t, pileOf(g, 1))
	assert.Equal(t, []Card{f3, f2}, deckOf(g, 1))
	assert.Equal(t, []Card{Mult(3, 4)}, pileOf(g, 0), "the match stays")
	assert.Nil(t, g.st.Win)
	assert.Equal(t, 3, g.st.Turn, "the turn holder reveals next")
	assert.Empty(t, st.Attempts, "3×4 = 12 is no wrong fact")
	refused(t, g, 3, Souris(), 500, "cats.window_closed")
}

func TestSourisIsOffUnlessConfigured(t *testing.T) {
	g := rig(t, students(3), fillers(3), fillers(3), fillers(3))
	play(t, g, 0, Flip(), 0)
	assert.NotContains(t, g.Legal(1), Souris())
	refused(t, g, 1, Souris(), 100, "cats.no_souris")
	assert.False(t, g.SeatView(1).SourisCall)
}

func TestSourisCallOutsideAWindowIsRefused(t *testing.T) {
	g := letPass(t, students(4))
	refused(t, g, 1, Souris(), 300+DefaultWindowMS+1, "cats.window_closed")
}

func TestSourisStudentWinsATieWithAComputerCat(t *testing.T) {
	seats := []games.Seat{student("A"), bot(games.BotStrong), student("C"), student("D")}
	g := letPass(t, seats)
	require.NotEmpty(t, g.st.Pending, "the strong cat will call")
	p := g.st.Pending[0]
	require.True(t, p.Call)
	play(t, g, 3, Souris(), p.At)
	assert.Equal(t, 3, g.st.Turn, "the student called first")
	assert.Equal(t, []Card{f2}, pileOf(g, 1), "the cat's call came too late: nothing happened to it")
}

func TestSourisComputerCatCallsAndWaitsBeforeRevealing(t *testing.T) {
	seats := []games.Seat{student("A"), bot(games.BotStrong), student("C"), student("D")}
	g := letPass(t, seats)
	require.NotEmpty(t, g.st.Pending)
	at := g.st.Pending[0].At
	_, err := g.Advance(at)
	require.NoError(t, err)
	assert.Empty(t, pileOf(g, 0))
	assert.Empty(t, pileOf(g, 2))
	assert.Equal(t, 1, g.Stats().Souris)
}

func TestBotCallDependsOnTheLevel(t *testing.T) {
	tab := &Table{Tops: []Card{Mult(3, 4), f2, Product(12), f7}, In: []bool{true, true, true, true},
		DeckEmpty: make([]bool, 4), Missed: [][]int{{0, 2}}}
	rng := games.NewRNG(5, 1)
	count := func(level, seat int) int {
		n := 0
		for range 1000 {
			if ok, _ := BotCall(tab, seat, level, 0, rng); ok {
				n++
			}
		}
		return n
	}
	assert.Zero(t, count(games.BotBeginner, 1), "beginners never call")
	assert.InDelta(t, 500, count(games.BotSolid, 1), 80)
	assert.InDelta(t, 900, count(games.BotStrong, 1), 50)
	assert.Zero(t, count(games.BotStrong, 0), "never on its own match")
	tab.Missed = nil
	assert.Zero(t, count(games.BotStrong, 1), "no match let pass, no call")
}

func TestSourisBotGamesCallAndConserveCards(t *testing.T) {
	calls := 0
	for seed := range uint64(30) {
		g, err := New(Config{Level: LearningLevel(10), Specials: seed%2 == 0, SourisCall: true,
			Seats: []games.Seat{bot(1), bot(2), bot(3), bot(1), bot(2)}}, seed)
		require.NoError(t, err)
		total := totalCards(g)
		g.RunBots()
		require.True(t, g.Over())
		assert.Equal(t, total, totalCards(g))
		calls += g.Stats().Souris
	}
	assert.Positive(t, calls)
}

// --- Both variants: properties, save/load and replay ---

func TestPropertyVariantsConserveCardsReplayAndRoundTrip(t *testing.T) {
	for seed := range uint64(seeds(t, 120, 20)) {
		r := rand.New(rand.NewPCG(seed, 9))
		cfg := randomConfig(r)
		cfg.Infinite = r.IntN(2) == 0
		cfg.SourisCall = !cfg.Infinite || r.IntN(2) == 0
		if cfg.Infinite {
			cfg.MaxReveals = 800
		}
		g, err := New(cfg, seed)
		require.NoError(t, err)
		total := totalCards(g)
		drive(t, g, r, func() {
			require.Equal(t, total, totalCards(g), "seed %d", seed)
			invariants(t, g, seed)
		})
		require.True(t, g.Over())
		if cfg.Infinite {
			assert.Len(t, g.st.Finished, len(cfg.Seats)-g.losers(), "seed %d: all but the two with fewest points are ranked", seed)
			assert.NotEmpty(t, g.Result().Winners, "seed %d", seed)
		}
		assertReplaysAndRoundTrips(t, g, cfg, seed)
	}
}

func TestLoadRefusesAnInfiniteGameWithoutPoints(t *testing.T) {
	g := rigWith(t, Config{Seats: students(3), Infinite: true}, fillers(3), fillers(3), fillers(3))
	g.st.Points = nil
	data, err := json.Marshal(g)
	require.NoError(t, err)
	_, err = Load(data)
	assert.Error(t, err)
}
