package dashboard

import "github.com/multipli/multipli/pedagogy"

// Knowing a fact. Every figure of these pages that says a fact is known —
// the heatmaps' colour and ✓, the class row's count, the alerts, the
// student page's chart and the parent report — reads the pedagogy's one
// estimate, which the store keeps per student and fact (pedagogy/README.md,
// "Knowing a fact"): FactStat.Mastery is the estimated chance that the
// child answers the fact right in under 3 seconds, and FactStat.Fluent says
// it is known by heart (that chance at least FluentP, after at least
// MinFluentAttempts answers). This package never recomputes either.

// knownRule is the definition's two numbers, from the pedagogy's model.
func knownRule() (threshold float64, answers int) {
	m := pedagogy.DefaultModel()
	return m.FluentP, m.MinFluentAttempts
}

// KnownDefinition is the definition in a teacher's or a parent's words.
func KnownDefinition(lang string) string {
	p, n := knownRule()
	return tr(lang, "known.definition", "p", pct(lang, p), "n", n)
}
