// Package magicoa is the Magicoa engine: an auction game for 2–6 players over
// six rounds, in the classic edition (gold cards 1–12) and the platform's
// multiplication edition (gold cards carry facts, worth their product).
package magicoa

// Colour of a potion. Blue and green potions are worth 1 point, which is
// what the Triple Blue and Triple Green powers presume.
type Colour string

const (
	Blue   Colour = "blue"
	Green  Colour = "green"
	Red    Colour = "red"
	Yellow Colour = "yellow"
	Purple Colour = "purple"
)

// Power is the power a potion may carry on its back (its Power face).
type Power string

const (
	NoPower      Power = ""
	TripleBlue   Power = "triple_blue"  // blue potions worth 3 instead of 1
	TripleGreen  Power = "triple_green" // green potions worth 3 instead of 1
	DoubleBid    Power = "double_bid"   // a gold card may bid on two neighbouring potions
	Exchange     Power = "exchange"     // after bidding, may swap the pile top with an auctioned potion
	Indiscretion Power = "indiscretion" // sees the potion laid Power face up at each round's start
	Equality     Power = "equality"     // may cover a gold card of the same value
)

// Powers lists the six powers in the booklet's order.
func Powers() []Power {
	return []Power{TripleBlue, TripleGreen, DoubleBid, Exchange, Indiscretion, Equality}
}

// Potion is one potion card. Its Power face shows only Power; its Potion face
// shows Colour and Points.
type Potion struct {
	ID     int    `json:"id"`
	Colour Colour `json:"colour"`
	Points int    `json:"points"`
	Power  Power  `json:"power,omitempty"`
}

// deckRow is one line of the platform's deck: a colour, its points, and the
// powers some of its potions carry (the rest carry none).
type deckRow struct {
	colour Colour
	points []int
	powers []Power // powers[i] goes on the potion worth points[i]
}

// The booklet does not list the potions; this deck is the platform's own:
// 37 potions, 14 with a power (Triple Blue ×2, Triple
// Green ×2, Double bid ×3, Exchange ×3, Indiscretion ×2, Equality ×2).
// Blue and green are 1 point each; red, yellow and purple 2, 2, 3, 3, 4, 5, 6
// (91 points in all). The coloured points were tuned by simulation between
// equal computer players (README.md): flatter or steeper profiles moved the
// seats' win rates by less than the noise, so the full 2–6 range stays.
var deckRows = []deckRow{
	{Blue, []int{1, 1, 1, 1, 1, 1, 1, 1}, []Power{TripleGreen, DoubleBid, Exchange}},
	{Green, []int{1, 1, 1, 1, 1, 1, 1, 1}, []Power{TripleBlue, DoubleBid, Indiscretion}},
	{Red, []int{2, 2, 3, 3, 4, 5, 6}, []Power{TripleBlue, NoPower, Exchange, NoPower, Equality}},
	{Yellow, []int{2, 2, 3, 3, 4, 5, 6}, []Power{TripleGreen, NoPower, DoubleBid, NoPower, Indiscretion}},
	{Purple, []int{2, 2, 3, 3, 4, 5, 6}, []Power{Exchange, NoPower, Equality}},
}

// Deck returns the 37 potions in a fixed order, IDs 0–36.
func Deck() []Potion {
	var out []Potion
	for _, r := range deckRows {
		for i, pts := range r.points {
			p := Potion{ID: len(out), Colour: r.colour, Points: pts}
			if i < len(r.powers) {
				p.Power = r.powers[i]
			}
			out = append(out, p)
		}
	}
	return out
}

// GoldPerPlayer is the number of gold cards each player holds.
const GoldPerPlayer = 12

// RoundsPerGame is the number of rounds of one game.
const RoundsPerGame = 6
