package pedagogy

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/multipli/multipli/games"
)

// The reasons are written for a teacher: which level, and the evidence in
// facts and answers, in English and French. They are complete sentences
// (no placeholders left).

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

func msg(en, fr string) games.Message { return games.Message{EN: en, FR: fr} }

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

// reason writes the decision in a teacher's words, English and French.
func (e Evidence) reason(string) games.Message {
	n := stepName(e.Step)
	known := func() (string, string) {
		return fmt.Sprintf("an estimated %d of the %d facts of %s are known by heart", e.Known, e.Facts, n),
			fmt.Sprintf("selon l'estimation, %d des %d calculs de %s sont sus par cœur", e.Known, e.Facts, n)
	}
	fast := func() (string, string) {
		return fmt.Sprintf("%d were answered right in under 3 s in the last two weeks", e.FastRecently),
			fmt.Sprintf("%d ont été réussis en moins de 3 s ces deux dernières semaines", e.FastRecently)
	}
	ke, kf := known()
	fe, ff := fast()
	switch e.kind {
	case whyStart:
		return msg("starts on "+n+": the first level not yet mastered",
			"commence par "+n+" : le premier niveau pas encore maîtrisé")
	case whyFloor:
		return msg("plays "+n+": the lowest level the teacher allows",
			"joue "+n+" : le niveau minimum fixé par l'enseignant·e")
	case whyCeiling:
		return msg("plays "+n+": the highest level the teacher allows",
			"joue "+n+" : le niveau maximum fixé par l'enseignant·e")
	case whyPromote:
		return msg(
			fmt.Sprintf("promoted to %s: %s (%d needed); %s", stepName(e.To), ke, e.Needed, fe),
			fmt.Sprintf("passe à %s : %s (%d nécessaires) ; %s", stepName(e.To), kf, e.Needed, ff))
	case whyTooSoon:
		return msg(
			fmt.Sprintf("stays on %s for now: %s, but only %d session(s) at this level (%d needed before moving on); %s",
				n, ke, e.Sessions, MinSessionsToPromote, fe),
			fmt.Sprintf("reste sur %s pour l'instant : %s, mais seulement %d séance(s) à ce niveau (%d avant de passer) ; %s",
				n, kf, e.Sessions, MinSessionsToPromote, ff))
	case whyAtCeiling:
		return msg(
			fmt.Sprintf("stays on %s: %s, ready for more, but the teacher set %s as the highest level; %s", n, ke, n, fe),
			fmt.Sprintf("reste sur %s : %s, prêt·e pour la suite, mais l'enseignant·e a fixé %s comme niveau maximum ; %s", n, kf, n, ff))
	case whyTop:
		return msg(
			fmt.Sprintf("stays on %s, the whole box: %s; %s; practice keeps them fresh", n, ke, fe),
			fmt.Sprintf("reste sur %s, toute la boîte : %s ; %s ; l'entraînement les garde en mémoire", n, kf, ff))
	case whyDemote:
		return msg(
			fmt.Sprintf("back to %s: only %d of the last %d answers on %s were right, and an estimated %d of the %d facts of %s are still known by heart",
				stepName(e.Below), e.RecentRight, e.RecentAnswers, n, e.BelowKnown, e.BelowFacts, stepName(e.Below)),
			fmt.Sprintf("retour à %s : seulement %d des %d dernières réponses sur %s étaient justes, et selon l'estimation %d des %d calculs de %s sont encore sus par cœur",
				stepName(e.Below), e.RecentRight, e.RecentAnswers, n, e.BelowKnown, e.BelowFacts, stepName(e.Below)))
	case whyHardButKeep:
		return msg(
			fmt.Sprintf("stays on %s: only %d of the last %d answers were right, but an estimated %d of the %d facts of %s are still known by heart, so going back would not help; the easier facts of %s come first",
				n, e.RecentRight, e.RecentAnswers, e.BelowKnown, e.BelowFacts, stepName(e.Below), n),
			fmt.Sprintf("reste sur %s : seulement %d des %d dernières réponses étaient justes, mais selon l'estimation %d des %d calculs de %s sont encore sus par cœur, revenir en arrière n'aiderait pas ; les calculs les plus faciles de %s d'abord",
				n, e.RecentRight, e.RecentAnswers, e.BelowKnown, e.BelowFacts, stepName(e.Below), n))
	case whyReview:
		return msg(
			fmt.Sprintf("review session on %s while learning %s: an estimated %d facts learnt there are fading",
				stepName(e.Below), n, e.Fading),
			fmt.Sprintf("séance de révision sur %s pendant l'apprentissage de %s : selon l'estimation, %d calculs appris là s'estompent",
				stepName(e.Below), n, e.Fading))
	}
	return msg(
		fmt.Sprintf("stays on %s: %s (%d needed to move on); %s", n, ke, e.Needed, fe),
		fmt.Sprintf("reste sur %s : %s (%d pour passer au niveau suivant) ; %s", n, kf, e.Needed, ff))
}

func reasonFixed(step games.LevelName) games.Message {
	return msg("plays "+stepName(step)+", the level the teacher chose",
		"joue "+stepName(step)+", le niveau choisi par l'enseignant·e")
}

func reasonTables(tables []int) games.Message {
	s := make([]string, len(tables))
	for i, t := range tables {
		s[i] = strconv.Itoa(t)
	}
	if len(s) == 1 {
		return msg("table of "+s[0]+", as the teacher assigned",
			"table de "+s[0]+", comme l'a demandé l'enseignant·e")
	}
	head, last := strings.Join(s[:len(s)-1], ", "), s[len(s)-1]
	return msg("tables of "+head+" and "+last+", as the teacher assigned",
		"tables de "+head+" et "+last+", comme l'a demandé l'enseignant·e")
}
