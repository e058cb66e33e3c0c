package cube

import (
	"encoding/json"
	"flag"
	"fmt"
	"slices"
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A whole game takes tens of milliseconds (the solver runs for every
// computer decision and every draw), so the default run plays a few seeds
// per rule set; -cube.seeds=1000 sweeps more.
var propSeeds = flag.Int("cube.seeds", 6, "seeds per rule set in the property tests")

// played is a game driven to its end: seat 0 is a scripted student who
// plays like a solid computer 1.5 to 7.5 s after each new situation, seat 1 a
// computer. It checks the invariants after every step.
type played struct {
	cfg  Config
	seed uint64
	g    *Game
	mid  []byte // the saved state halfway
	midN int    // log length at mid
}

func playScripted(t *testing.T, rules int, seed uint64) played {
	t.Helper()
	cfg := DefaultConfig(rules, games.All(9), []games.Seat{human("Léa"), bot(int(seed%3) + 1)})
	cfg.Bonuses = seed%2 == 0
	cfg.LevelDecks = seed%4 == 1
	g := newGame(t, cfg, seed)
	p := played{cfg: cfg, seed: seed, g: g}
	script := newTestRNG(seed)
	plannedFor, delay := int64(-1), int64(0)
	for step := 0; !g.Over(); step++ {
		require.Less(t, step, 20000, "the game ends")
		if step == 40 {
			p.mid, _ = g.MarshalJSON()
			p.midN = len(g.s.Inputs)
		}
		next, ok := g.Next()
		since := g.s.Since[0]
		if cfg.turnBased() {
			since = g.s.TurnStart
		}
		if since != plannedFor {
			// A new situation: the student takes 1.5 to 7.5 s to act.
			plannedFor, delay = since, 1500+int64(script.IntN(6000))
		}
		hAt := max(since+delay, g.s.Now)
		if slices.Contains(g.Waiting(), 0) && (!ok || hAt <= next) {
			m := botMove(g.View(0).(View), games.BotSolid, script)
			st, err := apply(t, g, 0, m, hAt)
			checkEventsPublic(t, g, st)
			if err != nil {
				fallback := Move{Type: MoveNoSolution}
				if cfg.turnBased() {
					mv := LegalTileMoves(g.s.Boards[0])[0]
					fallback = Move{Type: MovePass, Tile: &mv}
				}
				st, err = apply(t, g, 0, fallback, hAt)
				require.NoError(t, err, "%v", m)
				checkEventsPublic(t, g, st)
			}
		} else {
			require.True(t, ok, "someone can always act")
			st, err := g.Advance(next)
			require.NoError(t, err)
			checkEventsPublic(t, g, st)
		}
		checkInvariants(t, g)
	}
	return p
}

func checkInvariants(t *testing.T, g *Game) {
	t.Helper()
	all := cardsIn(g)
	slices.Sort(all)
	want := make([]int, MonsterCount)
	for i := range want {
		want[i] = i + 1
	}
	require.Equal(t, want, all, "every card is somewhere, once")
	layered := 0
	for _, l := range g.s.Layers {
		require.Positive(t, l.N, "no empty layer is kept")
		layered += l.N
	}
	require.Equal(t, len(g.s.Pile), layered, "the pile's layers hold every card of the pile")
	if g.s.Config.Rules == RulesAdvanced {
		for seat := range g.s.Config.Seats {
			v := g.View(seat).(View)
			require.Equal(t, monsters(g.s.Hands[seat]), v.Hand, "a view shows its own hand only")
		}
	}
	for seat := range g.s.Config.Seats {
		v := g.View(seat).(View)
		require.Equal(t, monsters(g.s.Won[seat]), v.Won, "won cards lie face down: only their owner sees them")
	}
	if g.s.Config.turnBased() {
		for _, b := range g.s.Boards {
			require.True(t, b.AllTouch())
		}
	} else {
		require.True(t, g.s.Board.AllTouch())
	}
}

func TestPropertyGamesEndConserveCardsAndReplay(t *testing.T) {
	for rules := 1; rules <= 4; rules++ {
		for seed := range uint64(*propSeeds) {
			t.Run(fmt.Sprintf("rules%d/seed%d", rules, seed), func(t *testing.T) {
				p := playScripted(t, rules, seed)
				final, err := p.g.MarshalJSON()
				require.NoError(t, err)

				fresh := newGame(t, p.cfg, p.seed)
				replayed, _, err := games.Replay(fresh, p.g.Log())
				require.NoError(t, err)
				again, err := replayed.MarshalJSON()
				require.NoError(t, err)
				assert.JSONEq(t, string(final), string(again), "replay of the log gives the same game")

				if p.mid != nil {
					loaded, err := Load(p.mid)
					require.NoError(t, err)
					for _, in := range p.g.Log()[p.midN:] {
						if in.Move == nil {
							_, err = loaded.Advance(in.At)
						} else {
							_, err = loaded.Apply(in.Seat, in.Move, in.At)
						}
						require.NoError(t, err)
					}
					cont, err := loaded.MarshalJSON()
					require.NoError(t, err)
					assert.JSONEq(t, string(final), string(cont), "a game restored from JSON continues identically")
				}
			})
		}
	}
}

func TestAttemptsComeFromHumanSeatsOnly(t *testing.T) {
	g := gameOne(t, human("Léa"), bot(games.BotStrong))
	for range 30 {
		at, ok := g.Next()
		if !ok || g.Over() {
			break
		}
		st, err := g.Advance(at)
		require.NoError(t, err)
		assert.Empty(t, st.Attempts)
	}
}

func TestLoadRejectsGarbage(t *testing.T) {
	_, err := Load([]byte("{"))
	assert.Error(t, err)
	_, err = Load([]byte("{}"))
	assert.Error(t, err)
}

func TestViewIsJSON(t *testing.T) {
	for rules := 1; rules <= 4; rules++ {
		g := newGame(t, DefaultConfig(rules, games.All(9), []games.Seat{human("a"), bot(1)}), 1)
		data, err := json.Marshal(g.View(0))
		require.NoError(t, err)
		assert.Contains(t, string(data), `"legal"`)
	}
}

// checkEventsPublic: events go to every seat. A code is named only by the
// seat that announces it (a find or a wrong claim) or by the face-up row of
// the shared rule sets; in #2 nothing else may name the codes of the secret
// hands.
func checkEventsPublic(t testing.TB, g *Game, st games.Step) {
	t.Helper()
	for _, e := range st.Events {
		switch e.Type {
		case "found", "wrong_claim", "over":
			continue
		}
		if g.s.Config.Rules != RulesAdvanced {
			continue
		}
		for k := range e.Data {
			if k == "code" || k == "codes" || k == "hand" || k == "hands" {
				t.Fatalf("#2 event %s carries %s: the hands are secret", e.Type, k)
			}
		}
	}
}
