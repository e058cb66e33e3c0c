package server

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"time"

	"github.com/coder/websocket"
	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/play"
)

// The game WebSocket (PLAY_API.md): the server pushes {"type":"state"} on
// every change of the game (own moves, computers, other players on any
// instance, a window closing), and takes {"type":"move"} from the player.
// A move's time is the server's clock when the message arrives: the client
// never says when it slapped. The handshake must come from the server's
// own origin (coder/websocket checks Origin), so another site cannot open
// a socket with the student's cookie.

type wsIn struct {
	Type string          `json:"type"`
	Seq  int64           `json:"seq"`
	Move json.RawMessage `json:"move"`
}

type wsOut struct {
	Type  string           `json:"type"`
	Game  *play.GameDTO    `json:"game,omitempty"`
	Error *playErrorDetail `json:"error,omitempty"`
}

// wsWriteTimeout bounds a write to a slow or vanished client.
const wsWriteTimeout = 10 * time.Second

// wsMaxMessage is the largest message a client may send (a move is tiny).
const wsMaxMessage = 16 << 10

func (s *Server) handlePlayWS(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	studentID := me(c).ID
	lang := langOf(c)
	// Refusals (not a player, no such game) are answered over HTTP,
	// before the upgrade.
	first, err := s.play.View(c.Request().Context(), id, studentID, -1)
	if err != nil {
		return s.playError(c, "", err)
	}
	conn, err := websocket.Accept(c.Response(), c.Request(), nil)
	if err != nil {
		return nil // Accept has answered the handshake's fault
	}
	defer func() { _ = conn.CloseNow() }()
	conn.SetReadLimit(wsMaxMessage)

	// The request's context ends with the hijacked request: the socket
	// lives on its own context, ended when either side stops.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sub := s.play.Hub().Subscribe(id)
	defer sub.Close()

	p := &wsPeer{conn: conn, version: -1}
	if err := p.state(ctx, first); err != nil {
		return nil
	}
	go func() {
		defer cancel()
		s.wsRead(ctx, p, id, studentID, first.Game, lang)
	}()
	for {
		select {
		case <-ctx.Done():
			_ = conn.Close(websocket.StatusNormalClosure, "")
			return nil
		case <-sub.C:
			dto, err := s.play.View(ctx, id, studentID, p.lastVersion())
			if err != nil {
				if ctx.Err() == nil {
					s.logger.Warn("ws: reload game", "game", id, "err", err)
				}
				continue
			}
			if err := p.state(ctx, dto); err != nil {
				return nil
			}
		}
	}
}

// wsRead applies the player's moves until the socket closes.
func (s *Server) wsRead(ctx context.Context, p *wsPeer, gameID, studentID int64, game, lang string) {
	for {
		_, data, err := p.conn.Read(ctx)
		if err != nil {
			return
		}
		var in wsIn
		if err := json.Unmarshal(data, &in); err != nil || in.Type != "move" || len(in.Move) == 0 {
			p.fail(ctx, playErrorDetail{Code: "bad_request", Message: message(lang, "bad_request", nil)})
			continue
		}
		dto, err := s.play.Move(ctx, play.MoveRequest{GameID: gameID, StudentID: studentID, Version: p.lastVersion(), Seq: in.Seq, Move: in.Move})
		var (
			re  *games.RuleError
			req *play.RequestError
		)
		switch {
		case err == nil:
			if p.state(ctx, dto) != nil {
				return
			}
		case errors.As(err, &re):
			p.fail(ctx, ruleDetail(lang, game, re))
		case errors.As(err, &req):
			p.fail(ctx, requestDetail(lang, req))
		case errors.Is(err, play.ErrStale):
			p.fail(ctx, playErrorDetail{Code: "game.version_conflict", Message: playMessage(lang, "game.version_conflict", nil)})
			if dto, err := s.play.View(ctx, gameID, studentID, p.lastVersion()); err == nil && p.state(ctx, dto) != nil {
				return
			}
		default:
			if ctx.Err() != nil {
				return
			}
			s.logger.Error("ws: move", "game", gameID, "err", err)
			p.fail(ctx, playErrorDetail{Code: "internal", Message: message(lang, "internal", nil)})
		}
	}
}

// wsPeer writes to one socket: states in increasing versions only (the
// pipeline's answer and the hub's signal may race), errors as they come.
type wsPeer struct {
	conn    *websocket.Conn
	mu      sync.Mutex
	version int
}

func (p *wsPeer) lastVersion() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.version
}

func (p *wsPeer) state(ctx context.Context, dto play.GameDTO) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if dto.Version <= p.version {
		return nil
	}
	p.version = dto.Version
	return p.write(ctx, wsOut{Type: "state", Game: &dto})
}

func (p *wsPeer) fail(ctx context.Context, d playErrorDetail) {
	p.mu.Lock()
	defer p.mu.Unlock()
	_ = p.write(ctx, wsOut{Type: "error", Error: &d})
}

func (p *wsPeer) write(ctx context.Context, v wsOut) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	wctx, cancel := context.WithTimeout(ctx, wsWriteTimeout)
	defer cancel()
	return p.conn.Write(wctx, websocket.MessageText, b)
}
