package magicoa

import (
	"slices"

	"github.com/multipli/multipli/games"
)

// Play applies seat's move at time at. A refused move returns a
// *games.RuleError and changes nothing; a refused cover in the
// multiplication edition still returns the student's `bid` attempt in the
// step, because the wrong claim "mine is greater" is practice too.
func (g *Game) Play(seat int, m Move, at int64) (games.Step, error) {
	var st games.Step
	switch {
	case g.s.Phase == PhaseOver:
		return st, games.Broken("game.over")
	case seat < 0 || seat >= g.players():
		return st, games.Broken("game.bad_seat", "seat", seat)
	case at < g.s.Clock:
		return st, games.Broken("game.bad_time")
	case !g.waitingFor(seat):
		return st, games.Broken("game.not_your_turn")
	}
	var err error
	switch g.s.Phase {
	case PhaseChoose:
		err = g.playChoose(seat, m, at, &st)
	case PhasePlace:
		err = g.playPlace(seat, m, at, &st)
	case PhaseExchange:
		err = g.playExchange(seat, m, at, &st)
	case PhasePower:
		err = g.playPower(seat, m, at, &st)
	case PhaseTriple:
		err = g.playTriple(seat, m, at, &st)
	}
	if err != nil {
		return st, err
	}
	g.s.Clock = at
	g.settle(at, &st)
	return st, nil
}

func wrongPhase(phase string, m Move) error {
	return ruleErr("wrong_phase", "phase", phase, "type", m.Type)
}

func (g *Game) playChoose(seat int, m Move, at int64, st *games.Step) error {
	if m.Type != MoveChoose {
		return wrongPhase(PhaseChoose, m)
	}
	if len(m.Cards) != 2 || m.Cards[0] == m.Cards[1] {
		return ruleErr("two_cards")
	}
	for _, c := range m.Cards {
		if c < 0 || c >= len(g.s.Gold[seat]) || g.s.Where[seat][c] != InHand {
			return ruleErr("not_in_hand", "card", c)
		}
	}
	for _, c := range m.Cards {
		g.s.Where[seat][c] = InChosen
	}
	g.s.Chosen[seat] = slices.Clone(m.Cards)
	// The event says only that seat has chosen: the cards stay face down.
	st.Events = append(st.Events, games.Event{At: at, Seat: seat, Type: "chosen"})
	return nil
}

func (g *Game) playPlace(seat int, m Move, at int64, st *games.Step) error {
	card := g.currentCard(seat)
	if g.needsAnswer(seat) {
		if m.Type != MoveAnswer {
			return ruleErr("answer_first")
		}
		st.Attempts = append(st.Attempts, games.NewAttempt(seat, games.KindAnswer, card.Fact, m.Product, at-g.s.Since))
		// A wrong answer shows the right one (the view shows the value from
		// now on) and the card is still played: no penalty beyond the lesson.
		st.Events = append(st.Events, games.Event{At: at, Seat: seat, Type: "answered",
			Data: map[string]any{"correct": m.Product == card.Value}})
		g.s.Answered, g.s.Since = true, at
		return nil
	}
	if m.Type != MovePlace {
		return wrongPhase(PhasePlace, m)
	}
	last := m.Potion
	if m.Double {
		last++
	}
	if m.Potion < 0 || last >= len(g.s.Layout) {
		return ruleErr("no_such_potion", "potion", m.Potion)
	}
	if m.Double && !g.hasPower(seat, DoubleBid) {
		return ruleErr("no_double_bid")
	}
	student := g.s.Config.Edition == Multiplication && g.s.Config.Seats[seat].Human()
	covers := false
	for i := m.Potion; i <= last; i++ {
		top, ok := g.s.Layout[i].top()
		if !ok {
			continue
		}
		covers = true
		if !g.canBid(seat, i, card.Value) {
			if student {
				// The claim "mine is greater" was wrong even when the covered
				// value equals the student's product (two players may hold
				// the same product): correct iff the cover is legal.
				st.Attempts = append(st.Attempts, games.NewBid(seat, card.Fact, top.Value, false, at-g.s.Since))
			}
			code := "not_greater"
			if top.Value == card.Value {
				code = "not_greater_equal"
			}
			return ruleErr(code, "value", card.Value, "covered", top.Value)
		}
	}
	if covers && student {
		st.Attempts = append(st.Attempts, games.NewBid(seat, card.Fact, card.Value, true, at-g.s.Since))
	}
	data := map[string]any{"card": card.ID, "value": card.Value, "potion": m.Potion, "on": g.seenByAll(m.Potion, last)}
	if card.Fact != (games.Fact{}) {
		data["fact"] = card.Fact.String()
	}
	if m.Double {
		data["double"] = true
		g.s.Stats.Doubles++
	}
	for i := m.Potion; i <= last; i++ {
		if top, ok := g.s.Layout[i].top(); ok && top.Value == card.Value {
			g.s.Stats.Equalities++
		}
		g.s.Layout[i].Bids = append(g.s.Layout[i].Bids, Bid{Seat: seat, Card: card.ID, Value: card.Value, Double: m.Double})
	}
	st.Events = append(st.Events, games.Event{At: at, Seat: seat, Type: "placed", Data: data})
	g.spendCard(seat)
	g.nextTurn(at)
	return nil
}

// spendCard takes seat's current card off its stack: it is out of the game.
func (g *Game) spendCard(seat int) {
	c := g.s.Chosen[seat][0]
	g.s.Where[seat][c] = Played
	g.s.Chosen[seat] = g.s.Chosen[seat][1:]
}

func (g *Game) nextTurn(at int64) {
	g.s.Turn++
	g.s.Answered, g.s.Since = false, at
}

func (g *Game) playExchange(seat int, m Move, at int64, st *games.Step) error {
	switch m.Type {
	case MovePass:
		st.Events = append(st.Events, games.Event{At: at, Seat: seat, Type: "exchange_passed"})
	case MoveExchange:
		if m.Potion < 0 || m.Potion >= len(g.s.Layout) {
			return ruleErr("no_such_potion", "potion", m.Potion)
		}
		top := len(g.s.Pile) - 1
		slot := &g.s.Layout[m.Potion]
		slot.Potion, g.s.Pile[top] = g.s.Pile[top], slot.Potion
		g.s.Stats.Exchanges++
		st.Events = append(st.Events, games.Event{At: at, Seat: seat, Type: "exchanged", Data: map[string]any{"potion": m.Potion}})
	default:
		return wrongPhase(PhaseExchange, m)
	}
	g.s.Exchangers = g.s.Exchangers[1:]
	return nil
}

func (g *Game) playPower(seat int, m Move, at int64, st *games.Step) error {
	if m.Type != MovePower {
		return wrongPhase(PhasePower, m)
	}
	pp := g.s.Pending[0]
	g.s.Pending = g.s.Pending[1:]
	g.resolvePower(pp, m.Activate, at, st)
	return nil
}

// resolvePower makes the final choice for a won power potion.
func (g *Game) resolvePower(pp pendingPower, activate bool, at int64, st *games.Step) {
	for k, h := range g.s.Won[pp.Seat] {
		if h.Potion.ID != pp.Potion {
			continue
		}
		typ := "points_kept"
		if activate {
			g.s.Won[pp.Seat][k].Active = true
			g.s.Stats.Activated[h.Potion.Power]++
			typ = "power_activated"
		} else {
			g.s.Stats.KeptPoints++
		}
		st.Events = append(st.Events, games.Event{At: at, Seat: pp.Seat, Type: typ,
			Data: map[string]any{"potion": h.Potion.ID, "power": string(h.Potion.Power)}})
	}
}

func (g *Game) playTriple(seat int, m Move, at int64, st *games.Step) error {
	if m.Type != MoveAnswer {
		return wrongPhase(PhaseTriple, m)
	}
	k := slices.IndexFunc(g.s.Triples, func(q tripleQuestion) bool { return q.Seat == seat })
	q := g.s.Triples[k]
	// Timed from when this question was asked (a save from before Asked
	// existed has it at zero: the phase start is the best it knows).
	asked := max(q.Asked, g.s.Since)
	st.Attempts = append(st.Attempts, games.NewAttempt(seat, games.KindAnswer, games.Fact{A: q.Points, B: 3}, m.Product, at-asked))
	st.Events = append(st.Events, games.Event{At: at, Seat: seat, Type: "tripled",
		Data: map[string]any{"power": string(q.Power), "points": q.Points, "tripled": 3 * q.Points, "correct": m.Product == 3*q.Points}})
	g.s.Triples = slices.Delete(g.s.Triples, k, k+1)
	// The seat's next question, if any, is asked now.
	if next := slices.IndexFunc(g.s.Triples, func(q tripleQuestion) bool { return q.Seat == seat }); next >= 0 {
		g.s.Triples[next].Asked = at
	}
	return nil
}
