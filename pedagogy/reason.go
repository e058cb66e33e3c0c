package pedagogy

import (
	"strconv"
	"strings"

	"github.com/multipli/multipli/catalog"
	"github.com/multipli/multipli/games"
)

// The reasons are written for a teacher: which level, and the evidence in
// facts and answers, in English and French. They are complete sentences
// (no placeholders left), rendered from the catalogue.

// stepName is how a teacher reads a ladder step: its tables.
func stepName(step games.LevelName) string {
	switch step {
	case games.LevelGreen:
		return "2–5"
	case games.LevelViolet:
		return "6–9"
	case games.LevelAll12:
		return "1–12"
	}
	return "1–10"
}

// Evidence is what a ladder decision read. Every number a reason prints
// comes from here, and is either a literal count of the student's answers
// (FastRecently, RecentRight of RecentAnswers, Sessions) or the model's
// estimate, which the reason calls an estimate (Known, BelowKnown,
// Fading). Facts and Needed are sizes of the level.
type Evidence struct {
	// Step is the step the counts are about; To the step promoted to.
	Step games.LevelName `json:"step,omitempty"`
	To   games.LevelName `json:"to,omitempty"`
	// Facts is the step's facts (unordered pairs), Known how many the model
	// estimates are known by heart now, Needed how many a promotion needs.
	Facts  int `json:"facts,omitempty"`
	Known  int `json:"known"`
	Needed int `json:"needed,omitempty"`
	// FastRecently counts the step's facts answered right in under 3 s in
	// the last two weeks.
	FastRecently int `json:"fast_recently"`
	// RecentRight of the latest RecentAnswers answers at the level were
	// right; Sessions were played at the level.
	RecentRight   int `json:"recent_right,omitempty"`
	RecentAnswers int `json:"recent_answers,omitempty"`
	Sessions      int `json:"sessions,omitempty"`
	// Below and its counts, for a demotion (or the decision not to).
	Below      games.LevelName `json:"below,omitempty"`
	BelowFacts int             `json:"below_facts,omitempty"`
	BelowKnown int             `json:"below_known,omitempty"`
	BelowFast  int             `json:"below_fast_recently,omitempty"`
	// Fading is the model's estimate of the facts of the step below that
	// a review session is for.
	Fading int `json:"fading,omitempty"`
	kind   why
}

// why names the rule a decision followed.
type why int

const (
	whyStart why = iota
	whyFloor
	whyCeiling
	whyKeep
	whyTooSoon
	whyAtCeiling
	whyTop
	whyPromote
	whyDemote
	whyHardButKeep
	whyReview
)

// reason writes the decision in a teacher's words, in English and in
// French, from the catalogue's "reason." texts: the decision is stored with
// both, so a teacher reads it in either language later.
func (e Evidence) reason(string) games.Message {
	return games.Message{EN: e.text(catalog.EN), FR: e.text(catalog.FR)}
}

// text is the decision in lang.
func (e Evidence) text(lang string) string {
	step := stepName(e.Step)
	t := func(key string, kv ...any) string {
		return catalog.T(lang, "reason."+key, append([]any{"step", step}, kv...)...)
	}
	known := t("known", "n", e.Known, "facts", e.Facts)
	fast := t("fast", "n", e.FastRecently)
	below := stepName(e.Below)
	switch e.kind {
	case whyStart:
		return t("start")
	case whyFloor:
		return t("floor")
	case whyCeiling:
		return t("ceiling")
	case whyPromote:
		return t("promote", "to", stepName(e.To), "known", known, "needed", e.Needed, "fast", fast)
	case whyTooSoon:
		return t("too_soon", "known", known, "n", e.Sessions, "needed", MinSessionsToPromote, "fast", fast)
	case whyAtCeiling:
		return t("at_ceiling", "known", known, "fast", fast)
	case whyTop:
		return t("top", "known", known, "fast", fast)
	case whyDemote:
		return t("demote", "below", below, "right", e.RecentRight, "answers", e.RecentAnswers, "below_known", e.BelowKnown, "below_facts", e.BelowFacts)
	case whyHardButKeep:
		return t("hard_but_keep", "below", below, "right", e.RecentRight, "answers", e.RecentAnswers, "below_known", e.BelowKnown, "below_facts", e.BelowFacts)
	case whyReview:
		return t("review", "below", below, "fading", e.Fading)
	}
	return t("keep", "known", known, "needed", e.Needed, "fast", fast)
}

func reasonFixed(step games.LevelName) games.Message {
	both := func(lang string) string { return catalog.T(lang, "reason.fixed", "step", stepName(step)) }
	return games.Message{EN: both(catalog.EN), FR: both(catalog.FR)}
}

func reasonTables(tables []int) games.Message {
	s := make([]string, len(tables))
	for i, t := range tables {
		s[i] = strconv.Itoa(t)
	}
	both := func(lang string) string {
		if len(s) == 1 {
			return catalog.T(lang, "reason.table", "tables", s[0])
		}
		return catalog.T(lang, "reason.tables", "head", strings.Join(s[:len(s)-1], ", "), "last", s[len(s)-1])
	}
	return games.Message{EN: both(catalog.EN), FR: both(catalog.FR)}
}
