package magicoa

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// randomConfig draws a configuration: 2–6 seats mixing students and bots,
// any edition and variant the seat count allows.
func randomConfig(r *rand.Rand) Config {
	variant := []string{Standard, Junior, Expert}[r.IntN(3)]
	n := 2 + r.IntN(5)
	if variant == Expert {
		n = 3 + r.IntN(2)
	}
	seats := make([]games.Seat, n)
	for i := range seats {
		if r.IntN(2) == 0 {
			seats[i] = games.Seat{Kind: games.SeatStudent}
		} else {
			seats[i] = games.Seat{Kind: games.SeatComputer, Bot: 1 + r.IntN(3)}
		}
	}
	cfg := Config{Seats: seats, Variant: variant, StartSeat: r.IntN(n), Edition: Classic}
	if r.IntN(2) == 0 {
		cfg.Edition = Multiplication
		cfg.Level = []games.Level{games.Green(), games.Violet(), games.All(12), games.Custom(7)}[r.IntN(4)]
	}
	return cfg
}

// humanMove is a random move for a student: a legal one mostly, with
// right or wrong answers, and now and then an illegal cover.
func humanMove(g *Game, seat int, r *rand.Rand) (m Move, risky bool) {
	v := g.view(seat)
	m = v.Legal[r.IntN(len(v.Legal))]
	if m.Type == MovePlace && r.IntN(5) == 0 {
		m, risky = Move{Type: MovePlace, Potion: r.IntN(len(v.Layout))}, true
	}
	if m.Type == MoveAnswer {
		want := 0
		switch {
		case v.Triple != nil:
			want = 3 * v.Triple.Points
		case v.Current != nil:
			want = cardValue(*v.Current)
		}
		m.Product = want + r.IntN(3) - 1
	}
	return m, risky
}

// drive plays g to its end through the Engine interface, at a random pace,
// calling check after every input.
func drive(t testing.TB, g *Game, r *rand.Rand, steps int, check func(games.Step)) {
	t.Helper()
	at := g.s.Clock
	for k := 0; !g.Over() && k != steps; k++ {
		at += int64(r.IntN(3000))
		var st games.Step
		var err error
		if _, ok := g.Next(); ok {
			st, err = g.Advance(at)
			require.NoError(t, err)
		} else {
			w := g.Waiting()
			require.NotEmpty(t, w)
			seat := w[r.IntN(len(w))]
			m, risky := humanMove(g, seat, r)
			raw, _ := json.Marshal(m)
			var before []byte
			if risky {
				before, _ = g.MarshalJSON()
			}
			st, err = g.Apply(seat, raw, at)
			if err != nil {
				require.True(t, risky, "only the random covers may be refused: %v", err)
				after, _ := g.MarshalJSON()
				require.Equal(t, "magicoa.not_greater"[:11], ruleCode(t, err)[:11])
				require.Equal(t, string(before), string(after), "a refused move changes nothing")
				continue
			}
		}
		if check != nil {
			check(st)
		}
	}
}

// checkConserved: every gold card is in hand, chosen or played; every
// potion of the current game is in the row, the pile, out or won, once.
// Plain ifs, not testify: this runs after every move of thousands of games.
func checkConserved(t testing.TB, g *Game) {
	for s := range g.s.Gold {
		chosen := 0
		for _, w := range g.s.Where[s] {
			if w == InChosen {
				chosen++
			}
		}
		if len(g.s.Gold[s]) != GoldPerPlayer || len(g.s.Where[s]) != GoldPerPlayer || chosen != len(g.s.Chosen[s]) {
			t.Fatalf("seat %d: gold cards not conserved", s)
		}
	}
	base := (g.s.Match - 1) * 37
	var ids [2 * 37]bool
	count := func(p Potion) {
		if ids[p.ID] {
			t.Fatalf("potion %d twice", p.ID)
		}
		ids[p.ID] = true
	}
	for _, sl := range g.s.Layout {
		count(sl.Potion)
		for _, b := range sl.Bids {
			if g.s.Where[b.Seat][b.Card] != Played {
				t.Fatalf("a placed card is still in hand")
			}
		}
	}
	for _, p := range g.s.Pile {
		count(p)
	}
	for _, p := range g.s.Out {
		count(p)
	}
	inMatch := 0
	for _, won := range g.s.Won {
		for _, h := range won {
			count(h.Potion)
			if h.Potion.ID >= base {
				inMatch++
			}
		}
	}
	if n := len(g.s.Layout) + len(g.s.Pile) + len(g.s.Out) + inMatch; n != 37 {
		t.Fatalf("%d potions in the current game, want 37", n)
	}
}

// checkHidden checks seat s's view hides what s may not know.
func checkHidden(t testing.TB, g *Game, s int) {
	v := g.view(s)
	for i, sl := range g.s.Layout {
		known := g.s.Public[sl.Potion.ID] || g.s.Seen[sl.Potion.ID]&(1<<s) != 0
		if !known && v.Layout[i].Potion != (PotionView{ID: -1, Hidden: true, Power: sl.Potion.Power}) {
			t.Fatalf("seat %d sees hidden potion %d", s, sl.Potion.ID)
		}
	}
	if n := len(g.s.Pile); n > 0 {
		top := g.s.Pile[n-1].ID
		if !g.s.Public[top] && g.s.Seen[top]&(1<<s) == 0 && !v.PileTop.Hidden {
			t.Fatalf("seat %d sees the pile top", s)
		}
	}
	for _, p := range v.Players {
		for k := 1; p.Seat != s && k < len(p.Unplayed); k++ {
			if p.Unplayed[k-1].ID >= p.Unplayed[k].ID {
				t.Fatalf("seat %d's unplayed cards are not in ID order: the choice would show", p.Seat)
			}
		}
	}
	for _, c := range v.Hand {
		if g.s.Config.Edition == Multiplication && c.Value != 0 {
			t.Fatalf("a product is given away")
		}
	}
}

// checkChoiceSecret swaps another seat's chosen card for one in its hand
// and checks seat s's view does not change, then puts it back.
func checkChoiceSecret(t testing.TB, g *Game, s int) {
	for other := range g.s.Config.Seats {
		hand := g.hand(other)
		if other == s || len(g.s.Chosen[other]) == 0 || len(hand) == 0 {
			continue
		}
		before, _ := json.Marshal(g.view(s))
		was, swap := g.s.Chosen[other][0], hand[0]
		g.s.Where[other][was], g.s.Where[other][swap] = InHand, InChosen
		g.s.Chosen[other][0] = swap
		after, _ := json.Marshal(g.view(s))
		g.s.Where[other][was], g.s.Where[other][swap] = InChosen, InHand
		g.s.Chosen[other][0] = was
		if !bytes.Equal(before, after) {
			t.Fatalf("seat %d's view shows seat %d's chosen cards", s, other)
		}
		return
	}
}

func TestPropertyCardsConservedInformationHiddenGamesEnd(t *testing.T) {
	seeds := 800
	if testing.Short() {
		seeds = 200
	}
	for seed := range seeds {
		r := rand.New(rand.NewPCG(uint64(seed), 1))
		cfg := randomConfig(r)
		g, err := New(cfg, uint64(seed))
		require.NoError(t, err)
		rounds := map[[2]int]bool{}
		drive(t, g, r, -1, func(st games.Step) {
			checkConserved(t, g)
			checkEventsPublic(t, g, st)
			checkHidden(t, g, r.IntN(len(cfg.Seats)))
			if g.s.Phase == PhaseChoose || (g.s.Phase == PhasePlace && r.IntN(10) == 0) {
				checkChoiceSecret(t, g, r.IntN(len(cfg.Seats)))
			}
			rounds[[2]int{g.s.Match, g.s.Round}] = true
		})
		require.True(t, g.Over(), "seed %d", seed)
		assert.Equal(t, RoundsPerGame, g.s.Round)
		assert.Equal(t, cfg.withDefaults().matches(), g.s.Match)
		for s := range cfg.Seats {
			assert.Empty(t, g.hand(s))
		}
	}
}

func TestPropertyReplayEqualsAndJSONRoundTripContinuesIdentically(t *testing.T) {
	seeds := 500
	if testing.Short() {
		seeds = 150
	}
	for seed := range seeds {
		r := rand.New(rand.NewPCG(uint64(seed), 2))
		cfg := randomConfig(r)
		g, err := New(cfg, uint64(seed))
		require.NoError(t, err)
		drive(t, g, r, 5+r.IntN(60), nil)
		saved, err := g.MarshalJSON()
		require.NoError(t, err)
		loaded, err := Load(saved)
		require.NoError(t, err)
		again, _ := loaded.MarshalJSON()
		require.Equal(t, string(saved), string(again))

		contSeed := uint64(seed) * 31
		drive(t, g, rand.New(rand.NewPCG(contSeed, 3)), -1, nil)
		drive(t, loaded, rand.New(rand.NewPCG(contSeed, 3)), -1, nil)
		a, _ := g.MarshalJSON()
		b, _ := loaded.MarshalJSON()
		require.Equal(t, string(a), string(b), "seed %d: a restored game continues identically", seed)

		fresh, err := New(cfg, uint64(seed))
		require.NoError(t, err)
		replayed, _, err := games.Replay(fresh, g.Log())
		require.NoError(t, err)
		c, _ := replayed.MarshalJSON()
		require.Equal(t, string(a), string(c), "seed %d: replay", seed)
	}
}

func TestAdvanceWithNothingToDoLeavesNoTrace(t *testing.T) {
	g := newClassic(t, 2)
	st, err := g.Advance(10)
	require.NoError(t, err)
	assert.Empty(t, st.Events)
	assert.Empty(t, g.Log())
	_, ok := g.Next()
	assert.False(t, ok)
}

func TestApplyRefusesComputerSeatsAndBadTime(t *testing.T) {
	g, err := New(Config{Seats: []games.Seat{{Kind: games.SeatStudent}, {Kind: games.SeatComputer, Bot: 2}}}, 1)
	require.NoError(t, err)
	_, err = g.Apply(1, json.RawMessage(`{"type":"choose","cards":[0,1]}`), 10)
	assert.Equal(t, "game.computer_seat", ruleCode(t, err))
	_, err = g.Apply(0, json.RawMessage(`{"type":"choose","cards":[0,1]}`), 10)
	require.NoError(t, err)
	_, err = g.Advance(5)
	assert.Equal(t, "game.bad_time", ruleCode(t, err))
	_, err = g.Apply(3, json.RawMessage(`{"type":"pass"}`), 10)
	assert.Equal(t, "game.bad_seat", ruleCode(t, err))
}
