package pedagogy

import (
	"math"
	"slices"
	"time"

	"github.com/multipli/multipli/games"
)

// Opponent is a computer player tuned to a student.
type Opponent struct {
	// Bot is the computer player's level, games.BotBeginner…BotStrong.
	Bot int `json:"bot"`
	// ReactionMS is the median reaction time for real-time games
	// (Multipli Cat's, Monster Cube #1).
	ReactionMS int `json:"reaction_ms"`
	// Miss, when above 0, is the chance the computer overlooks a
	// multiplication it could make (games.Seat.Miss: MultipliPotion), a
	// knob between the levels.
	Miss float64 `json:"miss,omitempty"`
}

// Seat is the computer seat that plays the opponent.
func (o Opponent) Seat(name string) games.Seat {
	return games.Seat{Kind: games.SeatComputer, Name: name, Bot: o.Bot, ReactionMS: o.ReactionMS, Miss: o.Miss}
}

// Skill is what the opponents are tuned from: the student's mean chance of
// a right answer over the level's facts and their median typical time.
type Skill struct {
	Mastery   float64 `json:"mastery"`
	TypicalMS float64 `json:"typical_ms"` // defaultStudentMS when no time is known
}

// Skill reads the student's estimates on the level (no forgetting: it is
// the skill they bring to the game now that they last showed).
func (m Model) Skill(st Student, level games.Level) Skill {
	pairs := levelPairs(level)
	k := 0.0
	var times []float64
	for _, f := range pairs {
		k += m.FactEstimate(st, f, time.Time{}).P
		if s := st.Facts[f]; s.TypicalMS > 0 {
			times = append(times, s.TypicalMS)
		}
	}
	if len(pairs) > 0 {
		k /= float64(len(pairs))
	}
	ms := float64(defaultStudentMS)
	if len(times) > 0 {
		slices.Sort(times)
		ms = times[len(times)/2]
	}
	return Skill{Mastery: k, TypicalMS: ms}
}

// How opponents are tuned (see README.md, "Opponents").
//
// Real-time games: an exchange is won by the student when they know the
// fact and react before the bot. The student's reaction time on the level
// is log-normal around their typical time (median over the level's facts,
// defaultStudentMS when unknown) with spread studentRTSpread; the bot's is
// log-normal around ReactionMS with spread botRTSpread. So
//
//	P(win) = k · Φ((ln R − ln S) / √(σs² + σb²)),   k = mean P(right) on the level,
//
// solved for R: R = S · exp(z·σ), z = Φ⁻¹(target / k).
//
// Turn-based games: the bot's level is the one whose assumed mastery
// (botMastery) sits where the student wins the target share under a
// logistic duel, P(win) = sigmoid(duelSlope · (k − botMastery)).
const (
	defaultStudentMS = 5000
	studentRTSpread  = 0.45
	botRTSpread      = 0.35
	minReactionMS    = 700
	maxReactionMS    = 15000
	duelSlope        = 8
)

// botMastery is the share of facts each bot level plays as if known.
var botMastery = map[int]float64{games.BotBeginner: 0.6, games.BotSolid: 0.8, games.BotStrong: 0.95}

// TuneOpponent chooses a bot level and reaction time so that the student
// wins about targetWin of the exchanges (0 < targetWin < 1).
func (m Model) TuneOpponent(st Student, level games.Level, targetWin float64) Opponent {
	targetWin = min(max(targetWin, 0.05), 0.95)
	sk := m.Skill(st, level)
	k, studentMS := sk.Mastery, sk.TypicalMS

	reaction := float64(min(raceReactionMS(k, studentMS, targetWin, 1), maxReactionMS))

	bot, best := games.BotBeginner, math.Inf(1)
	for _, b := range []int{games.BotBeginner, games.BotSolid, games.BotStrong} {
		win := sigmoid(duelSlope * (k - botMastery[b]))
		if d := math.Abs(win - targetWin); d < best {
			bot, best = b, d
		}
	}
	return Opponent{Bot: bot, ReactionMS: int(math.Round(reaction/50) * 50)}
}

// normalQuantile is Φ⁻¹(p), by bisection on the CDF (precise enough here).
func normalQuantile(p float64) float64 {
	lo, hi := -8.0, 8.0
	for range 60 {
		mid := (lo + hi) / 2
		if normalCDF(mid) < p {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}
