package potion

import (
	"fmt"
	"math"
	"slices"

	"github.com/multipli/multipli/games"
)

// Colour is the colour of a card's monster, as in the box. It is a number
// (written "green" or "violet" in JSON) so that a Card holds no pointer:
// copying cards into views is then a plain memory copy.
type Colour uint8

// Colours of a card's monster.
const (
	ColourGreen  Colour = iota // a product of tables up to 5
	ColourViolet               // a product of tables 6 and above
)

func (c Colour) String() string {
	if c == ColourViolet {
		return string(games.LevelViolet)
	}
	return string(games.LevelGreen)
}

// MarshalText writes the colour's name.
func (c Colour) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads a colour's name.
func (c *Colour) UnmarshalText(b []byte) error {
	switch games.LevelName(b) {
	case games.LevelGreen:
		*c = ColourGreen
	case games.LevelViolet:
		*c = ColourViolet
	default:
		return fmt.Errorf("potion: unknown colour %q", b)
	}
	return nil
}

// Deck sizes of the spec: 40 cards for the 32 facts of green or violet, up to
// the 80 cards of the 4-card edition's box.
const (
	minDeck = 40
	maxDeck = 80
)

// Card is one card of the game: a potion (a factor, shown to its owner) at one
// end and a monster (a product, shown to the opponent) at the other.
type Card struct {
	ID      int    `json:"id"`
	Potion  int    `json:"potion"`
	Monster int    `json:"monster"`
	Colour  Colour `json:"colour"`
}

// DeckLevel is the level a deck is really dealt from: green and violet use the
// box's factors 2–9 (the spec), every other level keeps its own range.
func DeckLevel(l games.Level) games.Level {
	if l.Name == games.LevelGreen || l.Name == games.LevelViolet {
		l.MinFactor, l.MaxFactor = 2, 9
	}
	return l
}

// DeckSize is the number of cards for a level: 40 for green or violet (32
// facts), 80 for green+violet, and for any other level 5 cards per 4 facts,
// kept within 40–80 (the spec: "in proportion to their fact count").
func DeckSize(l games.Level) int {
	n := len(DeckLevel(l).Facts())
	return min(max((n*5+2)/4, minDeck), maxDeck)
}

// NewDeck generates the deck of a level, top card first: the same level and
// seed give the same cards in the same order (ids 0 to size-1, shuffled).
// Every fact of the level is a monster at least once before any repeats,
// extra copies follow the level's weights, and the potions are chosen so that every monster can be captured with two potions
// of the deck (checked before returning).
func NewDeck(l games.Level, seed uint64) ([]Card, error) {
	if err := l.Validate(); err != nil {
		return nil, err
	}
	l = DeckLevel(l)
	rng := games.NewRNG(seed, 1)
	all := l.Facts()
	size := min(max((len(all)*5+2)/4, minDeck), maxDeck) // DeckSize, facts listed once
	facts := monsterFacts(l, all, size, rng)
	potions := potionValues(facts, size, rng)
	rng.Shuffle(len(facts), func(i, j int) { facts[i], facts[j] = facts[j], facts[i] })
	deck := make([]Card, size)
	// A monster printed on a card whose potion its capture needs (the
	// deck's only 9 under a 27) can never be captured: shuffle the potions
	// again until no monster needs its own card (the first shuffle, and so
	// the deck of the same seed, is kept whenever it is good).
	var m int
	ok := false
	for try := 0; try < 100 && !ok; try++ {
		rng.Shuffle(len(potions), func(i, j int) { potions[i], potions[j] = potions[j], potions[i] })
		for i := range deck {
			deck[i] = Card{Potion: potions[i], Monster: facts[i].Product(), Colour: colour(facts[i])}
		}
		m, ok = uncapturable(deck)
	}
	if !ok {
		return nil, fmt.Errorf("potion: deck of level %s cannot capture monster %d", l.Name, m)
	}
	// Ids are a random permutation, unrelated to the order of the deck: a
	// card's id tells nothing about where it was in the pile.
	for i, id := range rng.Perm(size) {
		deck[i].ID = id
	}
	return deck, nil
}

func colour(f games.Fact) Colour {
	if f.A <= 5 {
		return ColourGreen
	}
	return ColourViolet
}

// monsterFacts picks size facts: every fact once (or, when the level has more
// facts than cards, the size heaviest after a weighted random draw), then
// extra copies to the facts furthest below their weighted share.
func monsterFacts(l games.Level, all []games.Fact, size int, rng *games.RNG) []games.Fact {
	weights := make([]float64, len(all))
	total := 0.0
	for i, f := range all {
		weights[i] = l.Weight(f)
		total += weights[i]
	}
	if total == 0 { // every fact weighted 0: nothing to prefer, deal them evenly
		for i := range weights {
			weights[i] = 1
		}
		total = float64(len(all))
	}
	// A random key per fact breaks ties (and, with weights, samples without
	// replacement: Efraimidis–Spirakis keys u^(1/w)).
	keys := make([]float64, len(all))
	for i := range keys {
		u := rng.Float64()
		switch {
		case weights[i] == 1:
			keys[i] = u
		case weights[i] > 0:
			keys[i] = math.Pow(u, 1/weights[i])
		default:
			keys[i] = -u
		}
	}
	if len(all) >= size {
		order := make([]int, len(all))
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, b int) int { return cmpDesc(keys[a], keys[b]) })
		out := make([]games.Fact, size)
		for i := range out {
			out[i] = all[order[i]]
		}
		return out
	}
	// deficit is each fact's weighted share of the deck minus its copies.
	deficit := make([]float64, len(all))
	out := make([]games.Fact, 0, size)
	for i, f := range all {
		deficit[i] = float64(size)*weights[i]/total - 1
		out = append(out, f)
	}
	for len(out) < size {
		best := 0
		for i := 1; i < len(all); i++ {
			if deficit[i] > deficit[best] || (deficit[i] == deficit[best] && keys[i] > keys[best]) {
				best = i
			}
		}
		deficit[best]--
		out = append(out, all[best])
	}
	return out
}

func cmpDesc(a, b float64) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}

// potionValues chooses size potions: first the factors every monster needs
// (two copies of a factor whose square is a monster), then the rest spread in
// proportion to how often each factor appears in the monsters' facts.
func potionValues(facts []games.Fact, size int, rng *games.RNG) []int {
	var need, freq [games.MaxFactor + 1]int
	for _, f := range facts {
		need[f.A] = max(need[f.A], 1)
		need[f.B] = max(need[f.B], 1)
		if f.A == f.B {
			need[f.A] = 2
		}
		freq[f.A]++
		freq[f.B]++
	}
	out := make([]int, 0, size)
	for v, n := range need {
		for range n {
			out = append(out, v)
		}
	}
	w := make([]float64, len(freq))
	for v, n := range freq {
		w[v] = float64(n)
	}
	for len(out) < size {
		out = append(out, rng.Weighted(w))
	}
	return out
}

// uncapturable checks the deck: every monster must be the product of the
// potions of two different cards other than its own (a card cannot be a
// monster in one zone and a potion in the other). It returns the first
// monster that is not.
func uncapturable(deck []Card) (int, bool) {
	var count [games.MaxFactor + 1]int
	for _, c := range deck {
		count[c.Potion]++
	}
	for _, c := range deck {
		count[c.Potion]--
		ok := capturableWith(c.Monster, count)
		count[c.Potion]++
		if !ok {
			return c.Monster, false
		}
	}
	return 0, true
}

func capturableWith(m int, count [games.MaxFactor + 1]int) bool {
	for p := 1; p <= games.MaxFactor; p++ {
		if m%p != 0 || m/p > games.MaxFactor || count[p] == 0 {
			continue
		}
		q := m / p
		if q != p && count[q] > 0 || q == p && count[p] >= 2 {
			return true
		}
	}
	return false
}
