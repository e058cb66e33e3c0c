// Package play is the move pipeline between the HTTP layer and the game
// engines: it deals games from a pedagogy plan, applies a student's move on
// the server clock, lets the computer players move, turns the engine's
// attempts into learning-record rows and saves everything through the
// store's write path. It knows no HTTP (the server package wraps it).
package play

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/games/cats"
	"github.com/multipli/multipli/games/cube"
	"github.com/multipli/multipli/games/magicoa"
	"github.com/multipli/multipli/games/potion"
)

// Setup is what a game is dealt from: the plan's level and timer, the seats
// and the edition the student chose.
type Setup struct {
	Edition string
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
	// Options are the rules the child added from the game's menu (Kind.Options),
	// already checked against the edition and the number of opponents.
	Options []string
}

// Has reports whether the child chose the option.
func (s Setup) Has(option string) bool { return slices.Contains(s.Options, option) }

// Option is a rule the booklet lets the players add to the basic game (a
// variant, a special rule), offered in the game's own menu on the home.
// Decision: the child chooses them, as players do at the table; the menu is
// folded away, the basic game is what a start button and an assignment
// give, so the home stays simple.
type Option struct {
	Name string `json:"name"`
	// Editions the option applies to (none: every edition).
	Editions []string `json:"editions,omitempty"`
	// Excludes lists the options it cannot be combined with.
	Excludes []string `json:"excludes,omitempty"`
	// MinOpponents and MaxOpponents narrow the game's own bounds (0: as the game).
	MinOpponents int `json:"min_opponents,omitempty"`
	MaxOpponents int `json:"max_opponents,omitempty"`
}

// appliesTo reports whether the option applies to the edition.
func (o Option) appliesTo(edition string) bool {
	return len(o.Editions) == 0 || slices.Contains(o.Editions, edition)
}

// Options of the games (names as the home and the API send them).
const (
	OptionQuiz       = "quiz"        // MultipliPotion: type a product before laying
	OptionBonuses    = "bonuses"     // Monster Cube: run and family bonuses
	OptionLevelDecks = "level_decks" // Monster Cube: the three level decks in order
	OptionJunior     = "junior"      // Magicoa: no powers
	OptionExpert     = "expert"      // Magicoa: two games in a row, 3–4 players
)

// checkOptions refuses an option the game does not offer, one that does not
// apply to the edition, a repeated or excluded one, and opponents outside an
// option's bounds.
func (k *Kind) checkOptions(edition string, options []string, opponents int) error {
	bad := &RequestError{Field: "options", Code: "bad_option"}
	for i, name := range options {
		j := slices.IndexFunc(k.Options, func(o Option) bool { return o.Name == name })
		if j < 0 || slices.Contains(options[:i], name) {
			return bad
		}
		o := k.Options[j]
		if !o.appliesTo(edition) {
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

// Options of Multipli Cat's (the booklet's variants): the special cards, the infinite
// game and the "Souris !" call for confirmed players. Decision: they are
// options a child ticks on the game's card of the home, not editions, so
// that they combine freely: the edition is "standard" (none) or the chosen
// options joined by "+" in this order, e.g. "specials+souris". The booklet
// advises starting without the special cards and keeps the call for
// confirmed players, so every option is off unless ticked. The single
// options ("specials", "infinite", "souris") were editions before and
// still name the same games.
const (
	CatsSpecials = "specials"
	CatsInfinite = "infinite"
	CatsSouris   = "souris"
)

// catsOptions reads a Multipli Cat's edition.
func catsOptions(edition string) (specials, infinite, souris bool) {
	for _, o := range strings.Split(edition, "+") {
		switch o {
		case CatsSpecials:
			specials = true
		case CatsInfinite:
			infinite = true
		case CatsSouris:
			souris = true
		}
	}
	return specials, infinite, souris
}

// Kind is one of the four games as the platform offers it.
type Kind struct {
	Name     string
	Editions []string // the first is the default
	// Hidden editions are accepted but not offered on the home.
	Hidden []string
	// Combinable are options a child may combine on top of the first
	// edition (Multipli Cat's): an edition is then also any non-empty list
	// of them joined by "+", in this order, each once.
	Combinable []string
	// MinOpponents, MaxOpponents and DefaultOpponents bound the computer
	// (or classmate) seats beside the student's.
	MinOpponents, MaxOpponents, DefaultOpponents int
	// RealTime games are judged on the server clock as moves arrive and
	// driven by a timer between moves (Multipli Cat's).
	RealTime bool
	// TwoStudents: a classmate may take the second seat, each on their own
	// device (MultipliPotion turn by turn, Multipli Cat's in real time).
	TwoStudents bool
	// Options are the rules a child may add in the game's menu.
	Options  []Option
	New      func(s Setup, seed uint64) (games.Engine, error)
	Load     func(data []byte) (games.Engine, error)
	messages map[string]games.Message
}

// Message translates one of the game's rule codes (or a common one).
func (k *Kind) Message(code string) (games.Message, bool) {
	m, ok := k.messages[code]
	return m, ok
}

// HasEdition reports whether the game offers the edition.
func (k *Kind) HasEdition(e string) bool {
	if slices.Contains(k.Editions, e) || slices.Contains(k.Hidden, e) {
		return true
	}
	if len(k.Combinable) == 0 || e == "" {
		return false
	}
	last := -1
	for _, o := range strings.Split(e, "+") {
		i := slices.Index(k.Combinable, o)
		if i <= last {
			return false // unknown, repeated or out of order: one name per game
		}
		last = i
	}
	return true
}

func withCommon(own map[string]games.Message) map[string]games.Message {
	out := games.CommonMessages()
	maps.Copy(out, own)
	return out
}

var kinds = map[string]*Kind{
	"potion": {
		Name: "potion", Editions: []string{"3", "4"},
		MinOpponents: 1, MaxOpponents: 1, DefaultOpponents: 1, TwoStudents: true,
		Options: []Option{{Name: OptionQuiz}},
		New: func(s Setup, seed uint64) (games.Engine, error) {
			ed, _ := strconv.Atoi(s.Edition)
			return asEngine(potion.New(potion.Config{Level: s.Level, Seats: s.Seats, Edition: ed, Quiz: s.Has(OptionQuiz)}, seed))
		},
		Load:     func(b []byte) (games.Engine, error) { return asEngine(potion.Load(b)) },
		messages: withCommon(potion.Messages()),
	},
	"cats": {
		// One opponent: the booklet's two-player game, two piles each.
		Name: "cats", Editions: []string{"standard"}, Combinable: []string{CatsSpecials, CatsInfinite, CatsSouris},
		MinOpponents: 1, MaxOpponents: 7, DefaultOpponents: 3, RealTime: true, TwoStudents: true,
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
			specials, infinite, souris := catsOptions(s.Edition)
			return asEngine(cats.New(cats.Config{Level: s.Level, Seats: s.Seats, Specials: specials, WindowMS: window,
				Infinite: infinite, SourisCall: souris}, seed))
		},
		Load:     func(b []byte) (games.Engine, error) { return asEngine(cats.Load(b)) },
		messages: withCommon(cats.Messages()),
	},
	"cube": {
		Name: "cube", Editions: []string{"1", "2", "3", "4"},
		MinOpponents: 0, MaxOpponents: 3, DefaultOpponents: 1,
		// The booklet's special rules: the bonuses are extra victory points,
		// so they go with the rule sets scored in points (#1, #4; #3 counts
		// stars and #2 has no score); the level decks change the order of
		// the cards, which #3 (codes 1–18, one deck) does not have.
		Options: []Option{{Name: OptionBonuses, Editions: []string{"1", "4"}}, {Name: OptionLevelDecks, Editions: []string{"1", "2", "4"}}},
		New: func(s Setup, seed uint64) (games.Engine, error) {
			rules, _ := strconv.Atoi(s.Edition)
			cfg := cube.DefaultConfig(rules, s.Level, s.Seats)
			cfg.Bonuses, cfg.LevelDecks = s.Has(OptionBonuses), s.Has(OptionLevelDecks)
			// The booklet's 10 s per turn, longer if the plan gives the
			// student more time per fact; none without timers.
			cfg.TurnMS = 0
			if s.TimerEnabled {
				cfg.TurnMS = max(cube.DefaultTurnMS, s.AnswerMS)
			}
			return asEngine(cube.New(cfg, seed))
		},
		Load:     func(b []byte) (games.Engine, error) { return asEngine(cube.Load(b)) },
		messages: withCommon(cube.Messages()),
	},
	"magicoa": {
		Name: "magicoa", Editions: []string{magicoa.Multiplication, magicoa.Classic},
		MinOpponents: 1, MaxOpponents: 5, DefaultOpponents: 2,
		// The booklet's variants: Junior (no powers) and Expert (two games in
		// a row, 3 or 4 players).
		Options: []Option{
			{Name: OptionJunior, Excludes: []string{OptionExpert}},
			{Name: OptionExpert, Excludes: []string{OptionJunior}, MinOpponents: 2, MaxOpponents: 3},
		},
		New: func(s Setup, seed uint64) (games.Engine, error) {
			variant := magicoa.Standard
			switch {
			case s.Has(OptionJunior):
				variant = magicoa.Junior
			case s.Has(OptionExpert):
				variant = magicoa.Expert
			}
			return asEngine(magicoa.New(magicoa.Config{Level: s.Level, Seats: s.Seats, Edition: s.Edition, Variant: variant}, seed))
		},
		Load:     func(b []byte) (games.Engine, error) { return asEngine(magicoa.Load(b)) },
		messages: withCommon(magicoa.Messages()),
	},
}

// Order is the order the games are offered in.
var Order = []string{"potion", "cats", "cube", "magicoa"}

// KindOf finds a game by name.
func KindOf(name string) (*Kind, bool) {
	k, ok := kinds[name]
	return k, ok
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
func loadEngine(name string, data json.RawMessage) (games.Engine, error) {
	k, ok := kinds[name]
	if !ok {
		return nil, fmt.Errorf("play: unknown game %q", name)
	}
	e, err := k.Load(data)
	if err != nil {
		return nil, fmt.Errorf("play: load %s: %w", name, err)
	}
	return e, nil
}
