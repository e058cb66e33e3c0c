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

// RaceReactionMS is the median delay of a computer player in a real-time
// race (Monster Cube #1 and #2, where everyone looks at once) that lets the
// student win about targetWin of the races, from the student's own measured
// answering times on the level (Skill.TypicalMS, the median of their
// per-fact typical times) multiplied by findFactor, the time a find takes
// over a bare answer. The race is the one TuneOpponent solves: the student
// wins when they know the fact and are quicker than the computer.
//
// Why it exists: an opponent left at its level's fixed delay (6 s for the
// solid Monster Cube player) caught a monster every 5–7 s against a child
// who needs 10 s to find one, so the child never caught anything.
func (m Model) RaceReactionMS(st Student, level games.Level, findFactor, targetWin float64) int {
	sk := m.Skill(st, level)
	return raceReactionMS(sk.Mastery, sk.TypicalMS*max(findFactor, 1), targetWin)
}

// raceReactionMS solves P(win) = k · Φ((ln R − ln S) / √(σs² + σb²)) for
// R, clamped to [minReactionMS, maxRaceMS] and rounded to 50 ms. A student
// who does not know enough facts to reach the target even against a slow
// computer gets the slowest one.
func raceReactionMS(k, studentMS, targetWin float64) int {
	targetWin = min(max(targetWin, 0.05), 0.95)
	share := min(targetWin/max(k, 1e-3), 0.999)
	z := normalQuantile(share)
	r := studentMS * math.Exp(z*math.Hypot(studentRTSpread, botRTSpread))
	r = min(max(r, minReactionMS), maxRaceMS)
	return int(math.Round(r/50) * 50)
}

// maxRaceMS is the slowest a racing computer gets: longer than a Cat's
// reaction (maxReactionMS) because a find takes longer than a slap, but
// bounded so that a child stuck on a row still sees the game move on.
const maxRaceMS = 40000
