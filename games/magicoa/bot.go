package magicoa

import (
	"slices"

	"github.com/multipli/multipli/games"
)

// botMove is a computer player's move, decided from its own view only; its
// randomness comes from the game's RNG. Levels: BotBeginner picks at
// random among legal moves and spends its cards without a plan; BotSolid
// values the potions and the chance its card survives against a uniform
// guess of the others' cards; BotStrong counts the cards still unplayed by
// each opponent, keeps sure winners for rich rounds and weighs powers
// against the rounds left.
func botMove(v View, level int, rng *games.RNG) Move {
	if len(v.Legal) == 0 {
		return Move{}
	}
	if level <= games.BotBeginner {
		return beginnerMove(v, rng)
	}
	b := bot{v: v, strong: level >= games.BotStrong, rng: rng}
	switch v.Phase {
	case PhaseChoose:
		return b.choose()
	case PhasePlace:
		return b.place()
	case PhaseExchange:
		return b.exchange()
	case PhasePower:
		return b.power()
	}
	return v.Legal[0]
}

// power: Strong weighs the power against the points over the rounds left;
// Solid takes a power only for a cheap potion early in the game.
func (b bot) power() Move {
	p := *b.v.Deciding
	if b.strong {
		return Move{Type: MovePower, Activate: b.powerWorth(p.Power) > float64(b.worthPoints(p))}
	}
	return Move{Type: MovePower, Activate: b.worthPoints(p) <= 2 && b.v.Remaining >= 3}
}

func beginnerMove(v View, rng *games.RNG) Move {
	if v.Phase == PhaseExchange {
		return Move{Type: MovePass} // forgets the power
	}
	return v.Legal[rng.IntN(len(v.Legal))]
}

type bot struct {
	v      View
	strong bool
	rng    *games.RNG
}

func cardValue(c CardView) int {
	if c.Value == 0 && c.Fact != nil {
		return c.Fact.Product()
	}
	return c.Value
}

func (b bot) has(p Power) bool { return slices.Contains(b.v.Players[b.v.Seat].Powers, p) }

// worthPoints is what a known potion's points are worth to this player.
func (b bot) worthPoints(p PotionView) int {
	if (p.Colour == Blue && b.has(TripleBlue)) || (p.Colour == Green && b.has(TripleGreen)) {
		return 3 * p.Points
	}
	return p.Points
}

// worth is a potion's value to this player: its points (an average guess
// when hidden) or its power, whichever is better.
func (b bot) worth(p PotionView) float64 {
	pts := 2.5
	if !p.Hidden {
		pts = float64(b.worthPoints(p))
	}
	if p.Power != NoPower && b.v.Variant != Junior && b.strong {
		return max(pts, b.powerWorth(p.Power))
	}
	return pts
}

// powerWorth guesses the points a power brings over the rounds left.
func (b bot) powerWorth(p Power) float64 {
	if b.has(p) {
		return 0
	}
	left := float64(b.v.Remaining)
	heldColour := func(c Colour) float64 {
		n := 0.0
		for _, h := range b.v.Players[b.v.Seat].Won {
			if !h.Active && h.Potion.Colour == c {
				n++
			}
		}
		return n
	}
	switch p {
	case TripleBlue:
		return 2 * (heldColour(Blue) + 0.35*left)
	case TripleGreen:
		return 2 * (heldColour(Green) + 0.35*left)
	case DoubleBid:
		return 0.9 * left
	case Equality:
		return 0.5 * left
	case Exchange:
		return 0.4 * left
	case Indiscretion:
		return 0.15 * left
	}
	return 0
}

// opponentCards lists the values each opponent has not revealed yet.
func (b bot) opponentCards() map[int][]int {
	out := map[int][]int{}
	for _, p := range b.v.Players {
		if p.Seat == b.v.Seat {
			continue
		}
		for _, c := range p.Unplayed {
			out[p.Seat] = append(out[p.Seat], cardValue(c))
		}
	}
	return out
}

// choose picks two cards: a low one and one sized to the round's best
// potion; the higher is placed second, when the board is known.
func (b bot) choose() Move {
	hand := slices.Clone(b.v.Hand)
	slices.SortFunc(hand, func(x, y CardView) int { return cardValue(x) - cardValue(y) })
	best := 0.0
	for _, sl := range b.v.Layout {
		best = max(best, b.worth(sl.Potion))
	}
	// Players who always spend the same cards collide on equal values, and
	// then the earlier seat wins every tie: a little variety, as people have.
	loIdx := b.rng.IntN(min(2, len(hand)-1))
	hiIdx := len(hand) - 1 - b.rng.IntN(2)
	if best < 4 {
		hiIdx = len(hand)/2 + b.rng.IntN(2)
	}
	if b.strong {
		hiIdx = b.strongHigh(hand, best)
	}
	hiIdx = min(max(hiIdx, loIdx+1), len(hand)-1)
	return Move{Type: MoveChoose, Cards: []int{hand[loIdx].ID, hand[hiIdx].ID}}
}

// strongHigh counts cards: the smallest card no opponent can beat is a sure
// win, kept for rounds with a rich potion; otherwise a card that beats most
// of what the others still hold.
func (b bot) strongHigh(hand []CardView, best float64) int {
	oppMax := 0
	var all []int
	for _, cards := range b.opponentCards() {
		for _, c := range cards {
			oppMax = max(oppMax, c)
			all = append(all, c)
		}
	}
	for i, c := range hand {
		if cardValue(c) > oppMax && best >= 4 {
			return i
		}
	}
	target := 0.75
	if best < 4 {
		target = 0.5
	}
	for i, c := range hand {
		if beatRate(cardValue(c), all) >= target {
			return i
		}
	}
	return len(hand) - 1
}

// beatRate is the share of values strictly below v.
func beatRate(v int, values []int) float64 {
	if len(values) == 0 {
		return 1
	}
	n := 0
	for _, x := range values {
		if x < v {
			n++
		}
	}
	return float64(n) / float64(len(values))
}

// place scores each legal placement: the potion's worth times the chance
// the card stays on top, plus a little for knocking an opponent off.
func (b bot) place() Move {
	card := cardValue(*b.v.Current)
	later := b.laterOpponents()
	opp := b.opponentCards()
	bestScore, best := -1e9, b.v.Legal[0]
	for _, m := range b.v.Legal {
		last := m.Potion
		if m.Double {
			last++
		}
		score := 0.0
		for i := m.Potion; i <= last; i++ {
			sl := b.v.Layout[i]
			w := b.worth(sl.Potion)
			survive := b.survive(card, later, opp)
			gain := w * survive
			if n := len(sl.Bids); n > 0 {
				if sl.Bids[n-1].Seat == b.v.Seat {
					gain = 0.05 * w // covering my own card gains nothing
				} else {
					gain += 0.4 * w
				}
			}
			score += gain
		}
		score += b.rng.Float64() * 0.01 // break ties without a fixed bias
		if score > bestScore {
			bestScore, best = score, m
		}
	}
	return best
}

// laterOpponents lists the opponent placements still to come this round.
func (b bot) laterOpponents() []int {
	n := len(b.v.Players)
	turn := (b.v.Placer-b.v.First+n)%n + (b.v.Wave-1)*n
	var out []int
	for t := turn + 1; t < 2*n; t++ {
		s := (b.v.First + t%n) % n
		if s != b.v.Seat {
			out = append(out, s)
		}
	}
	return out
}

// survive is the chance no later opponent covers a card worth v. Each
// opponent aims at this potion about half the time; Solid guesses their
// cards are spread like its own deck, Strong counts what they still hold.
func (b bot) survive(v int, later []int, opp map[int][]int) float64 {
	p := 1.0
	for _, s := range later {
		beat := 0.0
		if b.strong {
			beat = 1 - beatRateEq(v, opp[s], slices.Contains(b.v.Players[s].Powers, Equality))
		} else {
			beat = 1 - beatRate(v+1, b.ownDeck())
		}
		p *= 1 - 0.5*beat
	}
	return p
}

// beatRateEq is the share of values that cannot cover v (below it, or
// equal without Equality).
func beatRateEq(v int, values []int, equality bool) float64 {
	if equality {
		return beatRate(v, values)
	}
	return beatRate(v+1, values)
}

// ownDeck is the values of all this player's cards, a stand-in for anyone's.
func (b bot) ownDeck() []int {
	var out []int
	for _, c := range b.v.Players[b.v.Seat].Unplayed {
		out = append(out, cardValue(c))
	}
	return out
}

// exchange swaps the pile top into a potion this player wins if it is worth
// more, or into an opponent's if it is worth less.
func (b bot) exchange() Move {
	if b.v.PileTop == nil || b.v.PileTop.Hidden {
		return Move{Type: MovePass}
	}
	top := b.worth(*b.v.PileTop)
	bestGain, best := 0.5, Move{Type: MovePass}
	for i, sl := range b.v.Layout {
		n := len(sl.Bids)
		if n == 0 {
			continue
		}
		w := b.worth(sl.Potion)
		gain := top - w
		if sl.Bids[n-1].Seat != b.v.Seat {
			gain = (w - top) * 0.5
		}
		if gain > bestGain {
			bestGain, best = gain, Move{Type: MoveExchange, Potion: i}
		}
	}
	return best
}

// BotMove is the move a computer player of level would make from v. It lets
// the pedagogy's calibration seat a stand-in for a student who plays like a
// bot when they are not computing.
func BotMove(v View, level int, rng *games.RNG) Move { return botMove(v, level, rng) }
