package games

import (
	"encoding/json"
	"math/rand/v2"
)

// RNG is a seeded random source whose position is saved with the game, so a
// game restored from JSON draws the same numbers as one that never stopped.
type RNG struct {
	pcg *rand.PCG
	*rand.Rand
}

// NewRNG seeds a source. Two streams from one seed differ by stream.
func NewRNG(seed, stream uint64) *RNG {
	p := rand.NewPCG(seed, stream^0x9e3779b97f4a7c15)
	return &RNG{pcg: p, Rand: rand.New(p)}
}

// MarshalJSON saves the source's position.
func (r *RNG) MarshalJSON() ([]byte, error) {
	b, err := r.pcg.MarshalBinary()
	if err != nil {
		return nil, err
	}
	return json.Marshal(b)
}

// UnmarshalJSON restores a position saved by MarshalJSON.
func (r *RNG) UnmarshalJSON(data []byte) error {
	var b []byte
	if err := json.Unmarshal(data, &b); err != nil {
		return err
	}
	p := &rand.PCG{}
	if err := p.UnmarshalBinary(b); err != nil {
		return err
	}
	r.pcg, r.Rand = p, rand.New(p)
	return nil
}

// Weighted picks an index with probability proportional to w[i] (w[i] ≥ 0,
// at least one positive).
func (r *RNG) Weighted(w []float64) int {
	total := 0.0
	for _, x := range w {
		total += x
	}
	x := r.Float64() * total
	for i, v := range w {
		if x < v {
			return i
		}
		x -= v
	}
	return len(w) - 1
}
