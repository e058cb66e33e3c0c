package pedagogy

import (
	"testing"
	"time"

	"github.com/multipli/multipli/games"
)

// The server calls Observe for every attempt and Plan at every session
// start: both must be cheap. Figures in README.md.

func BenchmarkObserve(b *testing.B) {
	m := DefaultModel()
	st := Student{}
	drill(b, m, &st, games.All(10), 3, 1500, t0)
	a := Attempt{A: 7, B: 8, Correct: true, ResponseMS: 2100, Kind: games.KindAnswer, At: t0.Add(time.Hour)}
	b.ReportAllocs()
	for b.Loop() {
		m.Observe(&st, a)
	}
}

func BenchmarkPlan(b *testing.B) {
	m := DefaultModel()
	st := fluentOn(b, m, games.LevelViolet, 4)
	b.ReportAllocs()
	for b.Loop() {
		m.Plan(st, Constraint{}, t0)
	}
}

func BenchmarkTuneOpponent(b *testing.B) {
	m := DefaultModel()
	st := fluentOn(b, m, games.LevelViolet, 4)
	b.ReportAllocs()
	for b.Loop() {
		m.TuneOpponent(st, games.Violet(), 0.65)
	}
}
