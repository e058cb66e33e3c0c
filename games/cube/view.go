package cube

import "github.com/multipli/multipli/games"

// View is what one seat may see: the boards, the face-up monsters, its own
// hand and won cards (others' only as counts: they lie face down), the
// modifiers on the backs of the cards in front of each seat, and its moves.
type View struct {
	Game  string `json:"game"`
	Rules int    `json:"rules"`
	Seat  int    `json:"seat"`
	Now   int64  `json:"now"`
	// Solver is what a find must satisfy (arithmetic, tile move, tiles).
	Solver Rules `json:"solver"`
	// Bonuses and LevelDecks: the special rules in play, so the screen says so.
	Bonuses    bool `json:"bonuses,omitempty"`
	LevelDecks bool `json:"level_decks,omitempty"`

	Board  Layout   `json:"board,omitempty"`  // #1, #2
	Boards []Layout `json:"boards,omitempty"` // #3, #4: every seat's tiles lie open

	Row         []Monster `json:"row"`
	PileSize    int       `json:"pile_size"`
	DiscardSize int       `json:"discard_size"`
	LastRound   bool      `json:"last_round"`

	Hand  []Monster `json:"hand,omitempty"` // #2
	Shift int       `json:"shift"`          // #2: added to the codes in hand
	// HandAsks (#2) is the value each card in hand asks for now, in hand
	// order: its code shifted, never below 1 (Asks).
	HandAsks  []int   `json:"hand_asks,omitempty"`
	HandSizes []int   `json:"hand_sizes,omitempty"`
	PileSizes []int   `json:"pile_sizes,omitempty"`
	Fronts    [][]int `json:"fronts,omitempty"` // modifiers only

	Won       []Monster `json:"won"`
	WonCounts []int     `json:"won_counts"`
	Votes     []bool    `json:"votes,omitempty"`
	Hint      *HintShow `json:"hint,omitempty"`

	Turn     int   `json:"turn"`
	TurnEnds int64 `json:"turn_ends,omitempty"` // 0: no timer

	Legal  []Move        `json:"legal"`
	Over   bool          `json:"over"`
	Result *games.Result `json:"result,omitempty"`
}

func monsters(codes []int) []Monster {
	out := make([]Monster, len(codes))
	for i, c := range codes {
		out[i] = MonsterByCode(c)
	}
	return out
}

// View is what seat may see (a View value).
func (g *Game) View(seat int) any {
	s := &g.s
	v := View{
		Game: g.Game(), Rules: s.Config.Rules, Seat: seat, Now: s.Now, Solver: s.Config.solverRules(),
		Bonuses: s.Config.Bonuses, LevelDecks: s.Config.LevelDecks,
		Board: s.Board.Clone(), Row: monsters(s.Row), PileSize: len(s.Pile), DiscardSize: len(s.Discard),
		LastRound: s.LastRound, Turn: s.Turn, Legal: g.Legal(seat), Over: s.Done,
		Votes: append([]bool(nil), s.Votes...),
	}
	for _, b := range s.Boards {
		v.Boards = append(v.Boards, b.Clone())
	}
	for i, w := range s.Won {
		v.WonCounts = append(v.WonCounts, len(w))
		if i == seat {
			v.Won = monsters(w)
		}
	}
	if s.Config.Rules == RulesAdvanced {
		for i := range s.Hands {
			v.HandSizes = append(v.HandSizes, len(s.Hands[i]))
			v.PileSizes = append(v.PileSizes, len(s.Piles[i]))
			mods := []int{}
			for _, c := range s.Fronts[i] {
				mods = append(mods, MonsterByCode(c).Modifier)
			}
			v.Fronts = append(v.Fronts, mods)
		}
		if seat >= 0 && seat < len(s.Hands) {
			v.Hand = monsters(s.Hands[seat])
			v.Shift = g.shift(seat)
			for _, c := range s.Hands[seat] {
				v.HandAsks = append(v.HandAsks, g.asks(seat, c))
			}
		}
	}
	if s.Hint != nil && (s.Hint.Seat < 0 || s.Hint.Seat == seat) {
		h := *s.Hint
		v.Hint = &h
	}
	for _, h := range s.Hints {
		if v.Hint == nil && h.Seat == seat {
			v.Hint = &h
		}
	}
	if s.Config.turnBased() && s.Config.TurnMS > 0 && !s.Done {
		v.TurnEnds = s.TurnStart + int64(s.Config.TurnMS)
	}
	if s.Done {
		r := s.Result
		v.Result = &r
	}
	return v
}

// Legal lists the kinds of move seat may make now. A claim's content (the
// faces and formula) is the player's to find, so the moves come without it:
// listing the solutions would give the answers away.
func (g *Game) Legal(seat int) []Move {
	s := &g.s
	if s.Done || seat < 0 || seat >= len(s.Config.Seats) {
		return nil
	}
	if s.Config.turnBased() {
		if seat != s.Turn {
			return nil
		}
		return []Move{{Type: MoveFind}, {Type: MovePass}}
	}
	out := []Move{{Type: MoveClaim}}
	if !s.Votes[seat] {
		out = append(out, Move{Type: MoveNoSolution})
	}
	return out
}
