package potion

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/require"
)

// child is a test student: it lays at random, captures or forgets, proposes
// wrong multiplications, calls vigilance (rightly or not) and answers quizzes.
// A passive child never captures nor calls: its games run out of cards.
func child(v View, r *rand.Rand, passive bool) Move {
	me, opp := v.Seat, 1-v.Seat
	caps := Captures(v.Zones[me], v.Zones[opp])
	wrong := func(potions, monsters []Card) (Move, bool) {
		if len(potions) < 2 || len(monsters) == 0 {
			return Move{}, false
		}
		i, j := r.IntN(len(potions)), r.IntN(len(potions))
		return Move{Potions: []int{potions[i].ID, potions[j].ID}, Monster: monsters[r.IntN(len(monsters))].ID}, true
	}
	if v.Phase == PhaseCapture {
		if m, ok := wrong(v.Zones[me], v.Zones[opp]); ok && r.IntN(5) == 0 {
			m.Type = MoveCapture
			return m
		}
		if len(caps) > 0 && r.IntN(2) == 0 {
			c := caps[r.IntN(len(caps))]
			return CaptureMove(c.Potions[0], c.Potions[1], c.Monster)
		}
		return Accept()
	}
	if passive && v.Phase == PhasePlay {
		if !v.Laid && len(v.Hand) > 0 {
			return Lay(v.Hand[r.IntN(len(v.Hand))].ID)
		}
		return End()
	}
	if v.VigilanceOpen && r.IntN(2) == 0 {
		if missed := Captures(v.Zones[opp], v.Zones[me]); len(missed) > 0 && r.IntN(4) > 0 {
			c := missed[r.IntN(len(missed))]
			return Vigilance(c.Potions[0], c.Potions[1], c.Monster)
		}
		if m, ok := wrong(v.Zones[opp], v.Zones[me]); ok {
			m.Type = MoveVigilance
			return m
		}
	}
	if v.Quiz && !v.Laid && r.IntN(3) == 0 {
		seen := append(slices.Clone(v.Hand), v.Zones[me]...)
		if len(seen) >= 2 {
			i := r.IntN(len(seen))
			j := (i + 1 + r.IntN(len(seen)-1)) % len(seen)
			return Answer(seen[i].ID, seen[j].ID, seen[i].Potion*seen[j].Potion+r.IntN(2))
		}
	}
	if !v.Laid && len(v.Hand) > 0 {
		if r.IntN(20) == 0 {
			return End() // refused: the lay is compulsory
		}
		return Lay(v.Hand[r.IntN(len(v.Hand))].ID)
	}
	if !v.Captured {
		if m, ok := wrong(v.Zones[me], v.Zones[opp]); ok && r.IntN(6) == 0 {
			m.Type = MoveCapture
			return m
		}
		if len(caps) > 0 && r.IntN(4) > 0 {
			c := caps[r.IntN(len(caps))]
			return CaptureMove(c.Potions[0], c.Potions[1], c.Monster)
		}
	}
	return End()
}

// driver plays a game with test students and the game's computers.
type driver struct {
	t       testing.TB
	r       *rand.Rand
	passive bool
	at      int64
	steps   int
	check   func(g *Game)
}

// run plays until the game is over or limit inputs were given.
func (d *driver) run(g *Game, limit int) {
	d.t.Helper()
	for !g.Over() && d.steps < limit {
		d.steps++
		if at, ok := g.Next(); ok {
			st, err := g.Advance(max(at, d.at))
			require.NoError(d.t, err)
			checkEvents(d.t, g, st, false)
		} else {
			seat := g.Waiting()[0]
			m := child(g.SeatView(seat), d.r, d.passive)
			st, err := g.Play(seat, m, d.at)
			if err != nil {
				_, ok := games.AsRuleError(err)
				require.True(d.t, ok, "only rule errors: %v", err)
			}
			for _, a := range st.Attempts {
				checkAttempt(d.t, seat, g, a)
			}
			checkEvents(d.t, g, st, true)
		}
		d.at += int64(d.r.IntN(4000))
		if d.check != nil {
			d.check(g)
		}
	}
}

// checkAttempt: attempts belong to the student who moved and follow the
// spec's table (missed: no given, no time; others: given and a time).
func checkAttempt(t testing.TB, seat int, g *Game, a games.Attempt) {
	t.Helper()
	if a.Seat != seat || !g.s.Config.Seats[seat].Human() {
		t.Fatalf("attempt of seat %d after a move of seat %d", a.Seat, seat)
	}
	switch a.Kind {
	case games.KindMissed:
		if a.Given != nil || a.ResponseMS != nil || a.Correct {
			t.Fatalf("missed attempt with an answer: %+v", a)
		}
	case games.KindCapture, games.KindAnswer:
		if a.Given == nil || a.ResponseMS == nil || *a.ResponseMS < 0 || a.Correct != (*a.Given == a.A*a.B) {
			t.Fatalf("bad %s attempt: %+v", a.Kind, a)
		}
	default:
		t.Fatalf("kind %s is not in MultipliPotion's table", a.Kind)
	}
}

// checkEvents: events are public. A draw never names its card; after one
// move of a student, no card an event names is in a hand or the pile, except
// the potions of a capture that everyone saw go under the pile. (Over a
// whole Advance a card may travel on, so only the draws are checked there.)
func checkEvents(t testing.TB, g *Game, st games.Step, oneMove bool) {
	t.Helper()
	hidden := make([]bool, len(g.s.Cards))
	for _, ids := range [][]int{g.s.Hands[0], g.s.Hands[1], g.s.Pile} {
		for _, id := range ids {
			hidden[id] = true
		}
	}
	for _, e := range st.Events {
		if e.Type == "draw" && e.Data != nil {
			t.Fatalf("a draw names its card: %+v", e)
		}
		if !oneMove {
			continue
		}
		named := []int{}
		for _, key := range []string{"card", "monster", "trophy"} {
			if id, ok := e.Data[key].(int); ok {
				named = append(named, id)
			}
		}
		if ids, ok := e.Data["potions"].([]int); ok && e.Type != "capture" {
			named = append(named, ids...)
		}
		for _, id := range named {
			if hidden[id] {
				t.Fatalf("event %s names hidden card %d", e.Type, id)
			}
		}
	}
}

// checkResult: the most trophies win, equal trophies none.
func checkResult(t testing.TB, g *Game) {
	t.Helper()
	r := g.Result()
	s := r.Scores
	switch {
	case s[0] > s[1] && !slices.Equal(r.Winners, []int{0}),
		s[1] > s[0] && !slices.Equal(r.Winners, []int{1}),
		s[0] == s[1] && len(r.Winners) != 0,
		r.Reason == "potion.five_trophies" && max(s[0], s[1]) < WinTrophies,
		r.Reason != "potion.five_trophies" && max(s[0], s[1]) >= WinTrophies:
		t.Fatalf("result %+v", r)
	}
}

func propertyConfigs() []Config {
	levels := []games.Level{games.Green(), games.Violet(), box(), games.All(12), games.Custom(7, 8)}
	seatings := [][]games.Seat{
		{student, computer(1)}, {computer(2), student}, {student, computer(3)},
		{student, student2}, {computer(1), computer(3)},
	}
	var out []Config
	for e, ed := range []int{Edition3, Edition4} {
		for i, l := range levels {
			s := seatings[(i+e)%len(seatings)]
			out = append(out, Config{Level: l, Seats: s, Edition: ed, Quiz: i%2 == 0})
		}
	}
	return out
}

func propertySeeds(t *testing.T) uint64 {
	if testing.Short() {
		return 100
	}
	return 300 // × 10 configurations: 3,000 games
}

func TestPropertyCardsConservedAndViewsHideWhatTheyMust(t *testing.T) {
	for _, cfg := range propertyConfigs() {
		t.Run(fmt.Sprintf("%s/%d/%s-%s", cfg.Level.Name, cfg.Edition, cfg.Seats[0].Kind, cfg.Seats[1].Kind), func(t *testing.T) {
			for seed := range propertySeeds(t) {
				g, err := New(cfg, seed)
				require.NoError(t, err)
				n := len(g.s.Cards)
				d := &driver{t: t, r: rand.New(rand.NewPCG(seed, 7)), passive: seed%4 == 0, check: func(g *Game) {
					ids := allIDs(g)
					slices.Sort(ids)
					for i, id := range ids {
						if id != i || len(ids) != n {
							t.Fatalf("seed %d: cards not conserved: %v", seed, ids)
						}
					}
					checkViews(t, g)
				}}
				d.run(g, 3000)
				require.True(t, g.Over(), "seed %d: every game ends", seed)
				checkResult(t, g)
			}
		})
	}
}

// checkViews: a seat sees its own hand, only the sizes of the other hand and
// the pile, and no card of the other hand or the pile anywhere. Plain loops:
// it runs after every input of thousands of games.
func checkViews(t testing.TB, g *Game) {
	t.Helper()
	hidden := make([]bool, len(g.s.Cards))
	for seat := range 2 {
		v := g.SeatView(seat)
		if !slices.Equal(g.s.Hands[seat], ids(v.Hand)) || v.Pile != len(g.s.Pile) {
			t.Fatalf("seat %d: view hand %v pile %d, state %v %d", seat, ids(v.Hand), v.Pile, g.s.Hands[seat], len(g.s.Pile))
		}
		clear(hidden)
		for _, h := range g.s.Hands[1-seat] {
			hidden[h] = true
		}
		for _, h := range g.s.Pile {
			hidden[h] = true
		}
		visible := [][]Card{v.Hand, v.Zones[0], v.Zones[1], v.Trophies[0], v.Trophies[1]}
		for _, cards := range visible {
			for _, c := range cards {
				if hidden[c.ID] {
					t.Fatalf("seat %d sees hidden card %d", seat, c.ID)
				}
			}
		}
	}
}

func ids(cards []Card) []int {
	out := make([]int, len(cards))
	for i, c := range cards {
		out[i] = c.ID
	}
	return out
}

func TestPropertyViewJSONHasNoHiddenFields(t *testing.T) {
	g, err := New(Config{Level: games.Green(), Seats: []games.Seat{student, computer(2)}, Quiz: true}, 4)
	require.NoError(t, err)
	data, err := json.Marshal(g.View(0))
	require.NoError(t, err)
	var fields map[string]any
	require.NoError(t, json.Unmarshal(data, &fields))
	require.IsType(t, float64(0), fields["pile"], "the pile is a count")
	require.Len(t, fields["hand_sizes"], 2)
	for _, k := range []string{"cards", "hands", "rng", "seed", "log"} {
		require.NotContains(t, fields, k)
	}
}

func TestPropertyReplayOfTheLogGivesTheSameGame(t *testing.T) {
	for _, cfg := range propertyConfigs() {
		for seed := range propertySeeds(t) / 2 {
			g, err := New(cfg, seed)
			require.NoError(t, err)
			(&driver{t: t, r: rand.New(rand.NewPCG(seed, 8)), passive: seed%4 == 0}).run(g, 3000)
			fresh, err := New(cfg, seed)
			require.NoError(t, err)
			replayed, _, err := games.Replay(fresh, g.Log())
			require.NoError(t, err)
			sameState(t, g, replayed.(*Game), seed)
		}
	}
}

func TestPropertyJSONRoundTripContinuesIdentically(t *testing.T) {
	for _, cfg := range propertyConfigs() {
		for seed := range propertySeeds(t) / 2 {
			g, err := New(cfg, seed)
			require.NoError(t, err)
			d := &driver{t: t, r: rand.New(rand.NewPCG(seed, 9)), passive: seed%4 == 0}
			d.run(g, int(seed%40))
			loaded, err := Load(save(t, g))
			require.NoError(t, err)
			sameState(t, g, loaded, seed)
			a := &driver{t: t, r: rand.New(rand.NewPCG(seed, 10)), at: d.at, passive: d.passive}
			b := &driver{t: t, r: rand.New(rand.NewPCG(seed, 10)), at: d.at, passive: d.passive}
			a.run(g, 3000)
			b.run(loaded, 3000)
			sameState(t, g, loaded, seed)
		}
	}
}

// sameState compares two games' saves byte for byte (the state holds no map,
// so its JSON is canonical), showing a JSON diff only on failure.
func sameState(t testing.TB, a, b *Game, seed uint64) {
	t.Helper()
	x, y := save(t, a), save(t, b)
	if !bytes.Equal(x, y) {
		require.JSONEq(t, string(x), string(y), "seed %d", seed)
	}
}
