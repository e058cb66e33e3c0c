package pedagogy

import (
	"encoding/json"
	"fmt"
	"math"
	"math/bits"
	"time"

	"github.com/multipli/multipli/games"
)

// Student is everything the pedagogy keeps about one student: an
// Elo-style ability and a term per table (each a mean with its variance),
// the state of every fact met so far, and where they stand on the ladder
// of levels. It is small (a few numbers per fact) and serialises to JSON,
// so the server can store it beside the attempt log.
type Student struct {
	// Ability is the student's overall strength θ in log-odds (0 = the
	// average child the population's easiness describes); AbilityVar its
	// variance (0 before the first attempt: the prior) and AbilityN the
	// number of its updates.
	Ability    float64 `json:"ability"`
	AbilityVar float64 `json:"ability_var,omitempty"`
	AbilityN   int     `json:"ability_n"`
	// Tables holds the student's term for each table 1–12 (index 0 is
	// unused): how much better or worse than their ability they do on the
	// facts of that table. A fact a × b reads the terms of a and of b.
	Tables [games.MaxFactor + 1]Term `json:"tables"`
	// Facts is keyed by Fact.Pair(): 7×8 and 8×7 share one state.
	Facts map[games.Fact]FactState `json:"-"`

	// Level is the ladder step (games.Ladder) the student is on, or custom;
	// empty before the first plan.
	Level           games.LevelName `json:"level"`
	LevelSince      time.Time       `json:"level_since"`
	SessionsAtLevel int             `json:"sessions_at_level"`
	// LevelAttempts and LevelAccuracy (an EWMA of right answers) cover the
	// attempts made since the student reached Level: the demotion rule
	// reads them.
	LevelAttempts int     `json:"level_attempts"`
	LevelAccuracy float64 `json:"level_accuracy"`
	// LevelRecent holds the latest answers at the level, one bit each
	// (bit 0 the latest; 1 = right), LevelRecentN how many (at most 64):
	// the demotion rule and its reason count them literally.
	LevelRecent  uint64 `json:"level_recent"`
	LevelRecentN int    `json:"level_recent_n"`
	// TimeSpread is the spread of the student's log response times around
	// their typical time on a fact, learnt from their right answers
	// (0: not yet, the model's TimeSpread); TimeN the answers behind it
	// (capped, so it keeps following the child).
	TimeSpread float64 `json:"time_spread,omitempty"`
	TimeN      float64 `json:"time_n,omitempty"`
	// NoTimers is the teacher's setting: this student never gets a timer.
	NoTimers bool `json:"no_timers"`
}

// Term is a Gaussian belief about one term of the log-odds: its mean and
// variance (a zero variance means "never updated": the model's prior).
type Term struct {
	Mean float64 `json:"m"`
	Var  float64 `json:"v"`
}

// levelAccuracyAlpha weighs the last ~20 attempts in LevelAccuracy.
const levelAccuracyAlpha = 0.1

// Observe folds one attempt into the student's ability, the fact's two
// tables' terms and the fact's own term, in constant time. Attempts on
// factors outside 1–12 are ignored.
func (m Model) Observe(st *Student, a Attempt) {
	if !validFactor(a.A) || !validFactor(a.B) {
		return
	}
	pair := games.Fact{A: a.A, B: a.B}.Pair()
	if st.AbilityVar <= 0 {
		st.AbilityVar = m.AbilityVar
	}
	for _, t := range []int{pair.A, pair.B} {
		if st.Tables[t].Var <= 0 {
			st.Tables[t].Var = m.TableVar
		}
	}
	fs := m.forget(m.fill(*st, pair), a.At)
	st.AbilityVar += m.AbilityDrift
	st.Tables[pair.A].Var += m.TableDrift
	if pair.B != pair.A {
		st.Tables[pair.B].Var += m.TableDrift
	}
	_, vg := m.general(*st, pair)
	c := m.carry(fs, vg)
	ts := [4]term{
		{mean: &st.Ability, vr: &st.AbilityVar, coef: c},
		{mean: &st.Tables[pair.A].Mean, vr: &st.Tables[pair.A].Var, coef: c},
		{mean: &fs.Dev, vr: &fs.DevVar, coef: 1},
		{mean: &st.Tables[pair.B].Mean, vr: &st.Tables[pair.B].Var, coef: c},
	}
	terms := ts[:3]
	if pair.B != pair.A {
		terms = ts[:4]
	}
	z, v := m.sum(*st, pair, fs)
	before := fs.DevVar
	fs.Info += m.kalman(terms, z, v, a)
	st.AbilityN++
	fs.Dev += m.gain(a, z, before)
	// Snapshot: the part of the general terms' change this fact did not
	// follow goes into its own term, so that from now on it follows the
	// general terms from where they stand.
	z, v = m.sum(*st, pair, fs)
	g, _ := m.general(*st, pair)
	fs.Dev = z - g - m.easiness(pair)
	fs.General = g
	fs.Logit, fs.Precision = z, 1/v
	fs.Ability = st.Ability
	m.learnSpread(st, fs, a)
	fs.Spread = st.TimeSpread
	fs = m.count(fs, a)
	if st.Facts == nil {
		st.Facts = make(map[games.Fact]FactState)
	}
	st.Facts[pair] = fs

	y := b2f(right(a))
	if st.LevelAttempts == 0 {
		st.LevelAccuracy = y
	} else {
		st.LevelAccuracy += levelAccuracyAlpha * (y - st.LevelAccuracy)
	}
	st.LevelAttempts++
	st.LevelRecent <<= 1
	if right(a) {
		st.LevelRecent |= 1
	}
	st.LevelRecentN = min(st.LevelRecentN+1, 64)
}

// learnSpread folds a timed right answer's distance from the fact's
// typical time into the student's spread. The typical time is itself an
// estimate (an EWMA of weight TimeAlpha), so the squared distance is
// divided by 1 + α/(2 − α), its expected excess. Only facts with at least
// two timed answers count, and the count is capped at 200 answers.
func (m Model) learnSpread(st *Student, fs FactState, a Attempt) {
	if !right(a) || a.ResponseMS <= 0 || fs.TimedN < 2 {
		return
	}
	if st.TimeSpread <= 0 {
		st.TimeSpread, st.TimeN = m.TimeSpread, m.TimeSpreadPrior
	}
	d := math.Log(float64(a.ResponseMS)) - fs.LogMS
	v := d * d / (1 + m.TimeAlpha/(2-m.TimeAlpha))
	n := min(st.TimeN, 200)
	st.TimeSpread = math.Sqrt((st.TimeSpread*st.TimeSpread*n + v) / (n + 1))
	st.TimeN = n + 1
}

// recentAnswers counts the right answers among the latest n at the level
// (fewer when fewer were given).
func (st Student) recentAnswers(n int) (right, answers int) {
	answers = min(n, st.LevelRecentN)
	mask := uint64(1)<<uint(answers) - 1
	if answers == 64 {
		mask = ^uint64(0)
	}
	return bits.OnesCount64(st.LevelRecent & mask), answers
}

// sum is the fact's log-odds z and its variance V for the student:
//
//	z = G₀ + c·(G − G₀) + e_f + u_f,   V = c²·V_G + v_u
//
// with G = θ + τ_a + τ_b the student's general terms for the fact (V_G
// their variance), G₀ what they were when the fact was last updated, and c
// the share of their change the fact follows (carry): 1 for a fact never
// met, less the more answers the fact has had. A child's errors on 7 × 8
// lower their ability, but should hardly lower 3 × 4, which they have
// answered right many times: a model keeping one variance per term (not
// their correlations) would lower it in full.
func (m Model) sum(st Student, pair games.Fact, fs FactState) (z, v float64) {
	g, vg := m.general(st, pair)
	c := m.carry(fs, vg)
	return fs.General + c*(g-fs.General) + m.easiness(pair) + fs.Dev, c*c*vg + fs.DevVar
}

// general is θ + τ_a + τ_b for the pair, and its variance.
func (m Model) general(st Student, pair games.Fact) (g, v float64) {
	g = st.Ability + st.Tables[pair.A].Mean
	v = m.varOr(st.AbilityVar, m.AbilityVar) + m.varOr(st.Tables[pair.A].Var, m.TableVar)
	if pair.B != pair.A {
		g += st.Tables[pair.B].Mean
		v += m.varOr(st.Tables[pair.B].Var, m.TableVar)
	}
	return g, v
}

// carry is the share of a change of the general terms a fact follows:
// 1/(1 + I·(V_G + FactVar)), I the information the fact's own answers
// gave (FactState.Info). It is how a Gaussian belief about the fact's
// log-odds, informed by I, moves when the prior it started from moves.
func (m Model) carry(fs FactState, vg float64) float64 {
	return 1 / (1 + fs.Info*(vg+m.FactVar))
}

func (m Model) varOr(v, prior float64) float64 {
	if v <= 0 {
		return prior
	}
	return v
}

// fill is the stored state of the pair with its fact term, or a new state
// for a pair never met. A stored state without a fact term (an older
// version's, or one built by hand) keeps its log-odds: the fact term takes
// what the student's other terms do not explain.
func (m Model) fill(st Student, pair games.Fact) FactState {
	fs, ok := st.Facts[pair]
	if !ok {
		fs = FactState{DevVar: m.FactVar}
		fs.General, _ = m.general(st, pair)
		fs.Logit, fs.Precision = m.sum(st, pair, fs)
		fs.Precision = 1 / fs.Precision
		return fs
	}
	if fs.DevVar > 0 && !math.IsNaN(fs.Dev) {
		return fs
	}
	rest := fs
	rest.Dev, rest.DevVar, rest.Info = 0, 0, 0
	rest.General, _ = m.general(st, pair)
	fs.General, fs.Info = rest.General, 0
	z, v := m.sum(st, pair, rest)
	if fs.Precision > 0 && !math.IsNaN(fs.Logit) {
		fs.Dev = fs.Logit - z
		fs.DevVar = min(m.FactVar, max(1/fs.Precision-v, 0.05))
	} else {
		fs.Dev, fs.DevVar = 0, m.FactVar
	}
	return fs
}

// Predict is the probability that the student answers the fact right at
// now, before seeing the answer.
func (m Model) Predict(st Student, f games.Fact, now time.Time) float64 {
	if !validFactor(f.A) || !validFactor(f.B) {
		return 0.5
	}
	return m.FactEstimate(st, f, now).P
}

// FactEstimate is the mastery of one fact for the student at now, including
// facts never met (the population's easiness with the student's ability
// and table terms). A zero now means "as last seen" (no forgetting).
func (m Model) FactEstimate(st Student, f games.Fact, now time.Time) Estimate {
	pair := f.Pair()
	fs := m.fill(st, pair)
	if !now.IsZero() {
		fs = m.forget(fs, now)
	}
	z, v := m.sum(st, pair, fs)
	return m.estimate(fs, z, v)
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
		if math.IsNaN(s.Logit) || s.Precision <= 0 || math.IsNaN(s.Dev) || s.DevVar < 0 {
			return fmt.Errorf("pedagogy: read student: bad state for %q", k)
		}
		st.Facts[f.Pair()] = s
	}
	return nil
}
