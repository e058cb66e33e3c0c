package calibrate

import (
	"errors"
	"fmt"
	"slices"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/games/magicoa"
)

// PlayMagicoa plays one game of Magicoa, multiplication edition, two
// players, between the stand-in (seat 0) and opp; the stand-in starts in
// even seeds. Gold cards show facts whose products the child must know to
// bid: when choosing its two cards the stand-in chooses like the solid bot
// if it knows both products the solid bot would choose on (a draw per
// fact), at random otherwise; it answers each product right with the
// chance of knowing it (a wrong answer shows the right one, the rules'
// only consequence) and then places like the solid bot, which reads the
// values shown.
func PlayMagicoa(s *Standin, level games.Level, opp games.Seat, seed uint64) (float64, error) {
	const me = 0
	seats := []games.Seat{{Kind: games.SeatStudent, Name: "student"}, opp}
	g, err := magicoa.New(magicoa.Config{Level: level, Seats: seats, Edition: magicoa.Multiplication,
		StartSeat: int(seed % 2)}, seed)
	if err != nil {
		return 0, fmt.Errorf("calibrate: magicoa: %w", err)
	}
	at := int64(0)
	for steps := 0; !g.Over(); steps++ {
		if steps > 5000 {
			return 0, errors.New("calibrate: magicoa: game does not end")
		}
		if !slices.Contains(g.Waiting(), me) {
			if _, err := g.Advance(at); err != nil {
				return 0, fmt.Errorf("calibrate: magicoa: %w", err)
			}
			continue
		}
		v := g.View(me).(magicoa.View)
		at += s.RT(1)
		if _, err := g.Play(me, magicoaMove(s, v), at); err != nil {
			return 0, fmt.Errorf("calibrate: magicoa: %w", err)
		}
	}
	return share(g.Result(), me), nil
}

func magicoaMove(s *Standin, v magicoa.View) magicoa.Move {
	switch {
	case v.Phase == magicoa.PhaseTriple && v.Triple != nil:
		return answer(s, games.Fact{A: v.Triple.Points, B: v.Triple.Times})
	case len(v.Legal) == 1 && v.Legal[0].Type == magicoa.MoveAnswer && v.Current != nil && v.Current.Fact != nil:
		return answer(s, *v.Current.Fact)
	case v.Phase == magicoa.PhaseChoose:
		m := magicoa.BotMove(v, games.BotSolid, s.RNG())
		for _, id := range m.Cards {
			if i := slices.IndexFunc(v.Hand, func(c magicoa.CardView) bool { return c.ID == id }); i >= 0 &&
				v.Hand[i].Fact != nil && !s.Knows(*v.Hand[i].Fact) {
				return magicoa.BotMove(v, games.BotBeginner, s.RNG())
			}
		}
		return m
	}
	return magicoa.BotMove(v, games.BotSolid, s.RNG())
}

// answer is the product of f, right when the child knows it, one table
// step off otherwise.
func answer(s *Standin, f games.Fact) magicoa.Move {
	p := f.Product()
	if !s.Knows(f) {
		p += f.A
	}
	return magicoa.Move{Type: magicoa.MoveAnswer, Product: p}
}
