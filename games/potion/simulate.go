package potion

import "github.com/multipli/multipli/games"

// SimOptions says which computer-player games Simulate plays.
type SimOptions struct {
	Games   int         // games per pairing
	Seed    uint64      // game i of a pairing uses seed Seed+i
	Edition int         // 3 or 4
	Level   games.Level // the deck level
	// Levels are the bot levels to pair (each with each, itself included);
	// empty means beginner, solid and strong.
	Levels []int
}

// SimReport is what Simulate measured.
type SimReport struct {
	Edition  int             `json:"edition"`
	Level    games.LevelName `json:"level"`
	Pairings []Pairing       `json:"pairings"`
}

// Pairing is the outcome of the games between bot levels A and B, which
// take turns at starting.
type Pairing struct {
	LevelA     int            `json:"level_a"`
	LevelB     int            `json:"level_b"`
	Games      int            `json:"games"`
	WinsA      int            `json:"wins_a"`
	WinsB      int            `json:"wins_b"`
	Ties       int            `json:"ties"`
	StarterWon int            `json:"starter_won"` // games won by the seat that started
	Turns      int            `json:"turns"`       // summed over the games
	Captures   [2]int         `json:"captures"`    // by A, by B
	Missed     [2]int         `json:"missed"`      // turns A, B ended with a capture left
	Vigilance  [2]int         `json:"vigilance"`   // successful calls by A, B
	Reasons    map[string]int `json:"reasons"`     // how the games ended
	Unfinished int            `json:"unfinished"`  // games that failed (should stay 0)
}

// WinRateA is A's share of the games, a tie counting half.
func (p Pairing) WinRateA() float64 {
	if p.Games == 0 {
		return 0
	}
	return (float64(p.WinsA) + float64(p.Ties)/2) / float64(p.Games)
}

// Simulate plays computer players against each other.
func Simulate(opts SimOptions) SimReport {
	levels := opts.Levels
	if len(levels) == 0 {
		levels = []int{games.BotBeginner, games.BotSolid, games.BotStrong}
	}
	rep := SimReport{Edition: opts.Edition, Level: opts.Level.Name}
	for i, a := range levels {
		for _, b := range levels[i:] {
			rep.Pairings = append(rep.Pairings, simulatePairing(opts, a, b))
		}
	}
	return rep
}

func simulatePairing(opts SimOptions, a, b int) Pairing {
	p := Pairing{LevelA: a, LevelB: b, Reasons: map[string]int{}}
	for i := range opts.Games {
		// A sits first (and starts) in even games, second in odd ones.
		seatA := i % 2
		seats := make([]games.Seat, 2)
		seats[seatA] = games.Seat{Kind: games.SeatComputer, Name: "A", Bot: a}
		seats[1-seatA] = games.Seat{Kind: games.SeatComputer, Name: "B", Bot: b}
		start := 0
		g, err := New(Config{Level: opts.Level, Seats: seats, Edition: opts.Edition, StartSeat: &start}, opts.Seed+uint64(i))
		if err != nil {
			p.Unfinished++
			continue
		}
		if _, err := g.Advance(0); err != nil || !g.Over() {
			p.Unfinished++
			continue
		}
		p.Games++
		r, st := g.Result(), g.Stats()
		p.Reasons[r.Reason]++
		switch {
		case len(r.Winners) == 0:
			p.Ties++
		case r.Winners[0] == seatA:
			p.WinsA++
		default:
			p.WinsB++
		}
		if len(r.Winners) == 1 && r.Winners[0] == start {
			p.StarterWon++
		}
		p.Turns += st.Turns
		for side, seat := range [2]int{seatA, 1 - seatA} {
			p.Captures[side] += st.Captures[seat]
			p.Missed[side] += st.Missed[seat]
			p.Vigilance[side] += st.Vigilance[seat]
		}
	}
	return p
}
