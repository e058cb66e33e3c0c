package dashboard

import (
	"time"
)

// The alert rules' thresholds. Each rule is a function below with a
// table-driven test of its boundaries (alerts_test.go).
const (
	// InactiveDays: a student who has not played for this many whole days
	// (7 × 24 h since the end of their last session) is flagged; 6 days and
	// 23 hours is not. A student who never played is flagged once they have
	// been enrolled this long (or when the enrolment date is unknown).
	InactiveDays = 7

	// Accuracy falling: this ISO week's accuracy is at least
	// FallingPoints percentage points below the accuracy of the
	// FallingBaselineWeeks weeks before it (all their attempts pooled), and
	// both this week and the baseline have at least FallingMinAttempts
	// attempts, so that a handful of answers on a Monday morning raises
	// nothing. The comparison is exact, in integers.
	FallingPoints        = 15
	FallingBaselineWeeks = 3
	FallingMinAttempts   = 20

	// Stuck: StuckSessions or more sessions at the same level since the
	// last level change, while fewer than StuckFluentPercent of the
	// level's facts are fluent. A student fluent on most of their level is
	// not stuck, only waiting for the policy's next decision (or at the top).
	StuckSessions      = 15
	StuckFluentPercent = 80
)

// AlertKind names an alert rule.
type AlertKind string

// The alert rules.
const (
	AlertInactive AlertKind = "inactive"
	AlertFalling  AlertKind = "accuracy_falling"
	AlertStuck    AlertKind = "stuck"
)

// Alert is one reason a teacher should look at a student.
type Alert struct {
	Kind   AlertKind
	Title  string // short: "Not playing"
	Reason string // why, with the figures: "Has not played for 9 days."
}

// inactiveAlert applies the InactiveDays rule.
func inactiveAlert(lang string, s StudentSummary, now time.Time) (Alert, bool) {
	title := tr(lang, "alert.inactive")
	if s.LastPlayed.IsZero() {
		if !s.JoinedAt.IsZero() && daysBetween(s.JoinedAt, now) < InactiveDays {
			return Alert{}, false
		}
		return Alert{Kind: AlertInactive, Title: title, Reason: tr(lang, "alert.never_played")}, true
	}
	days := daysBetween(s.LastPlayed, now)
	if days < InactiveDays {
		return Alert{}, false
	}
	return Alert{Kind: AlertInactive, Title: title, Reason: tr(lang, "alert.inactive_days", "n", days)}, true
}

// fallingAlert applies the accuracy-falling rule to this week's figures and
// the FallingBaselineWeeks weeks before.
func fallingAlert(lang string, this WeekStat, baseline []WeekStat) (Alert, bool) {
	var bn, bc int
	for _, w := range baseline {
		bn += w.Attempts
		bc += w.Correct
	}
	tn, tc := this.Attempts, this.Correct
	if tn < FallingMinAttempts || bn < FallingMinAttempts {
		return Alert{}, false
	}
	// bc/bn − tc/tn ≥ points/100, multiplied out to stay in integers.
	if 100*(bc*tn-tc*bn) < FallingPoints*bn*tn {
		return Alert{}, false
	}
	return Alert{
		Kind:  AlertFalling,
		Title: tr(lang, "alert.falling"),
		Reason: tr(lang, "alert.falling_reason",
			"now", pct(lang, float64(tc)/float64(tn)),
			"before", pct(lang, float64(bc)/float64(bn)),
			"weeks", len(baseline)),
	}, true
}

// stuckAlert applies the stuck rule; fluent and levelFacts count the
// level's facts.
func stuckAlert(lang string, s StudentSummary, fluent, levelFacts int) (Alert, bool) {
	if s.SessionsAtLevel < StuckSessions || levelFacts == 0 {
		return Alert{}, false
	}
	if 100*fluent >= StuckFluentPercent*levelFacts {
		return Alert{}, false
	}
	since := ""
	if !s.LevelSince.IsZero() {
		since = tr(lang, "alert.since", "date", date(lang, s.LevelSince))
	}
	return Alert{
		Kind:  AlertStuck,
		Title: tr(lang, "alert.stuck"),
		Reason: tr(lang, "alert.stuck_reason",
			"n", s.SessionsAtLevel,
			"level", LevelLabel(lang, s.Level),
			"since", since,
			"fluent", fluent,
			"total", levelFacts),
	}, true
}
