package magicoa

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestDeckHas37PotionsAnd14Powers(t *testing.T) {
	d := Deck()
	assert.Len(t, d, 37)
	powers := map[Power]int{}
	for i, p := range d {
		assert.Equal(t, i, p.ID)
		if p.Power != NoPower {
			powers[p.Power]++
		}
	}
	assert.Equal(t, map[Power]int{TripleBlue: 2, TripleGreen: 2, DoubleBid: 3, Exchange: 3, Indiscretion: 2, Equality: 2}, powers)
}

func TestDeckBlueAndGreenWorthOneOthersTwoToSix(t *testing.T) {
	total := 0
	seen := map[int]bool{}
	for _, p := range Deck() {
		total += p.Points
		if p.Colour == Blue || p.Colour == Green {
			assert.Equal(t, 1, p.Points, "potion %d", p.ID)
			continue
		}
		assert.GreaterOrEqual(t, p.Points, 2)
		assert.LessOrEqual(t, p.Points, 6)
		seen[p.Points] = true
	}
	assert.Len(t, seen, 5, "red, yellow and purple use every value 2–6")
	assert.Equal(t, 91, total)
}
