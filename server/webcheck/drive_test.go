package webcheck

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/games/cats"
	"github.com/multipli/multipli/games/cube"
	"github.com/multipli/multipli/games/magicoa"
	"github.com/multipli/multipli/games/potion"
)

// snapshot is one state of a game as the student's page receives it: a
// play.GameDTO whose view is the engine's View(0) as JSON.
type snapshot struct {
	Step  int            // inputs fed so far
	View  map[string]any // View(0) decoded
	DTO   map[string]any // the whole GameDTO, for the fixtures
	Event []games.Event  // the events of the step that led here
}

// table is the game's seats: the student at 0, computers after.
func table(n int, bot int) []games.Seat {
	names := []string{"Léa", "Minou", "Hibou", "Renard", "Tigrou", "Félix"}
	seats := []games.Seat{{Kind: games.SeatStudent, Name: names[0]}}
	for i := 1; i < n; i++ {
		seats = append(seats, games.Seat{Kind: games.SeatComputer, Name: names[i], Bot: bot})
	}
	return seats
}

// studentMove decides the student's next move from the engine's typed
// state, or returns nil to let time pass. rng lets a driver play less than
// perfectly (a child forgets captures, slaps wrongly).
type studentMove func(e games.Engine, rng *rand.Rand) []any

// play drives a game to its end (or maxSteps inputs): the student's moves
// come from next (the first the engine accepts is played), computer players
// and timers through Advance. It returns a snapshot after every input.
func play(tb testing.TB, e games.Engine, game, edition, level string, next studentMove, seed uint64, maxSteps int) []snapshot {
	tb.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	var out []snapshot
	var now int64
	shot := func(st games.Step) {
		out = append(out, snap(tb, e, game, edition, level, len(out), now, st))
	}
	shot(games.Step{})
	for len(out) < maxSteps && !e.Over() {
		played := false
		for _, m := range next(e, rng) {
			raw, err := json.Marshal(m)
			require.NoError(tb, err)
			st, err := e.Apply(0, raw, now+250)
			if err == nil {
				now += 250
				shot(st)
				played = true
				break
			}
			_, isRule := games.AsRuleError(err)
			require.True(tb, isRule, "%s: move %s: %v", game, raw, err)
		}
		if played {
			continue
		}
		at, ok := e.Next()
		require.True(tb, ok, "%s: the game waits for the student, who has no move (step %d)", game, len(out))
		now = max(now, at)
		st, err := e.Advance(now)
		require.NoError(tb, err)
		shot(st)
	}
	return out
}

// snap wraps View(0) in a GameDTO as the play API sends it.
func snap(tb testing.TB, e games.Engine, game, edition, level string, version int, now int64, st games.Step) snapshot {
	tb.Helper()
	raw, err := json.Marshal(e.View(0))
	require.NoError(tb, err)
	var view map[string]any
	require.NoError(tb, json.Unmarshal(raw, &view))
	seats := []map[string]any{}
	for _, s := range e.Seats() {
		seats = append(seats, map[string]any{"kind": string(s.Kind), "name": s.Name})
	}
	attempts := []map[string]any{}
	for _, a := range st.Attempts {
		if a.Seat == 0 {
			ab, err := json.Marshal(a)
			require.NoError(tb, err)
			var am map[string]any
			require.NoError(tb, json.Unmarshal(ab, &am))
			attempts = append(attempts, am)
		}
	}
	events := st.Events
	if events == nil {
		events = []games.Event{}
	}
	res := e.Result()
	if res.Winners == nil {
		res.Winners = []int{}
	}
	if res.Scores == nil {
		res.Scores = []int{}
	}
	dto := map[string]any{
		"id": game + "-" + edition, "session_id": "s1", "game": game, "edition": edition, "version": version + 1,
		"seat": 0, "seats": seats, "level": level, "view": view, "events": events, "attempts": attempts,
		"over": e.Over(), "result": res, "now": now,
	}
	return snapshot{Step: version, View: view, DTO: dto, Event: st.Events}
}

// potionStudent lays its first card, captures when it sees a capture (but
// forgets one in three, so the computer calls vigilance), accepts a call,
// answers the quiz now and then, and ends its turn.
func potionStudent(e games.Engine, rng *rand.Rand) []any {
	v := e.(*potion.Game).SeatView(0)
	has := func(t string) bool {
		for _, m := range v.Legal {
			if m.Type == t {
				return true
			}
		}
		return false
	}
	var out []any
	if has(potion.MoveAccept) {
		return []any{potion.Accept()}
	}
	if has(potion.MoveAnswer) && rng.IntN(3) == 0 && len(v.Hand) >= 2 {
		a, b := v.Hand[0], v.Hand[1]
		out = append(out, potion.Answer(a.ID, b.ID, a.Potion*b.Potion))
	}
	for _, m := range v.Legal {
		if m.Type == potion.MoveLay {
			return append(out, m)
		}
	}
	if has(potion.MoveCapture) && rng.IntN(3) > 0 {
		for _, c := range potion.Captures(v.Zones[0], v.Zones[1]) {
			out = append(out, potion.CaptureMove(c.Potions[0], c.Potions[1], c.Monster))
		}
	}
	if has(potion.MoveEnd) {
		out = append(out, potion.End())
	}
	return out
}

// catsStudent reveals on its turn and slaps about half the windows, naming
// a partner now and then (right or wrong: the engine judges).
func catsStudent(e games.Engine, rng *rand.Rand) []any {
	v := e.(*cats.Game).SeatView(0)
	var out []any
	for _, m := range v.Legal {
		switch m.Type {
		case cats.MoveFlip:
			out = append(out, cats.Flip())
		case cats.MoveSlap:
			switch rng.IntN(4) {
			case 0:
				out = append(out, cats.Slap())
			case 1: // name a pile of another player
				var others []int
				for i, p := range v.Players {
					if p.Owner != v.Seat {
						others = append(others, i)
					}
				}
				out = append(out, cats.SlapWith(others[rng.IntN(len(others))]))
			}
		case cats.MoveSouris:
			if rng.IntN(8) == 0 {
				out = append(out, cats.Souris())
			}
		}
	}
	return out
}

// cubeStudent: in #3 and #4 it moves a tile and passes on its turn (the
// computers do the finding); in #1 and #2 it says "no solution" now and
// then and otherwise lets the computers claim.
func cubeStudent(e games.Engine, rng *rand.Rand) []any {
	v := e.View(0).(cube.View)
	var out []any
	for _, m := range v.Legal {
		switch m.Type {
		case cube.MovePass:
			board := v.Boards[0]
			taken := map[cube.Hex]bool{}
			for _, p := range board {
				taken[p.At] = true
			}
			for _, i := range rng.Perm(len(board)) {
				for _, to := range board[i].At.Neighbours() {
					if !taken[to] {
						out = append(out, cube.Move{Type: cube.MovePass, Tile: &cube.TileMove{From: board[i].At, To: to}})
					}
				}
			}
		case cube.MoveNoSolution:
			if rng.IntN(3) == 0 {
				out = append(out, cube.Move{Type: cube.MoveNoSolution})
			}
		}
	}
	return out
}

// cubeStudentAlone (#1, alone): plays the hint shown if any, else catches
// a monster that needs no tile move, else says "no solution".
func cubeStudentAlone(e games.Engine, _ *rand.Rand) []any {
	v := e.View(0).(cube.View)
	if h := v.Hint; h != nil {
		s := h.Solution
		return []any{cube.Move{Type: cube.MoveClaim, Code: h.Code, Tile: s.Move, Faces: s.Faces[:], Ops: s.Ops[:]}}
	}
	for _, m := range v.Row {
		if sols := cube.Solve(v.Board, m.Code, cube.Rules{Arith: cube.ArithMul, Move: cube.MoveNone}); len(sols) > 0 {
			s := sols[0]
			return []any{cube.Move{Type: cube.MoveClaim, Code: m.Code, Faces: s.Faces[:], Ops: s.Ops[:]}}
		}
	}
	return []any{cube.Move{Type: cube.MoveNoSolution}}
}

// magicoaStudent chooses its first two cards, answers its products right,
// places on the first place offered, never exchanges, activates powers one
// time in two and computes tripled scores right.
func magicoaStudent(e games.Engine, rng *rand.Rand) []any {
	v := e.View(0).(magicoa.View)
	var out []any
	for _, m := range v.Legal {
		switch m.Type {
		case magicoa.MoveChoose:
			if len(v.Hand) >= 2 {
				out = append(out, magicoa.Move{Type: magicoa.MoveChoose, Cards: []int{v.Hand[0].ID, v.Hand[1].ID}})
			}
		case magicoa.MoveAnswer:
			switch {
			case v.Triple != nil:
				out = append(out, magicoa.Move{Type: magicoa.MoveAnswer, Product: v.Triple.Points * v.Triple.Times})
			case v.Current != nil && v.Current.Fact != nil:
				out = append(out, magicoa.Move{Type: magicoa.MoveAnswer, Product: v.Current.Fact.A * v.Current.Fact.B})
			}
		case magicoa.MovePlace, magicoa.MovePass:
			out = append(out, m)
		case magicoa.MovePower:
			out = append(out, magicoa.Move{Type: magicoa.MovePower, Activate: rng.IntN(2) == 0})
		}
	}
	return out
}

// run is one game of the sweep.
type run struct {
	game, edition, level string
	seed                 uint64
	build                func(seed uint64) (games.Engine, error)
	student              studentMove
	steps                int // inputs at most (0: 4000, enough for any game to end)
}

// runs are the games the drift test plays: every edition the server offers,
// the sizes of table the UI lays out differently.
func runs() []run {
	var out []run
	for _, seed := range []uint64{1, 2} {
		for _, ed := range []int{3, 4} {
			out = append(out, run{"potion", itoa(ed), "green", seed, func(seed uint64) (games.Engine, error) {
				return potion.New(potion.Config{Level: games.Green(), Seats: table(2, games.BotSolid), Edition: ed, Quiz: seed == 2}, seed)
			}, potionStudent, 0})
		}
		out = append(out, run{"cats", "specials", "all", seed, func(seed uint64) (games.Engine, error) {
			return cats.New(cats.Config{Level: games.Green(), Seats: table(4, games.BotBeginner), Specials: true}, seed)
		}, catsStudent, 0})
		// The variants (hidden editions): the infinite game, ended by its
		// cap, and the "Souris !" call with cats that call it.
		out = append(out, run{"cats", "infinite", "all", seed, func(seed uint64) (games.Engine, error) {
			return cats.New(cats.Config{Level: games.Green(), Seats: table(4, games.BotSolid), Infinite: true, MaxReveals: 400}, seed)
		}, catsStudent, 0})
		out = append(out, run{"cats", "souris", "all", seed, func(seed uint64) (games.Engine, error) {
			return cats.New(cats.Config{Level: games.Green(), Seats: table(4, games.BotStrong), SourisCall: true}, seed)
		}, catsStudent, 0})
		// Two players, two piles each, with every option combined.
		out = append(out, run{"cats", "specials+infinite+souris", "all", seed, func(seed uint64) (games.Engine, error) {
			return cats.New(cats.Config{Level: games.Green(), Seats: table(2, games.BotSolid), Specials: true, Infinite: true, SourisCall: true, MaxReveals: 600}, seed)
		}, catsStudent, 0})
		for rules := 1; rules <= 4; rules++ {
			out = append(out, run{"cube", itoa(rules), "violet", seed, func(seed uint64) (games.Engine, error) {
				cfg := cube.DefaultConfig(rules, games.Violet(), table(3, games.BotSolid))
				// The special rules of the game's menu, on the second seed.
				cfg.Bonuses, cfg.LevelDecks = seed == 2 && rules != 2, seed == 2 && rules != 3
				return cube.New(cfg, seed)
			}, cubeStudent, 0})
		}
		// A student alone who catches what needs no tile move, says "no
		// solution" otherwise and then plays the solution shown: some hints
		// need a tile move (seed 8 shows one within 40 inputs).
		out = append(out, run{"cube", "1", "violet", seed + 7, func(seed uint64) (games.Engine, error) {
			return cube.New(cube.DefaultConfig(1, games.Violet(), table(1, 0)), seed)
		}, cubeStudentAlone, 60})
		// A student alone says "no solution" when there is one: the
		// solution is shown (the view's hint).
		out = append(out, run{"cube", "1", "violet", seed, func(seed uint64) (games.Engine, error) {
			return cube.New(cube.DefaultConfig(1, games.Violet(), table(1, 0)), seed)
		}, func(games.Engine, *rand.Rand) []any { return []any{cube.Move{Type: cube.MoveNoSolution}} }, 6})
		for _, ed := range []string{magicoa.Multiplication, magicoa.Classic} {
			out = append(out, run{"magicoa", ed, "green", seed, func(seed uint64) (games.Engine, error) {
				return magicoa.New(magicoa.Config{Level: games.Green(), Seats: table(3, games.BotSolid), Edition: ed}, seed)
			}, magicoaStudent, 0})
		}
		// The variants of the game's menu: Junior, and Expert (two games).
		variant := map[uint64]string{1: magicoa.Junior, 2: magicoa.Expert}[seed]
		out = append(out, run{"magicoa", magicoa.Multiplication, "green", seed + 2, func(uint64) (games.Engine, error) {
			return magicoa.New(magicoa.Config{Level: games.Green(), Seats: table(3, games.BotSolid), Edition: magicoa.Multiplication, Variant: variant}, seed+2)
		}, magicoaStudent, 0})
	}
	return out
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }
