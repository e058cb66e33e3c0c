package potion

import (
	"encoding/json"
	"testing"

	"github.com/multipli/multipli/games"
)

// benchGame plays whole games between two computer players of level.
func benchGame(b *testing.B, edition, level int, l games.Level) {
	seats := []games.Seat{computer(level), computer(level)}
	b.ReportAllocs()
	var seed uint64
	for b.Loop() {
		seed++
		g, err := New(Config{Level: l, Seats: seats, Edition: edition}, seed)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := g.Advance(0); err != nil || !g.Over() {
			b.Fatal("game did not finish", err)
		}
	}
}

func BenchmarkGameSolidVsSolid3Card(b *testing.B) {
	benchGame(b, Edition3, games.BotSolid, games.Green())
}

func BenchmarkGameSolidVsSolid4Card(b *testing.B) {
	benchGame(b, Edition4, games.BotSolid, box())
}

func BenchmarkGameStrongVsStrong4Card(b *testing.B) {
	benchGame(b, Edition4, games.BotStrong, box())
}

func BenchmarkNewDeckAll12(b *testing.B) {
	b.ReportAllocs()
	var seed uint64
	for b.Loop() {
		seed++
		if _, err := NewDeck(games.All(12), seed); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkNewBox4Card(b *testing.B) {
	b.ReportAllocs()
	seats := []games.Seat{computer(2), computer(2)}
	var seed uint64
	for b.Loop() {
		seed++
		if _, err := New(Config{Level: box(), Seats: seats, Edition: Edition4}, seed); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkServerRoundTrip is what the server does around one input: load
// the saved game, let the computer play, save it and send both views.
func BenchmarkServerRoundTrip(b *testing.B) {
	g, err := New(Config{Level: box(), Seats: []games.Seat{computer(2), computer(2)}, Edition: Edition4}, 1)
	if err != nil {
		b.Fatal(err)
	}
	saved, _ := g.MarshalJSON()
	b.ReportAllocs()
	for b.Loop() {
		g, err := Load(saved)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := g.Advance(0); err != nil {
			b.Fatal(err)
		}
		if _, err := g.MarshalJSON(); err != nil {
			b.Fatal(err)
		}
		for seat := range 2 {
			if _, err := json.Marshal(g.View(seat)); err != nil {
				b.Fatal(err)
			}
		}
	}
}
