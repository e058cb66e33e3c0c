package magicoa

import (
	"fmt"
	"testing"
)

func TestQuickSim(t *testing.T) {
	for _, p := range []int{2, 3, 4, 6} {
		r := Simulate(SimOptions{Players: p, Games: 300, Seed: 1, Edition: Classic, Variant: Standard})
		fmt.Printf("%d: seats %.2f first %.2f levels %v mean %.1f spread %.1f act %v kept %.1f exch %.1f dbl %.1f eq %.1f disc %.1f\n", p, r.SeatWinRate, r.FirstPlayerWinRate, r.LevelWinRate, r.MeanScore, r.MeanSpread, r.Activated, r.KeptPoints, r.Exchanges, r.Doubles, r.Equalities, r.Discards)
	}
}
