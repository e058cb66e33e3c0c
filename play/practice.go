package play

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"strconv"
	"sync"
	"time"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/pedagogy"
	"github.com/multipli/multipli/store"
)

// Practice: the server asks the questions (the answers endpoint used to take
// whatever question, answer and time the client sent: 324 invented answers
// in one second made a child fluent in 30 facts).
//
// A practice session's plan (play_sessions.plan) holds the round of
// questions the server asked and not yet seen answered, with the server's
// time of asking, and the last batch of answers it took (to recognise a
// resend). Questions are numbered 1, 2, 3… in the session; an answer's seq
// is its question's number. The rules, checked on the plan the batch is
// stored against (store.RecordPracticeIf: a batch that raced with another
// reads the plan again):
//
//   - an answer is to a question of the round, with the fact as asked
//     (ErrQuestionNotAsked otherwise: another number, another fact, a game
//     session, a session started before the server asked questions);
//   - a question is answered once: an answer to a question already
//     answered is refused (ErrQuestionAnswered) — unless the whole batch is
//     the last one taken, sent again because its answer was lost: that
//     resend is answered as before ({stored: 0, duplicates: n}) and changes
//     nothing;
//   - the round is answered in order, from its first question not yet
//     answered, without a gap (ErrQuestionsOutOfOrder); a question the
//     child let time out is sent with no answer (given: null);
//   - nobody answers faster than MinAnswer (300 ms by default): the k-th
//     question of a round cannot be answered before k × MinAnswer after the
//     server asked the round, by the server's clock, and no answer may
//     claim a response time under it (ErrAnswerTooFast). A script can still
//     answer at human speed, as a child who knows the tables does; it can
//     no longer answer 324 in a second. A response time the client claims
//     above what the server saw pass is not refused: it only makes the
//     child look slower.
//
// When a batch finishes the round, the next round is asked in the same
// write, at the batch's time; the answer carries the questions waiting.
// Starting a practice session ends the child's other open practice
// sessions: the MinAnswer bound holds for the child, not only for each
// session.

// Practice refusals (the HTTP layer answers 409, 409, 409 and 422).
var (
	ErrQuestionNotAsked    = errors.New("play: not a question this practice session asked")
	ErrQuestionAnswered    = errors.New("play: question already answered")
	ErrQuestionsOutOfOrder = errors.New("play: questions answered out of order")
	ErrAnswerTooFast       = errors.New("play: answered faster than a person can")
)

// Round sizes: DefaultRound questions when the client does not say,
// MaxRound at most (the answers endpoint's batch limit).
const (
	DefaultRound = 10
	MaxRound     = 100
)

// DefaultMinAnswer is the shortest time a practice answer may take: reading
// a product and typing two digits takes a child longer (Options.MinAnswer).
const DefaultMinAnswer = 300 * time.Millisecond

// Question is one question the server asked.
type Question struct {
	Seq int64 `json:"seq"`
	A   int   `json:"a"`
	B   int   `json:"b"`
}

// PracticeStarted is a new practice session and its first questions.
type PracticeStarted struct {
	ID        int64      `json:"id"`
	StartedAt time.Time  `json:"started_at"`
	Questions []Question `json:"questions"`
}

// Answered is what a batch of practice answers did, and the questions
// waiting after it.
type Answered struct {
	store.Recorded
	Questions []Question `json:"questions"`
}

// practicePlan is play_sessions.plan of a practice session. Level is the
// student's level when the session started: a session asks its facts
// throughout, as a game session keeps its deck.
type practicePlan struct {
	Practice bool            `json:"practice"`
	Level    games.LevelName `json:"level,omitempty"`
	Round    *round          `json:"round,omitempty"`
	Last     *lastBatch      `json:"last,omitempty"`
}

// round is the questions asked together: numbered from First, asked at
// AskedMS (server clock, Unix ms), the first Answered of them answered.
type round struct {
	First    int64    `json:"first"`
	Facts    [][2]int `json:"facts"`
	AskedMS  int64    `json:"asked_ms"`
	Answered int      `json:"answered"`
}

// lastBatch recognises a resend of the last batch taken.
type lastBatch struct {
	First int64  `json:"first"`
	N     int    `json:"n"`
	Sum   uint64 `json:"sum"`
}

func readPracticePlan(raw string) practicePlan {
	var p practicePlan
	_ = json.Unmarshal([]byte(raw), &p) // a game's plan reads as no round
	return p
}

// isPractice tells a practice session's plan.
func isPractice(raw string) bool { return readPracticePlan(raw).Practice }

func (p practicePlan) encode() (string, error) {
	b, err := json.Marshal(p)
	if err != nil {
		return "", fmt.Errorf("play: practice plan: %w", err)
	}
	return string(b), nil
}

// waiting lists the questions of the round not yet answered.
func (p practicePlan) waiting() []Question {
	out := []Question{}
	if r := p.Round; r != nil {
		for i := r.Answered; i < len(r.Facts); i++ {
			out = append(out, Question{Seq: r.First + int64(i), A: r.Facts[i][0], B: r.Facts[i][1]})
		}
	}
	return out
}

// sum fingerprints a batch: every field the client sent.
func sum(answers []store.Answer) uint64 {
	// The text hashed is "seq,a,b,given,response_ms;" per answer, as
	// fmt's %d writes it (plans store the sum), built without fmt: this
	// runs twice per batch on the answers' hot path.
	h := fnv.New64a()
	buf := make([]byte, 0, 64)
	for _, a := range answers {
		given := int64(-1)
		if a.Given != nil {
			given = int64(*a.Given)
		}
		buf = strconv.AppendInt(buf[:0], a.Seq, 10)
		buf = append(buf, ',')
		buf = strconv.AppendInt(buf, int64(a.A), 10)
		buf = append(buf, ',')
		buf = strconv.AppendInt(buf, int64(a.B), 10)
		buf = append(buf, ',')
		buf = strconv.AppendInt(buf, given, 10)
		buf = append(buf, ',')
		buf = strconv.AppendInt(buf, a.ResponseMS, 10)
		buf = append(buf, ';')
		_, _ = h.Write(buf)
	}
	return h.Sum64()
}

func mark(answers []store.Answer) *lastBatch {
	return &lastBatch{First: answers[0].Seq, N: len(answers), Sum: sum(answers)}
}

func (l *lastBatch) is(answers []store.Answer) bool {
	return l != nil && len(answers) == l.N && answers[0].Seq == l.First && sum(answers) == l.Sum
}

// take checks a batch against the plan at server time now and, when it is
// taken, records it in the plan. resend: the batch is the last one taken,
// sent again (nothing to store).
func (p *practicePlan) take(answers []store.Answer, now time.Time, minAnswer time.Duration) (resend bool, err error) {
	if p.Last.is(answers) {
		return true, nil
	}
	r := p.Round
	if r == nil {
		return false, ErrQuestionNotAsked
	}
	next := r.First + int64(r.Answered)
	end := r.First + int64(len(r.Facts)) // the first number not asked
	for i, a := range answers {
		switch {
		case a.Seq < next:
			return false, ErrQuestionAnswered
		case a.Seq >= end:
			return false, ErrQuestionNotAsked
		case a.Seq != next+int64(i):
			return false, ErrQuestionsOutOfOrder
		}
		if f := r.Facts[a.Seq-r.First]; a.A != f[0] || a.B != f[1] {
			return false, ErrQuestionNotAsked
		}
		if minAnswer > 0 && a.ResponseMS < minAnswer.Milliseconds() {
			return false, ErrAnswerTooFast
		}
	}
	// The k-th question of the round cannot be answered before k ×
	// minAnswer after the round was asked.
	k := int64(r.Answered + len(answers))
	if minAnswer > 0 && now.UnixMilli()-r.AskedMS < k*minAnswer.Milliseconds() {
		return false, ErrAnswerTooFast
	}
	r.Answered += len(answers)
	p.Last = mark(answers)
	return false, nil
}

// ask makes a round of n facts of the level, numbered from first, asked at
// now: drawn at random (the level's weights), each fact in either order,
// never the same pair twice in a row.
func (s *Service) ask(level games.LevelName, first int64, n int, now time.Time) *round {
	l := pedagogy.StepLevel(level)
	facts := l.Facts()
	weights := make([]float64, len(facts))
	for i, f := range facts {
		weights[i] = l.Weight(f)
	}
	rng := games.NewRNG(s.seed(), uint64(first))
	r := &round{First: first, AskedMS: now.UnixMilli(), Facts: make([][2]int, 0, n)}
	var last games.Fact
	for len(r.Facts) < n {
		f := facts[rng.Weighted(weights)]
		if len(facts) > 1 && f.Pair() == last.Pair() {
			continue
		}
		last = f
		if rng.IntN(2) == 1 {
			f.A, f.B = f.B, f.A
		}
		r.Facts = append(r.Facts, [2]int{f.A, f.B})
	}
	return r
}

// roundSize is the size a client asks for, DefaultRound when it does not.
func roundSize(n int) (int, error) {
	switch {
	case n == 0:
		return DefaultRound, nil
	case n < 1 || n > MaxRound:
		return 0, &RequestError{Field: "questions", Code: "out_of_range", Params: map[string]any{"field": "questions", "min": 1, "max": MaxRound}}
	}
	return n, nil
}

// StartPractice opens a practice session for the student with its first n
// questions (0: DefaultRound), and ends their other open practice sessions.
func (s *Service) StartPractice(ctx context.Context, studentID int64, n int) (PracticeStarted, error) {
	n, err := roundSize(n)
	if err != nil {
		return PracticeStarted{}, err
	}
	kid, err := s.store.Student(ctx, studentID)
	if err != nil {
		return PracticeStarted{}, err
	}
	wall := s.wall()
	level, _ := games.ParseLevel(kid.Level) // not placed yet: tables 1–10
	plan := practicePlan{Practice: true, Level: level, Round: s.ask(level, 1, n, wall)}
	raw, err := plan.encode()
	if err != nil {
		return PracticeStarted{}, err
	}
	ps := store.PlaySession{StudentID: studentID, Plan: raw, StartedAt: wall}
	if err := s.store.CreatePracticeSession(ctx, &ps, isPractice); err != nil {
		return PracticeStarted{}, err
	}
	return PracticeStarted{ID: ps.ID, StartedAt: ps.StartedAt, Questions: plan.waiting()}, nil
}

// PracticeQuestions are the questions a student's practice session waits
// for (none for a session without questions: start a new one).
func (s *Service) PracticeQuestions(ctx context.Context, studentID, sessionID int64) ([]Question, error) {
	plan, err := s.store.PracticePlan(ctx, studentID, sessionID)
	if err != nil {
		return nil, err
	}
	return readPracticePlan(plan).waiting(), nil
}

// Answer takes a batch of practice answers (see the rules above), stores
// them through the write path, and asks the next round (of n questions, 0:
// the size of the last) once the round is answered.
//
// The plan this instance last wrote for the session is kept in memory
// (plans) and checked against first, which saves reading it at every batch
// (the answers are the load test's hot path). It is only a guess: the
// store writes the batch only if the stored plan is that one, and a batch
// the guess refuses, or takes for a resend, is judged again on the stored
// plan — another instance may have moved the session on.
func (s *Service) Answer(ctx context.Context, studentID, sessionID int64, answers []store.Answer, n int) (Answered, error) {
	if len(answers) == 0 {
		return Answered{}, ErrQuestionNotAsked
	}
	if n != 0 {
		if _, err := roundSize(n); err != nil {
			return Answered{}, err
		}
	}
	key := [2]int64{studentID, sessionID}
	for range 4 {
		raw, cached := s.plans.get(key)
		if !cached {
			var err error
			if raw, err = s.store.PracticePlan(ctx, studentID, sessionID); err != nil {
				return Answered{}, err
			}
		}
		plan := readPracticePlan(raw)
		wall := s.wall()
		resend, err := plan.take(answers, wall, s.minAnswer)
		if cached && (err != nil || resend) {
			s.plans.drop(key)
			continue // judge it on the stored plan
		}
		if err != nil {
			return Answered{}, err
		}
		if resend {
			return Answered{Recorded: store.Recorded{Duplicates: len(answers)}, Questions: plan.waiting()}, nil
		}
		if r := plan.Round; r.Answered == len(r.Facts) {
			size := n
			if size == 0 {
				size = len(r.Facts)
			}
			plan.Round = s.ask(plan.Level, r.First+int64(len(r.Facts)), size, wall)
		}
		next, err := plan.encode()
		if err != nil {
			return Answered{}, err
		}
		rec, err := s.store.RecordPracticeIf(ctx, studentID, sessionID, answers, wall, raw, next)
		if errors.Is(err, store.ErrPlanMoved) {
			s.plans.drop(key)
			continue // another batch of the session came first: read again
		}
		if err != nil {
			s.plans.drop(key)
			return Answered{}, err
		}
		s.plans.put(key, next)
		return Answered{Recorded: rec, Questions: plan.waiting()}, nil
	}
	return Answered{}, fmt.Errorf("play: practice session %d: %w", sessionID, store.ErrPlanMoved)
}

// planCache is the practice plan this instance last wrote per (student,
// session): a guess, checked by the store's write (Answer).
type planCache struct {
	mu    sync.Mutex
	plans map[[2]int64]string
}

// maxCachedPlans bounds the cache (a plan is ~0.5 KiB); past it, it starts
// over.
const maxCachedPlans = 20_000

func (c *planCache) get(key [2]int64) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	p, ok := c.plans[key]
	return p, ok
}

func (c *planCache) put(key [2]int64, plan string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.plans == nil || len(c.plans) >= maxCachedPlans {
		c.plans = map[[2]int64]string{}
	}
	c.plans[key] = plan
}

func (c *planCache) drop(key [2]int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.plans, key)
}
