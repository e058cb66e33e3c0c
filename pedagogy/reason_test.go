package pedagogy

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/multipli/multipli/games"
)

// Every number a reason prints is a literal count of answers or sessions,
// a size of a level, or the model's estimate introduced as one: once those
// phrases are taken out, no digit is left, in English and in French.
func TestReasonsSayWhichNumbersAreEstimates(t *testing.T) {
	ev := Evidence{Step: games.LevelViolet, To: games.LevelAll10, Facts: 34, Known: 21, Needed: 29, FastRecently: 25,
		RecentRight: 9, RecentAnswers: 40, Sessions: 1, Below: games.LevelGreen, BelowFacts: 34, BelowKnown: 12, BelowFast: 20, Fading: 7}
	en := regexp.MustCompile(`an estimated \d+ of the \d+ facts|estimated \d+ of the \d+ facts|an estimated \d+ facts|` +
		`\(\d+ needed[^)]*\)|\d+ (?:was|were) answered right in under 3 s|only \d+ of the last \d+ answers|` +
		`\d+ sessions?|\d+–\d+|under 3 s`)
	fr := regexp.MustCompile(`selon l’estimation,? \d+ des \d+ calculs|selon l’estimation, \d+ calculs|` +
		`\(\d+ (nécessaires|pour passer[^)]*|avant de passer)\)|\d+ (?:a été réussi|ont été réussis) en moins de 3 s|` +
		`seulement \d+ des \d+ dernières réponses|\d+ séances?|\d+–\d+|moins de 3 s`)
	digit := regexp.MustCompile(`\d`)
	for k := whyStart; k <= whyReview; k++ {
		ev.kind = k
		r := ev.reason("")
		assert.NotEmpty(t, r.EN)
		assert.NotEmpty(t, r.FR)
		assert.False(t, digit.MatchString(en.ReplaceAllString(r.EN, "")), "EN %d: %s", k, r.EN)
		assert.False(t, digit.MatchString(fr.ReplaceAllString(r.FR, "")), "FR %d: %s", k, r.FR)
	}
}
