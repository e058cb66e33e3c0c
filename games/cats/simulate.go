package cats

import (
	"fmt"

	"github.com/multipli/multipli/games"
)

// SimOptions sets up a simulation between computer cats.
type SimOptions struct {
	Games    int
	Seed     uint64
	Level    games.Level
	Specials bool
	// Bots is the level of each seat (its length is the number of players).
	Bots []int
	// ReactionMS is each seat's median reaction time (0 or missing: the
	// level's default).
	ReactionMS []int
	// WindowMS is the reaction window (0: default).
	WindowMS int
}

// SimReport sums the games of a simulation.
type SimReport struct {
	Games      int
	Champion   []int // per seat: games it was champion
	Loser      []int // per seat: games it was one of the two losers
	Won        []int // per seat: exchanges won
	Involved   []int // per seat: exchanges taken part in
	Reveals    int
	Exchanges  int
	Gluttonies int
	Missed     int
	Capped     int // games stopped by the safety cap
	Errors     int
}

// Simulate plays opts.Games games between computer cats, seeds Seed,
// Seed+1, …; it is pure and deterministic.
func Simulate(opts SimOptions) SimReport {
	n := len(opts.Bots)
	r := SimReport{Champion: make([]int, n), Loser: make([]int, n), Won: make([]int, n), Involved: make([]int, n)}
	seats := make([]games.Seat, n)
	for i, b := range opts.Bots {
		seats[i] = games.Seat{Kind: games.SeatComputer, Name: fmt.Sprintf("cat%d", i+1), Bot: b}
		if i < len(opts.ReactionMS) {
			seats[i].ReactionMS = opts.ReactionMS[i]
		}
	}
	cfg := Config{Level: opts.Level, Seats: seats, Specials: opts.Specials, WindowMS: opts.WindowMS}
	for k := 0; k < opts.Games; k++ {
		// Rotate who starts so seats are comparable.
		cfg.Start = k % n
		g, err := New(cfg, opts.Seed+uint64(k))
		if err != nil {
			r.Errors++
			continue
		}
		g.RunBots()
		r.Games++
		if c, ok := g.Champion(); ok && (g.st.Reason == ReasonChampion || g.st.Reason == ReasonOneLeft) {
			r.Champion[c]++
		}
		if g.st.Reason == ReasonCap {
			r.Capped++
		}
		for _, s := range g.seatsIn() {
			r.Loser[s]++
		}
		st := g.Stats()
		r.Reveals += st.Reveals
		r.Exchanges += st.Exchanges
		r.Gluttonies += st.Gluttonies
		r.Missed += st.Missed
		for i := range n {
			r.Won[i] += st.Won[i]
			r.Involved[i] += st.Involved[i]
		}
	}
	return r
}

// RunBots plays a game whose seats are all computer cats to its end, without
// building events or logging inputs (for simulations and benchmarks).
func (g *Game) RunBots() {
	g.quiet = true
	defer func() { g.quiet = false }()
	for !g.st.Done {
		t, ok := g.Next()
		if !ok {
			return
		}
		g.advance(t, true)
		g.st.Clock = max(g.st.Clock, t)
	}
}
