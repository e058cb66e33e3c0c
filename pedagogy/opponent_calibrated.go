package pedagogy

import (
	"math"
	"slices"

	"github.com/multipli/multipli/games"
)

// Calibration is the measured share of games (or, in Multipli Cat's, of
// exchanges) a student wins against each candidate opponent of one game,
// on a grid of student skills. package calibrate measures it by playing
// stand-ins of synthetic students against the engines' bots and writes
// opponent_tables.go (see calibrate/README.md).
type Calibration struct {
	// Mastery and TypicalMS are the grid of student skills, ascending;
	// TypicalMS has one value when the game does not depend on speed.
	Mastery   []float64
	TypicalMS []float64
	// Candidates are the opponents measured, easiest first.
	Candidates []Candidate
	// Win[c][s][k] is the student's win share against candidate c with
	// typical time TypicalMS[s] and mastery Mastery[k].
	Win [][][]float64
}

// Candidate is one opponent setting that was measured.
type Candidate struct {
	Bot int `json:"bot"`
	// ReactionMS is the computer's median time; when Ratio is above 0 it is
	// instead Ratio × the student's typical time (Multipli Cat's: a race).
	ReactionMS int     `json:"reaction_ms,omitempty"`
	Ratio      float64 `json:"ratio,omitempty"`
	Miss       float64 `json:"miss,omitempty"`
}

// Opponent is the candidate for a student of typical time studentMS.
func (c Candidate) Opponent(studentMS float64) Opponent {
	o := Opponent{Bot: c.Bot, ReactionMS: c.ReactionMS, Miss: c.Miss}
	if c.Ratio > 0 {
		r := min(max(c.Ratio*studentMS, minReactionMS), maxReactionMS)
		o.ReactionMS = int(math.Round(r/50) * 50)
	}
	return o
}

// TuneOpponentFor tunes the opponent of game from the
// measured calibration so the student wins about targetWin of the games
// (of the exchanges in Multipli Cat's). It predicts the student's win share
// against every candidate by interpolating the calibration at the student's
// skill, and between two neighbouring candidates of the same bot level it
// interpolates the continuous knob (reaction time, miss chance) to meet the
// target; otherwise it takes the candidate whose prediction is closest.
// Games without a calibration fall back to TuneOpponent.
func (m Model) TuneOpponentFor(game games.Name, st Student, level games.Level, targetWin float64) Opponent {
	cal, ok := calibrations[game]
	if !ok || len(cal.Candidates) == 0 {
		return m.TuneOpponent(st, level, targetWin)
	}
	sk := m.Skill(st, level)
	return cal.Tune(sk, targetWin)
}

// PredictWin is the calibration's expected win share of the student
// against opponent o in game (0 when the game has no calibration). An
// opponent between two candidates of its level is predicted by
// interpolating along the knob.
func (m Model) PredictWin(game games.Name, st Student, level games.Level, o Opponent) float64 {
	cal, ok := calibrations[game]
	if !ok {
		return 0
	}
	sk := m.Skill(st, level)
	best, bestD := 0.0, math.Inf(1)
	for c := 0; c < len(cal.Candidates); c++ {
		a := cal.Candidates[c].Opponent(sk.TypicalMS)
		if a.Bot != o.Bot {
			continue
		}
		wa := cal.Predict(c, sk)
		if d := knobDistance(a, o); d < bestD {
			best, bestD = wa, d
		}
		if c+1 < len(cal.Candidates) {
			b := cal.Candidates[c+1].Opponent(sk.TypicalMS)
			if b.Bot == o.Bot {
				if t, ok := between(a, b, o); ok {
					return sigmoid(lerp(winLogit(wa), winLogit(cal.Predict(c+1, sk)), t))
				}
			}
		}
	}
	return best
}

// knobDistance is how far opponent o is from a along the knobs.
func knobDistance(a, o Opponent) float64 {
	return math.Abs(a.Miss-o.Miss) + math.Abs(math.Log(float64(max(a.ReactionMS, 1)))-math.Log(float64(max(o.ReactionMS, 1))))
}

// between reports whether o lies between a and b on the knob that differs,
// and where (0 at a, 1 at b).
func between(a, b, o Opponent) (float64, bool) {
	if a.ReactionMS != b.ReactionMS && a.ReactionMS > 0 && b.ReactionMS > 0 && o.ReactionMS > 0 {
		la, lb, lo := math.Log(float64(a.ReactionMS)), math.Log(float64(b.ReactionMS)), math.Log(float64(o.ReactionMS))
		t := (lo - la) / (lb - la)
		return t, t >= 0 && t <= 1
	}
	if a.Miss != b.Miss {
		t := (o.Miss - a.Miss) / (b.Miss - a.Miss)
		return t, t >= 0 && t <= 1
	}
	return 0, false
}

// DefaultTargetWin is the share of games a tuned opponent lets a student
// win: above half, so that games encourage, but not a walkover.
const DefaultTargetWin = 0.65

// Predict is the student's expected win share against candidate c.
func (cal Calibration) Predict(c int, sk Skill) float64 {
	k := gridPos(cal.Mastery, sk.Mastery, identity)
	s := gridPos(cal.TypicalMS, sk.TypicalMS, math.Log)
	// Win shares are about logistic in skill, so they are interpolated in
	// log-odds: linear interpolation of a share above one half would fall
	// short of the concave curve between grid points (and above it below).
	w := func(si, ki int) float64 { return winLogit(cal.Win[c][si][ki]) }
	lo := lerp(w(s.i, k.i), w(s.i, k.j), k.t)
	hi := lerp(w(s.j, k.i), w(s.j, k.j), k.t)
	return sigmoid(lerp(lo, hi, s.t))
}

// winLogit is the log-odds of a measured share, kept finite for the 0 % and
// 100 % of a few hundred games.
func winLogit(p float64) float64 {
	p = min(max(p, 0.005), 0.995)
	return math.Log(p / (1 - p))
}

// Tune is the opponent that gives a student of skill sk about targetWin.
func (cal Calibration) Tune(sk Skill, targetWin float64) Opponent {
	targetWin = min(max(targetWin, 0.05), 0.95)
	win := make([]float64, len(cal.Candidates))
	best := 0
	for c := range cal.Candidates {
		win[c] = cal.Predict(c, sk)
		if math.Abs(win[c]-targetWin) < math.Abs(win[best]-targetWin) {
			best = c
		}
	}
	// Candidates go from easiest to hardest: the target between two
	// neighbours of one level is met by moving the knob between them.
	for c := 0; c+1 < len(cal.Candidates); c++ {
		a, b := cal.Candidates[c], cal.Candidates[c+1]
		if a.Bot != b.Bot || win[c] < targetWin || win[c+1] > targetWin || win[c] == win[c+1] {
			continue
		}
		// Moved along the knob in log-odds too.
		t := (winLogit(win[c]) - winLogit(targetWin)) / (winLogit(win[c]) - winLogit(win[c+1]))
		oa, ob := a.Opponent(sk.TypicalMS), b.Opponent(sk.TypicalMS)
		o := Opponent{Bot: a.Bot, Miss: lerp(oa.Miss, ob.Miss, t)}
		if oa.ReactionMS > 0 && ob.ReactionMS > 0 {
			r := math.Exp(lerp(math.Log(float64(oa.ReactionMS)), math.Log(float64(ob.ReactionMS)), t))
			o.ReactionMS = int(math.Round(r/50) * 50)
		}
		o.Miss = math.Round(o.Miss*100) / 100
		return o
	}
	return cal.Candidates[best].Opponent(sk.TypicalMS)
}

// gridSpot is where a value falls on a grid: between points i and j at t.
type gridSpot struct {
	i, j int
	t    float64
}

func identity(x float64) float64 { return x }

// gridPos locates x on grid (ascending), clamped at its ends, interpolating
// in scale(x) (the log for times).
func gridPos(grid []float64, x float64, scale func(float64) float64) gridSpot {
	n := len(grid)
	if n == 1 || x <= grid[0] {
		return gridSpot{}
	}
	if x >= grid[n-1] {
		return gridSpot{i: n - 1, j: n - 1}
	}
	j, _ := slices.BinarySearch(grid, x)
	i := j - 1
	return gridSpot{i: i, j: j, t: (scale(x) - scale(grid[i])) / (scale(grid[j]) - scale(grid[i]))}
}

func lerp(a, b, t float64) float64 { return a + (b-a)*t }

// Calibrations returns a copy of the measured tables by game, so a new
// measurement of one game can be written beside the others'.
func Calibrations() map[games.Name]Calibration {
	out := make(map[games.Name]Calibration, len(calibrations))
	for game, cal := range calibrations {
		out[game] = cal
	}
	return out
}
