package play

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
			game, edition string
			opponents     int
			options       []string
			field         string
			want          any
		}{
			{"potion", "3", 1, []string{OptionQuiz}, "quiz", true},
			{"potion", "4", 1, nil, "quiz", false},
			{"cube", "1", 1, []string{OptionBonuses, OptionLevelDecks}, "bonuses", true},
			{"cube", "4", 1, []string{OptionLevelDecks}, "level_decks", true},
			{"cube", "4", 1, []string{OptionLevelDecks}, "bonuses", nil},
			{"magicoa", "multiplication", 2, []string{OptionJunior}, "variant", "junior"},
			{"magicoa", "classic", 3, []string{OptionExpert}, "variant", "expert"},
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
			name          string
			game, edition string
			opponents     int
			options       []string
			field         string
		}{
			{"unknown option", "potion", "3", 1, []string{"turbo"}, "options"},
			{"another game's option", "potion", "3", 1, []string{OptionBonuses}, "options"},
			{"bonuses in #2 (no points)", "cube", "2", 1, []string{OptionBonuses}, "options"},
			{"level decks in #3 (one deck)", "cube", "3", 1, []string{OptionLevelDecks}, "options"},
			{"twice", "potion", "3", 1, []string{OptionQuiz, OptionQuiz}, "options"},
			{"junior and expert", "magicoa", "multiplication", 2, []string{OptionJunior, OptionExpert}, "options"},
			{"expert with two players", "magicoa", "multiplication", 1, []string{OptionExpert}, "opponents"},
			{"expert with five players", "magicoa", "multiplication", 4, []string{OptionExpert}, "opponents"},
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
		names := map[string][]string{}
		for _, g := range h.Games {
			for _, o := range g.Options {
				names[g.Game] = append(names[g.Game], o.Name)
			}
		}
		assert.Equal(t, []string{OptionQuiz}, names["potion"])
		assert.Equal(t, []string{OptionBonuses, OptionLevelDecks}, names["cube"])
		assert.Equal(t, []string{OptionJunior, OptionExpert}, names["magicoa"])
	})
}
