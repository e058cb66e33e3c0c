package potion

import "github.com/multipli/multipli/games"

// View is what one seat may see: its own hand, the sizes of the other hand
// and of the pile (never their cards or order), both zones and trophies
// (face up on the table), and the moves it may make now.
type View struct {
	Game      string    `json:"game"`
	Edition   int       `json:"edition"`
	Seat      int       `json:"seat"`
	Turn      int       `json:"turn"`
	Phase     string    `json:"phase"`
	Hand      []Card    `json:"hand"`
	HandSizes [2]int    `json:"hand_sizes"`
	Pile      int       `json:"pile"`
	Zones     [2][]Card `json:"zones"`
	Trophies  [2][]Card `json:"trophies"`
	// Laid and Captured describe the turn player's turn so far.
	Laid     bool `json:"laid"`
	Captured bool `json:"captured"`
	// VigilanceOpen: the turn player may still call vigilance on the
	// previous player's end of turn.
	VigilanceOpen bool `json:"vigilance_open"`
	// Shown is the capture a vigilance caller showed; Called must capture.
	Shown  *Capture      `json:"shown,omitempty"`
	Called int           `json:"called"`
	Quiz   bool          `json:"quiz"`
	Legal  []Move        `json:"legal"`
	Result *games.Result `json:"result,omitempty"`
}

// View returns what seat may see (any for the Engine interface).
func (g *Game) View(seat int) any { return g.SeatView(seat) }

// SeatView is the typed view of seat.
func (g *Game) SeatView(seat int) View {
	s := &g.s
	v := View{
		Game: g.Game(), Edition: s.Config.Edition, Seat: seat, Turn: s.Turn, Phase: s.Phase,
		HandSizes: [2]int{len(s.Hands[0]), len(s.Hands[1])}, Pile: len(s.Pile),
		Laid: s.Laid >= 0, Captured: s.Caught, VigilanceOpen: s.Vigil, Called: s.Called,
		Quiz: s.Config.Quiz, // the option; the practice help may open the answer move without it (Legal)
	}
	if s.Result != nil {
		r := g.Result()
		v.Result = &r
	}
	if seat == 0 || seat == 1 {
		v.Hand = g.cardsOf(s.Hands[seat])
	}
	for p := range 2 {
		v.Zones[p] = g.cardsOf(s.Zones[p])
		v.Trophies[p] = g.cardsOf(s.Trophy[p])
	}
	if s.Shown != nil {
		sh := *s.Shown
		v.Shown = &sh
	}
	v.Legal = g.Legal(seat)
	return v
}

// Legal lists the moves seat may make now. Lays are listed card by card;
// capture, vigilance and answer are listed bare (no cards): which potions
// multiply to which monster is the child's to find.
func (g *Game) Legal(seat int) []Move {
	s := &g.s
	if s.Phase == PhaseOver {
		return nil
	}
	if s.Phase == PhaseCapture {
		if seat != s.Called {
			return nil
		}
		return []Move{{Type: MoveCapture}, {Type: MoveAccept}}
	}
	if seat != s.Turn {
		return nil
	}
	var out []Move
	if g.vigilanceMakesSense(seat) {
		out = append(out, Move{Type: MoveVigilance})
	}
	if g.quizOpen(seat) && s.Laid < 0 && s.Config.Seats[seat].Human() {
		out = append(out, Move{Type: MoveAnswer})
	}
	if s.Laid < 0 {
		for _, id := range s.Hands[seat] {
			out = append(out, Lay(id))
		}
	}
	if !s.Caught && (s.Laid >= 0 || len(s.Hands[seat]) == 0) {
		out = append(out, Move{Type: MoveCapture})
	}
	if s.Laid >= 0 || len(s.Hands[seat]) == 0 {
		out = append(out, End())
	}
	return out
}

// vigilanceMakesSense: vigilance is offered when the previous turn ended
// without a capture and a capture could be shown at all (two potions in the
// previous player's zone, a monster in the caller's). Whether one exists is
// the child's to see, so it is offered whether or not there is one.
func (g *Game) vigilanceMakesSense(seat int) bool {
	s := &g.s
	return s.Vigil && len(s.Zones[other(seat)]) >= 2 && len(s.Zones[seat]) >= 1
}

// Captures lists every capture potions (one zone) can make on monsters (the
// other zone), in zone order. It reads only public cards.
func Captures(potions, monsters []Card) []Capture {
	var out []Capture
	for i := 0; i < len(potions); i++ {
		for j := i + 1; j < len(potions); j++ {
			prod := potions[i].Potion * potions[j].Potion
			for _, m := range monsters {
				if m.Monster == prod {
					out = append(out, Capture{Potions: [2]int{potions[i].ID, potions[j].ID}, Monster: m.ID})
				}
			}
		}
	}
	return out
}

func hasMonster(monsters []Card, value int) bool {
	for _, m := range monsters {
		if m.Monster == value {
			return true
		}
	}
	return false
}

func containsPair(facts []games.Fact, f games.Fact) bool {
	for _, x := range facts {
		if x.Pair() == f.Pair() {
			return true
		}
	}
	return false
}
