// Package cats is the engine of Multipli Cat's, the reflex card game where
// cats slap the mouse when two newest cards on the table have the same
// product (the rules: the game's booklet; README.md lists each rule and
// its test).
package cats

import (
	"fmt"
	"slices"

	"github.com/multipli/multipli/games"
)

// Special names a special card. It is a small number (cards stay free of
// pointers, which keeps a whole game's card moves cheap) written in JSON by
// its name.
type Special uint8

// The six special cards of the box (booklet part IV).
const (
	Chase   Special = iota + 1 // Poursuite: everybody slaps, the slowest picks up their pile
	DeadEnd                    // Sans issue: the direction reverses
	Magic                      // Magie: next round everybody reveals together
	Seesaw                     // Balançoire: largest against smallest product
	Ambush                     // Embuscade: everybody slaps against the revealer
	Gift                       // Cadeau: the revealer gives a card to everyone
)

var specialNames = [...]string{Chase: "chase", DeadEnd: "dead_end", Magic: "magic", Seesaw: "seesaw", Ambush: "ambush", Gift: "gift"}

func (s Special) String() string {
	if int(s) < len(specialNames) && s != 0 {
		return specialNames[s]
	}
	return fmt.Sprintf("special(%d)", uint8(s))
}

// MarshalText writes the special's name.
func (s Special) MarshalText() ([]byte, error) {
	if s == 0 || int(s) >= len(specialNames) {
		return nil, fmt.Errorf("cats: unknown special %d", uint8(s))
	}
	return []byte(specialNames[s]), nil
}

// UnmarshalText reads a special's name.
func (s *Special) UnmarshalText(b []byte) error {
	for i, n := range specialNames {
		if i > 0 && n == string(b) {
			*s = Special(i)
			return nil
		}
	}
	return fmt.Errorf("cats: unknown special %q", b)
}

// Card is one card of the box: a multiplication card (A×B), a product card
// (N) or a special card (S). The zero Card means "no card".
type Card struct {
	A int8    `json:"a,omitempty"`
	B int8    `json:"b,omitempty"`
	N int16   `json:"n,omitempty"`
	S Special `json:"s,omitempty"`
}

// Mult builds the multiplication card a × b.
func Mult(a, b int) Card { return Card{A: int8(a), B: int8(b)} }

// Product builds the product card n.
func Product(n int) Card { return Card{N: int16(n)} }

// Spec builds a special card.
func Spec(s Special) Card { return Card{S: s} }

// IsMult reports a multiplication card.
func (c Card) IsMult() bool { return c.A > 0 }

// IsSpecial reports a special card.
func (c Card) IsSpecial() bool { return c.S != 0 }

// IsZero reports "no card".
func (c Card) IsZero() bool { return c == Card{} }

// Value is the number a card shows once computed: a×b for a multiplication
// card, n for a product card; ok is false for specials and for no card.
func (c Card) Value() (v int, ok bool) {
	switch {
	case c.A > 0:
		return int(c.A) * int(c.B), true
	case c.N > 0:
		return int(c.N), true
	}
	return 0, false
}

// Fact is the multiplication of a multiplication card.
func (c Card) Fact() games.Fact { return games.Fact{A: int(c.A), B: int(c.B)} }

func (c Card) String() string {
	switch {
	case c.A > 0:
		return fmt.Sprintf("%d×%d", c.A, c.B)
	case c.N > 0:
		return fmt.Sprint(c.N)
	case c.S != 0:
		return c.S.String()
	}
	return "-"
}

// DeckCounts is how many cards of each family a deck holds.
type DeckCounts struct {
	Mult, Product, Special int
	Specials               map[Special]int
}

// Count tallies a deck.
func Count(deck []Card) DeckCounts {
	c := DeckCounts{Specials: map[Special]int{}}
	for _, k := range deck {
		switch {
		case k.IsMult():
			c.Mult++
		case k.IsSpecial():
			c.Special++
			c.Specials[k.S]++
		default:
			c.Product++
		}
	}
	return c
}

// SpecialsPerKind is how many Chase, Dead end, Magic and Seesaw cards a deck
// of n distinct multiplication cards holds (Ambush and Gift are always one).
// The booklet (part V) gives 2 for 50–60 multiplication cards, 3 for 70–80
// and 4 for 90–100: that is (n/10 − 1)/2 in integers, which we extend to any
// deck level, with at least one of each so every rule can happen.
func SpecialsPerKind(n int) int {
	return max(1, (n/10-1)/2)
}

// BuildDeck makes the cards of a deck level in a fixed order (the deal
// shuffles them): the multiplication cards of the level's tables × factors,
// one product card per distinct product, and, when specials is set, the
// special cards in the booklet's proportion.
//
// Decision: a fact the pedagogy weights 2 or more gets extra copies of its
// multiplication card (weight rounded down, at most 3 copies) so weak facts
// come up more often; weights never remove a card, so the booklet's decks are
// unchanged when no weights are given.
func BuildDeck(l games.Level, specials bool) ([]Card, error) {
	if err := l.Validate(); err != nil {
		return nil, fmt.Errorf("cats: deck: %w", err)
	}
	facts := l.Facts()
	deck := make([]Card, 0, len(facts)*2)
	var products []int
	for _, f := range facts {
		copies := 1
		if w := l.Weight(f); w >= 2 {
			copies = min(3, int(w))
		}
		for range copies {
			deck = append(deck, Mult(f.A, f.B))
		}
		products = append(products, f.Product())
	}
	slices.Sort(products)
	for _, p := range slices.Compact(products) {
		deck = append(deck, Product(p))
	}
	if specials {
		k := SpecialsPerKind(len(facts))
		for _, s := range []Special{Chase, DeadEnd, Magic, Seesaw} {
			for range k {
				deck = append(deck, Spec(s))
			}
		}
		deck = append(deck, Spec(Ambush), Spec(Gift))
	}
	return deck, nil
}

// LearningLevel is the booklet's learning deck "tables 1 to n" (part V):
// tables 1..n, factors 1–10. n = 10 is the full box.
func LearningLevel(n int) games.Level {
	l := games.Custom()
	if n == 10 {
		l.Name = games.LevelAll10 // the same facts as games.All(10)
	}
	for t := 1; t <= n; t++ {
		l.Tables = append(l.Tables, t)
	}
	return l
}
