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
func stepName(step string) string {
	switch step {
	case StepGreen:
		return "2–5"
	case StepViolet:
		return "6–9"
	case StepAll12:
		return "1–12"
	}
	return "1–10"
}

func msg(en, fr string) games.Message { return games.Message{EN: en, FR: fr} }

func reasonStart(step string) games.Message {
	n := stepName(step)
	return msg("starts on "+n+": the first level not yet mastered",
		"commence par "+n+" : le premier niveau pas encore maîtrisé")
}

func reasonPromote(to, from string, fluent, total int) games.Message {
	return msg(
		fmt.Sprintf("promoted to %s: %d of %d facts of %s answered right in under 3 s in the last two weeks",
			stepName(to), fluent, total, stepName(from)),
		fmt.Sprintf("passe à %s : %d faits sur %d de %s réussis en moins de 3 s ces deux dernières semaines",
			stepName(to), fluent, total, stepName(from)))
}

func reasonKeep(step string, fluent, total, need int) games.Message {
	return msg(
		fmt.Sprintf("stays on %s: %d of %d facts answered right in under 3 s in the last two weeks (%d needed to move on)",
			stepName(step), fluent, total, need),
		fmt.Sprintf("reste sur %s : %d faits sur %d réussis en moins de 3 s ces deux dernières semaines (%d pour passer au niveau suivant)",
			stepName(step), fluent, total, need))
}

func reasonTooSoon(step string, fluent, total, sessions int) games.Message {
	return msg(
		fmt.Sprintf("stays on %s for now: %d of %d facts answered right in under 3 s, but only %d session(s) at this level (%d needed before moving on)",
			stepName(step), fluent, total, sessions, MinSessionsToPromote),
		fmt.Sprintf("reste sur %s pour l'instant : %d faits sur %d réussis en moins de 3 s, mais seulement %d séance(s) à ce niveau (%d avant de passer)",
			stepName(step), fluent, total, sessions, MinSessionsToPromote))
}

func reasonAtCeiling(step string, fluent, total int) games.Message {
	return msg(
		fmt.Sprintf("stays on %s: %d of %d facts answered right in under 3 s, ready for more, but the teacher set %s as the highest level",
			stepName(step), fluent, total, stepName(step)),
		fmt.Sprintf("reste sur %s : %d faits sur %d réussis en moins de 3 s, prêt·e pour la suite, mais l'enseignant·e a fixé %s comme niveau maximum",
			stepName(step), fluent, total, stepName(step)))
}

func reasonTop(step string, fluent, total int) games.Message {
	return msg(
		fmt.Sprintf("stays on %s, the whole box: %d of %d facts answered right in under 3 s; practice keeps them fresh",
			stepName(step), fluent, total),
		fmt.Sprintf("reste sur %s, toute la boîte : %d faits sur %d réussis en moins de 3 s ; l'entraînement les garde en mémoire",
			stepName(step), fluent, total))
}

func reasonDemote(to, from string, accuracy float64, fluent, total int) games.Message {
	pct := int(accuracy*100 + 0.5)
	limit := int(DemoteAccuracy * 100)
	return msg(
		fmt.Sprintf("back to %s: only about %d%% of the recent answers on %s were right (below %d%%), and only %d of %d facts of %s are still answered right in under 3 s",
			stepName(to), pct, stepName(from), limit, fluent, total, stepName(to)),
		fmt.Sprintf("retour à %s : seulement %d %% environ des réponses récentes sur %s étaient justes (moins de %d %%), et seulement %d faits sur %d de %s sont encore réussis en moins de 3 s",
			stepName(to), pct, stepName(from), limit, fluent, total, stepName(to)))
}

func reasonHardButKeep(step, below string, accuracy float64, fluent, total int) games.Message {
	pct := int(accuracy*100 + 0.5)
	return msg(
		fmt.Sprintf("stays on %s: about %d%% of the recent answers were right, but %d of %d facts of %s are still answered right in under 3 s, so going back would not help; the easier facts of %s come first",
			stepName(step), pct, fluent, total, stepName(below), stepName(step)),
		fmt.Sprintf("reste sur %s : environ %d %% des réponses récentes étaient justes, mais %d faits sur %d de %s sont toujours réussis en moins de 3 s, revenir en arrière n'aiderait pas ; les faits les plus faciles de %s d'abord",
			stepName(step), pct, fluent, total, stepName(below), stepName(step)))
}

func reasonFloor(step string) games.Message {
	return msg("plays "+stepName(step)+": the lowest level the teacher allows",
		"joue "+stepName(step)+" : le niveau minimum fixé par l'enseignant·e")
}

func reasonCeiling(step string) games.Message {
	return msg("plays "+stepName(step)+": the highest level the teacher allows",
		"joue "+stepName(step)+" : le niveau maximum fixé par l'enseignant·e")
}

func reasonFixed(step string) games.Message {
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

func reasonReview(step, below string, due int) games.Message {
	return msg(
		fmt.Sprintf("review session on %s while learning %s: %d facts learnt there are fading",
			stepName(below), stepName(step), due),
		fmt.Sprintf("séance de révision sur %s pendant l'apprentissage de %s : %d faits appris là s'estompent",
			stepName(below), stepName(step), due))
}
