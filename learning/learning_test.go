package learning

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/pedagogy"
)

// monday9 is a Monday morning: a test's minutes stay in one ISO week.
var monday9 = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

func ptr[T any](v T) *T { return &v }

func TestAPracticeAnswerIsRightOnlyWhenItIsTheProduct(t *testing.T) {
	for _, c := range []struct {
		name  string
		given *int
		right bool
	}{
		{"the product", ptr(56), true},
		{"another number", ptr(54), false},
		{"the timer ran out", nil, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := PracticeAttempts(4, 9, "violet", []Answer{{Seq: 3, A: 7, B: 8, Given: c.given, ResponseMS: 2100}}, monday9.Add(1500*time.Nanosecond))
			require.Len(t, got, 1)
			a := got[0]
			assert.Equal(t, c.right, a.Correct)
			assert.Equal(t, c.right, Right(a))
			assert.Equal(t, Attempt{StudentID: 4, PlaySessionID: 9, Game: GamePractice, Level: "violet", A: 7, B: 8,
				Given: c.given, Correct: c.right, Kind: string(games.KindAnswer), ResponseMS: ptr[int64](2100), Seq: 3,
				At: monday9.Add(time.Microsecond)}, a, "a practice answer at the student's level, its time at the databases' precision")
		})
	}
}

func TestARightAnswerIsNeitherMissedNorTimedOut(t *testing.T) {
	for _, c := range []struct {
		name     string
		a        Attempt
		right    bool
		timedOut bool
	}{
		{"right", Attempt{Correct: true, Given: ptr(6), Kind: string(games.KindCapture)}, true, false},
		{"wrong", Attempt{Correct: false, Given: ptr(7), Kind: string(games.KindAnswer)}, false, false},
		{"flagged right but missed", Attempt{Correct: true, Given: ptr(6), Kind: string(games.KindMissed)}, false, false},
		{"flagged right but no answer", Attempt{Correct: true, Kind: string(games.KindAnswer)}, false, true},
		{"a missed opportunity has no answer and is no timeout", Attempt{Kind: string(games.KindMissed)}, false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.right, Right(c.a))
			assert.Equal(t, c.timedOut, PedagogyAttempt(c.a).TimedOut)
		})
	}
}

func TestPlayedTimeCountsGapsCappedAtTwoMinutesInWholeSeconds(t *testing.T) {
	started := monday9
	for _, c := range []struct {
		name       string
		session    Session
		at         []time.Duration // activities, after started
		wantMS     int64           // the session's played time after (0: no update)
		wantSecond int             // seconds added to the week
	}{
		{"the first activity counts from the start", Session{}, []time.Duration{30 * time.Second}, 30_000, 30},
		{"a long gap counts two minutes", Session{}, []time.Duration{10 * time.Minute}, 120_000, 120},
		{"only the latest activity of a batch counts", Session{}, []time.Duration{10 * time.Second, 50 * time.Second, 20 * time.Second}, 50_000, 50},
		{"from the previous activity", Session{LastActive: ptr(started.Add(time.Minute)), PlayedMS: 60_000}, []time.Duration{90 * time.Second}, 90_000, 30},
		{"an activity not after the previous one adds nothing", Session{LastActive: ptr(started.Add(time.Minute)), PlayedMS: 60_000}, []time.Duration{time.Minute}, 0, 0},
		{"milliseconds carry over: 0.9 s + 0.9 s is one second", Session{LastActive: ptr(started.Add(900 * time.Millisecond)), PlayedMS: 900}, []time.Duration{1800 * time.Millisecond}, 1800, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := c.session
			s.ID, s.StudentID, s.Started = 7, 3, started
			var acts []Activity
			for _, d := range c.at {
				acts = append(acts, Activity{SessionID: 7, At: started.Add(d)})
			}
			_, ch := Default().Record(Batch{Activity: acts, Sessions: map[int64]Session{7: s}})
			if c.wantMS == 0 {
				assert.Empty(t, ch.Sessions)
				assert.Empty(t, ch.Weeks)
				return
			}
			require.Len(t, ch.Sessions, 1)
			assert.Equal(t, c.wantMS, ch.Sessions[0].PlayedMS)
			var secs int
			for _, w := range ch.Weeks {
				assert.Equal(t, WeekOf(3, started), w.Week, "the session's student's week")
				secs += w.PlayedSeconds
			}
			assert.Equal(t, c.wantSecond, secs)
		})
	}
}

func TestTheWeeksTypicalTimeFollowsRightAnswersRoundedAtEveryStep(t *testing.T) {
	for _, c := range []struct {
		name    string
		current *int64
		ms      int64
		want    int64
	}{
		{"the week's first right answer sets it", nil, 2345, 2345},
		{"a tenth of the way toward the answer", ptr[int64](2000), 3000, 2100},
		{"rounded", ptr[int64](2000), 2004, 2000},
		{"rounded half away from zero", ptr[int64](2000), 2005, 2001},
	} {
		t.Run(c.name, func(t *testing.T) { assert.Equal(t, c.want, weekTypical(c.current, c.ms)) })
	}
}

// batch is one student's attempts at a session started at monday9.
func batch(st State, attempts ...Attempt) Batch {
	for i := range attempts {
		attempts[i].StudentID, attempts[i].PlaySessionID = 3, 7
	}
	return Batch{
		Attempts: attempts,
		Sessions: map[int64]Session{7: {ID: 7, StudentID: 3, Started: monday9}},
		States:   map[int64]State{3: st},
	}
}

func TestABatchCountsItsAttemptsRightAnswersAndTypicalTimeInItsWeek(t *testing.T) {
	at := monday9.Add(time.Minute)
	prior := ptr[int64](3000)
	st := State{Weeks: map[Week]*int64{WeekOf(3, at): prior}}
	_, ch := Default().Record(batch(st,
		Attempt{A: 7, B: 8, Given: ptr(56), Correct: true, Kind: "answer", ResponseMS: ptr[int64](2000), At: at},
		Attempt{A: 7, B: 8, Given: ptr(55), Correct: false, Kind: "answer", ResponseMS: ptr[int64](1000), At: at},
		Attempt{A: 6, B: 7, Correct: true, Kind: "answer", ResponseMS: ptr[int64](9000), At: at}, // a timeout
		Attempt{A: 3, B: 4, Given: ptr(12), Correct: true, Kind: "answer", At: at},               // no time
	))
	require.Len(t, ch.Weeks, 1)
	w := ch.Weeks[0]
	assert.Equal(t, 4, w.Attempts)
	assert.Equal(t, 2, w.Correct, "a timeout is not right")
	require.NotNil(t, w.TypicalMS)
	assert.Equal(t, int64(2900), *w.TypicalMS, "only timed right answers move it, from the stored value")
	assert.Equal(t, int64(3000), *prior, "the state given is not changed")
	assert.Equal(t, 60, w.PlayedSeconds)
}

func TestAFactsRowCarriesItsStateAndTheEstimateAtItsLastAttempt(t *testing.T) {
	m := Default()
	at := monday9.Add(time.Minute)
	attempts := []Attempt{
		{A: 8, B: 7, Given: ptr(56), Correct: true, Kind: "answer", ResponseMS: ptr[int64](1500), At: at},
		{A: 7, B: 8, Given: ptr(56), Correct: true, Kind: "answer", ResponseMS: ptr[int64](1300), At: at.Add(time.Second)},
		{A: 13, B: 2, Given: ptr(26), Correct: true, Kind: "answer", ResponseMS: ptr[int64](1300), At: at.Add(2 * time.Second)},
	}
	next, ch := m.Record(batch(State{}, attempts...))
	require.Len(t, ch.Facts, 1, "7×8 and 8×7 are one fact; a factor outside 1–12 has none")
	f := ch.Facts[0]
	assert.Equal(t, games.Fact{A: 7, B: 8}, f.Fact)
	var replay pedagogy.Student
	for _, a := range attempts {
		m.Model().Observe(&replay, PedagogyAttempt(a))
	}
	fs := replay.Facts[games.Fact{A: 7, B: 8}]
	est := m.Model().Estimate(fs, fs.LastSeen)
	assert.Equal(t, fs, f.State)
	assert.Equal(t, 2, f.Attempts)
	assert.Equal(t, 2, f.Correct)
	assert.Equal(t, est.Known, f.Mastery, "mastery is the chance of a right answer in under 3 s")
	assert.Equal(t, est.SD, f.Uncertainty)
	assert.Equal(t, est.Fluent, f.Fluent)
	assert.Equal(t, at.Add(time.Second), f.LastSeen)
	require.Len(t, ch.Models, 1)
	assert.Nil(t, ch.Models[0].Core.Facts, "the core is stored without its facts")
	assert.Equal(t, replay.AbilityN, ch.Models[0].Core.AbilityN)
	assert.Equal(t, at.Add(2*time.Second), ch.Models[0].At, "as of the batch's last attempt")
	assert.Equal(t, fs, next[3].Core.Facts[games.Fact{A: 7, B: 8}], "the new state holds the fact")
}

func TestTheWeeksFluentFactsFollowTheFactsAFactCrosses(t *testing.T) {
	m := Default()
	at := monday9.Add(time.Minute)
	seven := games.Fact{A: 7, B: 8}
	// A fact fluent before; wrong answers make it fluent no more.
	known := pedagogy.FactState{Logit: 5, Precision: 60, LogMS: 7.2, TimedN: 8, TypicalMS: 1300, Attempts: 20, Correct: 20, RecentAccuracy: 1, LastSeen: at}
	require.True(t, m.Model().Estimate(known, at).Fluent, "precondition")
	st := State{Core: pedagogy.Student{Ability: 2, AbilityN: 200, Facts: map[games.Fact]pedagogy.FactState{seven: known}},
		Fluent: map[games.Fact]bool{seven: true, {A: 2, B: 2}: true}, FluentN: 2}
	var wrong []Attempt
	for i := range 8 {
		wrong = append(wrong, Attempt{A: 7, B: 8, Given: ptr(54), Kind: "answer", ResponseMS: ptr[int64](9000), At: at.Add(time.Duration(i) * time.Second)})
	}
	next, ch := m.Record(batch(st, wrong...))
	require.Len(t, ch.Facts, 1)
	require.False(t, ch.Facts[0].Fluent, "precondition: no longer fluent")
	require.Len(t, ch.Weeks, 1)
	require.NotNil(t, ch.Weeks[0].FluentFacts)
	assert.Equal(t, 1, *ch.Weeks[0].FluentFacts, "the week counts the student's fluent facts after the batch")
	assert.Equal(t, 1, next[3].FluentN)
	assert.Equal(t, 2, st.FluentN)
	assert.True(t, st.Fluent[seven], "the state given is not changed")
	assert.Equal(t, known, st.Core.Facts[seven])
}

func TestAStartRecordsTheLevelWhenItChangesOrAtTheFirstPlan(t *testing.T) {
	m := Default()
	onGreen := pedagogy.Student{Level: games.LevelGreen, LevelSince: monday9.Add(-time.Hour), SessionsAtLevel: 1, Facts: map[games.Fact]pedagogy.FactState{}}
	for _, c := range []struct {
		name    string
		st      pedagogy.Student
		current string
		c       pedagogy.Constraint
		want    []LevelChange
	}{
		{"the first plan", pedagogy.Student{}, "green", pedagogy.Constraint{}, []LevelChange{{From: "green", To: "green"}}},
		{"the same level again", onGreen, "green", pedagogy.Constraint{}, nil},
		{"the teacher's tables: custom", onGreen, "green", pedagogy.Constraint{Tables: []int{3, 7}}, []LevelChange{{From: "green", To: string(games.LevelCustom)}}},
		{"the teacher's fixed level", onGreen, "green", pedagogy.Constraint{FixedLevel: games.LevelViolet}, []LevelChange{{From: "green", To: "violet"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			plan, st, ch := m.Start(3, c.st, c.current, c.c, monday9)
			require.Len(t, ch.Levels, len(c.want))
			for i, w := range c.want {
				got := ch.Levels[i]
				assert.Equal(t, w.From, got.From)
				assert.Equal(t, w.To, got.To)
				assert.Equal(t, plan.Decision, got.Decision)
				assert.Equal(t, plan.Reason.EN, got.ReasonEN)
				assert.Equal(t, int64(3), got.StudentID)
			}
			require.Len(t, ch.Models, 1)
			assert.Equal(t, st.SessionsAtLevel, ch.Models[0].Core.SessionsAtLevel)
			assert.Nil(t, ch.Models[0].Core.Facts)
			assert.Equal(t, []WeekDelta{{Week: WeekOf(3, monday9), Sessions: 1}}, ch.Weeks, "the session counts in its week")
		})
	}
	_, st, _ := m.Start(3, onGreen, "green", pedagogy.Constraint{}, monday9)
	assert.Equal(t, 2, st.SessionsAtLevel, "the session is counted on the student")
	assert.Equal(t, 1, onGreen.SessionsAtLevel, "the student given is not changed")
}
