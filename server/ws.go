package server

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"time"

	"github.com/coder/websocket"
	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/play"
	"github.com/multipli/multipli/store"
)

// The game WebSocket (openapi.json, tag "play"): the server pushes {"type":"state"} on
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
	Type   string        `json:"type"`
	Game   *play.GameDTO `json:"game,omitempty"`
	Status int           `json:"status,omitempty"`
	Error  *errorDetail  `json:"error,omitempty"`
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
	login := me(c)
	studentID := login.ID
	lang := langOf(c)
	// Refusals (not a player, no such game) are answered over HTTP,
	// before the upgrade.
	first, err := s.play.View(c.Request().Context(), id, studentID, -1)
	if err != nil {
		return err
	}
	conn, err := websocket.Accept(c.Response(), c.Request(), nil)
	if err != nil {
		return nil // Accept has answered the handshake's fault
	}
	defer func() { _ = conn.CloseNow() }()
	conn.SetReadLimit(wsMaxMessage)

	// The request's context ends with the hijacked request: the socket
	// lives on its own context, ended when either side stops, or with
	// errLoginEnded when its login ends.
	ctx, end := context.WithCancelCause(context.Background())
	defer end(nil)
	p := &wsPeer{conn: conn, version: -1, login: login, end: end}
	s.sockets.add(p)
	defer s.sockets.remove(p)
	// A revocation between the handshake's check and the line above closed
	// nothing: look again.
	if err := s.liveLogin(ctx, login); errors.Is(err, errUnauthenticated) {
		p.signedOut(lang)
		return nil
	}
	sub := s.play.Hub().Subscribe(id)
	defer sub.Close()

	if err := p.state(ctx, first); err != nil {
		return nil
	}
	go func() {
		defer end(nil)
		s.wsRead(ctx, p, id, studentID, lang)
	}()
	// The login is looked at again every AuthSessionTTL: a revocation made
	// by another instance (which cannot tell this one's sockets), or the
	// login's expiry, closes the socket even when the child sends nothing.
	recheck := time.NewTicker(store.AuthSessionTTL)
	defer recheck.Stop()
	for {
		select {
		case <-ctx.Done():
			if errors.Is(context.Cause(ctx), errLoginEnded) {
				p.signedOut(lang)
				return nil
			}
			_ = conn.Close(websocket.StatusNormalClosure, "")
			return nil
		case <-recheck.C:
			if err := s.liveLogin(ctx, login); errors.Is(err, errUnauthenticated) {
				end(errLoginEnded)
			}
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

// wsRead applies the player's moves until the socket closes. Every message
// first checks that the socket's login is still live (the store keeps a
// live login in memory for a moment, so this costs no database read at
// every slap): a message after a logout, a secret reset, an erasure or the
// login's expiry ends the socket instead of playing.
func (s *Server) wsRead(ctx context.Context, p *wsPeer, gameID, studentID int64, lang string) {
	// Not ctx: a read whose context ends closes the connection at once, and
	// a socket whose login ended must first be told why (signedOut). The
	// read ends when the connection closes.
	readCtx := context.WithoutCancel(ctx)
	for {
		_, data, err := p.conn.Read(readCtx)
		if err != nil {
			return
		}
		switch err := s.liveLogin(ctx, p.login); {
		case errors.Is(err, errUnauthenticated):
			p.end(errLoginEnded)
			return
		case err != nil:
			if ctx.Err() != nil {
				return
			}
			s.wsFail(ctx, p, lang, err)
			continue
		}
		var in wsIn
		if err := json.Unmarshal(data, &in); err != nil || in.Type != "move" || len(in.Move) == 0 {
			s.wsFail(ctx, p, lang, errBadMessage)
			continue
		}
		dto, err := s.play.Move(ctx, play.MoveRequest{GameID: gameID, StudentID: studentID, Version: p.lastVersion(), Seq: in.Seq, Move: in.Move})
		if err == nil {
			if p.state(ctx, dto) != nil {
				return
			}
			continue
		}
		if ctx.Err() != nil {
			return
		}
		s.wsFail(ctx, p, lang, err, "game", gameID)
		if errors.Is(err, play.ErrStale) {
			// The page's version is behind: send it the game as it stands.
			if dto, err := s.play.View(ctx, gameID, studentID, p.lastVersion()); err == nil && p.state(ctx, dto) != nil {
				return
			}
		}
	}
}

// wsFail tells the socket why its message was not played, with the status
// and code an HTTP request would have had (classify), and logs the
// server's own faults as handleError does.
func (s *Server) wsFail(ctx context.Context, p *wsPeer, lang string, err error, args ...any) {
	pr := classify(err)
	s.serverFault(pr, err, append([]any{"route", "socket"}, args...)...)
	p.fail(ctx, wsError(pr, lang))
}

// wsError is the socket's message for a problem: its status (what HTTP
// would have answered) beside the same error detail as an HTTP body.
func wsError(pr problem, lang string) wsOut {
	d := pr.detail(lang)
	return wsOut{Type: "error", Status: pr.Status, Error: &d}
}

// errLoginEnded is why a socket ends when its login was revoked or expired.
var errLoginEnded = errors.New("server: the socket's login ended")

// wsSignedOut is the close code of a socket whose login ended: the page
// stops reconnecting and asks the child to sign in again.
const wsSignedOut = websocket.StatusPolicyViolation

// sockets are this instance's open game sockets, so that a login revoked
// here (a logout, a secret reset, an erasure) closes its sockets at once.
type sockets struct {
	mu   sync.Mutex
	open map[*wsPeer]struct{}
}

func newSockets() *sockets { return &sockets{open: map[*wsPeer]struct{}{}} }

func (ss *sockets) add(p *wsPeer) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	ss.open[p] = struct{}{}
}

func (ss *sockets) remove(p *wsPeer) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	delete(ss.open, p)
}

// revoked ends the sockets of the logins a revocation ended (the store
// calls it: store.OnLoginsRevoked).
func (ss *sockets) revoked(match func(store.AuthSession) bool) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	for p := range ss.open {
		if match(store.AuthSession{JTI: p.login.JTI, Role: string(p.login.Role), Subject: p.login.ID}) {
			p.end(errLoginEnded)
		}
	}
}

// wsPeer writes to one socket: states in increasing versions only (the
// pipeline's answer and the hub's signal may race), errors as they come.
type wsPeer struct {
	conn    *websocket.Conn
	login   principal
	end     context.CancelCauseFunc
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

func (p *wsPeer) fail(ctx context.Context, out wsOut) {
	p.mu.Lock()
	defer p.mu.Unlock()
	_ = p.write(ctx, out)
}

// signedOut tells the page its login ended, then closes the socket.
func (p *wsPeer) signedOut(lang string) {
	ctx, cancel := context.WithTimeout(context.Background(), wsWriteTimeout)
	defer cancel()
	p.fail(ctx, wsError(classify(errLoginEnded), lang))
	_ = p.conn.Close(wsSignedOut, "login ended")
}

func (p *wsPeer) write(ctx context.Context, v wsOut) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	// Not ended by the socket's context: a write cut short closes the
	// connection at once, before a socket whose login ended is told why.
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), wsWriteTimeout)
	defer cancel()
	return p.conn.Write(wctx, websocket.MessageText, b)
}
