package dashboard

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/multipli/multipli/games"
)

// classOf builds a deterministic class of n students with aggregates as the
// store would keep them: per-fact stats over tables 1–10 and 12 weeks.
func classOf(n int, seed uint64) ClassInput {
	rng := rand.New(rand.NewPCG(seed, 1))
	week := WeekOf(now)
	var in ClassInput
	levels := []games.Level{games.Green(), games.Violet(), games.All(10), games.Custom(7, 8)}
	for i := range n {
		id := int64(i + 1)
		s := StudentSummary{
			ID: id, Name: fmt.Sprintf("Student %02d", i+1), Level: levels[i%len(levels)],
			LevelSince: now.AddDate(0, 0, -rng.IntN(60)), SessionsAtLevel: rng.IntN(25),
			LastPlayed: now.Add(-time.Duration(rng.IntN(14*24)) * time.Hour), JoinedAt: now.AddDate(0, -3, 0),
		}
		in.Students = append(in.Students, s)
		skill := rng.Float64()
		for a := 1; a <= 10; a++ {
			for b := a; b <= 10; b++ {
				if rng.Float64() < 0.2 {
					continue
				}
				att := 1 + rng.IntN(30)
				m := min(1, max(0, skill+0.3*rng.NormFloat64()-float64(a*b)/200))
				in.Facts = append(in.Facts, FactStat{StudentID: id, A: a, B: b, Attempts: att, Correct: int(float64(att) * m),
					RecentAccuracy: m, TypicalMS: int64(1500 + rng.IntN(5000)), LastSeen: s.LastPlayed, Mastery: m,
					Uncertainty: 0.1, Fluent: m > 0.8})
			}
		}
		for k := range 12 {
			att := rng.IntN(150)
			in.Weeks = append(in.Weeks, WeekStat{StudentID: id, Week: week.Add(-k), Sessions: att / 20,
				PlayedSeconds: int64(att * 8), Attempts: att, Correct: int(float64(att) * skill), FluentFacts: 40 - k,
				TypicalMS: int64(2000 + rng.IntN(3000))})
		}
	}
	in.Assignments = []Assignment{{ID: 1, ClassID: 1, Title: "Tables 7 and 8", Level: games.Custom(7, 8),
		Target: Target{Unit: TargetMinutes, PerWeek: 30}, Start: now.AddDate(0, 0, -10), Due: now.AddDate(0, 0, 10)}}
	for _, s := range in.Students {
		in.Progress = append(in.Progress, AssignmentProgress{AssignmentID: 1, StudentID: s.ID, Week: week,
			Sessions: rng.IntN(4), PlayedSeconds: int64(rng.IntN(2400))})
	}
	return in
}
