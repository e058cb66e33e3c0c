package cats

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
)

func TestDecodeMoveIsStrict(t *testing.T) {
	tests := []struct {
		in   string
		code string
	}{
		{`{"type":"flip"}`, ""},
		{`{"type":"slap"}`, ""},
		{`{"type":"slap","with":2}`, ""},
		{`{"type":"slap","with":"2"}`, "game.bad_move"},
		{`{"type":"flip","with":2}`, "game.bad_move"},
		{`{"type":"flip","extra":1}`, "game.bad_move"},
		{`{"type":"jump"}`, "game.unknown_move"},
		{`{"type":"flip"} {}`, "game.bad_move"},
		{`[]`, "game.bad_move"},
		{``, "game.bad_move"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := DecodeMove([]byte(tt.in))
			if tt.code == "" {
				assert.NoError(t, err)
				return
			}
			re, ok := games.AsRuleError(err)
			require.True(t, ok, "%v", err)
			assert.Equal(t, tt.code, re.Code)
		})
	}
}

func FuzzDecodeMove(f *testing.F) {
	for _, s := range []string{`{"type":"flip"}`, `{"type":"slap","with":1}`, `{"type":"slap"}`, `{"type":1}`, `null`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := DecodeMove(data)
		if err != nil {
			_, ok := games.AsRuleError(err)
			require.True(t, ok, "every refusal is a rule error")
			return
		}
		// What decodes re-encodes to something that decodes the same.
		raw, err := json.Marshal(m)
		require.NoError(t, err)
		back, err := DecodeMove(raw)
		require.NoError(t, err)
		require.Equal(t, m, back)
		// And playing it on a fresh game never panics.
		g := rig(t, students(3), []Card{f1}, []Card{f2}, []Card{f3})
		_, _ = g.Play(0, m, 10)
	})
}

func TestCardJSONNamesSpecials(t *testing.T) {
	raw, err := json.Marshal([]Card{Mult(7, 8), Product(56), Spec(DeadEnd)})
	require.NoError(t, err)
	assert.JSONEq(t, `[{"a":7,"b":8},{"n":56},{"s":"dead_end"}]`, string(raw))
	var back []Card
	require.NoError(t, json.Unmarshal(raw, &back))
	assert.Equal(t, []Card{Mult(7, 8), Product(56), Spec(DeadEnd)}, back)
	assert.Error(t, json.Unmarshal([]byte(`[{"s":"dragon"}]`), &back))
}

func TestBotReactionMedianIsTheSeatsReactionMS(t *testing.T) {
	tab := &Table{Tops: []Card{Mult(3, 4), Product(12), f1}, In: []bool{true, true, true}, DeckEmpty: make([]bool, 3)}
	for _, median := range []float64{800, 1500, 3000} {
		rng := games.NewRNG(1, 1)
		var delays []int64
		for range 4000 {
			if ok, d := BotSlap(tab, 0, BotProfile{}, median, rng); ok {
				delays = append(delays, d)
			}
		}
		slices.Sort(delays)
		got := float64(delays[len(delays)/2])
		assert.InDelta(t, median, got, median*0.05, "median %v", median)
	}
}

func TestBotBeginnerMissesOnPurpose(t *testing.T) {
	tab := &Table{Tops: []Card{Mult(3, 4), Product(12), f1}, In: []bool{true, true, true}, DeckEmpty: make([]bool, 3)}
	rng := games.NewRNG(2, 1)
	rate := func(level int, seat int) float64 {
		n := 0
		for range 4000 {
			if ok, _ := BotSlap(tab, seat, Profile(level), 0, rng); ok {
				n++
			}
		}
		return float64(n) / 4000
	}
	assert.InDelta(t, 1-Profile(games.BotBeginner).Miss, rate(games.BotBeginner, 0), 0.03)
	assert.InDelta(t, 1-Profile(games.BotStrong).Miss, rate(games.BotStrong, 0), 0.03)
	assert.InDelta(t, Profile(games.BotBeginner).FalseSlap, rate(games.BotBeginner, 2), 0.02, "false slaps")
	assert.Greater(t, Profile(games.BotBeginner).Miss, Profile(games.BotSolid).Miss)
	assert.Greater(t, Profile(games.BotSolid).Miss, Profile(games.BotStrong).Miss)
}

func TestStrongerCatsWinMore(t *testing.T) {
	r := Simulate(SimOptions{Games: 200, Seed: 1, Level: games.All(10), Specials: true, Bots: []int{1, 3, 1, 3}})
	require.Equal(t, 200, r.Games)
	strong := r.Champion[1] + r.Champion[3]
	weak := r.Champion[0] + r.Champion[2]
	assert.Greater(t, strong, 3*weak)
}

func TestSlowerCatsGiveTheStudentMoreExchanges(t *testing.T) {
	share := func(median int) float64 {
		r := Simulate(SimOptions{Games: 100, Seed: 5, Level: games.All(10), Bots: []int{2, 2, 2, 2}, ReactionMS: []int{1500, median, median, median}})
		return float64(r.Won[0]) / float64(r.Involved[0])
	}
	fast, slow := share(900), share(2500)
	assert.Greater(t, slow, fast+0.2, "fast %.2f slow %.2f", fast, slow)
}

func TestSimulateIsDeterministic(t *testing.T) {
	o := SimOptions{Games: 20, Seed: 9, Level: LearningLevel(6), Specials: true, Bots: []int{1, 2, 3}}
	r := Simulate(o)
	assert.Equal(t, r, Simulate(o))
	assert.Positive(t, r.Gluttonies, "computer cats sometimes slap wrongly")
	assert.Positive(t, r.Exchanges)
}

func TestViewShowsOnlyTheNewestCardsAndCounts(t *testing.T) {
	g := rig(t, students(3), []Card{Mult(3, 4), f1}, []Card{f2, f3}, []Card{f5})
	play(t, g, 0, Flip(), 0)
	v := g.SeatView(1)
	assert.Equal(t, Mult(3, 4), v.Players[0].Top)
	assert.Equal(t, 1, v.Players[0].Deck)
	assert.Equal(t, 1, v.Players[0].Pile)
	assert.Equal(t, []Move{Flip(), Slap()}, v.Legal)
	raw, err := json.Marshal(g.View(1))
	require.NoError(t, err)
	assert.NotContains(t, string(raw), `"a":1,"b":1`, "seat 0's next card is hidden")
	assert.Equal(t, []int{1}, g.Waiting())
}

func TestMedianForShareGivesTheStudentThatShare(t *testing.T) {
	assert.InDelta(t, 1500, MedianForShare(1500, 0.5), 1e-9)
	for _, share := range []float64{0.6, 0.75} {
		median := int(MedianForShare(1500, share))
		r := Simulate(SimOptions{Games: 150, Seed: 3, Level: games.All(10), Bots: []int{2, 2, 2, 2}, ReactionMS: []int{1500, median, median, median}})
		got := float64(r.Won[0]) / float64(r.Involved[0])
		assert.InDelta(t, share, got, 0.06, "median %d", median)
	}
}

// The view says how far a product card's multiplications go: the box's
// factors (1–10), or the deck's when it goes further.
func TestViewFactorsOfTheProductCards(t *testing.T) {
	for _, tc := range []struct {
		level games.Level
		want  int
	}{{LearningLevel(5), 10}, {games.Green(), 10}, {games.All(12), 12}} {
		g, err := New(Config{Level: tc.level, Seats: students(3)}, 1)
		require.NoError(t, err)
		assert.Equal(t, tc.want, g.SeatView(0).Factors, tc.level.Name)
	}
}
