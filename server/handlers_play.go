package server

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/play"
)

// The play API (openapi.json, tag "play"): a student's home, sessions,
// games and moves.
// The engines judge every move on the server; the client's word is never
// taken for a product, a time or a result.

func (s *Server) handlePlayHome(c echo.Context) error {
	h, err := s.play.Home(c.Request().Context(), me(c).ID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, h)
}

type startBody struct {
	Game        string `json:"game"`
	Edition     string `json:"edition"`
	Opponents   int    `json:"opponents"`
	ClassmateID int64  `json:"classmate_id"`
	// Options are rules added from the game's menu (play.Kind.Options).
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
		return inGame(gameOfPath(c, s), err)
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

// gameOfPath names the game of the path's id, for translating its rules.
func gameOfPath(c echo.Context, s *Server) string {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		return ""
	}
	g, err := s.store.Game(c.Request().Context(), id)
	if err != nil {
		return ""
	}
	return g.Game
}

// ruleMessage translates a rule code with the game's messages, then the
// codes every engine shares.
func ruleMessage(lang, game string, re *games.RuleError) string {
	msg, ok := games.CommonMessages()[re.Code]
	if k, found := play.KindOf(game); found {
		if m, has := k.Message(re.Code); has {
			msg, ok = m, true
		}
	}
	if !ok {
		return playMessage(lang, "game.refused", nil)
	}
	return msg.Text(lang, re.Params)
}

// playMessages are the play API's own refusals, in both languages.
var playMessages = map[string]games.Message{
	"game.version_conflict": {EN: "The game moved on: here it is as it stands now.", FR: "La partie a avancé : la voici telle qu'elle est maintenant."},
	"game.refused":          {EN: "This move is not allowed here.", FR: "Ce coup n'est pas permis ici."},
	"unknown_game":          {EN: "There is no such game.", FR: "Ce jeu n'existe pas."},
	"unknown_edition":       {EN: "This game has no such edition.", FR: "Ce jeu n'a pas cette édition."},
	"bad_opponents":         {EN: "This game cannot be played with that many players.", FR: "Ce jeu ne se joue pas à autant de joueurs."},
	"bad_option":            {EN: "This rule cannot be added to this game.", FR: "Cette règle ne peut pas s'ajouter à ce jeu."},
	"game.seq_ahead":        {EN: "This move's number is too far ahead of your last move ({last_seq}): reload the game.", FR: "Le numéro de ce coup est trop loin devant ton dernier coup ({last_seq}) : recharge la partie."},
	"bad_classmate":         {EN: "You can only invite a classmate, to MultipliPotion or Multipli Cat's.", FR: "Tu ne peux inviter qu'un camarade de ta classe, à MultipliPotion ou Multipli Cat's."},
}

func playMessage(lang, code string, params map[string]any) string {
	if m, ok := playMessages[code]; ok {
		return m.Text(lang, params)
	}
	return message(lang, code, params)
}
