package server

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/catalog"
	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/play"
)

// The play API (openapi.json, tag "play"): a student's home, sessions,
// games and moves.
// The engines judge every move on the server; the client's word is never
// taken for a product, a time or a result.

// handleGames serves the registry of games and levels (games.Registry),
// the one list the pages read instead of a copy of their own.
func (s *Server) handleGames(c echo.Context) error {
	return c.JSON(http.StatusOK, play.NewCatalogue())
}

func (s *Server) handlePlayHome(c echo.Context) error {
	h, err := s.play.Home(c.Request().Context(), me(c).ID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, h)
}

type startBody struct {
	Game        games.Name    `json:"game"`
	Edition     games.Edition `json:"edition"`
	Opponents   int           `json:"opponents"`
	ClassmateID int64         `json:"classmate_id"`
	// Options are rules added from the game's menu (games.Game.Options).
	Options []string `json:"options"`
}

func (s *Server) handlePlayStart(c echo.Context) error {
	var b startBody
	if err := bindJSON(c, &b); err != nil {
		return err
	}
	res, err := s.play.Start(c.Request().Context(), play.StartRequest{
		StudentID: me(c).ID, Game: b.Game, Edition: b.Edition, Opponents: b.Opponents, ClassmateID: b.ClassmateID,
		Options: b.Options,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, res)
}

// handlePlayGame is the game as the student's seat sees it: a pure read.
func (s *Server) handlePlayGame(c echo.Context) error {
	return s.playView(c, s.play.View)
}

// handlePlayOpen is the game page opening (and, while its socket is down,
// polling): an invited classmate joins, and what the game's clock has due
// is played. A POST, so that it carries the CSRF header: a GET that another
// site can make a child's browser send must change nothing.
func (s *Server) handlePlayOpen(c echo.Context) error {
	return s.playView(c, s.play.Open)
}

func (s *Server) playView(c echo.Context, view func(ctx context.Context, gameID, studentID int64, since int) (play.GameDTO, error)) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	// ?since=<version>: the events since the client's version (else the
	// last step's).
	since := -1
	if q := c.QueryParam("since"); q != "" {
		n, err := strconv.Atoi(q)
		if err != nil || n < 0 {
			return invalid("since", "bad_id")
		}
		since = n
	}
	dto, err := view(c.Request().Context(), id, me(c).ID, since)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, dto)
}

type moveBody struct {
	Version *int            `json:"version"`
	Seq     int64           `json:"seq"`
	Move    json.RawMessage `json:"move"`
}

func (s *Server) handlePlayMove(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	var b moveBody
	if err := bindJSON(c, &b); err != nil {
		return err
	}
	switch {
	case b.Version == nil:
		return invalid("version", "required")
	case b.Seq <= 0:
		return invalid("seq", "required")
	case len(b.Move) == 0:
		return invalid("move", "required")
	}
	dto, err := s.play.Move(c.Request().Context(), play.MoveRequest{GameID: id, StudentID: me(c).ID, Version: *b.Version, Seq: b.Seq, Move: b.Move})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, dto)
}

func (s *Server) handlePlayEnd(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	sum, err := s.play.End(c.Request().Context(), id, me(c).ID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, sum)
}

// ruleMessage translates a rule code with the catalogue's "rule." texts; a
// code it lacks reads as a plain refusal.
func ruleMessage(lang string, re *games.RuleError) string {
	if key := "rule." + re.Code; catalog.Has(key) {
		return catalog.Text(lang, key, re.Params)
	}
	return message(lang, "game.refused", nil)
}
