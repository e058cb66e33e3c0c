package games

// SeatKind says who plays a seat.
type SeatKind string

const (
	// SeatStudent is a child at a device: their moves come from the
	// interface and produce attempts. The server knows which student.
	SeatStudent SeatKind = "student"
	// SeatComputer is a computer player; it decides from its own view only.
	SeatComputer SeatKind = "computer"
)

// Computer player levels. Every engine offers at least these three.
const (
	BotBeginner = 1 // misses things on purpose
	BotSolid    = 2
	BotStrong   = 3
)

// Seat is one place at the table.
type Seat struct {
	Kind SeatKind `json:"kind"`
	Name string   `json:"name"`
	// Bot is the computer player's level (BotBeginner…); 0 for students.
	Bot int `json:"bot,omitempty"`
	// ReactionMS is the median reaction time of a computer player in a
	// real-time game (Multipli Cat's, Monster Cube #1); 0 means the level's
	// default. The pedagogy tunes it to the student.
	ReactionMS int `json:"reaction_ms,omitempty"`
	// Miss, when above 0, replaces the chance (0–1) that a computer player
	// of a turn-based game overlooks what its level would see: a capture in
	// MultipliPotion, a find in its turn in Monster Cube #3–#4, the value of
	// its cards in Magicoa (it then moves at random, as the beginner does).
	// The pedagogy tunes it between the levels, which alone are too coarse
	// to give a student the target win rate. 0 means the level's default.
	Miss float64 `json:"miss,omitempty"`
}

// Human reports whether the seat is played by a student.
func (s Seat) Human() bool { return s.Kind == SeatStudent }
