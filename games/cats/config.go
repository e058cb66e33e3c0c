package cats

import "github.com/multipli/multipli/games"

// Defaults of the options; a teacher may change the times (never switch the
// reaction window off: a slap needs a window to be judged in).
const (
	DefaultWindowMS      = 4000 // reaction window after each reveal
	DefaultRevealDelayMS = 1000 // a computer cat reveals this long after its turn starts
	DefaultMaxReveals    = 5000 // safety cap: see Config.MaxReveals
	MinPlayers           = 2    // with two players, each plays two piles (see piles)
	MaxPlayers           = 8
	maxWindowMS          = 60000
)

// Config is what a game is set up with. Zero times take their defaults.
type Config struct {
	Level games.Level  `json:"level"`
	Seats []games.Seat `json:"seats"`
	// Specials adds the special cards. Off by default: the booklet advises
	// beginners to play without them first.
	Specials bool `json:"specials"`
	// Start is the seat that reveals first. The booklet lets the youngest
	// start; the server seats the student at 0, so the student starts unless
	// told otherwise.
	Start int `json:"start"`
	// WindowMS is how long slaps are judged after a reveal (0 = 4000; it can
	// be lengthened up to 60 s for a child who needs it, never switched off).
	WindowMS int `json:"window_ms"`
	// RevealDelayMS is how long a computer cat waits before revealing when it
	// is its turn (0 = 1000).
	RevealDelayMS int `json:"reveal_delay_ms"`
	// AutoRevealMS reveals a student's card for them after this long
	// (0 = off: the student flips their own card).
	AutoRevealMS int `json:"auto_reveal_ms"`
	// MaxReveals is a safety cap. Rule decision: nothing in the booklet stops
	// cards from cycling for ever, so after this many reveals (0 = 5000) the
	// game ends and the players still in are ranked by the cards they hold,
	// fewest first; the two holding most are the losers.
	MaxReveals int `json:"max_reveals"`
	// Infinite plays the booklet's infinite game: a player who gives away
	// all their cards scores a point and takes cards back from the richest
	// (see refill); play goes on until a student stops it (move "stop") or
	// the MaxReveals cap. The two with the fewest points lose.
	Infinite bool `json:"infinite,omitempty"`
	// SourisCall adds the confirmed players' "Souris !" call: after a match
	// nobody slapped, the others may call it in the window of the next
	// reveal (move "souris"; see call).
	SourisCall bool `json:"souris_call,omitempty"`
	// HelpBelow, above 0, arranges the reveals of a student who has made
	// fewer multiplications than this in the game (games.PracticeFloor):
	// see helpReveal. 0 reveals the decks as dealt.
	HelpBelow int `json:"help_below,omitempty"`
}

// piles is how many piles each player plays. The booklet: "Il est possible
// de jouer à 2 joueurs si chaque main joue séparément (chaque joueur a
// alors 2 tas de cartes indépendants)". So with two players each plays two
// independent piles, which go round the table A1, B1, A2, B2 as four
// players would (the two players take turns); see the README for how a
// player's slap, call and end of game work with two piles.
func (c Config) piles() int {
	if len(c.Seats) == 2 {
		return 2
	}
	return 1
}

func (c Config) withDefaults() Config {
	if c.WindowMS == 0 {
		c.WindowMS = DefaultWindowMS
	}
	if c.RevealDelayMS == 0 {
		c.RevealDelayMS = DefaultRevealDelayMS
	}
	if c.MaxReveals == 0 {
		c.MaxReveals = DefaultMaxReveals
	}
	return c
}

func (c Config) validate() error {
	if n := len(c.Seats); n < MinPlayers || n > MaxPlayers {
		return games.Broken("config.bad_seats", "min", MinPlayers, "max", MaxPlayers)
	}
	for _, s := range c.Seats {
		switch {
		case s.Kind == games.SeatStudent && s.Bot == 0:
		case s.Kind == games.SeatComputer && s.Bot >= games.BotBeginner && s.Bot <= games.BotStrong:
		default:
			return games.Broken("config.bad_option", "option", "seats")
		}
		if s.ReactionMS < 0 || s.ReactionMS > maxWindowMS {
			return games.Broken("config.bad_option", "option", "reaction_ms")
		}
	}
	if c.Start < 0 || c.Start >= len(c.Seats) {
		return games.Broken("config.bad_option", "option", "start")
	}
	if c.WindowMS < 0 || c.WindowMS > maxWindowMS {
		return games.Broken("config.bad_option", "option", "window_ms")
	}
	if c.RevealDelayMS < 0 || c.RevealDelayMS > maxWindowMS {
		return games.Broken("config.bad_option", "option", "reveal_delay_ms")
	}
	if c.AutoRevealMS < 0 || c.AutoRevealMS > maxWindowMS {
		return games.Broken("config.bad_option", "option", "auto_reveal_ms")
	}
	if c.MaxReveals < 0 {
		return games.Broken("config.bad_option", "option", "max_reveals")
	}
	return c.Level.Validate()
}
