package potion

import (
	"encoding/json"
	"slices"

	"github.com/multipli/multipli/games"
)

// Apply decodes and plays a move of a human seat, recording it in the log.
func (g *Game) Apply(seat int, raw json.RawMessage, at int64) (games.Step, error) {
	m, err := DecodeMove(raw)
	if err != nil {
		return games.Step{}, err
	}
	return g.Play(seat, m, at)
}

// Play plays a move of a human seat at time at and records it in the log. A
// refused move changes nothing; a wrong multiplication (a capture or
// vigilance call whose product is not the monster) is refused with a rule
// error too, but its Step carries the capture attempt it was.
func (g *Game) Play(seat int, m Move, at int64) (games.Step, error) {
	if err := g.check(seat, at); err != nil {
		return games.Step{}, err
	}
	if !g.s.Config.Seats[seat].Human() {
		return games.Step{}, games.Broken("game.computer_seat", "seat", seat)
	}
	var st games.Step
	if err := g.play(&st, seat, m, at); err != nil {
		return st, err
	}
	raw, _ := json.Marshal(m) // a Move always marshals
	g.s.Log = append(g.s.Log, games.Input{At: at, Seat: seat, Move: raw})
	for _, a := range st.Attempts {
		if a.Kind != games.KindMissed {
			g.s.answered(a.Seat, 1)
		}
	}
	return st, nil
}

func (g *Game) check(seat int, at int64) error {
	switch {
	case seat < 0 || seat > 1:
		return games.Broken("game.bad_seat", "seat", seat)
	case g.s.Phase == PhaseOver:
		return games.Broken("game.over")
	case at < g.s.Now:
		return games.Broken("game.bad_time")
	case !slices.Contains(g.Waiting(), seat):
		return games.Broken("game.not_your_turn")
	}
	return nil
}

// play applies a move of any seat (human or computer) whose turn it is.
func (g *Game) play(st *games.Step, seat int, m Move, at int64) error {
	if g.s.Phase == PhaseCapture {
		switch m.Type {
		case MoveCapture:
			return g.capture(st, seat, m, at, g.s.CalledAt)
		case MoveAccept:
			sh := *g.s.Shown
			return g.capture(st, seat, CaptureMove(sh.Potions[0], sh.Potions[1], sh.Monster), at, noAttempt)
		case MoveLay, MoveEnd, MoveVigilance, MoveAnswer:
			return games.Broken("potion.must_capture")
		}
		return games.Broken("game.unknown_move", "type", m.Type)
	}
	switch m.Type {
	case MoveLay:
		return g.lay(st, seat, m.Card, at)
	case MoveCapture:
		return g.capture(st, seat, m, at, sinceTurnRule)
	case MoveEnd:
		return g.end(st, seat, at)
	case MoveVigilance:
		return g.vigilance(st, seat, m, at)
	case MoveAnswer:
		return g.answer(st, seat, m, at)
	case MoveAccept:
		return games.Broken("potion.nothing_to_accept")
	}
	return games.Broken("game.unknown_move", "type", m.Type)
}

func (g *Game) lay(st *games.Step, seat, card int, at int64) error {
	s := &g.s
	switch {
	case s.Laid >= 0:
		return games.Broken("potion.one_lay")
	case !slices.Contains(s.Hands[seat], card):
		return games.Broken("potion.not_in_hand", "card", card)
	}
	s.Now = at
	s.Hands[seat] = remove(s.Hands[seat], card)
	s.Zones[seat] = append(s.Zones[seat], card)
	s.Laid, s.LaidAt, s.Vigil, s.Quizzed = card, at, false, nil
	// The card's faces are in every view's zones: the event names the card.
	st.Events = append(st.Events, games.Event{At: at, Seat: seat, Type: "lay", Data: map[string]any{"card": card}})
	return nil
}

// Values of capture's since besides a time (times are never negative).
const (
	// sinceTurnRule: the capture became possible at the start of the turn,
	// or at the lay when the laid card is one of the potions.
	sinceTurnRule = -2
	// noAttempt: the called player accepted the capture shown; they did no
	// multiplication, so there is no attempt.
	noAttempt = -1
)

// capture checks and makes a capture. since is when the capture became
// possible for the seat, or one of the values above.
func (g *Game) capture(st *games.Step, seat int, m Move, at, since int64) error {
	s := &g.s
	if s.Phase == PhasePlay {
		switch {
		case s.Caught:
			return games.Broken("potion.one_capture")
		case s.Laid < 0 && len(s.Hands[seat]) > 0:
			return games.Broken("potion.lay_first")
		}
	}
	p, q, mon, err := g.checkCards(seat, m)
	if err != nil {
		return err
	}
	if since == sinceTurnRule {
		since = s.TurnAt
		// The spec times a capture from "the start of their turn, or when
		// the card that enabled it was laid": the laid card enabled it only
		// if no other two cards of the zone already showed the same two
		// potions (the monster was there since the turn started).
		if (s.Laid == m.Potions[0] || s.Laid == m.Potions[1]) && !g.heldBefore(seat, p.Potion, q.Potion) {
			since = s.LaidAt
		}
	}
	if since >= 0 && s.Config.Seats[seat].Human() {
		st.Attempts = append(st.Attempts, games.NewAttempt(seat, games.KindCapture,
			games.Fact{A: p.Potion, B: q.Potion}, mon.Monster, at-since))
	}
	if p.Potion*q.Potion != mon.Monster {
		// The product too: the refusal is where the child learns the fact
		// they got wrong ("7 × 8 = 56, not 64"), as the other games' verdicts
		// say the right product.
		return games.Broken("potion.wrong_product", "a", p.Potion, "b", q.Potion, "product", p.Potion*q.Potion, "monster", mon.Monster)
	}
	s.Now = at
	g.take(seat, p.ID, q.ID, mon.ID)
	st.Events = append(st.Events, games.Event{At: at, Seat: seat, Type: "capture", Data: map[string]any{
		"potions": []int{p.ID, q.ID}, "monster": mon.ID, "a": p.Potion, "b": q.Potion, "product": mon.Monster}})
	if s.Phase != PhaseCapture {
		s.Caught, s.Vigil = true, false
		g.checkFive(at, st)
		return nil
	}
	// The vigilance call is over: the caller's turn goes on.
	due := s.RewardDue
	s.Phase, s.Shown, s.Called, s.RewardDue = PhasePlay, nil, -1, false
	// The booklets: the forgetful player makes the capture of their choice,
	// then the caller takes the top card of the pile as a reward. Five
	// trophies win at once, so a capture that gives the forgetful player
	// their fifth ends the game before the reward.
	if g.checkFive(at, st) || !due {
		return nil
	}
	g.reward(other(seat), at, st)
	return nil
}

// heldBefore reports whether two cards of seat's zone other than the one
// laid this turn show the potions a and b, so that a capture with them was
// possible before the lay.
func (g *Game) heldBefore(seat, a, b int) bool {
	na, nb := 0, 0
	for _, id := range g.s.Zones[seat] {
		if id == g.s.Laid {
			continue
		}
		switch g.s.Cards[id].Potion {
		case a:
			na++
		case b:
			nb++
		}
	}
	if a == b {
		return na >= 2
	}
	return na >= 1 && nb >= 1
}

// reward gives the vigilance caller the top card of the pile as a trophy.
// The capture just made put its two potions under the pile, so there is
// always one: with an empty pile (or, in the 3-card edition, when the caller
// drew the last card at the start of their turn) it is the first of those
// potions, and the caller still gets their due.
func (g *Game) reward(caller int, at int64, st *games.Step) {
	s := &g.s
	top := s.Pile[0]
	s.Pile = s.Pile[1:]
	s.Trophy[caller] = append(s.Trophy[caller], top)
	st.Events = append(st.Events, games.Event{At: at, Seat: caller, Type: "trophy", Data: map[string]any{"card": top}})
	g.checkFive(at, st)
}

// checkCards finds the cards of a capture by seat: two different potions in
// seat's own zone and a monster in the opponent's.
func (g *Game) checkCards(seat int, m Move) (p, q, mon Card, err error) {
	s := &g.s
	if len(m.Potions) != 2 || m.Potions[0] == m.Potions[1] {
		return p, q, mon, games.Broken("potion.two_potions")
	}
	for _, id := range m.Potions {
		if !slices.Contains(s.Zones[seat], id) {
			return p, q, mon, games.Broken("potion.potion_not_in_zone", "card", id)
		}
	}
	if !slices.Contains(s.Zones[other(seat)], m.Monster) {
		return p, q, mon, games.Broken("potion.monster_not_in_zone", "card", m.Monster)
	}
	return g.card(m.Potions[0]), g.card(m.Potions[1]), g.card(m.Monster), nil
}

// take moves a capture's cards: the monster to the capturer's trophies, the
// two potions under the draw pile (the booklets: "mises sous la pioche").
func (g *Game) take(seat, p, q, mon int) {
	s := &g.s
	s.Zones[seat] = remove(remove(s.Zones[seat], p), q)
	s.Zones[other(seat)] = remove(s.Zones[other(seat)], mon)
	s.Trophy[seat] = append(s.Trophy[seat], mon)
	s.Pile = append(s.Pile, p, q)
	s.Stats.Captures[seat]++
}

func (g *Game) end(st *games.Step, seat int, at int64) error {
	s := &g.s
	if s.Laid < 0 && len(s.Hands[seat]) > 0 {
		return games.Broken("potion.must_lay")
	}
	s.Now = at
	st.Events = append(st.Events, games.Event{At: at, Seat: seat, Type: "end_turn"})
	missed := false
	if !s.Caught {
		facts := g.availableFacts(seat)
		missed = len(facts) > 0
		if missed {
			s.Stats.Missed[seat]++
			if s.Config.Seats[seat].Human() {
				for _, f := range facts {
					st.Attempts = append(st.Attempts, games.Missed(seat, f))
				}
			}
		}
	}
	s.Stats.Turns++
	if s.Config.Edition == Edition4 {
		if len(s.Pile) == 0 {
			g.finish(at, "potion.pile_empty", st)
			return nil
		}
		g.draw(st, seat, at)
	} else if len(s.Pile) == 0 && len(s.Hands[0]) == 0 && len(s.Hands[1]) == 0 {
		g.finish(at, "potion.cards_out", st)
		return nil
	}
	s.Turn = other(seat)
	g.startTurn(st, at)
	// Vigilance may be called on any end of turn without a capture: whether
	// a capture existed is for the opponent to see.
	s.Vigil = !s.Caught
	s.Caught = false
	return nil
}

// startTurn begins the turn of s.Turn; in the 3-card edition the draw is
// automatic (it is no choice), so the player sees four cards when laying.
func (g *Game) startTurn(st *games.Step, at int64) {
	s := &g.s
	s.TurnAt, s.Laid, s.Quizzed = at, -1, nil
	if s.Config.Edition == Edition3 {
		g.draw(st, s.Turn, at)
	}
}

// draw moves the top card of the pile to seat's hand; the event says only
// that a card was drawn (the drawer sees which in their view).
func (g *Game) draw(st *games.Step, seat int, at int64) {
	s := &g.s
	if len(s.Pile) == 0 {
		return
	}
	g.helpDraw(seat)
	s.Hands[seat] = append(s.Hands[seat], s.Pile[0])
	s.Pile = s.Pile[1:]
	if st != nil {
		st.Events = append(st.Events, games.Event{At: at, Seat: seat, Type: "draw"})
	}
}

func (g *Game) vigilance(st *games.Step, seat int, m Move, at int64) error {
	s := &g.s
	if !s.Vigil {
		return games.Broken("potion.vigilance_closed")
	}
	called := other(seat)
	p, q, mon, err := g.checkCards(called, m)
	if err != nil {
		return err
	}
	if s.Config.Seats[seat].Human() {
		st.Attempts = append(st.Attempts, games.NewAttempt(seat, games.KindCapture,
			games.Fact{A: p.Potion, B: q.Potion}, mon.Monster, at-s.TurnAt))
	}
	if p.Potion*q.Potion != mon.Monster {
		// The product too: the refusal is where the child learns the fact
		// they got wrong ("7 × 8 = 56, not 64"), as the other games' verdicts
		// say the right product.
		return games.Broken("potion.wrong_product", "a", p.Potion, "b", q.Potion, "product", p.Potion*q.Potion, "monster", mon.Monster)
	}
	s.Now = at
	s.Vigil = false
	s.Stats.Vigilance[seat]++
	st.Events = append(st.Events, games.Event{At: at, Seat: seat, Type: "vigilance", Data: map[string]any{"potions": []int{p.ID, q.ID}, "monster": mon.ID}})
	// The called player captures first; the caller's reward comes after
	// (reward, from capture).
	s.Phase, s.Called, s.CalledAt, s.RewardDue = PhaseCapture, called, at, true
	s.Shown = &Capture{Potions: [2]int{p.ID, q.ID}, Monster: mon.ID}
	return nil
}

// answer is the quiz mode: before laying, the student types the product of
// two potions they see (in their zone or hand). Each pair once per turn, so
// the answers stay a few real questions.
func (g *Game) answer(st *games.Step, seat int, m Move, at int64) error {
	s := &g.s
	switch {
	case !g.quizOpen(seat):
		return games.Broken("potion.quiz_off")
	case s.Laid >= 0:
		return games.Broken("potion.quiz_after_lay")
	case len(m.Potions) != 2 || m.Potions[0] == m.Potions[1]:
		return games.Broken("potion.two_potions")
	}
	pair := [2]int{min(m.Potions[0], m.Potions[1]), max(m.Potions[0], m.Potions[1])}
	for _, id := range m.Potions {
		if !slices.Contains(s.Zones[seat], id) && !slices.Contains(s.Hands[seat], id) {
			return games.Broken("potion.potion_not_seen", "card", id)
		}
	}
	if slices.Contains(s.Quizzed, pair) {
		return games.Broken("potion.pair_answered")
	}
	s.Now = at
	s.Quizzed = append(s.Quizzed, pair)
	f := games.Fact{A: g.card(m.Potions[0]).Potion, B: g.card(m.Potions[1]).Potion}
	a := games.NewAttempt(seat, games.KindAnswer, f, m.Value, at-s.TurnAt)
	st.Events = append(st.Events, games.Event{At: at, Seat: seat, Type: "answer", Data: map[string]any{"correct": a.Correct}})
	st.Attempts = append(st.Attempts, a)
	return nil
}

// checkFive ends the game at once when a seat has five trophies.
func (g *Game) checkFive(at int64, st *games.Step) bool {
	for p := range 2 {
		if len(g.s.Trophy[p]) >= WinTrophies {
			g.finish(at, "potion.five_trophies", st)
			return true
		}
	}
	return false
}

// finish ends the game: the most trophies wins, equal trophies no winner.
func (g *Game) finish(at int64, reason string, st *games.Step) {
	s := &g.s
	r := games.Result{Winners: []int{}, Scores: g.scores(), Reason: reason}
	switch {
	case r.Scores[0] > r.Scores[1]:
		r.Winners = []int{0}
	case r.Scores[1] > r.Scores[0]:
		r.Winners = []int{1}
	}
	s.Phase, s.Result, s.Vigil, s.Shown, s.RewardDue = PhaseOver, &r, false, nil, false
	st.Events = append(st.Events, games.Event{At: at, Seat: -1, Type: "game_over",
		Data: map[string]any{"reason": reason, "winners": r.Winners}})
}

// availableFacts lists the distinct facts (unordered pairs, each once, in
// the order the potions lie in seat's zone) of the captures seat could make.
func (g *Game) availableFacts(seat int) []games.Fact {
	var out []games.Fact
	zone, monsters := g.s.Zones[seat], g.s.Zones[other(seat)]
	for i := 0; i < len(zone); i++ {
		for j := i + 1; j < len(zone); j++ {
			f := games.Fact{A: g.s.Cards[zone[i]].Potion, B: g.s.Cards[zone[j]].Potion}
			if !g.hasMonster(monsters, f.Product()) || containsPair(out, f) {
				continue
			}
			out = append(out, f)
		}
	}
	return out
}

func (g *Game) hasMonster(ids []int, value int) bool {
	for _, id := range ids {
		if g.s.Cards[id].Monster == value {
			return true
		}
	}
	return false
}

func (g *Game) cardsOf(ids []int) []Card {
	out := make([]Card, len(ids))
	for i, id := range ids {
		out[i] = g.s.Cards[id]
	}
	return out
}

func remove(ids []int, id int) []int {
	i := slices.Index(ids, id)
	if i < 0 {
		return ids
	}
	return slices.Delete(ids, i, i+1)
}
