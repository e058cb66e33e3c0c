// Package play is the move pipeline between the HTTP layer and the game
// engines: it deals games from a pedagogy plan, applies a student's move on
// the server clock, lets the computer players move, turns the engine's
// attempts into learning-record rows and saves everything through the
// store's write path. It knows no HTTP (the server package wraps it).
package play

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/games/cats"
	"github.com/multipli/multipli/games/cube"
	"github.com/multipli/multipli/games/magicoa"
	"github.com/multipli/multipli/games/potion"
)

// Setup is what a game is dealt from: the plan's level and timer, the seats
// and the edition the student chose.
type Setup struct {
	Edition games.Edition
	Level   games.Level
	Seats   []games.Seat
	// Timer is the plan's timer policy; disabled means no timer at all
	// where the game allows it.
	TimerEnabled bool
	AnswerMS     int
	WindowMS     int
	// NoTimers is the teacher's setting (student or assignment): never a
	// timer, even where the plan has none only for want of data.
	NoTimers bool
	// Options are the rules the child added from the game's menu
	// (games.Game.Options), already checked against the edition and the
	// number of opponents.
	Options []string
}

// Has reports whether the child chose the option.
func (s Setup) Has(option string) bool { return slices.Contains(s.Options, option) }

// startSeat is the seat that plays first: the student's (0) unless the
// child chose that the other player starts (the next seat).
func (s Setup) startSeat() int {
	if s.Has(games.OptionOtherStarts) {
		return 1
	}
	return 0
}

// checkOptions refuses an option the game does not offer, one spelled in
// the edition (Multipli Cat's) sent beside it, one that does not apply to
// the edition, a repeated or excluded one, and opponents outside an
// option's bounds.
func (k *Kind) checkOptions(edition games.Edition, options []string, opponents int) error {
	bad := &RequestError{Field: "options", Code: "bad_option"}
	for i, name := range options {
		o, ok := k.Option(name)
		if !ok || o.InEdition || slices.Contains(options[:i], name) || !o.AppliesTo(edition) {
			return bad
		}
		for _, x := range o.Excludes {
			if slices.Contains(options, x) {
				return bad
			}
		}
		if (o.MinOpponents > 0 && opponents < o.MinOpponents) || (o.MaxOpponents > 0 && opponents > o.MaxOpponents) {
			return &RequestError{Field: "opponents", Code: "bad_opponents"}
		}
	}
	return nil
}

// Kind is one game of the registry (games.Registry) with its engine.
type Kind struct {
	games.Game
	New  func(s Setup, seed uint64) (games.Engine, error)
	Load func(data []byte) (games.Engine, error)
}

// engine is how play deals and restores one game's engine.
type engine struct {
	New  func(s Setup, seed uint64) (games.Engine, error)
	Load func(data []byte) (games.Engine, error)
}

// engines pairs each game of the registry with its engine (a test checks
// that every game has one and no engine is left without a game).
var engines = map[games.Name]engine{
	games.Potion: {
		New: func(s Setup, seed uint64) (games.Engine, error) {
			ed, _ := strconv.Atoi(string(s.Edition))
			cfg := potion.Config{Level: s.Level, Seats: s.Seats, Edition: ed, Quiz: s.Has(games.OptionQuiz), HelpBelow: games.PracticeFloor}
			if s.Has(games.OptionOtherStarts) {
				cfg.StartSeat = new(1)
			}
			return asEngine(potion.New(cfg, seed))
		},
		Load: func(b []byte) (games.Engine, error) { return asEngine(potion.Load(b)) },
	},
	games.Cats: {
		New: func(s Setup, seed uint64) (games.Engine, error) {
			// Decision: a slap needs a reaction window to be judged in, so
			// Multipli Cat's cannot switch it off; a student without timers
			// (teacher's setting) gets the longest window the engine allows
			// (60 s), which the cats' slaps usually end much sooner. A plan
			// without a timer for want of data keeps the booklet's default.
			window := 0
			switch {
			case s.NoTimers:
				window = 60000
			case s.TimerEnabled && s.WindowMS > 0:
				window = s.WindowMS
			}
			k, _ := games.Lookup(games.Cats)
			return asEngine(cats.New(cats.Config{Level: s.Level, Seats: s.Seats, WindowMS: window,
				Specials:   k.EditionHas(s.Edition, games.OptionSpecials),
				Infinite:   k.EditionHas(s.Edition, games.OptionInfinite),
				SourisCall: k.EditionHas(s.Edition, games.OptionSouris), HelpBelow: games.PracticeFloor,
				Start: s.startSeat()}, seed))
		},
		Load: func(b []byte) (games.Engine, error) { return asEngine(cats.Load(b)) },
	},
	games.Cube: {
		New: func(s Setup, seed uint64) (games.Engine, error) {
			rules, _ := strconv.Atoi(string(s.Edition))
			cfg := cube.DefaultConfig(rules, s.Level, s.Seats)
			cfg.Bonuses, cfg.LevelDecks = s.Has(games.OptionBonuses), s.Has(games.OptionLevelDecks)
			// The booklet's 10 s per turn, longer if the plan gives the
			// student more time per fact; none without timers.
			cfg.TurnMS = 0
			if s.TimerEnabled {
				cfg.TurnMS = max(cube.DefaultTurnMS, s.AnswerMS)
			}
			return asEngine(cube.New(cfg, seed))
		},
		Load: func(b []byte) (games.Engine, error) { return asEngine(cube.Load(b)) },
	},
	games.Magicoa: {
		New: func(s Setup, seed uint64) (games.Engine, error) {
			variant := magicoa.Standard
			switch {
			case s.Has(games.OptionJunior):
				variant = magicoa.Junior
			case s.Has(games.OptionExpert):
				variant = magicoa.Expert
			}
			return asEngine(magicoa.New(magicoa.Config{Level: s.Level, Seats: s.Seats, Edition: string(s.Edition), Variant: variant,
				StartSeat: s.startSeat()}, seed))
		},
		Load: func(b []byte) (games.Engine, error) { return asEngine(magicoa.Load(b)) },
	},
}

// kinds are the registry's games with their engines, in the registry's order.
var kinds = func() []*Kind {
	var out []*Kind
	for _, g := range games.Registry() {
		e := engines[g.Name]
		out = append(out, &Kind{Game: g, New: e.New, Load: e.Load})
	}
	return out
}()

// Kinds lists the games in the registry's order.
func Kinds() []*Kind { return slices.Clone(kinds) }

// KindOf finds a game by name.
func KindOf(name games.Name) (*Kind, bool) {
	for _, k := range kinds {
		if k.Name == name {
			return k, true
		}
	}
	return nil, false
}

// asEngine keeps a failed New or Load from becoming a non-nil interface
// holding a nil pointer.
func asEngine[T games.Engine](g T, err error) (games.Engine, error) {
	if err != nil {
		return nil, err
	}
	return g, nil
}

// loadEngine restores a saved engine of the named game.
func loadEngine(name games.Name, data json.RawMessage) (games.Engine, error) {
	k, ok := KindOf(name)
	if !ok {
		return nil, fmt.Errorf("play: unknown game %q", name)
	}
	e, err := k.Load(data)
	if err != nil {
		return nil, fmt.Errorf("play: load %s: %w", name, err)
	}
	return e, nil
}
