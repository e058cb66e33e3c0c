package pedagogy

import (
	"encoding/json"
	"fmt"
	"math"
	"time"

	"github.com/multipli/multipli/games"
)

// Student is everything the pedagogy keeps about one student: an Elo-style
// ability, the state of every fact met so far, and where they stand on the
// ladder of levels. It is small (a few numbers per fact) and serialises to
// JSON, so the server can store it beside the attempt log.
type Student struct {
	// Ability is the student's overall strength in log-odds (0 = the
	// average beginner the priors describe); AbilityN counts its updates.
	Ability  float64 `json:"ability"`
	AbilityN int     `json:"ability_n"`
	// Facts is keyed by Fact.Pair(): 7×8 and 8×7 share one state.
	Facts map[games.Fact]FactState `json:"-"`

	// Level is the ladder step (StepGreen…StepAll12) the student is on;
	// empty before the first plan.
	Level           string    `json:"level"`
	LevelSince      time.Time `json:"level_since"`
	SessionsAtLevel int       `json:"sessions_at_level"`
	// LevelAttempts and LevelAccuracy (an EWMA of right answers) cover the
	// attempts made since the student reached Level: the demotion rule
	// reads them.
	LevelAttempts int     `json:"level_attempts"`
	LevelAccuracy float64 `json:"level_accuracy"`
	// NoTimers is the teacher's setting: this student never gets a timer.
	NoTimers bool `json:"no_timers"`
}

// levelAccuracyAlpha weighs the last ~20 attempts in LevelAccuracy.
const levelAccuracyAlpha = 0.1

// Observe folds one attempt into the student's ability and the fact's state,
// in constant time. A fact met for the first time starts from its prior
// shifted by the student's ability. Attempts on factors outside 1–12 are
// ignored.
func (m Model) Observe(st *Student, a Attempt) {
	if !validFactor(a.A) || !validFactor(a.B) {
		return
	}
	pair := games.Fact{A: a.A, B: a.B}.Pair()
	s := m.factState(*st, pair)
	s = m.carryAbility(s, st.Ability)
	p := sigmoid(m.forget(s, a.At).Logit)
	score, weight := m.score(a)
	k := m.AbilityK / (1 + m.AbilityKDecay*float64(st.AbilityN))
	st.Ability += k * weight * (score - p)
	st.AbilityN++

	s = m.Update(s, a)
	s.Ability = st.Ability
	if st.Facts == nil {
		st.Facts = make(map[games.Fact]FactState)
	}
	st.Facts[pair] = s

	c := 0.0
	if a.Correct && !a.TimedOut && a.Kind != games.KindMissed {
		c = 1
	}
	if st.LevelAttempts == 0 {
		st.LevelAccuracy = c
	} else {
		st.LevelAccuracy += levelAccuracyAlpha * (c - st.LevelAccuracy)
	}
	st.LevelAttempts++
}

// Predict is the probability that the student answers the fact right at
// now, before seeing the answer.
func (m Model) Predict(st Student, f games.Fact, now time.Time) float64 {
	if !validFactor(f.A) || !validFactor(f.B) {
		return 0.5
	}
	s := m.carryAbility(m.factState(st, f.Pair()), st.Ability)
	return m.Estimate(s, now).P
}

// FactEstimate is the mastery of one fact for the student at now, including
// facts never met (their prior, shifted by the student's ability).
func (m Model) FactEstimate(st Student, f games.Fact, now time.Time) Estimate {
	s := m.carryAbility(m.factState(st, f.Pair()), st.Ability)
	return m.Estimate(s, now)
}

// factState is the stored state of the pair, or the prior shifted by the
// student's current ability for a pair never met.
func (m Model) factState(st Student, pair games.Fact) FactState {
	if s, ok := st.Facts[pair]; ok {
		return s
	}
	s := m.Prior(pair)
	s.Logit += st.Ability
	s.Base += st.Ability
	s.Ability = st.Ability
	return s
}

// carryAbility moves a fact by a share of what the student's ability gained
// since the fact was last updated: general progress (or a bad patch) says
// something about facts not practised lately, but less than the fact's own
// answers.
func (m Model) carryAbility(s FactState, ability float64) FactState {
	d := m.AbilityCarry * (ability - s.Ability)
	s.Logit += d
	s.Base += d
	s.Ability = ability
	return s
}

func validFactor(x int) bool { return x >= 1 && x <= games.MaxFactor }

// studentJSON is Student on the wire: JSON object keys must be strings, so
// the facts are keyed "7x8".
type studentJSON struct {
	alias
	Facts map[string]FactState `json:"facts"`
}

type alias Student

// MarshalJSON writes the facts keyed "AxB".
func (st Student) MarshalJSON() ([]byte, error) {
	out := studentJSON{alias: alias(st), Facts: make(map[string]FactState, len(st.Facts))}
	for f, s := range st.Facts {
		out.Facts[fmt.Sprintf("%dx%d", f.A, f.B)] = s
	}
	return json.Marshal(out)
}

// UnmarshalJSON reads what MarshalJSON wrote.
func (st *Student) UnmarshalJSON(data []byte) error {
	var in studentJSON
	if err := json.Unmarshal(data, &in); err != nil {
		return fmt.Errorf("pedagogy: read student: %w", err)
	}
	*st = Student(in.alias)
	st.Facts = make(map[games.Fact]FactState, len(in.Facts))
	for k, s := range in.Facts {
		var f games.Fact
		if _, err := fmt.Sscanf(k, "%dx%d", &f.A, &f.B); err != nil || !validFactor(f.A) || !validFactor(f.B) {
			return fmt.Errorf("pedagogy: read student: bad fact %q", k)
		}
		if math.IsNaN(s.Logit) || s.Precision <= 0 {
			return fmt.Errorf("pedagogy: read student: bad state for %q", k)
		}
		st.Facts[f.Pair()] = s
	}
	return nil
}
