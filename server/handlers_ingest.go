package server

import (
	"math"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/play"
	"github.com/multipli/multipli/store"
)

// Attempt ingestion: a student's device asks the server for practice
// questions, sends the child's answers in batches; the server checks them
// against the questions it asked (play/practice.go: the number, the fact,
// the order, and a floor on how fast a person answers), decides what is
// right, and answers only once they are durable, with the questions
// waiting next.

// Bounds of an answer batch.
const (
	maxBatch      = play.MaxRound  // answers in one request
	maxResponseMS = 10 * 60 * 1000 // ten minutes: longer is a device left open, not an answer
	maxSeq        = 1 << 53        // seq stays exact in JavaScript
)

// practiceStart is the optional body of POST /practice/sessions.
type practiceStart struct {
	Questions int `json:"questions"` // the first round's size (0: play.DefaultRound)
}

// handlePracticeStart opens a practice sitting for the signed-in student,
// with the server's first questions; it ends their other practice sittings.
func (s *Server) handlePracticeStart(c echo.Context) error {
	var in practiceStart
	if c.Request().ContentLength != 0 {
		if err := bindJSON(c, &in); err != nil {
			return err
		}
	}
	out, err := s.play.StartPractice(c.Request().Context(), me(c).ID, in.Questions)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, out)
}

// handlePracticeQuestions are the questions a practice sitting waits for
// (after a reload): a pure read.
func (s *Server) handlePracticeQuestions(c echo.Context) error {
	sessionID, err := pathID(c)
	if err != nil {
		return err
	}
	qs, err := s.play.PracticeQuestions(c.Request().Context(), me(c).ID, sessionID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"questions": qs})
}

// answerJSON is one answer on the wire. Pointers tell a missing field from
// a zero; given may be null (the timer ran out).
type answerJSON struct {
	Seq        *int64  `json:"seq"`
	A          *int    `json:"a"`
	B          *int    `json:"b"`
	Given      *int    `json:"given"`
	ResponseMS *int64  `json:"response_ms"`
	Kind       *string `json:"kind"`
}

type answersRequest struct {
	Attempts []answerJSON `json:"attempts"`
	// Questions is the size of the next round, asked when this batch ends
	// the current one (0: the same size).
	Questions int `json:"questions"`
}

func (s *Server) handleAnswers(c echo.Context) error {
	sessionID, err := pathID(c)
	if err != nil {
		return err
	}
	var in answersRequest
	if err := bindJSON(c, &in); err != nil {
		return err
	}
	answers, err := validAnswers(in.Attempts)
	if err != nil {
		return err
	}
	student := me(c).ID
	if wait := s.ingest.take(student, float64(len(answers))); wait > 0 {
		return &throttledError{retryAfterSeconds: max(1, int(math.Ceil(wait.Seconds())))}
	}
	out, err := s.play.Answer(c.Request().Context(), student, sessionID, answers, in.Questions)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

// validAnswers checks a batch strictly: every field present and in bounds,
// factors of the tables, no seq twice. The answer's correctness is not a
// field: the store computes it.
func validAnswers(in []answerJSON) ([]store.Answer, error) {
	switch {
	case len(in) == 0:
		return nil, invalid("attempts", "required")
	case len(in) > maxBatch:
		return nil, invalid("attempts", "too_many_attempts", "max", maxBatch)
	}
	out := make([]store.Answer, len(in))
	seen := make(map[int64]bool, len(in))
	for i, a := range in {
		at := func(f string) string { return "attempts[" + strconv.Itoa(i) + "]." + f }
		switch {
		case a.Seq == nil:
			return nil, invalid(at("seq"), "required")
		case *a.Seq < 0 || *a.Seq > maxSeq:
			return nil, invalid(at("seq"), "out_of_range", "min", 0, "max", int64(maxSeq))
		case seen[*a.Seq]:
			return nil, invalid(at("seq"), "duplicate_seq")
		case a.A == nil:
			return nil, invalid(at("a"), "required")
		case a.B == nil:
			return nil, invalid(at("b"), "required")
		case *a.A < 1 || *a.A > games.MaxFactor:
			return nil, invalid(at("a"), "out_of_range", "min", 1, "max", games.MaxFactor)
		case *a.B < 1 || *a.B > games.MaxFactor:
			return nil, invalid(at("b"), "out_of_range", "min", 1, "max", games.MaxFactor)
		case a.Given != nil && (*a.Given < 0 || *a.Given > games.MaxGiven):
			return nil, invalid(at("given"), "out_of_range", "min", 0, "max", games.MaxGiven)
		case a.ResponseMS == nil:
			return nil, invalid(at("response_ms"), "required")
		case *a.ResponseMS < 1 || *a.ResponseMS > maxResponseMS:
			return nil, invalid(at("response_ms"), "out_of_range", "min", 1, "max", maxResponseMS)
		case a.Kind == nil:
			return nil, invalid(at("kind"), "required")
		case *a.Kind != string(games.KindAnswer):
			return nil, invalid(at("kind"), "bad_attempt_kind")
		}
		seen[*a.Seq] = true
		out[i] = store.Answer{Seq: *a.Seq, A: *a.A, B: *a.B, Given: a.Given, ResponseMS: *a.ResponseMS}
	}
	return out, nil
}
