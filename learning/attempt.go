// Package learning is the meaning of what a child does: from a student's
// state and a batch of attempts (or the start of a session) to the new
// state and the change-set the store applies. It decides; it never reads
// or writes a database and never reads a clock (times come in as
// arguments), so every decision is tested without a database.
package learning

import (
	"time"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/pedagogy"
)

// GamePractice names the attempts of plain practice (typed answers outside
// a board game).
const GamePractice = "practice"

// Attempt is one row of the learning record. (PlaySessionID, Seq) is
// unique: a resent attempt is stored once. Correct is the game engine's
// verdict as it was given (games/README.md says what it means for each
// kind), or for practice the server's (PracticeAttempts): it is never
// recomputed from Given afterwards.
type Attempt struct {
	ID            int64
	StudentID     int64
	PlaySessionID int64
	GameID        *int64
	Game          string
	Level         string
	A             int
	B             int
	Given         *int
	Correct       bool
	Kind          string
	ResponseMS    *int64
	Seq           int64
	At            time.Time
}

// Answer is one practice answer as a client sends it. Whether it is right
// is decided here, never by the client.
type Answer struct {
	Seq        int64
	A, B       int
	Given      *int // nil: the timer ran out before an answer
	ResponseMS int64
}

// PracticeAttempts are a batch of practice answers, given at time at in a
// play session, as attempts at the student's level: an answer is right when
// the child gave the product, whatever the client says.
func PracticeAttempts(studentID, sessionID int64, level string, answers []Answer, at time.Time) []Attempt {
	at = Normalize(at)
	out := make([]Attempt, len(answers))
	for i, a := range answers {
		ms := a.ResponseMS
		out[i] = Attempt{
			StudentID: studentID, PlaySessionID: sessionID, Game: GamePractice, Level: level,
			A: a.A, B: a.B, Given: a.Given, Correct: a.Given != nil && *a.Given == a.A*a.B,
			Kind: string(games.KindAnswer), ResponseMS: &ms, Seq: a.Seq, At: at,
		}
	}
	return out
}

// Normalize puts a time in UTC at the precision both databases keep
// (PostgreSQL stores microseconds), so that replaying the stored log gives
// exactly the state computed from the attempts before they were stored.
func Normalize(t time.Time) time.Time { return t.UTC().Truncate(time.Microsecond) }

// Right is the pedagogy's notion of a right answer: a missed opportunity
// or a timeout is not right, whatever the flag says.
func Right(a Attempt) bool {
	return a.Correct && a.Kind != string(games.KindMissed) && a.Given != nil
}

// PedagogyAttempt is the pedagogy's view of a stored attempt. An attempt
// that is not a missed opportunity but has no given answer is a timeout:
// the timer ran out before the child answered.
func PedagogyAttempt(a Attempt) pedagogy.Attempt {
	p := pedagogy.Attempt{A: a.A, B: a.B, Correct: a.Correct, Kind: games.Kind(a.Kind), At: a.At}
	if a.ResponseMS != nil {
		p.ResponseMS = *a.ResponseMS
	}
	p.TimedOut = a.Kind != string(games.KindMissed) && a.Given == nil
	return p
}
