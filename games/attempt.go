package games

// Kind says what the student's action was (concepts.md, the attempt record).
type Kind string

const (
	KindAnswer  Kind = "answer"  // a typed product
	KindCapture Kind = "capture" // MultipliPotion: two potions on a monster
	KindClaim   Kind = "claim"   // Multipli Cat's: a slap, "these are equal"
	KindBid     Kind = "bid"     // Magicoa: "mine is greater"
	KindFormula Kind = "formula" // Monster Cube: a × b ± c = code
	KindMissed  Kind = "missed"  // an opportunity the student let pass
)

// Attempt is one multiplication a human seat did, or should have done. The
// engine decides Correct; the server only stores. Computer seats never
// produce attempts.
type Attempt struct {
	Seat       int    `json:"seat"`
	Kind       Kind   `json:"kind"`
	A          int    `json:"a"`
	B          int    `json:"b"`
	Given      *int   `json:"given,omitempty"`       // nil when the student did not act
	Correct    bool   `json:"correct"`               // Given != nil && *Given == A*B
	ResponseMS *int64 `json:"response_ms,omitempty"` // nil for missed
}

// NewAttempt builds an attempt for an action that claimed the product given,
// deciding correctness from the factors.
func NewAttempt(seat int, kind Kind, f Fact, given int, responseMS int64) Attempt {
	g, r := given, responseMS
	if r < 0 {
		r = 0
	}
	return Attempt{Seat: seat, Kind: kind, A: f.A, B: f.B, Given: &g, Correct: given == f.Product(), ResponseMS: &r}
}

// Missed builds the attempt for a fact the student should have acted on.
func Missed(seat int, f Fact) Attempt {
	return Attempt{Seat: seat, Kind: KindMissed, A: f.A, B: f.B}
}
