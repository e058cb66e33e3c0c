package server

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/games/magicoa"
	"github.com/multipli/multipli/games/potion"
	"github.com/multipli/multipli/play"
	"github.com/multipli/multipli/store"
)

// TestARefusedMoveIsMarkedOnTheStepTheChildSaw: a wrong capture the rules
// refused is in no step of the replayed game (it changed nothing); the
// replay marks it wrong on the step holding the last event saved before
// it, and leaves the attempts of played moves (already in their steps) and
// other games' attempts alone.
func TestARefusedMoveIsMarkedOnTheStepTheChildSaw(t *testing.T) {
	t0 := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	ev := games.Event{Type: "x"}
	steps := []replayStep{
		{Index: 1, Events: []games.Event{ev, ev}, Attempts: []stepAttempt{}},
		{Index: 2, Events: []games.Event{ev}, Attempts: []stepAttempt{}},
		{Index: 3, Events: []games.Event{ev}, Attempts: []stepAttempt{}},
	}
	rows := []store.GameEvent{{At: t0}, {At: t0}, {At: t0.Add(time.Minute)}, {At: t0.Add(3 * time.Minute)}}
	game, other := int64(7), int64(8)
	given := 24
	attempts := []store.Attempt{
		{GameID: &game, A: 3, B: 7, Given: &given, Seq: 2*1000 + 901, At: t0.Add(2 * time.Minute)}, // refused on version 2
		{GameID: &game, A: 3, B: 8, Given: &given, Correct: true, Seq: 3 * 1000, At: t0.Add(3 * time.Minute)},
		{GameID: &other, A: 4, B: 6, Given: &given, Seq: 905, At: t0.Add(2 * time.Minute)},
	}
	refusedOn(steps, rows, attempts, game)
	assert.Empty(t, steps[0].Attempts)
	require.Len(t, steps[1].Attempts, 1, "the board the child was looking at")
	a := steps[1].Attempts[0]
	assert.Equal(t, stepAttempt{A: 3, B: 7, Given: &given, Verdict: "wrong", Refused: true}, a)
	assert.Empty(t, steps[2].Attempts, "a played move's attempt is already in its step")

	// A log that does not match the steps is left as it is.
	steps[1].Attempts = nil
	refusedOn(steps, rows[:3], attempts, game)
	assert.Empty(t, steps[1].Attempts)
}

// TestReplayNamesThePlayersInThePagesLanguage: the child's seat is the
// child's name, a computer keeps the name the child saw, and one without a
// name is "Computer n" / "Ordinateur n", numbered among the computers; the
// replay is seen from the child's seat.
func TestReplayNamesThePlayersInThePagesLanguage(t *testing.T) {
	seats := []play.Seat{
		{Seat: games.Seat{Kind: games.SeatComputer, Bot: games.BotBeginner}},
		{Seat: games.Seat{Kind: games.SeatStudent, Name: "Léa"}, StudentID: 42},
	}
	eng, err := potion.New(potion.Config{Level: games.Green(), Seats: []games.Seat{seats[0].Seat, seats[1].Seat}}, 7)
	require.NoError(t, err)
	state, err := play.SavedState(eng, games.LevelGreen, []int64{0, 9}, 1000, time.Now())
	require.NoError(t, err)
	seatsJSON, err := json.Marshal(seats)
	require.NoError(t, err)
	row := store.Game{ID: 3, Game: "potion", Edition: "3", Seats: string(seatsJSON), State: state}
	for lang, computer := range map[string]string{"fr": "Ordinateur 1", "en": "Computer 1"} {
		out := replayJSON{Seat: -1}
		rewind(&out, row, store.Student{ID: 42, DisplayName: "Léa Martin"}, lang, func(int64) bool { return true })
		require.Len(t, out.Players, 2)
		assert.Equal(t, computer, out.Players[0].Name)
		assert.Equal(t, "Léa Martin", out.Players[1].Name, "the child's name as the class knows it now")
		assert.Equal(t, 1, out.Seat)
	}
}

// A classmate who played in the child's game is named in its replay only to
// whoever may see them: to the others (the child's parent) the seat is
// "Classmate 1" in the players and in every step's board, in both
// languages.
func TestReplayNamesAClassmateOnlyToWhoMaySeeThem(t *testing.T) {
	seats := []play.Seat{
		{Seat: games.Seat{Kind: games.SeatStudent, Name: "Léa"}, StudentID: 42},
		{Seat: games.Seat{Kind: games.SeatStudent, Name: "Ambre"}, StudentID: 43},
	}
	eng, err := magicoa.New(magicoa.Config{Level: games.Green(), Edition: magicoa.Multiplication, Seats: []games.Seat{seats[0].Seat, seats[1].Seat}}, 7)
	require.NoError(t, err)
	for seat := range 2 { // each chooses two cards: a step with a board
		m, err := json.Marshal(eng.Legal(seat)[0])
		require.NoError(t, err)
		_, err = eng.Apply(seat, m, 1000)
		require.NoError(t, err)
	}
	state, err := play.SavedState(eng, games.LevelGreen, []int64{9, 10}, 1000, time.Now())
	require.NoError(t, err)
	seatsJSON, err := json.Marshal(seats)
	require.NoError(t, err)
	row := store.Game{ID: 3, Game: "magicoa", Edition: "multiplication", Seats: string(seatsJSON), State: state}
	lea := store.Student{ID: 42, DisplayName: "Léa Martin"}
	for lang, classmate := range map[string]string{"fr": "Camarade 1", "en": "Classmate 1"} {
		out := replayJSON{Seat: -1}
		rewind(&out, row, lea, lang, func(id int64) bool { return id == 42 })
		require.Len(t, out.Players, 2)
		assert.Equal(t, classmate, out.Players[1].Name)
		require.NotEmpty(t, out.Steps)
		for _, st := range out.Steps {
			assert.NotContains(t, string(st.View), "Ambre", "step %d", st.Index)
			assert.Contains(t, string(st.View), classmate, "step %d", st.Index)
		}

		out = replayJSON{Seat: -1}
		rewind(&out, row, lea, lang, func(int64) bool { return true }) // their teacher
		assert.Equal(t, "Ambre", out.Players[1].Name)
		assert.Contains(t, string(out.Steps[0].View), "Ambre")
	}
}
