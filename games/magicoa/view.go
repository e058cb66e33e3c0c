package magicoa

import "github.com/multipli/multipli/games"

// View is what one seat may see: public cards, its own hand and choices,
// the potions it knows, and its legal moves. Computer players decide from
// it alone.
type View struct {
	Game    string `json:"game"`
	Edition string `json:"edition"`
	Variant string `json:"variant"`
	Seat    int    `json:"seat"`
	Phase   string `json:"phase"`
	Match   int    `json:"match"`
	Matches int    `json:"matches"`
	Round   int    `json:"round"`
	Rounds  int    `json:"rounds"`
	First   int    `json:"first"`
	// Placer is the seat placing a card now (-1 outside placement) and
	// Wave 1 or 2 tells whether first or second cards are being placed.
	Placer    int          `json:"placer"`
	Wave      int          `json:"wave,omitempty"`
	Layout    []SlotView   `json:"layout"`
	PileSize  int          `json:"pile_size"`
	PileTop   *PotionView  `json:"pile_top,omitempty"`
	Players   []PlayerView `json:"players"`
	Hand      []CardView   `json:"hand"`              // own cards in hand
	Chosen    []CardView   `json:"chosen,omitempty"`  // own chosen cards, top first
	Current   *CardView    `json:"current,omitempty"` // own card to place now
	Deciding  *PotionView  `json:"deciding,omitempty"`
	Triple    *TripleView  `json:"triple,omitempty"`
	Legal     []Move       `json:"legal"`
	Scores    []int        `json:"scores"`
	Winners   []int        `json:"winners,omitempty"`
	Remaining int          `json:"remaining_rounds"` // rounds after this one, both games counted
}

// PotionView is a potion as a seat sees it: Hidden means only its Power
// face is known (ID -1, no colour, no points).
type PotionView struct {
	ID     int    `json:"id"`
	Hidden bool   `json:"hidden,omitempty"`
	Power  Power  `json:"power,omitempty"`
	Colour Colour `json:"colour,omitempty"`
	Points int    `json:"points,omitempty"`
}

// SlotView is a potion on offer with the gold cards on it, top last.
type SlotView struct {
	Potion PotionView `json:"potion"`
	Bids   []BidView  `json:"bids,omitempty"`
}

// BidView is a placed gold card (face up, public).
type BidView struct {
	Seat   int         `json:"seat"`
	Card   int         `json:"card"`
	Value  int         `json:"value"`
	Fact   *games.Fact `json:"fact,omitempty"`
	Double bool        `json:"double,omitempty"`
}

// CardView is a gold card. In the multiplication edition Value is 0 until
// the card is played or its product answered, so the screen never gives
// the answer away.
type CardView struct {
	ID    int         `json:"id"`
	Fact  *games.Fact `json:"fact,omitempty"`
	Value int         `json:"value,omitempty"`
}

// PlayerView is what everybody knows of a player. Unplayed lists the cards
// not yet revealed, in hand or chosen alike, so the choice stays secret.
type PlayerView struct {
	Seat     int        `json:"seat"`
	Name     string     `json:"name"`
	Computer bool       `json:"computer,omitempty"`
	Chosen   bool       `json:"chosen"`
	Unplayed []CardView `json:"unplayed"`
	Won      []HeldView `json:"won"`
	Powers   []Power    `json:"powers"`
	Score    int        `json:"score"`
}

// HeldView is a won potion: Active shows its Power face.
type HeldView struct {
	Potion PotionView `json:"potion"`
	Active bool       `json:"active,omitempty"`
}

// TripleView is the tripled score the student computes now.
type TripleView struct {
	Power  Power `json:"power"`
	Points int   `json:"points"`
	Times  int   `json:"times"`
}

// View returns what seat may see (a View).
func (g *Game) View(seat int) any { return g.view(seat) }

func (g *Game) view(seat int) View {
	cfg := g.s.Config
	v := View{
		Game: g.Game(), Edition: cfg.Edition, Variant: cfg.Variant, Seat: seat, Phase: g.s.Phase,
		Match: g.s.Match, Matches: cfg.matches(), Round: g.s.Round, Rounds: RoundsPerGame, First: g.s.First,
		Placer: -1, PileSize: len(g.s.Pile), Legal: g.Legal(seat),
		Remaining: (cfg.matches()-g.s.Match)*RoundsPerGame + RoundsPerGame - g.s.Round,
	}
	res := g.Result()
	v.Winners = res.Winners
	v.Scores = make([]int, len(res.Scores))
	for s := range v.Scores {
		v.Scores[s] = g.shownScore(s) // a student's tripled points wait for their answer
	}
	if g.s.Phase == PhasePlace {
		v.Placer, v.Wave = g.placer()
		v.Wave++
	}
	for _, sl := range g.s.Layout {
		sv := SlotView{Potion: g.potionView(sl.Potion, seat)}
		for _, b := range sl.Bids {
			card := g.s.Gold[b.Seat][b.Card]
			sv.Bids = append(sv.Bids, BidView{Seat: b.Seat, Card: b.Card, Value: b.Value, Fact: factPtr(card.Fact), Double: b.Double})
		}
		v.Layout = append(v.Layout, sv)
	}
	if len(g.s.Pile) > 0 {
		pv := g.potionView(g.s.Pile[len(g.s.Pile)-1], seat)
		v.PileTop = &pv
	}
	for s, st := range cfg.Seats {
		pv := PlayerView{Seat: s, Name: st.Name, Computer: !st.Human(), Chosen: len(g.s.Chosen[s]) > 0,
			Unplayed: []CardView{}, Won: []HeldView{}, Powers: []Power{}, Score: g.shownScore(s)}
		for c, w := range g.s.Where[s] {
			if w != Played {
				pv.Unplayed = append(pv.Unplayed, g.cardView(s, c, false))
			}
		}
		for _, h := range g.s.Won[s] {
			pv.Won = append(pv.Won, HeldView{Potion: g.potionView(h.Potion, seat), Active: h.Active})
			if h.Active {
				pv.Powers = append(pv.Powers, h.Potion.Power)
			}
		}
		v.Players = append(v.Players, pv)
	}
	if seat < 0 || seat >= g.players() {
		return v
	}
	v.Hand = []CardView{}
	for _, c := range g.hand(seat) {
		v.Hand = append(v.Hand, g.cardView(seat, c, false))
	}
	for _, c := range g.s.Chosen[seat] {
		v.Chosen = append(v.Chosen, g.cardView(seat, c, false))
	}
	if v.Placer == seat {
		cv := g.cardView(seat, g.s.Chosen[seat][0], !g.needsAnswer(seat))
		v.Current = &cv
	}
	if g.s.Phase == PhasePower && g.s.Pending[0].Seat == seat {
		pv := g.potionView(g.pendingPotion(), seat)
		v.Deciding = &pv
	}
	if g.s.Phase == PhaseTriple {
		for _, q := range g.s.Triples {
			if q.Seat == seat {
				v.Triple = &TripleView{Power: q.Power, Points: q.Points, Times: 3}
				break
			}
		}
	}
	return v
}

// cardView hides a multiplication card's value until it is played or shown.
func (g *Game) cardView(seat, c int, show bool) CardView {
	card := g.s.Gold[seat][c]
	cv := CardView{ID: card.ID, Fact: factPtr(card.Fact), Value: card.Value}
	if g.s.Config.Edition == Multiplication && !show && g.s.Where[seat][c] != Played {
		cv.Value = 0
	}
	return cv
}

func factPtr(f games.Fact) *games.Fact {
	if f == (games.Fact{}) {
		return nil
	}
	return &f
}

// seenByAll names the potions of slots first…last as every seat sees them,
// so that the game's log can say which potion a card went on: its colour
// when its Potion face is public, "hidden" when only its power shows. A
// position ("potion 3") meant nothing on a board whose potions are not
// numbered.
func (g *Game) seenByAll(first, last int) []string {
	out := make([]string, 0, last-first+1)
	for i := first; i <= last; i++ {
		if v := g.potionView(g.s.Layout[i].Potion, -1); v.Hidden {
			out = append(out, "hidden")
		} else {
			out = append(out, string(v.Colour))
		}
	}
	return out
}

// potionView shows a potion's Potion face only to those who saw it.
func (g *Game) potionView(p Potion, seat int) PotionView {
	if g.s.Public[p.ID] || (seat >= 0 && seat < 8 && g.s.Seen[p.ID]&(1<<seat) != 0) {
		return PotionView{ID: p.ID, Power: p.Power, Colour: p.Colour, Points: p.Points}
	}
	return PotionView{ID: -1, Hidden: true, Power: p.Power}
}
