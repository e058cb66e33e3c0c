package magicoa

import (
	"testing"

	"github.com/multipli/multipli/games"
)

// BenchmarkGame4Players plays a whole 4-player classic game between
// computer players of the three levels.
func BenchmarkGame4Players(b *testing.B) {
	seats := computers(games.BotBeginner, games.BotSolid, games.BotStrong, games.BotStrong)
	for i := 0; b.Loop(); i++ {
		g, err := New(Config{Seats: seats}, uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := g.Advance(0); err != nil || !g.Over() {
			b.Fatal("game did not end", err)
		}
	}
}

// BenchmarkGame4PlayersMultiplication is the same in the multiplication edition.
func BenchmarkGame4PlayersMultiplication(b *testing.B) {
	seats := computers(games.BotBeginner, games.BotSolid, games.BotStrong, games.BotStrong)
	for i := 0; b.Loop(); i++ {
		g, err := New(Config{Seats: seats, Edition: Multiplication, Level: games.All(10)}, uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := g.Advance(0); err != nil || !g.Over() {
			b.Fatal("game did not end", err)
		}
	}
}
