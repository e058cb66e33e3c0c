package cats

import (
	"testing"

	"github.com/multipli/multipli/games"
)

func benchSeats() []games.Seat {
	return []games.Seat{bot(games.BotSolid), bot(games.BotSolid), bot(games.BotSolid), bot(games.BotSolid)}
}

// BenchmarkGameFourSolidCats plays whole 4-player games of the full box
// between solid computer cats (no events built).
func BenchmarkGameFourSolidCats(b *testing.B) {
	cfg := Config{Level: games.All(10), Seats: benchSeats(), Specials: true}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		g, err := New(cfg, uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		g.RunBots()
	}
}

// BenchmarkGameFourSolidCatsThroughEngine drives the same games the way the
// server does: Advance(Next()) with events built and inputs logged.
func BenchmarkGameFourSolidCatsThroughEngine(b *testing.B) {
	cfg := Config{Level: games.All(10), Seats: benchSeats(), Specials: true}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		g, err := New(cfg, uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		for !g.Over() {
			at, _ := g.Next()
			if _, err := g.Advance(at); err != nil {
				b.Fatal(err)
			}
		}
	}
}
