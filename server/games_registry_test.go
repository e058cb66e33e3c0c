package server_test

import (
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// The browser reads the games and levels from the server's registry: GET
// /api/v1/games lists every game in the registry's order with its editions
// (every Monster Cube rule set), options and seats, and every level name
// with its badge; the student home carries the same list.
func TestTheGameListIsServedFromTheRegistry(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		s := e.newSchool(t)
		res := e.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/games"})
		var cat struct {
			Games []struct {
				Game             games.Name      `json:"game"`
				Editions         []games.Edition `json:"editions"`
				Options          []games.Option  `json:"options"`
				Combinable       []string        `json:"combinable"`
				MinOpponents     int             `json:"min_opponents"`
				MaxOpponents     int             `json:"max_opponents"`
				DefaultOpponents int             `json:"default_opponents"`
				TwoStudents      bool            `json:"two_students"`
			} `json:"games"`
			Levels []struct {
				Name  games.LevelName `json:"name"`
				Badge string          `json:"badge"`
			} `json:"levels"`
		}
		require.NoError(t, json.Unmarshal(res.Raw, &cat))
		reg := games.Registry()
		require.Len(t, cat.Games, len(reg))
		for i, g := range reg {
			got := cat.Games[i]
			assert.Equal(t, g.Name, got.Game, "the registry's order")
			assert.Equal(t, g.Editions, got.Editions, g.Name)
			assert.Equal(t, [3]int{g.MinOpponents, g.MaxOpponents, g.DefaultOpponents}, [3]int{got.MinOpponents, got.MaxOpponents, got.DefaultOpponents}, g.Name)
			assert.Equal(t, g.TwoStudents, got.TwoStudents, g.Name)
			assert.Equal(t, len(g.Options), len(got.Options)+len(got.Combinable), "every option of %s, beside or in the edition", g.Name)
		}
		assert.Equal(t, []games.Edition{"1", "2", "3", "4"}, cat.Games[2].Editions, "Monster Cube's four rule sets")
		assert.Equal(t, []string{games.OptionSpecials, games.OptionInfinite, games.OptionSouris}, cat.Games[1].Combinable)
		var levels []games.LevelName
		for _, l := range cat.Levels {
			levels = append(levels, l.Name)
			assert.Equal(t, l.Name.Badge(), l.Badge)
		}
		assert.Equal(t, append(games.Ladder(), games.LevelCustom), levels)

		home := e.must(t, http.StatusOK, req{Method: "GET", Path: "/api/v1/play/home", Token: s.student})
		var h map[string]json.RawMessage
		require.NoError(t, json.Unmarshal(home.Raw, &h))
		var served map[string]json.RawMessage
		require.NoError(t, json.Unmarshal(res.Raw, &served))
		assert.JSONEq(t, string(served["games"]), string(h["games"]), "the home's list is the registry's")
		assert.JSONEq(t, string(served["levels"]), string(h["levels"]))
	})
}

// Levels and games a teacher sends are read with the one parse of each: the
// old "all" spelling and unknown names are refused, the games are kept in
// the registry's order.
func TestTeachersSendLevelsAndGamesInTheirOneSpelling(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		s := e.newSchool(t)
		path := fmt.Sprintf("/api/v1/classes/%d/assignments", s.classID)
		for _, bad := range []string{"all", "all12", "custom", "Green", "{}"} {
			r := e.do(t, req{Method: "POST", Path: path, Token: s.teacher, Body: map[string]any{"level": bad}})
			assert.Equal(t, http.StatusBadRequest, r.Status, bad)
		}
		r := e.do(t, req{Method: "POST", Path: path, Token: s.teacher, Body: map[string]any{"level": "violet", "games": []string{"chess"}}})
		assert.Equal(t, http.StatusBadRequest, r.Status)
		a := e.must(t, http.StatusCreated, req{Method: "POST", Path: path, Token: s.teacher,
			Body: map[string]any{"level": "all-12", "games": []string{"magicoa", "potion", "cube", "potion"}}})
		b, err := json.Marshal(a.JSON)
		require.NoError(t, err)
		var got struct {
			Level struct {
				Name games.LevelName `json:"name"`
			} `json:"level"`
			Games []games.Name `json:"games"`
		}
		require.NoError(t, json.Unmarshal(b, &got))
		assert.Equal(t, games.LevelAll12, got.Level.Name)
		assert.Equal(t, []games.Name{games.Potion, games.Cube, games.Magicoa}, got.Games, "the registry's order, each once")

		student := fmt.Sprintf("/api/v1/students/%d", s.studentID)
		assert.Equal(t, http.StatusBadRequest, e.do(t, req{Method: "PATCH", Path: student, Token: s.teacher, Body: map[string]any{"level": "all"}}).Status)
		e.must(t, http.StatusOK, req{Method: "PATCH", Path: student, Token: s.teacher, Body: map[string]any{"level": "all-10"}})
	})
}

// The assignment form offers the registry's levels and games, each level
// with a label in both languages.
func TestTheAssignmentFormOffersTheRegistry(t *testing.T) {
	st := storetest.Open(t, storetest.Databases(t)[0].URL)
	e := newEnv(t, st)
	s := e.newSchool(t)
	for _, lang := range []string{"en", "fr"} {
		page := string(e.must(t, http.StatusOK, req{Method: "GET", Path: fmt.Sprintf("/dashboard/classes/%d/assignments?lang=%s", s.classID, lang), Token: s.teacher}).Raw)
		for _, n := range games.Ladder() {
			assert.Contains(t, page, fmt.Sprintf(`name="level" value="%s"`, n), lang)
		}
		assert.NotContains(t, page, `value="all"`, "the old spelling")
		for _, g := range games.Registry() {
			assert.Contains(t, page, fmt.Sprintf(`name="games" value="%s"> %s`, g.Name, html.EscapeString(g.Title)), lang)
		}
		assert.NotContains(t, page, "> <", "every level has its label")
	}
}
