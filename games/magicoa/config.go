package magicoa

import (
	"slices"

	"github.com/multipli/multipli/games"
)

// Editions.
const (
	Classic        = "classic"        // gold cards 1–12, no multiplication
	Multiplication = "multiplication" // gold cards carry facts worth their product
)

// Variants of the booklet.
const (
	Standard = "standard"
	Junior   = "junior" // no powers: every won potion keeps its points
	Expert   = "expert" // two games in a row keeping potions and powers, 3–4 players
)

// Config is a game's set-up.
type Config struct {
	// Level is the deck level the multiplication edition deals facts from;
	// the classic edition ignores it.
	Level   games.Level  `json:"level"`
	Seats   []games.Seat `json:"seats"`
	Edition string       `json:"edition"` // Classic (default) or Multiplication
	Variant string       `json:"variant"` // Standard (default), Junior or Expert
	// StartSeat holds the first-player card in the first round (the
	// booklet's youngest player).
	StartSeat int `json:"start_seat"`
}

func (c Config) withDefaults() Config {
	if c.Edition == "" {
		c.Edition = Classic
	}
	if c.Variant == "" {
		c.Variant = Standard
	}
	return c
}

func (c Config) validate() error {
	minSeats, maxSeats := 2, 6
	if c.Variant == Expert {
		minSeats, maxSeats = 3, 4
	}
	if len(c.Seats) < minSeats || len(c.Seats) > maxSeats {
		return games.Broken("config.bad_seats", "min", minSeats, "max", maxSeats)
	}
	for _, s := range c.Seats {
		if s.Kind != games.SeatStudent && s.Kind != games.SeatComputer {
			return games.Broken("config.bad_option", "option", "seats.kind")
		}
		if s.Kind == games.SeatComputer && (s.Bot < games.BotBeginner || s.Bot > games.BotStrong) {
			return games.Broken("config.bad_option", "option", "seats.bot")
		}
		if s.Miss < 0 || s.Miss > 1 {
			return games.Broken("config.bad_option", "option", "seats.miss")
		}
	}
	if !slices.Contains([]string{Classic, Multiplication}, c.Edition) {
		return games.Broken("config.bad_option", "option", "edition")
	}
	if !slices.Contains([]string{Standard, Junior, Expert}, c.Variant) {
		return games.Broken("config.bad_option", "option", "variant")
	}
	if c.StartSeat < 0 || c.StartSeat >= len(c.Seats) {
		return games.Broken("config.bad_option", "option", "start_seat")
	}
	if c.Edition == Multiplication {
		return c.Level.Validate()
	}
	return nil
}

// matches is how many games in a row the variant plays.
func (c Config) matches() int {
	if c.Variant == Expert {
		return 2
	}
	return 1
}

// GoldCard is one gold card. In the classic edition Fact is zero and Value
// is 1–12; in the multiplication edition Value is Fact's product.
type GoldCard struct {
	ID    int        `json:"id"`
	Fact  games.Fact `json:"fact"`
	Value int        `json:"value"`
}

// classicGold is a player's 12 gold cards of the classic edition.
func classicGold() []GoldCard {
	out := make([]GoldCard, GoldPerPlayer)
	for i := range out {
		out[i] = GoldCard{ID: i, Value: i + 1}
	}
	return out
}

// factGold deals a player's 12 gold cards from the level: weighted draws
// without replacement, skipping facts whose product is already in the hand,
// so every card has a different value. Sorted by value, IDs 0–11.
//
// Decision: a level with fewer than 12 distinct products (a custom level
// {7} has only 10 with factors 1–10) is extended to factors 1–12 for its
// tables; any single table then gives 12 distinct products.
func factGold(l games.Level, rng *games.RNG) []GoldCard {
	facts := l.Facts()
	if distinctProducts(facts) < GoldPerPlayer {
		wide := l
		wide.MinFactor, wide.MaxFactor = 1, games.MaxFactor
		facts = wide.Facts()
	}
	weights := make([]float64, len(facts))
	for i, f := range facts {
		weights[i] = l.Weight(f)
	}
	taken := map[int]bool{}
	var hand []GoldCard
	for len(hand) < GoldPerPlayer {
		w := make([]float64, len(facts))
		positive := false
		for i, f := range facts {
			if !taken[f.Product()] {
				w[i] = weights[i]
				positive = positive || w[i] > 0
			}
		}
		if !positive { // every remaining fact weighs 0: take them evenly
			for i, f := range facts {
				if !taken[f.Product()] {
					w[i] = 1
				}
			}
		}
		f := facts[rng.Weighted(w)]
		taken[f.Product()] = true
		hand = append(hand, GoldCard{Fact: f, Value: f.Product()})
	}
	slices.SortFunc(hand, func(a, b GoldCard) int { return a.Value - b.Value })
	for i := range hand {
		hand[i].ID = i
	}
	return hand
}

func distinctProducts(facts []games.Fact) int {
	seen := map[int]bool{}
	for _, f := range facts {
		seen[f.Product()] = true
	}
	return len(seen)
}
