package pedagogy

import (
	"math"

	"github.com/multipli/multipli/games"
)

// CubeFindFactor is how much longer than answering a fact a child takes to
// find a Monster Cube formula on the board (spotting a × b ± c among the
// faces): the calibration's Monster Cube stand-in searches for 2 × its
// typical time (calibrate/README.md), and the race below uses the same.
const CubeFindFactor = 2.0

// RaceReactionMS is the median delay of the computers in a real-time race
// (Monster Cube #1 and #2, where everyone looks at once) that lets the
// student win about targetWin of the races against rivals computers at
// once, from the student's own measured answering times on the level
// (Skill.TypicalMS, the median of their per-fact typical times) multiplied
// by findFactor, the time a find takes over a bare answer. The student
// wins a race when they know the fact and are quicker than every computer.
//
// Why it exists: an opponent left at its level's fixed delay (6 s for the
// solid Monster Cube player) caught a monster every 5–7 s against a child
// who needs 10 s to find one, so the child hardly caught anything.
func (m Model) RaceReactionMS(st Student, level games.Level, findFactor, targetWin float64, rivals int) int {
	sk := m.Skill(st, level)
	return raceReactionMS(sk.Mastery, sk.TypicalMS*max(findFactor, 1), targetWin, rivals)
}

// raceReactionMS solves, for R, the student's chance of winning a race
// against n computers:
//
//	P(win) = k · E_Z[Φ((ln R − ln S − σs·Z) / σb)ⁿ],   Z ~ N(0, 1),
//
// (the student's time log-normal around S with spread σs = studentRTSpread,
// each computer's around R with σb = botRTSpread; with one computer it is
// TuneOpponent's k · Φ((ln R − ln S) / √(σs² + σb²))), by bisection on
// ln(R/S), clamped to [minReactionMS, maxRaceMS] and rounded to 50 ms. A
// student who does not know enough facts to reach the target even against
// slow computers gets the slowest.
func raceReactionMS(k, studentMS, targetWin float64, rivals int) int {
	targetWin = min(max(targetWin, 0.05), 0.95)
	rivals = max(rivals, 1)
	var r float64
	if rivals == 1 {
		share := min(targetWin/max(k, 1e-3), 0.999)
		r = studentMS * math.Exp(normalQuantile(share)*math.Hypot(studentRTSpread, botRTSpread))
	} else {
		lo, hi := -4.0, 6.0
		for range 50 {
			mid := (lo + hi) / 2
			if k*raceWin(mid, rivals) < targetWin {
				lo = mid
			} else {
				hi = mid
			}
		}
		r = studentMS * math.Exp((lo+hi)/2)
	}
	r = min(max(r, minReactionMS), maxRaceMS)
	return int(math.Round(r/50) * 50)
}

// raceWin is E_Z[Φ((x − σs·Z)/σb)ⁿ] for x = ln(R/S): the chance that a
// student who knows the fact is quicker than n computers, by the midpoint
// rule over Z in [−6, 6].
func raceWin(x float64, n int) float64 {
	const steps = 240
	const dz = 12.0 / steps
	sum := 0.0
	for i := range steps {
		z := -6 + (float64(i)+0.5)*dz
		sum += math.Exp(-z*z/2) * math.Pow(normalCDF((x-studentRTSpread*z)/botRTSpread), float64(n))
	}
	return sum * dz / math.Sqrt(2*math.Pi)
}

// maxRaceMS is the slowest a racing computer gets: longer than a Cat's
// reaction (maxReactionMS) because a find takes longer than a slap, but
// bounded so that a child stuck on a row still sees the game move on.
const maxRaceMS = 40000
