package calibrate

import (
	"errors"
	"fmt"
	"slices"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/games/cats"
)

// CatsOutcome is what the stand-in did in games of Multipli Cat's.
type CatsOutcome struct {
	Won      int     // exchanges won
	Involved int     // exchanges taken part in
	Champion float64 // games finished first (won)
	Games    int
}

// Share is the share of exchanges won.
func (o CatsOutcome) Share() float64 {
	if o.Involved == 0 {
		return 0
	}
	return float64(o.Won) / float64(o.Involved)
}

// catsFlipMS is how long the child takes to flip their card on their turn
// (the computer cats' default reveal delay).
const catsFlipMS = cats.DefaultRevealDelayMS

// catsFalseSlap scales the chance of slapping when nothing matches: a child
// slaps by mistake when they misread their own card's product.
const catsFalseSlap = 0.15

// PlayCats plays one game of Multipli Cat's without specials: the stand-in
// at seat 0 against bots computer cats all seated as opp. After each reveal
// that matches its card, the stand-in slaps when it knows the product (a
// fact of a multiplication card on the match), after a log-normal time
// around its typical time, if that is within the window; when nothing
// matches it slaps by mistake with chance catsFalseSlap × (1 − P(its
// card's fact)). On its turn it flips after catsFlipMS. With one bot the
// game is the two-player one: the stand-in watches both its piles.
func PlayCats(s *Standin, level games.Level, opp games.Seat, bots int, seed uint64) (CatsOutcome, error) {
	seats := []games.Seat{{Kind: games.SeatStudent, Name: "student"}}
	for i := range bots {
		o := opp
		o.Name = fmt.Sprintf("cat%d", i+1)
		seats = append(seats, o)
	}
	g, err := cats.New(cats.Config{Level: level, Seats: seats, Start: int(seed % uint64(len(seats)))}, seed)
	if err != nil {
		return CatsOutcome{}, fmt.Errorf("calibrate: cats: %w", err)
	}
	const me = 0
	judged := -1 // the reveal whose window the stand-in has judged
	var plan *cats.Move
	planAt, planReveal := int64(0), 0
	for steps := 0; !g.Over(); steps++ {
		if steps > 500000 {
			return CatsOutcome{}, errors.New("calibrate: cats: game does not end")
		}
		v := g.SeatView(me)
		reveals := g.Stats().Reveals
		if plan != nil && plan.Type == cats.MoveSlap && planReveal != reveals {
			plan = nil // the window it was for has gone
		}
		if v.Window != nil && judged != reveals {
			judged = reveals
			if ok, delay := catsSlap(s, v); ok && v.Window.Opened+delay <= v.Window.Deadline {
				m := cats.Slap()
				plan, planAt, planReveal = &m, max(v.Window.Opened+delay, v.Clock), reveals
			}
		}
		if plan == nil && v.Players[v.Turn].Owner == me && slices.Contains(g.Waiting(), me) && slices.ContainsFunc(v.Legal, isFlip) {
			m := cats.Flip()
			plan, planAt = &m, v.Clock+catsFlipMS
		}
		next, ok := g.Next()
		if plan != nil && (!ok || planAt <= next) {
			m := *plan
			plan = nil
			if _, err := g.Play(me, m, planAt); err != nil {
				var re *games.RuleError
				if !errors.As(err, &re) {
					return CatsOutcome{}, fmt.Errorf("calibrate: cats: %w", err)
				}
			}
			continue
		}
		if !ok {
			return CatsOutcome{}, errors.New("calibrate: cats: nothing to wait for")
		}
		if _, err := g.Advance(next); err != nil {
			return CatsOutcome{}, fmt.Errorf("calibrate: cats: %w", err)
		}
	}
	st := g.Stats()
	out := CatsOutcome{Won: st.Won[me], Involved: st.Involved[me], Games: 1}
	if c, ok := g.Champion(); ok && c == me {
		out.Champion = 1
	}
	return out, nil
}

func isFlip(m cats.Move) bool { return m.Type == cats.MoveFlip }

// catsSlap decides the stand-in's slap on the newest cards, and its delay:
// on the first of its piles (seat 0's) that matches another pile, else as a
// mistake on its first pile showing a multiplication.
func catsSlap(s *Standin, v cats.View) (bool, int64) {
	var mine, partner *cats.Card
	for i, p := range v.Players {
		val, ok := p.Top.Value()
		if p.Owner != 0 || p.Out || !ok {
			continue
		}
		if mine == nil {
			mine = &v.Players[i].Top
		}
		for j, q := range v.Players {
			if w, ok := q.Top.Value(); j != i && !q.Out && ok && w == val {
				mine, partner = &v.Players[i].Top, &v.Players[j].Top
				break
			}
		}
		if partner != nil {
			break
		}
	}
	if mine == nil {
		return false, 0
	}
	if partner == nil {
		if mine.IsMult() && s.Chance(catsFalseSlap*(1-s.P(mine.Fact()))) {
			return true, s.RT(0.7)
		}
		return false, 0
	}
	knows := true
	switch {
	case mine.IsMult():
		knows = s.Knows(mine.Fact())
	case partner.IsMult():
		knows = s.Knows(partner.Fact())
	}
	if !knows {
		return false, 0
	}
	return true, s.RT(1)
}
