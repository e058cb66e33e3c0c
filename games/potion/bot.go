package potion

import "github.com/multipli/multipli/games"

// botStyle is how a computer player of one level plays.
type botStyle struct {
	miss     float64 // chance of ending the turn without a capture it sees
	call     float64 // chance of calling vigilance when the opponent forgot one
	careful  bool    // avoids exposing monsters the opponent can capture at once
	enabling bool    // lays the card that makes a capture possible
}

// The beginner forgets captures often, so the child has vigilance to call;
// the strong player never forgets and almost always calls.
var botStyles = [games.BotStrong + 1]botStyle{
	games.BotBeginner: {miss: 0.45, call: 0.25},
	games.BotSolid:    {miss: 0.1, call: 0.6, enabling: true},
	games.BotStrong:   {miss: 0, call: 0.95, enabling: true, careful: true},
}

// decide chooses a computer player's move from its own view only: the bot
// cannot see the other hand or the pile, structurally.
func decide(v View, level int, rng *games.RNG) Move {
	return decideStyle(v, botStyles[level], rng)
}

// styleOf is the style of a computer seat: its level's, with the seat's
// Miss in place of the level's when the pedagogy tuned one.
func styleOf(seat games.Seat) botStyle {
	style := botStyles[seat.Bot]
	if seat.Miss > 0 {
		style.miss = min(seat.Miss, 1)
	}
	return style
}

// decideStyle is decide for a style rather than a level.
func decideStyle(v View, style botStyle, rng *games.RNG) Move {
	me, opp := v.Seat, 1-v.Seat
	if v.Phase == PhaseCapture {
		if caps := Captures(v.Zones[me], v.Zones[opp]); len(caps) > 0 {
			c := caps[0]
			return CaptureMove(c.Potions[0], c.Potions[1], c.Monster)
		}
		return Accept()
	}
	if v.VigilanceOpen {
		if caps := Captures(v.Zones[opp], v.Zones[me]); len(caps) > 0 && rng.Float64() < style.call {
			c := caps[rng.IntN(len(caps))]
			return Vigilance(c.Potions[0], c.Potions[1], c.Monster)
		}
	}
	if !v.Laid && len(v.Hand) > 0 {
		return Lay(chooseLay(v, style, rng))
	}
	if !v.Captured {
		if caps := Captures(v.Zones[me], v.Zones[opp]); len(caps) > 0 && rng.Float64() >= style.miss {
			c := caps[0]
			return CaptureMove(c.Potions[0], c.Potions[1], c.Monster)
		}
	}
	return End()
}

// chooseLay scores each card of the hand and lays the best, ties broken at
// random: a card whose potion completes a capture first (solid and strong),
// then, for the strong player, not a monster the opponent could take next.
func chooseLay(v View, style botStyle, rng *games.RNG) int {
	me, opp := v.Seat, 1-v.Seat
	best, bestScore, ties := -1, 0, 0
	for _, c := range v.Hand {
		score := 0
		if style.enabling && completes(c.Potion, v.Zones[me], v.Zones[opp]) {
			score += 10
		}
		if style.careful {
			if capturableBy(c.Monster, v.Zones[opp]) {
				score -= 6
			}
			score += potential(c.Potion, v.Zones[opp])
		}
		switch {
		case best < 0 || score > bestScore:
			best, bestScore, ties = c.ID, score, 1
		case score == bestScore:
			// Reservoir choice among equals keeps every tie equally likely.
			ties++
			if rng.IntN(ties) == 0 {
				best = c.ID
			}
		}
	}
	return best
}

// completes reports whether potion p with a potion of zone captures a monster.
func completes(p int, zone, monsters []Card) bool {
	for _, z := range zone {
		if hasMonster(monsters, p*z.Potion) {
			return true
		}
	}
	return false
}

// capturableBy reports whether two potions of zone multiply to monster.
func capturableBy(monster int, zone []Card) bool {
	for i := 0; i < len(zone); i++ {
		for j := i + 1; j < len(zone); j++ {
			if zone[i].Potion*zone[j].Potion == monster {
				return true
			}
		}
	}
	return false
}

// potential counts the opponent's monsters potion p divides (a future capture
// needs one more potion), capped so it never outweighs safety.
func potential(p int, monsters []Card) int {
	n := 0
	for _, m := range monsters {
		if m.Monster%p == 0 && m.Monster/p <= games.MaxFactor {
			n++
		}
	}
	return min(n, 3)
}

// Advance lets the computer players move (at once, in this turn-based game)
// until a human must play or the game is over.
func (g *Game) Advance(at int64) (games.Step, error) {
	st := games.Step{Events: make([]games.Event, 0, 8)}
	if at < g.s.Now {
		return st, games.Broken("game.bad_time")
	}
	moved := false
	for g.s.Phase != PhaseOver {
		seat := g.Waiting()[0]
		if g.s.Config.Seats[seat].Human() {
			break
		}
		m := decideStyle(g.botView(seat), styleOf(g.s.Config.Seats[seat]), g.s.RNG)
		if err := g.play(&st, seat, m, at); err != nil {
			return st, err // a bot bug: never a rule of the game
		}
		moved = true
	}
	if moved {
		g.s.Log = append(g.s.Log, games.Input{At: at, Seat: -1})
	}
	return st, nil
}

// Next is when a computer player has a move to make: at once.
func (g *Game) Next() (int64, bool) {
	if w := g.Waiting(); len(w) > 0 && !g.s.Config.Seats[w[0]].Human() {
		return g.s.Now, true
	}
	return 0, false
}

// botView is the seat's view without the legal moves the bot does not read.
func (g *Game) botView(seat int) View {
	// The view reuses the game's scratch slices: a bot reads it only while
	// deciding, and whole simulated games then allocate far less.
	s := &g.s
	fill := func(buf *[]Card, ids []int) []Card {
		*buf = (*buf)[:0]
		for _, id := range ids {
			*buf = append(*buf, s.Cards[id])
		}
		return *buf
	}
	v := View{
		Seat: seat, Turn: s.Turn, Phase: s.Phase, Hand: fill(&g.scratch[0], s.Hands[seat]),
		Laid: s.Laid >= 0, Captured: s.Caught, VigilanceOpen: s.Vigil, Called: s.Called,
	}
	for p := range 2 {
		v.Zones[p] = fill(&g.scratch[1+p], s.Zones[p])
	}
	return v
}
