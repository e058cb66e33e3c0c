// Package games holds what the four game engines share: facts, deck levels,
// seats, attempts, rule errors and the Engine shape the server drives.
//
// Everything under games/ is pure: no database, no HTTP, no wall clock and no
// global random source. Time enters as milliseconds on the game's own clock
// (given by the caller with every input) and randomness as a seed.
package games

import "fmt"

// Fact is a multiplication a × b as the game presents it: 7 × 8 is not 8 × 7
// on screen, but both are the same pair for mastery (see Pair).
type Fact struct {
	A int `json:"a"`
	B int `json:"b"`
}

// Product is a × b.
func (f Fact) Product() int { return f.A * f.B }

// Pair is the unordered form of the fact, smaller factor first, under which
// mastery is kept: {7,8} for both 7 × 8 and 8 × 7.
func (f Fact) Pair() Fact {
	if f.A > f.B {
		return Fact{A: f.B, B: f.A}
	}
	return f
}

func (f Fact) String() string { return fmt.Sprintf("%d×%d", f.A, f.B) }

// Text is the fact as the pages write it for a person, "7 × 8" (String,
// "7×8", is the compact form logs and saved games keep).
func (f Fact) Text() string { return fmt.Sprintf("%d × %d", f.A, f.B) }
