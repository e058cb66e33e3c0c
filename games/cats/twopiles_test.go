package cats

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/catalog"
	"github.com/multipli/multipli/games"
)

// Two-player Multipli Cat's (booklet part II): "Il est possible de jouer à 2
// joueurs si chaque main joue séparément (chaque joueur a alors 2 tas de
// cartes indépendants)". The piles go round the table A1, B1, A2, B2: pile
// h is seat h % 2's.

// rig2 deals piles A1, B1, A2, B2 (top first) to two seats.
func rig2(t testing.TB, cfg Config, a1, b1, a2, b2 []Card) *Game {
	t.Helper()
	if cfg.Seats == nil {
		cfg.Seats = students(2)
	}
	cfg.Level = LearningLevel(5)
	g, err := New(cfg, 1)
	require.NoError(t, err)
	require.Len(t, g.st.Players, 4)
	for i, d := range [][]Card{a1, b1, a2, b2} {
		g.st.Players[i].Deck = append([]Card{}, d...)
		g.st.Players[i].Pile = nil
	}
	return g
}

func TestTwoPlayersEachPlayTwoIndependentPilesInTurn(t *testing.T) {
	g, err := New(Config{Level: games.All(10), Seats: students(2)}, 3)
	require.NoError(t, err)
	require.Len(t, g.st.Players, 4, "two piles each")
	for _, p := range g.st.Players {
		assert.Contains(t, []int{35, 36}, len(p.Deck), "142 cards dealt as evenly as possible")
	}
	assert.Equal(t, []int{71, 71}, g.Cards())
	v := g.SeatView(1)
	require.Len(t, v.Players, 4)
	assert.True(t, v.TwoPiles)
	for i, p := range v.Players {
		assert.Equal(t, i%2, p.Owner, "pile %d", i)
		assert.Equal(t, i/2, p.Hand, "pile %d", i)
	}
	// The two players take turns: A1, B1, A2, B2.
	for k, seat := range []int{0, 1, 0, 1, 0} {
		assert.Equal(t, []Move{Flip()}, g.Legal(seat)[:1], "reveal %d", k)
		assert.Equal(t, []int{seat}, g.Waiting())
		refused(t, g, 1-seat, Flip(), int64(100*k), "game.not_your_turn")
		st := play(t, g, seat, Flip(), int64(100*k))
		assert.Equal(t, seat, st.Events[0].Seat, "events name the player")
		assert.Equal(t, k%4, st.Events[0].Data["hand"], "and the pile")
		if g.st.Win != nil && g.st.Win.Live {
			break
		}
	}
}

// A slap is made with the pile that shares the product: here the second
// pile; the attempts name the player.
func TestTwoPlayersSlapWithThePileThatMatches(t *testing.T) {
	g := rig2(t, Config{}, []Card{f1, f1}, []Card{f2, f2}, []Card{Mult(3, 4), f3}, []Card{Product(12), f5})
	for k, seat := range []int{0, 1, 0, 1} {
		play(t, g, seat, Flip(), int64(100*k))
	}
	require.Equal(t, [][]int{{2, 3}}, g.st.Win.Groups)
	st := play(t, g, 0, Slap(), 600)
	assert.Empty(t, pileOf(g, 2), "A's second pile won")
	assert.Equal(t, []Card{f1}, pileOf(g, 0), "A's first pile is not part of it")
	assert.Equal(t, []Card{f5, Mult(3, 4), Product(12)}, deckOf(g, 3))
	require.Len(t, st.Attempts, 1)
	assert.Equal(t, 0, st.Attempts[0].Seat)
	assert.True(t, st.Attempts[0].Correct)
	assert.Equal(t, 2, g.st.Turn, "the winning pile reveals next")
	assert.Equal(t, []int{0}, g.Waiting())
}

// A player's two piles are independent: when they match each other the
// player may slap (the exchange goes from one of their piles to the other);
// the other player is not concerned: their slap is gluttony.
func TestTwoPlayersOwnPilesMatchingIsAMatch(t *testing.T) {
	g := rig2(t, Config{}, []Card{Mult(3, 4), f1}, []Card{f2, f2}, []Card{Mult(2, 6), f3}, []Card{f5, f5})
	for k, seat := range []int{0, 1, 0} {
		play(t, g, seat, Flip(), int64(100*k))
	}
	require.Equal(t, [][]int{{0, 2}}, g.st.Win.Groups)
	st := play(t, g, 0, Slap(), 500)
	require.Len(t, st.Attempts, 2, "a claim per multiplication card")
	for _, a := range st.Attempts {
		assert.True(t, a.Correct)
	}
	assert.Equal(t, 1, g.Stats().Exchanges)
	assert.Equal(t, []Card{f3, Mult(3, 4), Mult(2, 6)}, deckOf(g, 2), "A's first pile gave to the second")
	assert.Equal(t, []int{4, 4}, g.Cards(), "the cards stay with their player")

	g = rig2(t, Config{}, []Card{Mult(3, 4), f1}, []Card{f2, f2}, []Card{Mult(2, 6), f3}, []Card{f5, f5})
	for k, seat := range []int{0, 1, 0} {
		play(t, g, seat, Flip(), int64(100*k))
	}
	play(t, g, 1, Slap(), 500)
	assert.Equal(t, 1, g.Stats().Gluttonies)
	assert.Equal(t, []int{2, 6}, g.Cards())
}

// The player who has given away the cards of both piles wins; a pile that
// empties first is out of play while the other goes on.
func TestTwoPlayersWinnerGaveAwayBothPiles(t *testing.T) {
	g := rig2(t, Config{}, []Card{Mult(3, 4)}, []Card{Product(12), f2, f2}, []Card{Mult(2, 5)}, []Card{Product(10), f5})
	play(t, g, 0, Flip(), 0)
	st := play(t, g, 1, Flip(), 100)
	st.Merge(play(t, g, 0, Slap(), 300))
	assert.True(t, g.st.Players[0].Out, "A's first pile is empty")
	assert.False(t, g.Over(), "A still has a pile")
	assert.Contains(t, g.Legal(0), Slap(), "A plays on with the other pile")
	assert.Empty(t, g.st.Finished)
	var pileEmpty bool
	for _, e := range st.Events {
		pileEmpty = pileEmpty || e.Type == "pile_empty"
	}
	assert.True(t, pileEmpty)
	assert.Equal(t, 1, g.st.Turn, "the next pile after A1 with a deck: B1")
	play(t, g, 1, Flip(), 400)
	play(t, g, 0, Flip(), 500)
	play(t, g, 1, Flip(), 600) // 10 matches A2's 2×5
	play(t, g, 0, Slap(), 900)
	require.True(t, g.Over())
	r := g.Result()
	assert.Equal(t, []int{0}, r.Winners)
	assert.Equal(t, []int{1, 0}, r.Scores)
	assert.Equal(t, ReasonOneLeft, r.Reason)
	assert.True(t, catalog.Has("rule."+ReasonOneLeft))
}

// Chase and Ambush: everybody slaps, and a player slaps with both hands at
// once: one press counts for both piles.
func TestTwoPlayersChaseASlapCountsForBothPiles(t *testing.T) {
	g := rig2(t, Config{}, []Card{f1, f1}, []Card{f2, f2}, []Card{Spec(Chase), f3}, []Card{f5, f5})
	for k, seat := range []int{0, 1, 0} {
		play(t, g, seat, Flip(), int64(100*k))
	}
	require.Equal(t, KindChase, g.st.Win.Kind)
	play(t, g, 1, Slap(), 400)
	assert.NotContains(t, g.Legal(1), Slap(), "both of B's piles slapped")
	assert.True(t, g.st.Win.Done[0], "settled: A is the slowest player")
	assert.Empty(t, pileOf(g, 0), "A puts both piles under their decks")
	assert.Empty(t, pileOf(g, 2))
	assert.Equal(t, []Card{f2}, pileOf(g, 1))
	assert.Equal(t, 1, g.st.Turn, "the fastest reveals")
}

func TestTwoPlayersAmbushTheRevealerWinsWithEitherHand(t *testing.T) {
	g := rig2(t, Config{}, []Card{f1, f1}, []Card{f2, f2}, []Card{Spec(Ambush), f3}, []Card{f5, f5})
	for k, seat := range []int{0, 1, 0} {
		play(t, g, seat, Flip(), int64(100*k))
	}
	require.Equal(t, KindAmbush, g.st.Win.Kind)
	st := play(t, g, 0, Slap(), 400)
	assert.Equal(t, []int{4, 4}, g.Cards(), "the revealer won: nothing happens")
	for _, e := range st.Events {
		if e.Type == "ambush" {
			assert.Equal(t, 0, e.Seat)
			assert.Equal(t, 2, e.Data["hand"], "the pile that revealed it")
		}
	}
}

// The infinite game with two players: each pile plays as a player, so a
// pile that empties scores its player a point and takes 18 cards back (as
// with four players) from the other player's piles.
func TestTwoPlayersInfiniteAnEmptiedPileScoresAndRefills(t *testing.T) {
	g := rig2(t, Config{Infinite: true}, []Card{Mult(3, 4)}, append([]Card{Product(12)}, fillers(30)...), fillers(20), fillers(30))
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	play(t, g, 0, Slap(), 300)
	assert.Equal(t, []int{1, 0}, g.Points())
	assert.Equal(t, 18, g.st.Players[0].cards(), "RefillCards(4)")
	assert.Equal(t, 20, g.st.Players[2].cards(), "never from the player's own other pile")
	play(t, g, 1, Stop(), 400)
	r := g.Result()
	assert.Equal(t, []int{0}, r.Winners, "most points")
	assert.Equal(t, []int{0}, g.st.Finished, "one loser with two players")
}

// "Souris !" with two players: only a player's own two piles can match
// without both players being concerned, so that is the only call.
func TestTwoPlayersSourisOnTheOtherPlayersOwnPiles(t *testing.T) {
	g := rig2(t, Config{SourisCall: true}, []Card{Mult(3, 4), f1}, []Card{f2, f3}, []Card{Product(12), f5}, []Card{f7, f7})
	for k, seat := range []int{0, 1, 0, 1} {
		play(t, g, seat, Flip(), int64(100*k))
	}
	st := play(t, g, 1, Souris(), 700)
	assert.Equal(t, 1, g.Stats().Souris)
	assert.Empty(t, pileOf(g, 0))
	assert.Empty(t, pileOf(g, 2))
	require.Len(t, st.Attempts, 1)
	assert.Equal(t, 1, st.Attempts[0].Seat)
}

// Computer cats play two-pile games too: cards are conserved and every game
// ends, with the variants and the special cards.
func TestTwoPlayersBotGamesEnd(t *testing.T) {
	for seed := range uint64(seeds(t, 200, 40)) {
		r := rand.New(rand.NewPCG(seed, 21))
		cfg := Config{Level: LearningLevel(5 + r.IntN(6)), Seats: []games.Seat{bot(1 + r.IntN(3)), bot(1 + r.IntN(3))},
			Specials: r.IntN(2) == 0, SourisCall: r.IntN(2) == 0, Infinite: r.IntN(4) == 0, Start: r.IntN(2)}
		if cfg.Infinite {
			cfg.MaxReveals = 1500
		}
		g, err := New(cfg, seed)
		require.NoError(t, err)
		total := totalCards(g)
		g.RunBots()
		require.True(t, g.Over(), "seed %d", seed)
		require.Equal(t, total, totalCards(g), "seed %d", seed)
		require.Len(t, g.Result().Winners, 1, "seed %d", seed)
	}
}

// A student and a computer cat: replay, save and load, and the attempts
// name the student's seat whichever pile they play.
func TestTwoPlayersStudentAgainstAComputerReplaysAndRoundTrips(t *testing.T) {
	for seed := range uint64(seeds(t, 60, 15)) {
		r := rand.New(rand.NewPCG(seed, 22))
		cfg := Config{Level: LearningLevel(5 + r.IntN(6)), Seats: []games.Seat{student("kid"), bot(1 + r.IntN(3))},
			Specials: r.IntN(2) == 0, SourisCall: r.IntN(2) == 0}
		g, err := New(cfg, seed)
		require.NoError(t, err)
		total := totalCards(g)
		drive(t, g, r, func() {
			require.Equal(t, total, totalCards(g), "seed %d", seed)
			invariants(t, g, seed)
		})
		assertReplaysAndRoundTrips(t, g, cfg, seed)
	}
}
