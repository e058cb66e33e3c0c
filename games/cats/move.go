package cats

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/multipli/multipli/games"
)

// Move types.
//
// Decision: a student's reveal is a move ("flip"): the child turns their own
// card, as at the table (outward, so they do not see it first). Computer cats
// reveal RevealDelayMS after their turn starts; AutoRevealMS can flip for a
// student who needs it.
const (
	MoveFlip = "flip" // reveal the top card of one's deck
	MoveSlap = "slap" // slap the mouse
	// MoveSouris calls "Souris !" on a match two other players let pass
	// (Config.SourisCall).
	MoveSouris = "souris"
	// MoveStop ends the infinite game (Config.Infinite): the players stop
	// when they wish.
	MoveStop = "stop"
)

// Move is a student's input. With, on a slap, names the seat whose card the
// student claims equal to theirs (optional: a big button does not say); with
// two players it names a pile (an index of View.Players).
type Move struct {
	Type string `json:"type"`
	With *int   `json:"with,omitempty"`
}

// Flip is the reveal move.
func Flip() Move { return Move{Type: MoveFlip} }

// Slap is a slap that names no partner.
func Slap() Move { return Move{Type: MoveSlap} }

// Souris is the "Souris !" call.
func Souris() Move { return Move{Type: MoveSouris} }

// Stop ends the infinite game.
func Stop() Move { return Move{Type: MoveStop} }

// SlapWith is a slap claiming equality with seat's card.
func SlapWith(seat int) Move { return Move{Type: MoveSlap, With: &seat} }

// DecodeMove reads a move strictly: unknown fields, wrong types or trailing
// data are refused.
func DecodeMove(data []byte) (Move, error) {
	var m Move
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return Move{}, games.Unreadable(err)
	}
	if dec.More() {
		return Move{}, games.Broken("game.bad_move", "reason", "trailing data")
	}
	switch m.Type {
	case MoveFlip, MoveSouris, MoveStop:
		if m.With != nil {
			return Move{}, games.Broken("game.bad_move", "reason", "only a slap names a seat")
		}
	case MoveSlap:
	default:
		return Move{}, games.Broken("game.unknown_move", "type", m.Type)
	}
	return m, nil
}

// Legal lists the moves seat may make now: slap while a reaction window is
// open (whether it is right is the child's to judge, so it is always
// offered), flip when it is their turn (with two players, when it is one of
// their piles' turn).
func (g *Game) Legal(seat int) []Move {
	st := &g.st
	if st.Done || seat < 0 || seat >= len(st.Config.Seats) || !g.human(seat) || !g.seatIn(seat) {
		return nil
	}
	var out []Move
	if g.owner(st.Turn) == seat {
		out = append(out, Flip())
	}
	if st.Win != nil && g.slapHand(seat, -1) >= 0 {
		out = append(out, Slap())
	}
	if st.Config.SourisCall && st.Win != nil && !slices.Contains(st.Win.Calls, seat) {
		out = append(out, Souris())
	}
	if st.Config.Infinite {
		out = append(out, Stop())
	}
	return out
}

// Play applies a student's move at time at (ms on the game clock). Everything
// due before at (computer slaps, a window's deadline) happens first; things
// due exactly at at come after the student's move, so a student who ties a
// computer cat wins. A refused move returns a *games.RuleError and leaves the
// game exactly as it was.
func (g *Game) Play(seat int, m Move, at int64) (games.Step, error) {
	st := &g.st
	switch {
	case st.Done:
		return games.Step{}, games.Broken("game.over")
	case seat < 0 || seat >= len(st.Config.Seats):
		return games.Step{}, games.Broken("game.bad_seat", "seat", seat)
	case !g.human(seat):
		return games.Step{}, games.Broken("game.computer_seat", "seat", seat)
	case at < st.Clock:
		return games.Step{}, games.Broken("game.bad_time")
	case !g.seatIn(seat):
		return games.Step{}, games.Broken("cats.out")
	}
	with := -1
	if m.With != nil {
		with = *m.With
		if with < 0 || with >= len(st.Players) || (!g.twoPiles() && with == seat) {
			return games.Step{}, games.Broken("cats.bad_with", "seat", with)
		}
	}
	switch m.Type {
	case MoveFlip, MoveSlap, MoveSouris, MoveStop:
	default:
		return games.Step{}, games.Broken("game.unknown_move", "type", m.Type)
	}
	if m.With != nil && m.Type != MoveSlap {
		return games.Step{}, games.Broken("game.bad_move", "reason", "only a slap names a seat")
	}
	saved, err := st.clone()
	if err != nil {
		return games.Step{}, fmt.Errorf("cats: play: %w", err)
	}
	var step games.Step
	g.step = &step
	defer func() { g.step = nil }()
	g.advance(at, false)
	if rerr := g.check(seat, m, with, at); rerr != nil {
		saved.Log = st.Log
		g.st = saved
		return games.Step{}, rerr
	}
	st.Clock = at
	switch m.Type {
	case MoveFlip:
		g.reveal(at)
	case MoveSlap:
		g.slap(g.slapHand(seat, with), at, with)
	case MoveSouris:
		g.call(seat, at)
	case MoveStop:
		g.stop(seat, at)
	}
	raw, _ := json.Marshal(m)
	st.Log = append(st.Log, games.Input{At: at, Seat: seat, Move: raw})
	return step, nil
}

// check judges the move once time has reached at.
func (g *Game) check(seat int, m Move, with int, at int64) *games.RuleError {
	st := &g.st
	switch {
	case st.Done:
		return games.Broken("game.over")
	case !g.seatIn(seat):
		return games.Broken("cats.out")
	case m.Type == MoveFlip && g.owner(st.Turn) != seat:
		return games.Broken("game.not_your_turn")
	case m.Type == MoveSlap && (st.Win == nil || at > st.Win.Deadline):
		return games.Broken("cats.window_closed")
	case m.Type == MoveSlap && g.slapHand(seat, with) < 0:
		return games.Broken("cats.already_slapped")
	case m.Type == MoveSlap && g.slapHand(seat, with) == with:
		return games.Broken("cats.bad_with", "seat", with)
	case m.Type == MoveStop && !st.Config.Infinite:
		return games.Broken("cats.not_infinite")
	case m.Type == MoveSouris && !st.Config.SourisCall:
		return games.Broken("cats.no_souris")
	case m.Type == MoveSouris && (st.Win == nil || at > st.Win.Deadline):
		return games.Broken("cats.window_closed")
	case m.Type == MoveSouris && slices.Contains(st.Win.Calls, seat):
		return games.Broken("cats.already_called")
	}
	return nil
}
