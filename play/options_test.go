package play

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// The options built in the engines are reachable: a start with an option of
// the game's menu deals the game with that rule on, and records it with the
// session's plan.
func TestOptionsOfTheGamesMenuTurnTheEnginesRulesOn(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kid := class(t, st, "Léa")[0]
		s := newService(st, newFakeClock())
		for _, tc := range []struct {
			game      games.Name
			edition   games.Edition
			opponents int
			options   []string
			field     string
			want      any
		}{
			{"potion", "3", 1, []string{games.OptionQuiz}, "quiz", true},
			{"potion", "4", 1, nil, "quiz", false},
			{"cube", "1", 1, []string{games.OptionBonuses, games.OptionLevelDecks}, "bonuses", true},
			{"cube", "4", 1, []string{games.OptionLevelDecks}, "level_decks", true},
			{"cube", "4", 1, []string{games.OptionLevelDecks}, "bonuses", nil},
			{"magicoa", "multiplication", 2, []string{games.OptionJunior}, "variant", "junior"},
			{"magicoa", "classic", 3, []string{games.OptionExpert}, "variant", "expert"},
			{"magicoa", "multiplication", 2, nil, "variant", "standard"},
		} {
			res, err := s.Start(ctx, StartRequest{StudentID: kid.ID, Game: tc.game, Edition: tc.edition, Opponents: tc.opponents, Options: tc.options})
			require.NoError(t, err, "%s %v", tc.game, tc.options)
			b, err := json.Marshal(res.Game.View)
			require.NoError(t, err)
			var view map[string]any
			require.NoError(t, json.Unmarshal(b, &view))
			assert.Equal(t, tc.want, view[tc.field], "%s/%s %v: %s", tc.game, tc.edition, tc.options, tc.field)
			ps, err := st.PlaySession(ctx, res.Session.ID)
			require.NoError(t, err)
			var plan sessionPlan
			require.NoError(t, json.Unmarshal([]byte(ps.Plan), &plan))
			assert.Equal(t, tc.options, plan.Options, "the session remembers the rules chosen")
		}
	})
}

// An option the game does not offer, one that does not apply to the edition,
// options that exclude each other and opponents outside an option's bounds
// are refused before anything is dealt.
func TestStartRefusesOptionsThatDoNotApply(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kid := class(t, st, "Léa")[0]
		s := newService(st, newFakeClock())
		for _, tc := range []struct {
			name      string
			game      games.Name
			edition   games.Edition
			opponents int
			options   []string
			field     string
		}{
			{"unknown option", "potion", "3", 1, []string{"turbo"}, "options"},
			{"another game's option", "potion", "3", 1, []string{games.OptionBonuses}, "options"},
			{"bonuses in #2 (no points)", "cube", "2", 1, []string{games.OptionBonuses}, "options"},
			{"level decks in #3 (one deck)", "cube", "3", 1, []string{games.OptionLevelDecks}, "options"},
			{"twice", "potion", "3", 1, []string{games.OptionQuiz, games.OptionQuiz}, "options"},
			{"junior and expert", "magicoa", "multiplication", 2, []string{games.OptionJunior, games.OptionExpert}, "options"},
			{"expert with two players", "magicoa", "multiplication", 1, []string{games.OptionExpert}, "opponents"},
			{"expert with five players", "magicoa", "multiplication", 4, []string{games.OptionExpert}, "opponents"},
		} {
			_, err := s.Start(ctx, StartRequest{StudentID: kid.ID, Game: tc.game, Edition: tc.edition, Opponents: tc.opponents, Options: tc.options})
			var re *RequestError
			require.ErrorAs(t, err, &re, tc.name)
			assert.Equal(t, tc.field, re.Field, tc.name)
		}
		sessions, err := st.PlaySessionsOf(ctx, kid.ID, newFakeClock().Now().AddDate(-1, 0, 0))
		require.NoError(t, err)
		assert.Empty(t, sessions, "nothing was started")
	})
}

// The home lists each game's menu.
func TestHomeListsTheOptionsOfEachGame(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		kid := class(t, st, "Léa")[0]
		h, err := newService(st, newFakeClock()).Home(context.Background(), kid.ID)
		require.NoError(t, err)
		names := map[games.Name][]string{}
		for _, g := range h.Games {
			for _, o := range g.Options {
				names[g.Game] = append(names[g.Game], o.Name)
			}
		}
		assert.Equal(t, []string{games.OptionQuiz, games.OptionOtherStarts}, names["potion"])
		assert.Equal(t, []string{games.OptionOtherStarts}, names["cats"], "beside its editions' options")
		assert.Equal(t, []string{games.OptionBonuses, games.OptionLevelDecks}, names["cube"])
		assert.Equal(t, []string{games.OptionJunior, games.OptionExpert, games.OptionOtherStarts}, names["magicoa"])
	})
}

// "The other player starts" (the booklets let the youngest start, the
// digital games the student "unless the teacher or the student chooses
// otherwise") deals MultipliPotion, Multipli Cat's and Magicoa with the
// next seat first; without it the student starts.
func TestOtherStartsGivesTheFirstTurnToTheNextSeat(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kid := class(t, st, "Léa")[0]
		s := newService(st, newFakeClock())
		for _, tc := range []struct {
			game    games.Name
			edition games.Edition
			key     string // the engine's saved config field of the first seat
		}{{"potion", "3", "start_seat"}, {"cats", "standard", "start"}, {"magicoa", "multiplication", "start_seat"}} {
			for _, other := range []bool{false, true} {
				var options []string
				if other {
					options = []string{games.OptionOtherStarts}
				}
				res, err := s.Start(ctx, StartRequest{StudentID: kid.ID, Game: tc.game, Edition: tc.edition, Options: options})
				require.NoError(t, err, "%s %v", tc.game, options)
				g, err := s.loadGame(ctx, res.Game.ID)
				require.NoError(t, err)
				b, err := g.eng.MarshalJSON()
				require.NoError(t, err)
				var saved struct {
					Config map[string]any `json:"config"`
				}
				require.NoError(t, json.Unmarshal(b, &saved))
				first, _ := saved.Config[tc.key].(float64)
				assert.Equal(t, map[bool]float64{false: 0, true: 1}[other], first, "%s, other starts %t", tc.game, other)
			}
		}
	})
}
