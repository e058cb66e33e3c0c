package calibrate

import (
	"errors"
	"fmt"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/games/potion"
)

// PlayPotion plays one game of MultipliPotion (3-card edition) between the
// stand-in and the computer seat opp; the stand-in starts in even seeds.
// It returns the stand-in's share of the win (a tie is half).
//
// The stand-in plays like a child: at each capture the rules allow it spots
// it with the chance of knowing its fact (once per turn; a capture it does
// not spot is left, which the bot may punish by vigilance), calls vigilance
// on a capture the bot left when it spots it, lays a card that completes a
// capture when it sees the product, any card otherwise, and accepts the
// capture shown when it is called. Wrong captures are refused without
// penalty by the rules, so they change nothing here and are not played.
func PlayPotion(s *Standin, level games.Level, opp games.Seat, seed uint64) (float64, error) {
	me := int(seed % 2)
	seats := make([]games.Seat, 2)
	seats[me] = games.Seat{Kind: games.SeatStudent, Name: "student"}
	seats[1-me] = opp
	start := 0
	g, err := potion.New(potion.Config{Level: level, Seats: seats, Edition: potion.Edition3, StartSeat: &start}, seed)
	if err != nil {
		return 0, fmt.Errorf("calibrate: potion: %w", err)
	}
	at := int64(0)
	turn := -1
	var vigilanceSeen, captureSeen bool
	for steps := 0; !g.Over(); steps++ {
		if steps > 5000 {
			return 0, errors.New("calibrate: potion: game does not end")
		}
		if g.Waiting()[0] != me {
			if _, err := g.Advance(at); err != nil {
				return 0, fmt.Errorf("calibrate: potion: %w", err)
			}
			continue
		}
		if t := g.Stats().Turns; t != turn {
			turn, vigilanceSeen, captureSeen = t, false, false
		}
		v := g.SeatView(me)
		var m potion.Move
		switch {
		case v.Phase == potion.PhaseCapture:
			m = potion.Accept()
		case v.VigilanceOpen && !vigilanceSeen:
			vigilanceSeen = true
			c, ok := spot(s, v.Zones[1-me], v.Zones[me])
			if !ok {
				continue
			}
			m = potion.Vigilance(c.Potions[0], c.Potions[1], c.Monster)
		case !v.Laid && len(v.Hand) > 0:
			m = potion.Lay(layChoice(s, v, me))
		case !v.Captured && !captureSeen:
			captureSeen = true
			c, ok := spot(s, v.Zones[me], v.Zones[1-me])
			if !ok {
				continue
			}
			m = potion.CaptureMove(c.Potions[0], c.Potions[1], c.Monster)
		default:
			m = potion.End()
		}
		at += s.RT(1)
		if _, err := g.Play(me, m, at); err != nil {
			return 0, fmt.Errorf("calibrate: potion: %v: %w", m, err)
		}
	}
	return share(g.Result(), me), nil
}

// spot is the first capture between the zones whose fact the child gets
// right this time.
func spot(s *Standin, potions, monsters []potion.Card) (potion.Capture, bool) {
	byID := map[int]potion.Card{}
	for _, c := range potions {
		byID[c.ID] = c
	}
	for _, c := range potion.Captures(potions, monsters) {
		if s.Knows(games.Fact{A: byID[c.Potions[0]].Potion, B: byID[c.Potions[1]].Potion}) {
			return c, true
		}
	}
	return potion.Capture{}, false
}

// layChoice lays a card whose potion completes a capture the child sees,
// otherwise any card.
func layChoice(s *Standin, v potion.View, me int) int {
	for _, c := range v.Hand {
		for _, z := range v.Zones[me] {
			for _, mon := range v.Zones[1-me] {
				if mon.Monster == c.Potion*z.Potion && s.Knows(games.Fact{A: c.Potion, B: z.Potion}) {
					return c.ID
				}
			}
		}
	}
	return v.Hand[s.IntN(len(v.Hand))].ID
}

// share is seat's share of the win: 1, 1/n of a shared win, 0.
func share(r games.Result, seat int) float64 {
	for _, w := range r.Winners {
		if w == seat {
			return 1 / float64(len(r.Winners))
		}
	}
	if len(r.Winners) == 0 {
		return 0.5
	}
	return 0
}
