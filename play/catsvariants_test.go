package play

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/games/cats"
	"github.com/multipli/multipli/store"
	"github.com/multipli/multipli/store/storetest"
)

// TestCatsOptionsCombine: the Cat's options (special cards, infinite game,
// "Souris !" call) combine in the edition, "+"-joined in a fixed order; the
// engine gets exactly the options named.
func TestCatsOptionsCombine(t *testing.T) {
	k, ok := KindOf("cats")
	require.True(t, ok)
	seats := []games.Seat{{Kind: games.SeatStudent, Name: "Léa"}, {Kind: games.SeatComputer, Name: "Minou", Bot: games.BotSolid},
		{Kind: games.SeatComputer, Name: "Hibou", Bot: games.BotSolid}}
	for _, tc := range []struct {
		edition                    games.Edition
		specials, infinite, souris bool
	}{
		{"standard", false, false, false},
		{games.OptionSpecials, true, false, false},
		{games.OptionInfinite, false, true, false},
		{games.OptionSouris, false, false, true},
		{"specials+infinite", true, true, false},
		{"specials+souris", true, false, true},
		{"infinite+souris", false, true, true},
		{"specials+infinite+souris", true, true, true},
	} {
		assert.True(t, k.HasEdition(tc.edition), string(tc.edition))
		e, err := k.New(Setup{Edition: tc.edition, Level: games.Green(), Seats: seats}, 1)
		require.NoError(t, err, string(tc.edition))
		cfg := e.(*cats.Game).Config()
		assert.Equal(t, [3]bool{tc.specials, tc.infinite, tc.souris}, [3]bool{cfg.Specials, cfg.Infinite, cfg.SourisCall}, string(tc.edition))
	}
	for _, bad := range []games.Edition{"", "souris+specials", "specials+specials", "specials+", "+souris", "mouse", "standard+souris"} {
		assert.False(t, k.HasEdition(bad), "%q", bad)
	}
	assert.Equal(t, []games.Edition{"standard"}, k.Editions)
	assert.Equal(t, 1, k.MinOpponents, "the two-player game")
}

// TestCatsHomeOffersTheOptionsAndAStartWithThemAll: the home lists the Cat's
// options; a start with all of them deals a game with all of them, and an
// unknown combination is refused.
func TestCatsHomeOffersTheOptionsAndAStartWithThemAll(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kid := class(t, st, "Léa")[0]
		s := newService(st, newFakeClock())
		home, err := s.Home(ctx, kid.ID)
		require.NoError(t, err)
		var found bool
		for _, g := range home.Games {
			if g.Game == "cats" {
				found = true
				assert.Equal(t, []string{games.OptionSpecials, games.OptionInfinite, games.OptionSouris}, g.Combinable)
			}
		}
		require.True(t, found)
		res, err := s.Start(ctx, StartRequest{StudentID: kid.ID, Game: "cats", Edition: "specials+infinite+souris"})
		require.NoError(t, err)
		g, err := s.loadGame(ctx, res.Game.ID)
		require.NoError(t, err)
		cfg := g.eng.(*cats.Game).Config()
		assert.True(t, cfg.Specials && cfg.Infinite && cfg.SourisCall)
		_, err = s.Start(ctx, StartRequest{StudentID: kid.ID, Game: "cats", Edition: "souris+specials"})
		var re *RequestError
		require.ErrorAs(t, err, &re)
		assert.Equal(t, "unknown_edition", re.Code)
	})
}

// TestCatsTwoPlayersWithTheComputerOrAClassmate: one opponent is the
// booklet's two-player game (two piles each), against a computer cat or a
// classmate; both students' attempts go to their own sessions.
func TestCatsTwoPlayersWithTheComputerOrAClassmate(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kids := class(t, st, "Léa", "Zoé")
		clock := newFakeClock()
		s := newService(st, clock)
		res, err := s.Start(ctx, StartRequest{StudentID: kids[0].ID, Game: "cats", Opponents: 1})
		require.NoError(t, err)
		require.Len(t, res.Game.Seats, 2)
		assert.Equal(t, games.SeatComputer, res.Game.Seats[1].Kind)
		g, err := s.loadGame(ctx, res.Game.ID)
		require.NoError(t, err)
		assert.True(t, g.eng.(*cats.Game).SeatView(0).TwoPiles)

		res, err = s.Start(ctx, StartRequest{StudentID: kids[0].ID, Game: "cats", Opponents: 1, ClassmateID: kids[1].ID})
		require.NoError(t, err)
		require.Len(t, res.Game.Seats, 2)
		assert.Equal(t, games.SeatStudent, res.Game.Seats[1].Kind)
		home, err := s.Home(ctx, kids[1].ID)
		require.NoError(t, err)
		require.Len(t, home.Invites, 1, "Zoé is invited")

		// Both play to the end, each from their own device.
		seqs := map[int64]int64{}
		for range 3000 {
			g, err := s.loadGame(ctx, res.Game.ID)
			require.NoError(t, err)
			if g.eng.Over() {
				break
			}
			clock.Add(700 * time.Millisecond)
			moved := false
			for _, kid := range kids {
				seat, _ := g.SeatOf(kid.ID)
				v := g.eng.(*cats.Game).SeatView(seat)
				for _, m := range v.Legal {
					if m.Type == cats.MoveFlip || (m.Type == cats.MoveSlap && catsShouldSlap(v)) {
						raw, _ := json.Marshal(m)
						seqs[kid.ID]++
						_, err := s.Move(ctx, MoveRequest{GameID: g.Row.ID, StudentID: kid.ID, Seq: seqs[kid.ID], Move: raw})
						if _, ok := games.AsRuleError(err); !ok {
							require.NoError(t, err)
						}
						moved = true
						break
					}
				}
				if moved {
					break
				}
			}
			if !moved {
				require.NoError(t, s.Tick(ctx, res.Game.ID))
			}
		}
		g, err = s.loadGame(ctx, res.Game.ID)
		require.NoError(t, err)
		require.True(t, g.eng.Over(), "the two classmates played to the end")
		require.Len(t, g.eng.Result().Winners, 1)
		for seat, kid := range kids {
			atts, err := st.AttemptsOfSession(ctx, g.SessionOf(seat))
			require.NoError(t, err)
			require.NotEmpty(t, atts, "%s practised", kid.DisplayName)
			for _, a := range atts {
				assert.Equal(t, kid.ID, a.StudentID)
			}
		}
	})
}

// catsShouldSlap: one of the seat's piles shows the product of another pile.
func catsShouldSlap(v cats.View) bool {
	if v.Window == nil {
		return false
	}
	for i, p := range v.Players {
		val, ok := p.Top.Value()
		if p.Owner != v.Seat || !ok || p.Out {
			continue
		}
		for j, q := range v.Players {
			if w, ok := q.Top.Value(); j != i && ok && !q.Out && w == val {
				return true
			}
		}
	}
	return false
}

// rigCats saves a game of Multipli Cat's whose piles are dealt by hand
// (top first), every seat a student of kids with their own play session.
func rigCats(t *testing.T, s *Service, kids []store.Student, cfg cats.Config, decks [][]cats.Card, wall time.Time) *Game {
	t.Helper()
	ctx := context.Background()
	k, _ := KindOf("cats")
	var seats []Seat
	for _, kid := range kids {
		seat := Seat{Seat: games.Seat{Kind: games.SeatStudent, Name: kid.DisplayName}, StudentID: kid.ID}
		seats = append(seats, seat)
		cfg.Seats = append(cfg.Seats, seat.Seat)
	}
	fresh, err := cats.New(cfg, 1)
	require.NoError(t, err)
	raw, err := fresh.MarshalJSON()
	require.NoError(t, err)
	var state map[string]any
	require.NoError(t, json.Unmarshal(raw, &state))
	players := state["players"].([]any)
	require.Len(t, decks, len(players))
	for i, d := range decks {
		players[i] = map[string]any{"deck": d, "pile": []cats.Card{}, "out": false}
	}
	raw, err = json.Marshal(state)
	require.NoError(t, err)
	eng, err := cats.Load(raw)
	require.NoError(t, err)
	g := &Game{Kind: k, Seats: seats, eng: eng, env: saved{LastSeq: make([]int64, len(seats)), Sessions: make([]int64, len(seats)), Level: cfg.Level.Name}}
	for i, kid := range kids {
		ps, err := s.createSession(ctx, kid.ID, nil, PlanDTO{Level: cfg.Level, LevelName: cfg.Level.Name}, "cats", "souris", nil, 0, wall)
		require.NoError(t, err)
		g.env.Sessions[i] = ps.ID
	}
	stateJSON, err := g.encodeState(0, wall, games.Step{}, 0)
	require.NoError(t, err)
	seatsJSON, err := json.Marshal(seats)
	require.NoError(t, err)
	g.Row = store.Game{PlaySessionID: g.env.Sessions[0], Game: "cats", Edition: "souris", Seats: string(seatsJSON), State: stateJSON,
		Status: store.GamePlaying, CreatedAt: wall, UpdatedAt: wall}
	require.NoError(t, s.store.CreateGame(ctx, &g.Row))
	return g
}

// catsPlay sends one move of kid at the clock's time plus after.
func catsPlay(t *testing.T, s *Service, clock *fakeClock, g *Game, kid store.Student, m cats.Move, after time.Duration) {
	t.Helper()
	clock.Add(after)
	raw, err := json.Marshal(m)
	require.NoError(t, err)
	_, err = s.Move(context.Background(), MoveRequest{GameID: g.Row.ID, StudentID: kid.ID, Move: raw})
	require.NoError(t, err)
}

// TestCatsStoresAStandingMissedMatchOnce: through the pipeline, a match
// nobody slaps that stays on the table through four reveals is stored as
// one missed attempt per student concerned.
func TestCatsStoresAStandingMissedMatchOnce(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kids := class(t, st, "A", "B", "C", "D", "E")
		clock := newFakeClock()
		s := newService(st, clock)
		g := rigCats(t, s, kids, cats.Config{Level: cats.LearningLevel(5)}, [][]cats.Card{
			{cats.Mult(3, 4), cats.Mult(1, 1)}, {cats.Product(12), cats.Mult(1, 2)},
			{cats.Mult(1, 3), cats.Mult(1, 3)}, {cats.Mult(1, 5), cats.Mult(1, 5)}, {cats.Mult(1, 7), cats.Mult(1, 1)}}, clock.Now())
		for _, i := range []int{0, 1, 2, 3, 4, 0} {
			catsPlay(t, s, clock, g, kids[i], cats.Flip(), 300*time.Millisecond)
		}
		for seat := range 2 {
			atts, err := st.AttemptsOfSession(ctx, g.env.Sessions[seat])
			require.NoError(t, err)
			require.Len(t, atts, 1, "seat %d: one missed 3×4, not one per reveal", seat)
			assert.Equal(t, string(games.KindMissed), atts[0].Kind)
			assert.Equal(t, [2]int{3, 4}, [2]int{atts[0].A, atts[0].B})
		}
	})
}

// TestCatsStoresARightSourisCallOnACoveredMatch: three classmates; the next
// player after the match is one of the two and covers it; the third calls
// "Souris !": one right claim on the match is stored for them, nothing on
// unrelated facts.
func TestCatsStoresARightSourisCallOnACoveredMatch(t *testing.T) {
	storetest.ForEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		kids := class(t, st, "A", "B", "C")
		clock := newFakeClock()
		s := newService(st, clock)
		g := rigCats(t, s, kids, cats.Config{Level: cats.LearningLevel(5), SourisCall: true}, [][]cats.Card{
			{cats.Mult(3, 4), cats.Mult(1, 3)}, {cats.Mult(1, 2), cats.Mult(1, 5)}, {cats.Product(12), cats.Mult(1, 7)}}, clock.Now())
		for _, i := range []int{0, 1, 2, 0} {
			catsPlay(t, s, clock, g, kids[i], cats.Flip(), 300*time.Millisecond)
		}
		catsPlay(t, s, clock, g, kids[1], cats.Souris(), 500*time.Millisecond)
		atts, err := st.AttemptsOfSession(ctx, g.env.Sessions[1])
		require.NoError(t, err)
		require.Len(t, atts, 1, "%+v", atts)
		a := atts[0]
		assert.Equal(t, string(games.KindClaim), a.Kind)
		assert.Equal(t, [3]int{3, 4, 12}, [3]int{a.A, a.B, *a.Given})
		assert.True(t, a.Correct)
		assert.EqualValues(t, 500, *a.ResponseMS)
	})
}
