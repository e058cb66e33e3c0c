package games

import (
	"fmt"
	"slices"
	"strings"
)

// Name names one of the four games. It is what games.game stores, what the
// API sends and what the interface's texts are keyed by (game.<name>).
type Name string

const (
	Potion  Name = "potion"  // MultipliPotion
	Cats    Name = "cats"    // Multipli Cat's
	Cube    Name = "cube"    // Monster Cube
	Magicoa Name = "magicoa" // Magicoa
)

// Edition names an edition of a game (MultipliPotion's 3- or 4-card box,
// Monster Cube's rule set, Magicoa's multiplication or classic box;
// Multipli Cat's "standard" or its edition options joined by "+").
type Edition string

// Options a child may add from a game's menu (Option.Name).
const (
	OptionQuiz       = "quiz"        // MultipliPotion: type a product before laying
	OptionBonuses    = "bonuses"     // Monster Cube: run and family bonuses
	OptionLevelDecks = "level_decks" // Monster Cube: the three level decks in order
	OptionJunior     = "junior"      // Magicoa: no powers
	OptionExpert     = "expert"      // Magicoa: two games in a row, 3–4 players
	OptionSpecials   = "specials"    // Multipli Cat's: the special cards
	OptionInfinite   = "infinite"    // Multipli Cat's: the infinite game
	OptionSouris     = "souris"      // Multipli Cat's: the "Souris !" call
	// OptionOtherStarts: the other player (the computer, or the classmate
	// invited) plays first. The booklets let the youngest start; the digital
	// games seat the student first "unless the teacher or the student
	// chooses otherwise" (MultipliPotion, Multipli Cat's; Magicoa's
	// first-player card likewise).
	OptionOtherStarts = "other_starts"
)

// Option is a rule the booklet lets the players add to the basic game (a
// variant, a special rule), offered in the game's own menu on the home.
// Decision: the child chooses them, as players do at the table; the menu is
// folded away, the basic game is what a start button and an assignment
// give, so the home stays simple.
type Option struct {
	Name string `json:"name"`
	// Editions the option applies to (none: every edition).
	Editions []Edition `json:"editions,omitempty"`
	// Excludes lists the options it cannot be combined with.
	Excludes []string `json:"excludes,omitempty"`
	// MinOpponents and MaxOpponents narrow the game's own bounds (0: as the game).
	MinOpponents int `json:"min_opponents,omitempty"`
	MaxOpponents int `json:"max_opponents,omitempty"`
	// InEdition options are spelled in the edition's name instead of being
	// sent beside it (Multipli Cat's): the edition is the first edition
	// without any, else the chosen ones joined by "+" in the game's order.
	// Decision: Multipli Cat's options were its editions before (games and
	// attempts stored under "specials", "infinite", "souris"), so they stay
	// spelled that way and old games keep their names.
	InEdition bool `json:"in_edition,omitempty"`
}

// AppliesTo reports whether the option applies to the edition.
func (o Option) AppliesTo(e Edition) bool {
	return len(o.Editions) == 0 || slices.Contains(o.Editions, e)
}

// Game is one game as the platform offers it: its editions, options and
// seats. The engines' constructors are not here (they import this package);
// package play pairs each Game with its engine.
type Game struct {
	Name Name `json:"game"`
	// Title is the game's name for people, the same in French and English.
	Title string `json:"title"`
	// Icon names the picture the home draws for the game: "flask", "cat",
	// "cube" or "monster" (the browser's art, drawn from the box's pieces).
	Icon string `json:"icon"`
	// Editions offered, the first the default.
	Editions []Edition `json:"editions"`
	// Hidden editions are accepted but not offered.
	Hidden []Edition `json:"-"`
	// Options are the rules a child may add in the game's menu.
	Options []Option `json:"options,omitempty"`
	// MinOpponents, MaxOpponents and DefaultOpponents bound the computer
	// (or classmate) seats beside the student's.
	MinOpponents     int `json:"min_opponents"`
	MaxOpponents     int `json:"max_opponents"`
	DefaultOpponents int `json:"default_opponents"`
	// RealTime games are judged on the server clock as moves arrive and
	// driven by a timer between moves (Multipli Cat's).
	RealTime bool `json:"real_time,omitempty"`
	// TwoStudents: a classmate may take the second seat, each on their own
	// device (MultipliPotion turn by turn, Multipli Cat's in real time).
	TwoStudents bool `json:"two_students,omitempty"`
	// Calibrated is the edition the pedagogy's opponent calibration was
	// measured on (package calibrate); other editions use it too.
	Calibrated Edition `json:"-"`
}

// Registry lists every game in the one order the platform offers them in
// (the home, the assignment form, the demo, the calibration).
//
// Decision: the registry is data in the pure games package so that play,
// server, pedagogy, calibrate, demo and cmd all read it without importing
// one another; play adds each game's engine, and the browser receives it
// from the server (GET /api/v1/games and the student home) instead of a
// copy in JavaScript.
func Registry() []Game {
	return []Game{
		{
			Name: Potion, Title: "MultipliPotion", Icon: "flask", Editions: []Edition{"3", "4"}, Calibrated: "3",
			MinOpponents: 1, MaxOpponents: 1, DefaultOpponents: 1, TwoStudents: true,
			Options: []Option{{Name: OptionQuiz}, {Name: OptionOtherStarts}},
		},
		{
			// One opponent: the booklet's two-player game, two piles each.
			// The booklet advises starting without the special cards and
			// keeps the call for confirmed players, so every option is off
			// unless ticked.
			Name: Cats, Title: "Multipli Cat's", Icon: "cat", Editions: []Edition{"standard"}, Calibrated: "standard",
			MinOpponents: 1, MaxOpponents: 7, DefaultOpponents: 3, RealTime: true, TwoStudents: true,
			Options: []Option{
				{Name: OptionSpecials, InEdition: true},
				{Name: OptionInfinite, InEdition: true},
				{Name: OptionSouris, InEdition: true},
				{Name: OptionOtherStarts},
			},
		},
		{
			// The booklet's special rules: the bonuses are extra victory
			// points, so they go with the rule sets scored in points (#1,
			// #4; #3 counts stars and #2 has no score); the level decks
			// change the order of the cards, which #3 (codes 1–18, one
			// deck) does not have. Calibrated on rule set #4, turns timed.
			Name: Cube, Title: "Monster Cube", Icon: "cube", Editions: []Edition{"1", "2", "3", "4"}, Calibrated: "4",
			MinOpponents: 0, MaxOpponents: 3, DefaultOpponents: 1,
			Options: []Option{
				{Name: OptionBonuses, Editions: []Edition{"1", "4"}},
				{Name: OptionLevelDecks, Editions: []Edition{"1", "2", "4"}},
			},
		},
		{
			// The booklet's variants: Junior (no powers) and Expert (two
			// games in a row, 3 or 4 players).
			Name: Magicoa, Title: "Magicoa", Icon: "monster", Editions: []Edition{"multiplication", "classic"}, Calibrated: "multiplication",
			MinOpponents: 1, MaxOpponents: 5, DefaultOpponents: 2,
			Options: []Option{
				{Name: OptionJunior, Excludes: []string{OptionExpert}},
				{Name: OptionExpert, Excludes: []string{OptionJunior}, MinOpponents: 2, MaxOpponents: 3},
				{Name: OptionOtherStarts},
			},
		},
	}
}

// Names lists the games' names in the registry's order.
func Names() []Name {
	var out []Name
	for _, g := range Registry() {
		out = append(out, g.Name)
	}
	return out
}

// Lookup finds a game of the registry.
func Lookup(n Name) (Game, bool) {
	for _, g := range Registry() {
		if g.Name == n {
			return g, true
		}
	}
	return Game{}, false
}

// ParseName reads a game's name.
func ParseName(s string) (Name, error) {
	if _, ok := Lookup(Name(s)); ok {
		return Name(s), nil
	}
	return "", fmt.Errorf("games: unknown game %q", s)
}

// Option finds one of the game's options.
func (g Game) Option(name string) (Option, bool) {
	i := slices.IndexFunc(g.Options, func(o Option) bool { return o.Name == name })
	if i < 0 {
		return Option{}, false
	}
	return g.Options[i], true
}

// inEdition lists the options spelled in the edition's name, in order.
func (g Game) inEdition() []string {
	var out []string
	for _, o := range g.Options {
		if o.InEdition {
			out = append(out, o.Name)
		}
	}
	return out
}

// HasEdition reports whether the game offers the edition: one of its
// editions, or (where options are spelled in the edition) a non-empty list
// of those options joined by "+", in the game's order, each once.
func (g Game) HasEdition(e Edition) bool {
	if slices.Contains(g.Editions, e) || slices.Contains(g.Hidden, e) {
		return true
	}
	names := g.inEdition()
	if len(names) == 0 || e == "" {
		return false
	}
	last := -1
	for _, o := range strings.Split(string(e), "+") {
		i := slices.Index(names, o)
		if i <= last {
			return false // unknown, repeated or out of order: one name per game
		}
		last = i
	}
	return true
}

// EditionHas reports whether an edition of the game spells the option in
// its name (Multipli Cat's "specials+souris" has specials and souris).
func (g Game) EditionHas(e Edition, option string) bool {
	o, ok := g.Option(option)
	return ok && o.InEdition && slices.Contains(strings.Split(string(e), "+"), option)
}

// Ref is a game and edition in the one text form the learning record
// stores (attempts.game) and an engine reports: "potion/3", "cube/4",
// "magicoa/classic", or the name alone for a game whose engine does not
// tell its edition apart ("cats").
type Ref struct {
	Game    Name
	Edition Edition
}

// String is the stored form.
func (r Ref) String() string {
	if r.Edition == "" {
		return string(r.Game)
	}
	return string(r.Game) + "/" + string(r.Edition)
}

// ParseRef reads the stored form: a game of the registry, and the edition
// after a "/" when there is one (not checked against the game's editions:
// the record keeps editions a game may stop offering).
func ParseRef(s string) (Ref, error) {
	name, edition, _ := strings.Cut(s, "/")
	n, err := ParseName(name)
	if err != nil {
		return Ref{}, err
	}
	return Ref{Game: n, Edition: Edition(edition)}, nil
}
