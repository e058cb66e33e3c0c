package cube

import (
	"fmt"
	"strings"

	"github.com/multipli/multipli/games"
)

// SimOptions drive Simulate.
type SimOptions struct {
	Rules      int
	Games      int // per pairing of levels
	Seed       uint64
	Level      games.Level
	TurnMS     int
	Bonuses    bool
	LevelDecks bool
}

// SimPairing is the outcome of one pairing of computer levels, two seats.
type SimPairing struct {
	Levels [2]int     `json:"levels"`
	Games  int        `json:"games"`
	Wins   [2]float64 `json:"wins"` // shared wins count as a fraction
	Ties   int        `json:"ties"` // nobody won alone
}

// SimReport is what Simulate measured.
type SimReport struct {
	Rules    int            `json:"rules"`
	Pairings []SimPairing   `json:"pairings"`
	Games    int            `json:"games"`
	Stuck    int            `json:"stuck"` // games that stopped without ending (a bug if not 0)
	MeanMS   float64        `json:"mean_ms"`
	MeanTurn float64        `json:"mean_resolutions"`
	Counts   map[string]int `json:"counts"` // events by type, reasons of the end
}

// Simulate plays computer players against each other: every pairing of the
// three levels, two seats, the first seat alternating.
func Simulate(opts SimOptions) SimReport {
	rep := SimReport{Rules: opts.Rules, Counts: map[string]int{}}
	if opts.Level.Name == "" {
		opts.Level = games.All(9)
	}
	var totalMS, totalRounds float64
	for a := games.BotBeginner; a <= games.BotStrong; a++ {
		for b := a; b <= games.BotStrong; b++ {
			p := SimPairing{Levels: [2]int{a, b}}
			for i := range opts.Games {
				seats := []games.Seat{{Kind: games.SeatComputer, Name: "A", Bot: a}, {Kind: games.SeatComputer, Name: "B", Bot: b}}
				cfg := Config{Rules: opts.Rules, Level: opts.Level, Seats: seats, TurnMS: opts.TurnMS,
					Bonuses: opts.Bonuses, LevelDecks: opts.LevelDecks, StartSeat: i % 2}
				g, err := New(cfg, opts.Seed+uint64(i)*7919+uint64(a*10+b))
				if err != nil {
					rep.Counts["error:"+err.Error()]++
					continue
				}
				if !playOut(g, rep.Counts) {
					rep.Stuck++
					continue
				}
				p.Games++
				rep.Games++
				totalMS += float64(g.s.Now)
				totalRounds += float64(g.s.Rounds)
				res := g.Result()
				rep.Counts["end:"+res.Reason]++
				if len(res.Winners) != 1 {
					p.Ties++
				}
				for _, w := range res.Winners {
					p.Wins[w] += 1 / float64(len(res.Winners))
				}
			}
			rep.Pairings = append(rep.Pairings, p)
		}
	}
	if rep.Games > 0 {
		rep.MeanMS = totalMS / float64(rep.Games)
		rep.MeanTurn = totalRounds / float64(rep.Games)
	}
	return rep
}

// playOut advances a computer-only game to its end, counting events.
func playOut(g *Game, counts map[string]int) bool {
	for steps := 0; !g.Over() && steps < 100000; steps++ {
		at, ok := g.Next()
		if !ok {
			return false
		}
		st, err := g.Advance(at)
		if err != nil {
			counts["error:"+err.Error()]++
			return false
		}
		for _, e := range st.Events {
			counts[e.Type]++
			if e.Type == "found" && e.Data["tile"] != (*TileMove)(nil) && e.Data["tile"] != nil {
				counts["found_with_move"]++
			}
		}
	}
	return g.Over()
}

// Table renders the win rates as a Markdown table (the README's).
func (r SimReport) Table() string {
	var b strings.Builder
	name := map[int]string{games.BotBeginner: "beginner", games.BotSolid: "solid", games.BotStrong: "strong"}
	fmt.Fprintf(&b, "| rules #%d | games | wins A | wins B | shared |\n|---|---|---|---|---|\n", r.Rules)
	for _, p := range r.Pairings {
		if p.Games == 0 {
			continue
		}
		n := float64(p.Games)
		fmt.Fprintf(&b, "| %s (A) vs %s (B) | %d | %.0f %% | %.0f %% | %d |\n",
			name[p.Levels[0]], name[p.Levels[1]], p.Games, 100*p.Wins[0]/n, 100*p.Wins[1]/n, p.Ties)
	}
	fmt.Fprintf(&b, "\nmean game: %.0f s on the game clock, %.1f resolutions; stuck: %d\n", r.MeanMS/1000, r.MeanTurn, r.Stuck)
	return b.String()
}
