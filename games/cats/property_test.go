package cats

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
)

// randomConfig seats a student at 0 and 1–7 computer cats of random levels
// (with one, two piles each).
func randomConfig(r *rand.Rand) Config {
	n := 2 + r.IntN(7)
	seats := []games.Seat{student("kid")}
	for i := 1; i < n; i++ {
		seats = append(seats, bot(1+r.IntN(3)))
	}
	return Config{Level: LearningLevel(5 + r.IntN(6)), Seats: seats, Specials: r.IntN(4) > 0, Start: r.IntN(n)}
}

// checkAttempts: attempts only for the student (seat 0), shaped as the
// spec's table says.
func checkAttempts(t testing.TB, st games.Step) {
	t.Helper()
	for _, a := range st.Attempts {
		require.Equal(t, 0, a.Seat, "computer seats never produce attempts")
		require.True(t, a.A >= 1 && a.B >= 1)
		switch a.Kind {
		case games.KindMissed:
			require.Nil(t, a.Given)
			require.Nil(t, a.ResponseMS)
			require.False(t, a.Correct)
		case games.KindClaim:
			require.NotNil(t, a.Given)
			require.NotNil(t, a.ResponseMS)
			require.GreaterOrEqual(t, *a.ResponseMS, int64(0))
			require.LessOrEqual(t, *a.ResponseMS, int64(DefaultWindowMS))
			require.Equal(t, *a.Given == a.A*a.B, a.Correct)
		default:
			require.Failf(t, "unexpected kind", "%v", a.Kind)
		}
	}
}

// drive plays a game with a student at seat 0 who flips after a while, slaps
// on what they see (sometimes wrongly) and sometimes misses; computer cats
// play through Advance. check runs after every input.
func drive(t testing.TB, g *Game, r *rand.Rand, check func()) {
	t.Helper()
	for steps := 0; !g.Over(); steps++ {
		require.Less(t, steps, 200000, "the game ends")
		next, ok := g.Next()
		var m *Move
		at := g.st.Clock
		v := g.SeatView(0)
		for _, l := range v.Legal {
			switch {
			case l.Type == MoveFlip:
				m, at = &Move{Type: MoveFlip}, g.st.Clock+200+r.Int64N(1500)
			case l.Type == MoveSlap && v.Window != nil:
				tab := &Table{Tops: make([]Card, len(v.Players)), In: make([]bool, len(v.Players)), DeckEmpty: make([]bool, len(v.Players))}
				for i, p := range v.Players {
					tab.Tops[i], tab.In[i], tab.DeckEmpty[i] = p.Top, !p.Out, p.Deck == 0
				}
				should := shouldSlap(tab, 0)
				if (should && r.IntN(4) > 0) || r.IntN(20) == 0 {
					s := Slap()
					if r.IntN(3) == 0 {
						var others []int // the piles of the other players
						for i, p := range v.Players {
							if p.Owner != 0 {
								others = append(others, i)
							}
						}
						s = SlapWith(others[r.IntN(len(others))])
					}
					m, at = &s, max(g.st.Clock, v.Window.Opened+300+r.Int64N(3000))
				}
			case l.Type == MoveSouris && v.Window != nil && r.IntN(25) == 0:
				c := Souris()
				m, at = &c, max(g.st.Clock, v.Window.Opened+300+r.Int64N(3000))
			case l.Type == MoveStop && r.IntN(4000) == 0:
				c := Stop()
				m, at = &c, g.st.Clock
			}
			if m != nil {
				break
			}
		}
		switch {
		case m != nil && (!ok || at < next):
			raw, _ := json.Marshal(m)
			st, err := g.Apply(0, raw, at)
			checkAttempts(t, st)
			checkEventsPublic(t, st)
			if err != nil {
				re, isRule := games.AsRuleError(err)
				require.True(t, isRule, "%v", err)
				require.Contains(t, []string{"cats.window_closed", "game.not_your_turn", "cats.already_slapped", "cats.already_called"}, re.Code)
				_, err = g.Advance(at)
				require.NoError(t, err)
			}
		case ok:
			st, err := g.Advance(next)
			require.NoError(t, err)
			checkAttempts(t, st)
			checkEventsPublic(t, st)
		default:
			require.Fail(t, "nothing due and nothing to do")
		}
		check()
	}
}

func seeds(t *testing.T, long, short int) int {
	if testing.Short() {
		return short
	}
	return long
}

func TestPropertyCardsAreConservedAndEveryGameEnds(t *testing.T) {
	for seed := range uint64(seeds(t, 600, 100)) {
		r := rand.New(rand.NewPCG(seed, 1))
		cfg := randomConfig(r)
		g, err := New(cfg, seed)
		require.NoError(t, err)
		total := totalCards(g)
		drive(t, g, r, func() {
			if totalCards(g) != total {
				require.Failf(t, "cards not conserved", "seed %d: %d != %d", seed, totalCards(g), total)
			}
			invariants(t, g, seed)
		})
		require.True(t, g.Over())
		res := g.Result()
		require.Len(t, res.Winners, 1, "seed %d: one winner, the champion", seed)
		assert.Equal(t, g.st.Finished[0], res.Winners[0], "seed %d", seed)
		if res.Reason == ReasonChampion {
			// Everybody but two emptied their hand (or but one, when two
			// players emptied it in the same exchange).
			assert.Contains(t, []int{len(cfg.Seats) - 2, len(cfg.Seats) - 1}, len(g.st.Finished), "seed %d", seed)
		}
	}
}

func TestPropertyBotGamesEnd(t *testing.T) {
	for seed := range uint64(seeds(t, 2000, 300)) {
		r := rand.New(rand.NewPCG(seed, 2))
		cfg := randomConfig(r)
		cfg.Seats[0] = bot(1 + r.IntN(3))
		g, err := New(cfg, seed)
		require.NoError(t, err)
		total := totalCards(g)
		g.RunBots()
		require.True(t, g.Over())
		require.Equal(t, total, totalCards(g))
	}
}

// hideShuffle reorders everything nobody may see: decks and covered cards.
func hideShuffle(g *Game, r *rand.Rand) {
	for i := range g.st.Players {
		p := &g.st.Players[i]
		r.Shuffle(len(p.Deck), func(a, b int) { p.Deck[a], p.Deck[b] = p.Deck[b], p.Deck[a] })
		if n := len(p.Pile) - 1; n > 0 {
			r.Shuffle(n, func(a, b int) { p.Pile[a], p.Pile[b] = p.Pile[b], p.Pile[a] })
		}
	}
}

func TestPropertyViewsHideDecksAndCoveredCards(t *testing.T) {
	for seed := range uint64(seeds(t, 150, 30)) {
		r := rand.New(rand.NewPCG(seed, 3))
		g, err := New(randomConfig(r), seed)
		require.NoError(t, err)
		k := 0
		drive(t, g, r, func() {
			if k++; k%40 != 0 {
				return
			}
			data, err := json.Marshal(g)
			require.NoError(t, err)
			other, err := Load(data)
			require.NoError(t, err)
			hideShuffle(other, r)
			for s := range g.st.Players {
				a, _ := json.Marshal(g.View(s))
				b, _ := json.Marshal(other.View(s))
				require.JSONEq(t, string(a), string(b), "seed %d seat %d", seed, s)
			}
		})
	}
}

func TestPropertyReplayEqualsAndJSONRoundTripContinuesIdentically(t *testing.T) {
	for seed := range uint64(seeds(t, 300, 40)) {
		r := rand.New(rand.NewPCG(seed, 4))
		cfg := randomConfig(r)
		g, err := New(cfg, seed)
		require.NoError(t, err)
		drive(t, g, r, func() {})
		assertReplaysAndRoundTrips(t, g, cfg, seed)
	}
}

// assertReplaysAndRoundTrips checks that a played game is what replaying
// its input log from a fresh deal gives, and that saving it half-way,
// loading and going on with the same inputs gives it too.
func assertReplaysAndRoundTrips(t *testing.T, g *Game, cfg Config, seed uint64) {
	t.Helper()
	want, err := json.Marshal(g)
	require.NoError(t, err)
	fresh, err := New(cfg, seed)
	require.NoError(t, err)
	replayed, _, err := games.Replay(fresh, g.Log())
	require.NoError(t, err)
	got, err := json.Marshal(replayed)
	require.NoError(t, err)
	require.JSONEq(t, string(want), string(got), "seed %d: replay", seed)

	log := g.Log()
	half := len(log) / 2
	first, err := New(cfg, seed)
	require.NoError(t, err)
	_, _, err = games.Replay(first, log[:half])
	require.NoError(t, err)
	saved, err := json.Marshal(first)
	require.NoError(t, err)
	loaded, err := Load(saved)
	require.NoError(t, err)
	require.Equal(t, cfg.Infinite, loaded.Config().Infinite, "seed %d: the variant survives a save", seed)
	require.Equal(t, cfg.SourisCall, loaded.Config().SourisCall, "seed %d: the variant survives a save", seed)
	_, _, err = games.Replay(loaded, log[half:])
	require.NoError(t, err)
	got, err = json.Marshal(loaded)
	require.NoError(t, err)
	require.JSONEq(t, string(want), string(got), "seed %d: round trip", seed)
}

// invariants that hold between any two inputs.
func invariants(t testing.TB, g *Game, seed uint64) {
	t.Helper()
	st := &g.st
	if st.Done {
		return
	}
	require.False(t, st.Players[st.Turn].Out, "seed %d: the turn is a seat still in", seed)
	for i := range st.Players {
		p := &st.Players[i]
		require.Equal(t, p.Out, p.cards() == 0, "seed %d: out exactly when no card left", seed)
	}
	if w := st.Win; w != nil {
		for gi, grp := range w.Groups {
			for _, s := range grp {
				numbered := w.Kind == KindChase || w.Kind == KindAmbush || !w.Tops[s].IsZero()
				require.False(t, !w.Done[gi] && (st.Players[s].Out || !numbered), "seed %d: groups waiting hold seats in play", seed)
			}
		}
	}
	for _, p := range st.Pending {
		require.False(t, st.Players[p.Seat].Out, "seed %d", seed)
		require.False(t, g.human(p.Seat))
	}
	require.Greater(t, g.active(), g.losers(), "seed %d: the game ends when two are left (one of two)", seed)
}

// publicEventKeys are the data an event may carry: only a reveal names a
// card (it is face up for everybody); a gift or an ambush moves cards from
// the top of a face-down deck and says only who gives to whom; a gluttony's
// wrong_pair says the glutton named a face-up card as equal to theirs.
var publicEventKeys = map[string]bool{
	"dir": true, "to": true, "slowest": true, "revealer": true,
	"losers": true, "loser": true, "place": true, "reason": true,
	"right": true, "seats": true, "points": true, "took": true,
	"winner": true, "hand": true, "wrong_pair": true,
}

func checkEventsPublic(t testing.TB, st games.Step) {
	t.Helper()
	for _, e := range st.Events {
		for k, v := range e.Data {
			if e.Type == "reveal" && k == "card" {
				continue
			}
			if !publicEventKeys[k] {
				require.Failf(t, "event carries data that may be hidden", "%s: %s=%v", e.Type, k, v)
			}
			if _, isCard := v.(Card); isCard {
				require.Failf(t, "only a reveal names a card", "%s: %s=%v", e.Type, k, v)
			}
		}
	}
}
