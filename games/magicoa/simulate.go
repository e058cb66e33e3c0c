package magicoa

import (
	"math"

	"github.com/multipli/multipli/games"
)

// SimOptions says what to simulate.
type SimOptions struct {
	Players int
	Games   int
	Seed    uint64
	Edition string
	Variant string
	Level   games.Level // multiplication edition; zero means All(10)
}

// SimReport is what Simulate measured. Win rates count a shared victory as
// a fraction (two winners: half a win each).
type SimReport struct {
	Games int `json:"games"`
	// SeatWinRate: every seat a BotSolid; index 0 is the first round's
	// first player, 1 the next seat clockwise… — how much the order matters.
	SeatWinRate []float64 `json:"seat_win_rate"`
	// LevelWinRate: seats cycle through the three bot levels, each level
	// sitting in each seat equally often; indexed by level 1–3.
	LevelWinRate map[int]float64 `json:"level_win_rate"`
	// Beats[a][b]: in the mixed games, how often a level-a seat scored more
	// than a level-b seat at the same table (equal scores count half).
	Beats      [4][4]float64 `json:"beats"`
	MeanScore  float64       `json:"mean_score"`
	MeanSpread float64       `json:"mean_spread"` // winner's score minus the lowest score
	StdScore   float64       `json:"std_score"`
	Ties       int           `json:"ties"` // games with a shared victory (equal bots)
	// Activated counts powers activated per game, KeptPoints the power
	// potions kept for their points per game (both sweeps).
	Activated  map[Power]float64 `json:"activated"`
	KeptPoints float64           `json:"kept_points"`
	Exchanges  float64           `json:"exchanges"`
	Doubles    float64           `json:"doubles"`
	Equalities float64           `json:"equalities"`
	Discards   float64           `json:"discards"`
}

// Simulate plays computer players against each other: once with equal
// BotSolid players for seat balance, once with mixed levels.
func Simulate(o SimOptions) SimReport {
	if o.Level.Name == "" {
		o.Level = games.All(10)
	}
	r := SimReport{Games: o.Games, SeatWinRate: make([]float64, o.Players), LevelWinRate: map[int]float64{},
		Activated: map[Power]float64{}}
	levelSeats := map[int]float64{}
	var meetings [4][4]float64
	var scores []float64
	total := 0
	for k := range o.Games {
		for sweep := range 2 {
			seats := make([]games.Seat, o.Players)
			for i := range seats {
				lvl := games.BotSolid
				if sweep == 1 {
					lvl = (i+k)%3 + 1
				}
				seats[i] = games.Seat{Kind: games.SeatComputer, Bot: lvl}
			}
			cfg := Config{Level: o.Level, Seats: seats, Edition: o.Edition, Variant: o.Variant, StartSeat: k % o.Players}
			g, err := New(cfg, o.Seed+uint64(k)*7919+uint64(sweep))
			if err != nil {
				return r
			}
			if _, err := g.Advance(0); err != nil || !g.Over() {
				return r
			}
			total++
			res := g.Result()
			share := 1 / float64(len(res.Winners))
			if sweep == 0 {
				for _, w := range res.Winners {
					r.SeatWinRate[(w-cfg.StartSeat+o.Players)%o.Players] += share
				}
				if len(res.Winners) > 1 {
					r.Ties++
				}
				lo, hi := math.MaxInt, 0
				for _, s := range res.Scores {
					scores = append(scores, float64(s))
					lo, hi = min(lo, s), max(hi, s)
				}
				r.MeanSpread += float64(hi - lo)
			} else {
				for i, a := range seats {
					for j, b := range seats {
						if a.Bot == b.Bot {
							continue
						}
						meetings[a.Bot][b.Bot]++
						switch {
						case res.Scores[i] > res.Scores[j]:
							r.Beats[a.Bot][b.Bot]++
						case res.Scores[i] == res.Scores[j]:
							r.Beats[a.Bot][b.Bot] += 0.5
						}
					}
				}
				for i, s := range seats {
					levelSeats[s.Bot]++
					if containsInt(res.Winners, i) {
						r.LevelWinRate[s.Bot] += share
					}
				}
			}
			st := g.s.Stats
			for p, n := range st.Activated {
				r.Activated[p] += float64(n)
			}
			r.KeptPoints += float64(st.KeptPoints)
			r.Exchanges += float64(st.Exchanges)
			r.Doubles += float64(st.Doubles)
			r.Equalities += float64(st.Equalities)
			r.Discards += float64(st.Discards)
		}
	}
	if o.Games == 0 {
		return r
	}
	n := float64(o.Games)
	for i := range r.SeatWinRate {
		r.SeatWinRate[i] /= n
	}
	for l := range r.LevelWinRate {
		// per seat of that level, scaled so that 1/players means "as good as anyone"
		r.LevelWinRate[l] /= levelSeats[l]
	}
	for a := range r.Beats {
		for b := range r.Beats[a] {
			if meetings[a][b] > 0 {
				r.Beats[a][b] /= meetings[a][b]
			}
		}
	}
	r.MeanSpread /= n
	sum, sq := 0.0, 0.0
	for _, s := range scores {
		sum += s
	}
	r.MeanScore = sum / float64(len(scores))
	for _, s := range scores {
		sq += (s - r.MeanScore) * (s - r.MeanScore)
	}
	r.StdScore = math.Sqrt(sq / float64(len(scores)))
	t := float64(total)
	for p := range r.Activated {
		r.Activated[p] /= t
	}
	r.KeptPoints /= t
	r.Exchanges /= t
	r.Doubles /= t
	r.Equalities /= t
	r.Discards /= t
	return r
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
