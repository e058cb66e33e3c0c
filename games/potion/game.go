// Package potion is the MultipliPotion engine, both editions: the 3-card one
// (its booklet: draw, lay one of four, capture, end with three in hand) and
// the 4-card one (its booklet: lay, capture, end and draw back to four).
//
// Decisions the spec leaves to the digital game, each also commented where it
// is coded:
//   - 3-card edition: the draw is automatic at the start of the turn (it is no
//     choice), so the player sees four cards when they choose the one to lay.
//   - The steps go in the booklet's order: lay first, then capture, then end.
//   - Legal lists capture, vigilance and answer as bare moves (no cards):
//     listing the cards would hand the child the multiplication to find.
//   - Vigilance is called by the player whose turn it is, before laying, on
//     the previous player's end of turn, and offered only when a capture
//     could be shown at all. A human who is called chooses the capture (any
//     valid one) or accepts the one shown; then, as the booklets say, the
//     caller takes the top card of the pile as an extra trophy (the capture
//     has just put two potions under it, so there is always one).
package potion

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/multipli/multipli/games"
)

// Editions.
const (
	Edition3 = 3 // the 3-card booklet: hand of 3, draw at the start of the turn
	Edition4 = 4 // the 4-card booklet: hand of 4, draw back to 4 at the end
)

// WinTrophies is the number of trophies that wins at once.
const WinTrophies = 5

// Phases of the game.
const (
	PhasePlay    = "play"    // the turn player lays, captures, ends or calls vigilance
	PhaseCapture = "capture" // vigilance was called: the called player must capture
	PhaseOver    = "over"
)

// Config is what a game is created from.
type Config struct {
	Level games.Level  `json:"level"`
	Seats []games.Seat `json:"seats"`
	// Edition is 3 or 4 (0 means 3, the first booklet).
	Edition int `json:"edition"`
	// StartSeat is the seat that starts; nil means the first student seat
	// (the spec: the student starts unless the teacher or student chooses).
	StartSeat *int `json:"start_seat,omitempty"`
	// Quiz turns on the optional quiz mode: before laying, a student may
	// type the product of two potions they see (answer attempts).
	Quiz bool `json:"quiz,omitempty"`
	// HelpBelow, above 0, arranges the draws of a student who has made
	// fewer multiplications than this in the game (games.PracticeFloor):
	// see helpDraw. 0 deals the pile as shuffled.
	HelpBelow int `json:"help_below,omitempty"`
}

// Game is one game of MultipliPotion.
type Game struct {
	s state
	// scratch holds the computer players' views between moves (never saved).
	scratch [3][]Card
}

var _ games.Engine = (*Game)(nil)

// Stats are public counts kept for simulations and reports.
type Stats struct {
	Turns     int    `json:"turns"`
	Captures  [2]int `json:"captures"`  // successful captures, vigilance ones included
	Missed    [2]int `json:"missed"`    // turns ended while a capture existed
	Vigilance [2]int `json:"vigilance"` // successful vigilance calls
}

// state is everything saved; Game methods keep it consistent.
type state struct {
	Config Config     `json:"config"`
	Seed   uint64     `json:"seed"`
	RNG    *games.RNG `json:"rng"` // the computer players' randomness
	Cards  []Card     `json:"cards"`
	Pile   []int      `json:"pile"` // card ids, top first
	Hands  [2][]int   `json:"hands"`
	Zones  [2][]int   `json:"zones"`
	Trophy [2][]int   `json:"trophies"`
	Turn   int        `json:"turn"`
	Phase  string     `json:"phase"`
	Laid   int        `json:"laid"` // id of the card laid this turn, -1 before
	Caught bool       `json:"captured"`
	// Vigil: the turn player may still call vigilance on the previous
	// player's end of turn (they ended without capturing).
	Vigil  bool     `json:"vigilance_open"`
	Shown  *Capture `json:"shown,omitempty"` // the capture a vigilance caller showed
	Called int      `json:"called"`          // the seat that must capture in PhaseCapture
	// RewardDue: the caller's trophy comes after the called player's
	// capture. A game saved in PhaseCapture before the reward moved there
	// has it false: its caller was already rewarded at the call.
	RewardDue bool `json:"reward_due,omitempty"`
	// Quizzed lists the potion pairs answered this turn (quiz mode).
	Quizzed  [][2]int `json:"quizzed,omitempty"`
	TurnAt   int64    `json:"turn_at"`   // when the turn started
	LaidAt   int64    `json:"laid_at"`   // when the card was laid
	CalledAt int64    `json:"called_at"` // when vigilance was called
	Now      int64    `json:"now"`
	// Answered counts each seat's multiplications (attempts but missed
	// ones) in the game, for Config.HelpBelow.
	Answered []int         `json:"answered,omitempty"`
	Stats    Stats         `json:"stats"`
	Result   *games.Result `json:"result,omitempty"`
	Log      []games.Input `json:"log"`
}

// Capture names a capture by card ids: two potions and a monster.
type Capture struct {
	Potions [2]int `json:"potions"`
	Monster int    `json:"monster"`
}

// New deals a game. The same config and seed give the same game.
func New(cfg Config, seed uint64) (*Game, error) {
	if cfg.Edition == 0 {
		cfg.Edition = Edition3
	}
	if err := validate(cfg); err != nil {
		return nil, err
	}
	deck, err := NewDeck(cfg.Level, seed)
	if err != nil {
		return nil, err
	}
	start := firstStudent(cfg.Seats)
	if cfg.StartSeat != nil {
		start = *cfg.StartSeat
	}
	g := &Game{s: state{
		Config: cfg, Seed: seed, RNG: games.NewRNG(seed, 2), Cards: make([]Card, len(deck)),
		Turn: start, Phase: PhasePlay, Laid: -1, Called: -1, Log: []games.Input{},
	}}
	s := &g.s
	// Room for the potions that go under the pile, and for zones and hands
	// to grow without copying: whole simulated games allocate less.
	pile := make([]int, len(deck), 2*len(deck))
	for i := range pile {
		pile[i] = deck[i].ID
		s.Cards[deck[i].ID] = deck[i] // the state finds cards by id
	}
	// Set-up as in the booklets: one card face up in each zone, then the hands.
	for p := range 2 {
		s.Zones[p] = append(make([]int, 0, 8), pile[0])
		s.Hands[p] = make([]int, 0, handSize(cfg.Edition)+1)
		pile = pile[1:]
	}
	for range handSize(cfg.Edition) {
		for p := range 2 {
			s.Hands[p] = append(s.Hands[p], pile[0])
			pile = pile[1:]
		}
	}
	s.Pile = pile
	g.startTurn(nil, 0) // the deal is the game's start, not a step
	return g, nil
}

func validate(cfg Config) error {
	if len(cfg.Seats) != 2 {
		return games.Broken("config.bad_seats", "min", 2, "max", 2)
	}
	for i, seat := range cfg.Seats {
		switch {
		case seat.Kind == games.SeatComputer && (seat.Bot < games.BotBeginner || seat.Bot > games.BotStrong):
			return games.Broken("config.bad_option", "option", fmt.Sprintf("seats[%d].bot", i))
		case seat.Kind != games.SeatComputer && seat.Kind != games.SeatStudent:
			return games.Broken("config.bad_option", "option", fmt.Sprintf("seats[%d].kind", i))
		case seat.Miss < 0 || seat.Miss > 1:
			return games.Broken("config.bad_option", "option", fmt.Sprintf("seats[%d].miss", i))
		}
	}
	if cfg.Edition != Edition3 && cfg.Edition != Edition4 {
		return games.Broken("config.bad_option", "option", "edition")
	}
	if cfg.StartSeat != nil && (*cfg.StartSeat < 0 || *cfg.StartSeat > 1) {
		return games.Broken("config.bad_option", "option", "start_seat")
	}
	return cfg.Level.Validate()
}

func firstStudent(seats []games.Seat) int {
	for i, s := range seats {
		if s.Human() {
			return i
		}
	}
	return 0
}

func handSize(edition int) int {
	if edition == Edition4 {
		return 4
	}
	return 3
}

// Load restores a game saved by MarshalJSON.
func Load(data []byte) (*Game, error) {
	var s state
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("potion: load: %w", err)
	}
	if s.RNG == nil || validate(s.Config) != nil || len(s.Cards) == 0 {
		return nil, fmt.Errorf("potion: load: incomplete state")
	}
	if err := s.checkCards(); err != nil {
		return nil, fmt.Errorf("potion: load: %w", err)
	}
	if s.Log == nil {
		s.Log = []games.Input{}
	}
	return &Game{s: s}, nil
}

// checkCards verifies that every card is in exactly one place, so a damaged
// save fails to load instead of failing a later move.
func (s *state) checkCards() error {
	seen := make([]bool, len(s.Cards))
	places := [][]int{s.Pile, s.Hands[0], s.Hands[1], s.Zones[0], s.Zones[1], s.Trophy[0], s.Trophy[1]}
	count := 0
	for _, ids := range places {
		for _, id := range ids {
			if id < 0 || id >= len(seen) || seen[id] {
				return fmt.Errorf("card %d missing or in two places", id)
			}
			seen[id] = true
			count++
		}
	}
	for i, c := range s.Cards {
		if c.ID != i {
			return fmt.Errorf("card %d has id %d", i, c.ID)
		}
	}
	if count != len(s.Cards) || s.Turn < 0 || s.Turn > 1 {
		return fmt.Errorf("%d of %d cards placed, turn %d", count, len(s.Cards), s.Turn)
	}
	return nil
}

// MarshalJSON saves the whole state, input log included.
func (g *Game) MarshalJSON() ([]byte, error) { return json.Marshal(&g.s) }

// Game names the game and edition: "potion/3" or "potion/4".
func (g *Game) Game() string {
	return games.Ref{Game: games.Potion, Edition: games.Edition(strconv.Itoa(g.s.Config.Edition))}.String()
}

// Seats lists the two seats.
func (g *Game) Seats() []games.Seat { return slices.Clone(g.s.Config.Seats) }

// Edition is 3 or 4.
func (g *Game) Edition() int { return g.s.Config.Edition }

// Stats returns the public counts so far.
func (g *Game) Stats() Stats { return g.s.Stats }

// Waiting is the seat whose move the game awaits.
func (g *Game) Waiting() []int {
	switch g.s.Phase {
	case PhasePlay:
		return []int{g.s.Turn}
	case PhaseCapture:
		return []int{g.s.Called}
	}
	return nil
}

// Over reports the end of the game.
func (g *Game) Over() bool { return g.s.Phase == PhaseOver }

// Result is the outcome; before the end it holds the scores so far.
func (g *Game) Result() games.Result {
	if g.s.Result != nil {
		r := *g.s.Result
		r.Winners, r.Scores = slices.Clone(r.Winners), slices.Clone(r.Scores)
		return r
	}
	return games.Result{Winners: []int{}, Scores: g.scores()}
}

func (g *Game) scores() []int { return []int{len(g.s.Trophy[0]), len(g.s.Trophy[1])} }

// Log is the input log.
func (g *Game) Log() []games.Input { return slices.Clone(g.s.Log) }

func (g *Game) card(id int) Card { return g.s.Cards[id] }

func other(seat int) int { return 1 - seat }
