package pedagogy

import (
	"slices"
	"time"

	"github.com/multipli/multipli/games"
)

// The ladder of levels a student climbs (Student.Level, Constraint's
// FixedLevel, Floor and Ceiling) is games.Ladder.
var ladder = games.Ladder()

// Decisions a plan reports.
const (
	DecisionPromote  = "promote"
	DecisionKeep     = "keep"
	DecisionDemote   = "demote"
	DecisionAssigned = "assigned"
)

// Level rules. Promotion and demotion read different evidence with a wide
// gap between them, and both wait for a minimum of sessions at a level:
// that hysteresis keeps a student from bouncing between two levels (the
// simulation counts the learners demoted after a promotion, README.md).
const (
	// PromoteFluentShare: promote when the model estimates that this share
	// of the level's facts is known by heart (Estimate.Fluent now) …
	PromoteFluentShare = 0.85
	// … after at least MinSessionsToPromote sessions at the level.
	MinSessionsToPromote = 2
	// DemoteAccuracy: demote when fewer than this share of the last
	// RecentAnswers answers at the level were right (a literal count) and
	// the model estimates that fewer than DemoteBelowShare of the level
	// below are still known by heart: a student who still knows 2–5 gains
	// nothing from going back to it, and stays to practise the easier
	// facts of 6–9 (the plan's weights aim at 75 % right) …
	DemoteAccuracy   = 0.3
	DemoteBelowShare = 0.5
	// … after at least MinSessionsToDemote sessions and RecentAnswers
	// answers at the level.
	MinSessionsToDemote = 3
	// RecentAnswers is how many of the latest answers at the level the
	// demotion rule counts (Student.LevelRecent keeps them).
	RecentAnswers = 40
	// RecentWindow: the reasons count the facts answered right in under
	// 3 s within this window ("in the last two weeks"), a literal count.
	RecentWindow = 14 * 24 * time.Hour
)

// Constraint is a teacher's assignment. The zero value constrains nothing.
// Tables outside 1–12 and names that are not ladder steps are ignored (the
// server validates what teachers type; a plan must still come out).
type Constraint struct {
	// Tables, when set, is the deck: a custom level of these tables.
	Tables []int `json:"tables,omitempty"`
	// FixedLevel pins the student to a ladder step.
	FixedLevel games.LevelName `json:"fixed_level,omitempty"`
	// Floor and Ceiling bound the ladder steps the plan may choose.
	Floor   games.LevelName `json:"floor,omitempty"`
	Ceiling games.LevelName `json:"ceiling,omitempty"`
	// NoTimers: no timer for anyone under this assignment.
	NoTimers bool `json:"no_timers,omitempty"`
}

// TimerPolicy says whether the games time the student, and how long.
type TimerPolicy struct {
	Enabled bool `json:"enabled"`
	// AnswerMS is the time to answer a fact in turn-based games.
	AnswerMS int `json:"answer_ms,omitempty"`
	// WindowMS is the reaction window of real-time games (Multipli Cat's:
	// 2–6 s).
	WindowMS int `json:"window_ms,omitempty"`
}

// Plan is what a session plays.
type Plan struct {
	Level    games.Level `json:"level"`
	Decision string      `json:"decision"`
	// Step is the student's ladder step, empty for a custom set of tables.
	// It is the step of Level except in a review session.
	Step games.LevelName `json:"step,omitempty"`
	// Review marks a review session: the student stays on Step but plays
	// the level below, whose facts are fading.
	Review bool          `json:"review,omitempty"`
	Timer  TimerPolicy   `json:"timer"`
	Reason games.Message `json:"reason"`
	// Evidence is what the decision read, the numbers of the reason.
	Evidence      Evidence `json:"evidence"`
	TargetSuccess float64  `json:"target_success"`
	// ExpectedSuccess is the share of right answers the weights should give.
	ExpectedSuccess float64 `json:"expected_success"`
}

// Plan chooses the level, the weights, the timer and the reason for the
// student's next session. It does not change the student: StartSession
// applies the plan's level to the student.
func (m Model) Plan(st Student, c Constraint, now time.Time) Plan {
	var p Plan
	tables := validTables(c.Tables)
	switch {
	case len(tables) > 0:
		p.Level = games.Custom(tables...)
		p.Decision = DecisionAssigned
		p.Reason = reasonTables(p.Level.Tables)
	case stepIndex(c.FixedLevel) >= 0:
		p.Step = c.FixedLevel
		p.Decision = DecisionAssigned
		p.Reason = reasonFixed(p.Step)
	default:
		p.Step, p.Decision, p.Evidence = m.decideStep(st, c, now)
		p.Reason = p.Evidence.reason(p.Decision)
	}
	if p.Step != "" {
		p.Level = stepLevel(p.Step)
		if p.Decision == DecisionKeep && c.FixedLevel == "" {
			if below, due, ok := m.reviewDue(st, p.Step, now); ok {
				p.Level, p.Review = stepLevel(below), true
				p.Evidence = Evidence{Step: p.Step, Below: below, Fading: due, kind: whyReview}
				p.Reason = p.Evidence.reason(p.Decision)
			}
		}
	}
	p.TargetSuccess = m.TargetSuccess
	p.Level.Weights, p.ExpectedSuccess = m.weights(st, p.Level, now)
	p.Timer = m.timer(st, c, p.Level, now)
	return p
}

// StartSession plans the session and records it on the student: a new
// level resets the level's counters, and the session is counted.
func (m Model) StartSession(st *Student, c Constraint, now time.Time) Plan {
	p := m.Plan(*st, c, now)
	level := p.Step
	if level == "" {
		level = games.LevelCustom
	}
	if level != st.Level {
		st.Level = level
		st.LevelSince = now
		st.SessionsAtLevel = 0
		st.LevelAttempts = 0
		st.LevelAccuracy = 0
		st.LevelRecent, st.LevelRecentN = 0, 0
	}
	st.SessionsAtLevel++
	return p
}

// decideStep applies the ladder rules within the teacher's floor and
// ceiling, and says what it read.
func (m Model) decideStep(st Student, c Constraint, now time.Time) (games.LevelName, string, Evidence) {
	floor, ceiling := 0, len(ladder)-1
	if i := stepIndex(c.Floor); i >= 0 {
		floor = i
	}
	if i := stepIndex(c.Ceiling); i >= 0 {
		ceiling = max(i, floor) // a ceiling under the floor yields to the floor
	}
	cur := stepIndex(st.Level)
	switch {
	case cur < 0:
		// First plan, or back from a custom assignment: start at the floor
		// and skip the steps the student already masters.
		i := floor
		for i < ceiling {
			ev := m.stepEvidence(st, ladder[i], now)
			if ev.Facts == 0 || ev.Known < ev.Needed {
				break
			}
			i++
		}
		return ladder[i], DecisionKeep, Evidence{Step: ladder[i], kind: whyStart}
	case cur < floor:
		return ladder[floor], DecisionAssigned, Evidence{Step: ladder[floor], kind: whyFloor}
	case cur > ceiling:
		return ladder[ceiling], DecisionAssigned, Evidence{Step: ladder[ceiling], kind: whyCeiling}
	}
	step := ladder[cur]
	ev := m.stepEvidence(st, step, now)
	ev.RecentRight, ev.RecentAnswers = st.recentAnswers(RecentAnswers)
	ev.Sessions = st.SessionsAtLevel

	if cur > floor && st.SessionsAtLevel >= MinSessionsToDemote && ev.RecentAnswers >= RecentAnswers &&
		float64(ev.RecentRight) < DemoteAccuracy*float64(ev.RecentAnswers) {
		below := m.stepEvidence(st, ladder[cur-1], now)
		ev.Below, ev.BelowFacts, ev.BelowKnown, ev.BelowFast = below.Step, below.Facts, below.Known, below.FastRecently
		if float64(below.Known) < DemoteBelowShare*float64(below.Facts) {
			ev.kind = whyDemote
			return ladder[cur-1], DecisionDemote, ev
		}
		ev.kind = whyHardButKeep
		return step, DecisionKeep, ev
	}
	if ev.Known >= ev.Needed && ev.Facts > 0 {
		switch {
		case cur == len(ladder)-1:
			ev.kind = whyTop
			return step, DecisionKeep, ev
		case cur >= ceiling:
			ev.kind = whyAtCeiling
			return step, DecisionKeep, ev
		case st.SessionsAtLevel < MinSessionsToPromote:
			ev.kind = whyTooSoon
			return step, DecisionKeep, ev
		}
		ev.kind, ev.To = whyPromote, ladder[cur+1]
		return ladder[cur+1], DecisionPromote, ev
	}
	ev.kind = whyKeep
	return step, DecisionKeep, ev
}

// stepEvidence counts a step's facts: known by heart now (the model's
// estimate) and answered right in under 3 s within RecentWindow (a literal
// count of the student's answers).
func (m Model) stepEvidence(st Student, step games.LevelName, now time.Time) Evidence {
	ev := Evidence{Step: step}
	for _, f := range levelPairs(stepLevel(step)) {
		ev.Facts++
		if m.FactEstimate(st, f, now).Fluent {
			ev.Known++
		}
		if s, ok := st.Facts[f]; ok && !s.LastFast.IsZero() && !s.LastFast.After(now) && now.Sub(s.LastFast) <= RecentWindow {
			ev.FastRecently++
		}
	}
	ev.Needed = needed(ev.Facts)
	return ev
}

// Review sessions. The levels of the ladder split the tables, so while a
// student learns 6–9 the facts of 2–5 are not dealt and fade. Every
// ReviewEvery-th session at a level is a review of the step below when the
// model estimates that at least ReviewDueFacts of its facts (practised
// before, and not in the current level) are no longer known by heart or
// have lost half their evidence. Steps whose level contains the one below
// (1–10, 1–12) need no review sessions.
const (
	ReviewEvery    = 6
	ReviewDueFacts = 5
)

// reviewDue says whether this session should review the step below step,
// and how many of its facts are due.
func (m Model) reviewDue(st Student, step games.LevelName, now time.Time) (games.LevelName, int, bool) {
	i := stepIndex(step)
	if i <= 0 || st.SessionsAtLevel == 0 || (st.SessionsAtLevel+1)%ReviewEvery != 0 {
		return "", 0, false
	}
	below := stepLevel(ladder[i-1])
	cur := stepLevel(step)
	due := 0
	for _, f := range levelPairs(below) {
		if cur.Has(f) {
			continue
		}
		s, ok := st.Facts[f]
		if !ok {
			continue
		}
		if !m.FactEstimate(st, f, now).Fluent || m.faded(s, now) >= 0.5 {
			due++
		}
	}
	if due < ReviewDueFacts {
		return "", due, false
	}
	return ladder[i-1], due, true
}

// fluentCount counts the level's fact pairs known by heart now (the
// model's estimate).
func (m Model) fluentCount(st Student, l games.Level, now time.Time) (fluent, total int) {
	for _, f := range levelPairs(l) {
		total++
		if m.FactEstimate(st, f, now).Fluent {
			fluent++
		}
	}
	return fluent, total
}

// needed is the number of facts known by heart a promotion needs out of
// total.
func needed(total int) int {
	n := int(PromoteFluentShare*float64(total) + 0.999999)
	return min(n, total)
}

// levelPairs lists the level's unordered fact pairs once each.
func levelPairs(l games.Level) []games.Fact {
	seen := map[games.Fact]bool{}
	var out []games.Fact
	for _, f := range l.Facts() {
		p := f.Pair()
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

func validTables(tables []int) []int {
	var out []int
	for _, t := range tables {
		if validFactor(t) {
			out = append(out, t)
		}
	}
	return out
}

// stepIndex is the step's rank on the ladder, -1 if it is not a step.
func stepIndex(s games.LevelName) int { return slices.Index(ladder, s) }

// StepLevel is the deck level of a ladder step (a student's level); a
// name that is not a step (custom) gives tables 1–10.
func StepLevel(step games.LevelName) games.Level { return stepLevel(step) }

func stepLevel(step games.LevelName) games.Level {
	if l, ok := step.Deck(); ok {
		return l
	}
	return games.All(10)
}
