// Package calibrate measures how often a student wins against the computer
// opponents the pedagogy tunes, in each game, and produces the tables
// pedagogy.TuneOpponentFor reads (see README.md).
//
// A student is played by a stand-in: it plays legal moves through each
// engine's public API like a child whose chance of getting a fact right and
// whose response time come from the pedagogy's estimates of that child.
package calibrate

import (
	"math"
	"time"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/pedagogy"
)

// Now is the moment the synthetic students are estimated at.
var Now = time.Date(2026, 1, 5, 12, 0, 0, 0, time.UTC)

// studentRTSpread is the spread of a child's response times around their
// typical time (log-normal), the same as the pedagogy assumes.
const studentRTSpread = 0.45

// Synthetic is a student of the level whose mean chance of a right answer
// over the level's facts is mastery (facts keep the priors' order: 7×8
// harder than 2×3) and whose typical response time is typicalMS on every
// fact, as if they had practised it all just now.
func Synthetic(m pedagogy.Model, level games.Level, mastery, typicalMS float64) pedagogy.Student {
	lo, hi := -12.0, 12.0
	var st pedagogy.Student
	for range 50 {
		theta := (lo + hi) / 2
		st = syntheticAt(m, level, theta, typicalMS)
		if m.Skill(st, level).Mastery < mastery {
			lo = theta
		} else {
			hi = theta
		}
	}
	return st
}

func syntheticAt(m pedagogy.Model, level games.Level, theta, typicalMS float64) pedagogy.Student {
	st := pedagogy.Student{Ability: theta, Facts: map[games.Fact]pedagogy.FactState{}}
	for _, f := range level.Facts() {
		pair := f.Pair()
		s := m.Prior(pair)
		s.Logit += theta
		s.Base += theta
		s.Ability = theta
		s.Precision = 10
		s.LogMS, s.TimedN, s.TypicalMS = math.Log(typicalMS), 10, typicalMS
		s.Attempts, s.LastSeen = 20, Now
		st.Facts[pair] = s
	}
	return st
}

// Standin answers for a student: whether they get a fact right, and how
// long they take.
type Standin struct {
	m   pedagogy.Model
	st  pedagogy.Student
	rng *games.RNG
	p   map[games.Fact]float64
	ms  float64
}

// NewStandin plays student, with its own randomness (seed).
func NewStandin(m pedagogy.Model, st pedagogy.Student, level games.Level, seed uint64) *Standin {
	return &Standin{m: m, st: st, rng: games.NewRNG(seed, 0x5742), p: map[games.Fact]float64{},
		ms: m.Skill(st, level).TypicalMS}
}

// P is the chance the student gets f right.
func (s *Standin) P(f games.Fact) float64 {
	pair := f.Pair()
	p, ok := s.p[pair]
	if !ok {
		p = s.m.FactEstimate(s.st, pair, Now).P
		s.p[pair] = p
	}
	return p
}

// Knows draws whether the student gets f right this time.
func (s *Standin) Knows(f games.Fact) bool { return s.rng.Float64() < s.P(f) }

// Chance draws an event of probability p with the stand-in's randomness.
func (s *Standin) Chance(p float64) bool { return s.rng.Float64() < p }

// RT draws a response time: log-normal around scale × the typical time.
func (s *Standin) RT(scale float64) int64 {
	return int64(math.Max(300, scale*s.ms*math.Exp(studentRTSpread*s.rng.NormFloat64())))
}

// IntN draws an integer in [0, n).
func (s *Standin) IntN(n int) int { return s.rng.IntN(n) }

// RNG is the stand-in's randomness, for decisions it makes like a bot.
func (s *Standin) RNG() *games.RNG { return s.rng }
