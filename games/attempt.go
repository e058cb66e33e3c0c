package games

// Kind says what the student's action was, in the learning record.
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
	Seat  int  `json:"seat"`
	Kind  Kind `json:"kind"`
	A     int  `json:"a"`
	B     int  `json:"b"`
	Given *int `json:"given,omitempty"` // nil when the student did not act
	// Correct is the engine's verdict on the action, per kind (README.md):
	// given == a×b for a product the student gives (answer, capture, claim,
	// formula), whether the comparison was right for a bid, false for
	// missed. Whoever stores it stores it as it is.
	Correct    bool   `json:"correct"`
	ResponseMS *int64 `json:"response_ms,omitempty"` // nil for missed
}

// MaxGiven bounds a number a student gives: beyond any product of the
// tables, and far from overflowing the attempts table's integer column.
const MaxGiven = 100_000

// CheckGiven refuses the attempts of a move when a number the student gave
// is out of 0…MaxGiven (the child typed it: an engine reads any int), with
// a rule error the page explains ("game.number_out_of_range").
func CheckGiven(attempts []Attempt) error {
	for _, a := range attempts {
		if a.Given != nil && (*a.Given < 0 || *a.Given > MaxGiven) {
			return Broken("game.number_out_of_range", "min", 0, "max", MaxGiven)
		}
	}
	return nil
}

// NewAttempt builds an attempt for an action that claimed the product given,
// deciding correctness from the factors (answer, capture, claim, formula).
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

// NewBid builds a Magicoa bid: given is the value the student's card was
// claimed to beat, and legal whether the cover was allowed. A bid is a
// comparison, so its verdict is not given == a×b: covering an equal product
// is wrong without the Equality power and right with it.
func NewBid(seat int, f Fact, given int, legal bool, responseMS int64) Attempt {
	a := NewAttempt(seat, KindBid, f, given, responseMS)
	a.Correct = legal
	return a
}
