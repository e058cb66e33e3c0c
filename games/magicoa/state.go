package magicoa

import (
	"encoding/json"
	"fmt"

	"github.com/multipli/multipli/games"
)

// Phases of a round.
const (
	PhaseChoose   = "choose"   // every player secretly picks two gold cards
	PhasePlace    = "place"    // in turn order, first cards then second cards
	PhaseExchange = "exchange" // Exchange holders may swap the pile top in
	PhasePower    = "power"    // winners of power potions choose points or power
	PhaseTriple   = "triple"   // multiplication: students compute their tripled scores
	PhaseOver     = "over"
)

// Where a gold card is.
const (
	InHand   = "hand"
	InChosen = "chosen"
	Played   = "played" // placed or discarded: out of the game
)

// Bid is a gold card lying on a potion. A card laid across two potions
// (Double bid) is one Bid on each.
type Bid struct {
	Seat   int  `json:"seat"`
	Card   int  `json:"card"`
	Value  int  `json:"value"`
	Double bool `json:"double,omitempty"`
}

// Slot is a potion on offer and the gold cards on it; the last bid is on top.
type Slot struct {
	Potion Potion `json:"potion"`
	Bids   []Bid  `json:"bids,omitempty"`
}

// top is the bid that currently wins the slot.
func (s Slot) top() (Bid, bool) {
	if len(s.Bids) == 0 {
		return Bid{}, false
	}
	return s.Bids[len(s.Bids)-1], true
}

// Held is a potion a player won: Active means its power was activated (Power
// face up, points lost).
type Held struct {
	Potion Potion `json:"potion"`
	Active bool   `json:"active,omitempty"`
}

// pendingPower is a won power potion whose owner must choose.
type pendingPower struct {
	Seat   int `json:"seat"`
	Potion int `json:"potion"` // potion ID
}

// tripleQuestion is a tripled score a student computes at the end. Asked is
// when the question was put to the student: a student with both Triple
// powers is asked the second once they have answered the first.
type tripleQuestion struct {
	Seat   int   `json:"seat"`
	Power  Power `json:"power"`
	Points int   `json:"points"`
	Asked  int64 `json:"asked,omitempty"`
}

// state is everything the game saves.
type state struct {
	Config Config     `json:"config"`
	Seed   uint64     `json:"seed"`
	RNG    *games.RNG `json:"rng"`

	Phase string `json:"phase"`
	Match int    `json:"match"` // 1, or 2 in the Expert variant's second game
	Round int    `json:"round"` // 1–6 within the match
	First int    `json:"first"` // holder of the first-player card

	Gold   [][]GoldCard `json:"gold"`   // per seat, the 12 cards
	Where  [][]string   `json:"where"`  // per seat and card: InHand, InChosen, Played
	Chosen [][]int      `json:"chosen"` // per seat, the chosen cards still to place, top first

	Layout []Slot   `json:"layout"`
	Pile   []Potion `json:"pile"` // top is the last element
	Out    []Potion `json:"out"`  // unwon potions, out of the game
	Won    [][]Held `json:"won"`

	// Seen[potionID] is a bitmask of the seats that know that potion's
	// Potion face although it is not public (Indiscretion, Exchange).
	Seen   map[int]uint8 `json:"seen,omitempty"`
	Public map[int]bool  `json:"public"` // potions whose Potion face everyone saw

	Turn     int   `json:"turn"`     // placement index 0..2N-1
	Answered bool  `json:"answered"` // the current card's product was answered
	Since    int64 `json:"since"`    // when the current decision opened

	Exchangers []int            `json:"exchangers,omitempty"` // seats still to decide an exchange
	Pending    []pendingPower   `json:"pending,omitempty"`
	Triples    []tripleQuestion `json:"triples,omitempty"`

	Clock  int64         `json:"clock"`
	Inputs []games.Input `json:"log"`
	// Stats counts what the simulation reports.
	Stats Stats `json:"stats"`
}

// Stats counts power usage over the game.
type Stats struct {
	Activated  map[Power]int `json:"activated,omitempty"`
	KeptPoints int           `json:"kept_points"` // power potions kept for their points
	Exchanges  int           `json:"exchanges"`
	Doubles    int           `json:"doubles"`
	Equalities int           `json:"equalities"`
	Discards   int           `json:"discards"`
}

// Game is one game of Magicoa.
type Game struct {
	s state
}

var _ games.Engine = (*Game)(nil)

// New deals a game: shuffles the potions, lays out the first row and gives
// every player their gold cards. Bad configurations return *games.RuleError.
func New(cfg Config, seed uint64) (*Game, error) {
	cfg = cfg.withDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	n := len(cfg.Seats)
	g := &Game{s: state{
		Config: cfg, Seed: seed, RNG: games.NewRNG(seed, 3),
		Match: 1, First: cfg.StartSeat,
		Gold: make([][]GoldCard, n), Where: make([][]string, n), Chosen: make([][]int, n),
		Won: make([][]Held, n), Seen: map[int]uint8{}, Public: map[int]bool{},
		Stats: Stats{Activated: map[Power]int{}},
	}}
	for i := range n {
		if cfg.Edition == Multiplication {
			g.s.Gold[i] = factGold(cfg.Level, g.s.RNG)
		} else {
			g.s.Gold[i] = classicGold()
		}
		g.s.Won[i] = []Held{}
	}
	g.startMatch()
	g.beginRound(0)
	return g, nil
}

// startMatch gives every player their gold cards back and a freshly
// shuffled pile. Decision (Expert): the second game is dealt from a fresh
// copy of the deck, because one deck cannot feed two 4-player games (48
// potions); the potions won in the first game stay with their players.
func (g *Game) startMatch() {
	for i := range g.s.Gold {
		g.s.Where[i] = make([]string, len(g.s.Gold[i]))
		for c := range g.s.Where[i] {
			g.s.Where[i][c] = InHand
		}
		g.s.Chosen[i] = []int{}
	}
	deck := Deck()
	if g.s.Match > 1 {
		for i := range deck {
			deck[i].ID += len(deck) * (g.s.Match - 1) // potion IDs stay unique across games
		}
	}
	g.s.RNG.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	g.s.Pile = deck
	g.s.Out = []Potion{}
	g.s.Round = 0
}

// MarshalJSON saves the full state.
func (g *Game) MarshalJSON() ([]byte, error) { return json.Marshal(g.s) }

// Load restores a game saved by MarshalJSON.
func Load(data []byte) (*Game, error) {
	var s state
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("magicoa: load: %w", err)
	}
	if s.RNG == nil || len(s.Config.Seats) == 0 {
		return nil, fmt.Errorf("magicoa: load: incomplete state")
	}
	if s.Seen == nil {
		s.Seen = map[int]uint8{}
	}
	if s.Public == nil {
		s.Public = map[int]bool{}
	}
	if s.Stats.Activated == nil {
		s.Stats.Activated = map[Power]int{}
	}
	return &Game{s: s}, nil
}

func (g *Game) players() int { return len(g.s.Config.Seats) }

// placer is the seat placing now and which of its cards (0 first, 1 second).
func (g *Game) placer() (seat, wave int) {
	n := g.players()
	return (g.s.First + g.s.Turn%n) % n, g.s.Turn / n
}

// hasPower reports whether seat has activated power p.
func (g *Game) hasPower(seat int, p Power) bool {
	for _, h := range g.s.Won[seat] {
		if h.Active && h.Potion.Power == p {
			return true
		}
	}
	return false
}

// potionPoints is what a held potion is worth to its owner.
func (g *Game) potionPoints(seat int, h Held) int {
	if h.Active {
		return 0
	}
	switch {
	case h.Potion.Colour == Blue && g.hasPower(seat, TripleBlue):
		return 3 * h.Potion.Points
	case h.Potion.Colour == Green && g.hasPower(seat, TripleGreen):
		return 3 * h.Potion.Points
	}
	return h.Potion.Points
}

// Score is seat's magic points now.
func (g *Game) Score(seat int) int {
	total := 0
	for _, h := range g.s.Won[seat] {
		total += g.potionPoints(seat, h)
	}
	return total
}

// shownScore is seat's score as every view shows it. The spec: "at the end
// the student computes their score for the potions affected by a Triple
// power (points × 3) before it is shown". So in the multiplication edition
// a student's potions of a colour their Triple power affects count at face
// value in the views until the student has answered that tripled score;
// Score and Result stay the true score (the Result is read once the game
// is over, when every tripled score has been computed).
func (g *Game) shownScore(seat int) int {
	score := g.Score(seat)
	if g.s.Config.Edition != Multiplication || !g.s.Config.Seats[seat].Human() || g.Over() {
		return score
	}
	for _, tp := range triplePowers {
		if g.hasPower(seat, tp.power) && !g.tripleComputed(seat, tp.power) {
			score -= 2 * g.colourPoints(seat, tp.colour)
		}
	}
	return score
}

// tripleComputed reports whether seat has answered its tripled score for
// power p: only in the end's Triple phase, once its question is gone.
func (g *Game) tripleComputed(seat int, p Power) bool {
	if g.s.Phase != PhaseTriple {
		return false
	}
	for _, q := range g.s.Triples {
		if q.Seat == seat && q.Power == p {
			return false
		}
	}
	return true
}
