package cats

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
)

// Audit of the engine against the written rules (README.md): each test pins
// a discrepancy that was fixed.

// Spec, Play: "The faster one gives their face-up pile to the other, who
// puts it, with their own face-up pile, under their deck. The winner reveals
// next." and, End: "the infinite game (a point per emptied hand, refill from
// the richest)". A winner who gives their last cards in the infinite game
// scores, takes cards back and is not out: they still reveal next. (The
// engine chose the turn before the refill, so it skipped them.)
func TestAuditInfiniteWinnerWhoEmptiedTheirHandRevealsNext(t *testing.T) {
	g := rigWith(t, Config{Seats: students(3), Infinite: true},
		[]Card{Mult(3, 4)}, append([]Card{f2}, fillers(39)...), append([]Card{Product(12)}, fillers(29)...))
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	play(t, g, 2, Flip(), 200)
	play(t, g, 0, Slap(), 500)
	require.Equal(t, []int{1, 0, 0}, g.Points(), "seat 0 gave its last card away")
	require.NotEmpty(t, deckOf(g, 0), "and took cards back")
	assert.Equal(t, 0, g.st.Turn, "the winner reveals next")
	assert.Contains(t, g.Legal(0), Flip())
	refused(t, g, 1, Flip(), 600, "game.not_your_turn")
}

// Spec, Play: "No equal products: the next player in the direction
// reveals"; README decision: "A player with an empty deck is skipped for
// reveals ...; if nobody has a deck, everybody turns their pile under their
// deck." In the infinite game the refill of a winner who emptied their hand
// may empty the deck of the player the turn had gone to (their deck first,
// then covered cards of their pile); that player's reveal then turned every
// face-up pile on the table under its deck although two players held decks.
func TestAuditInfiniteRefillNeverTurnsThePilesWhileDecksRemain(t *testing.T) {
	g := rigWith(t, Config{Seats: students(3), Infinite: true},
		[]Card{Mult(3, 4)}, []Card{f2, f3}, []Card{Product(12), f5})
	g.st.Players[1].Pile = fillers(30) // seat 1, the richest: a short deck, a tall pile
	play(t, g, 0, Flip(), 0)
	play(t, g, 1, Flip(), 100)
	play(t, g, 2, Flip(), 200)
	play(t, g, 0, Slap(), 500) // seat 0 wins with its last card and refills from seat 1
	require.Equal(t, []int{1, 0, 0}, g.Points())
	require.Empty(t, deckOf(g, 1), "the refill took seat 1's deck")
	turn := g.st.Turn
	require.NotEmpty(t, deckOf(g, turn), "the turn is a player with a deck")
	piles := len(pileOf(g, 1))
	st := play(t, g, g.owner(turn), Flip(), 1000)
	for _, e := range st.Events {
		assert.NotEqual(t, "recycle", e.Type, "decks remain: nobody turns their pile")
	}
	assert.Len(t, pileOf(g, 1), piles, "seat 1 keeps its face-up pile")
}

// Spec, Chase: "everybody slaps; the slowest puts their own face-up pile
// under their deck; the fastest reveals next". With two players a player
// slaps a Chase with both hands (README decision): when the fastest
// player's first pile has no deck left, their other pile reveals — the
// engine gave the turn to the other player.
func TestAuditTwoPlayersChaseFastestPlayerRevealsWithTheirOtherPile(t *testing.T) {
	g := rig2(t, Config{}, []Card{f1}, []Card{f2, f2}, []Card{f3, f3, f3}, []Card{Spec(Chase), f5})
	for k, seat := range []int{0, 1, 0, 1} {
		play(t, g, seat, Flip(), int64(100*k))
	}
	require.Equal(t, KindChase, g.st.Win.Kind)
	require.Empty(t, deckOf(g, 0), "A's first pile waits with its face-up card")
	play(t, g, 0, Slap(), 500)
	play(t, g, 1, Slap(), 700)
	require.Equal(t, 1, g.Stats().Chases)
	assert.Equal(t, 2, g.st.Turn, "A was the fastest: A reveals, with the pile that has a deck")
	assert.Contains(t, g.Legal(0), Flip())
}

// Booklet, "Souris !" (the spec's advanced call): «le joueur qui a fait
// l'annonce la plus rapide pose une nouvelle carte»; README: with two
// players "a player calls, not a pile". When the caller's first pile has no
// deck left, the caller reveals with their other pile — the engine gave the
// turn to the other player's pile.
func TestAuditTwoPlayersSourisCallerRevealsWithTheirOtherPile(t *testing.T) {
	g := rig2(t, Config{SourisCall: true}, []Card{f1}, []Card{Mult(3, 4), f2}, []Card{f3, f5}, []Card{Mult(2, 6), f7})
	for k, seat := range []int{0, 1, 0, 1} {
		play(t, g, seat, Flip(), int64(100*k)) // B1 3×4 and B2 2×6 match
	}
	play(t, g, 1, Flip(), 400) // B lets it pass and reveals
	require.Len(t, g.callableBy(0), 1)
	require.Empty(t, deckOf(g, 0), "A's first pile has no deck")
	play(t, g, 0, Souris(), 500)
	require.Equal(t, 1, g.Stats().Souris, "a right call")
	assert.Equal(t, 2, g.st.Turn, "the caller reveals, with their other pile")
	assert.Contains(t, g.Legal(0), Flip())
}

// Spec, End: "the infinite game (a point per emptied hand, refill from the
// richest)". With two players a pile that empties while the other player's
// piles hold fewer than two cards each takes no card back and stays empty;
// the engine then scored it again at every later exchange, gluttony or
// Ambush, a point per event instead of one per emptied hand.
func TestAuditInfiniteAnEmptiedHandScoresOnce(t *testing.T) {
	g := rig2(t, Config{Infinite: true}, []Card{f1, Mult(3, 4)}, append([]Card{f2}, fillers(30)...), []Card{f3, Product(12)}, []Card{f5})
	for k, seat := range []int{0, 1, 0, 1} {
		play(t, g, seat, Flip(), int64(100*k))
	}
	st := play(t, g, 1, SlapWith(0), 500) // B1's gluttony takes B2's only card
	require.Equal(t, []int{0, 1}, g.Points(), "B2 emptied: B scores")
	require.Zero(t, g.st.Players[3].cards(), "A's piles hold one card each: B2 takes none back")
	require.Equal(t, 1, countEvents(st, "point"))
	play(t, g, 0, Flip(), 1000) // A2: 12
	play(t, g, 0, Flip(), 1100) // A1: 3×4, A's own piles match
	st = play(t, g, 0, Slap(), 1500)
	assert.Equal(t, []int{1, 1}, g.Points(), "A1 emptied: A scores; B2 did not empty again")
	assert.Equal(t, 1, countEvents(st, "point"))
}

func countEvents(st games.Step, typ string) int {
	n := 0
	for _, e := range st.Events {
		if e.Type == typ {
			n++
		}
	}
	return n
}
