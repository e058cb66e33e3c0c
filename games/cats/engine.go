package cats

import (
	"encoding/json"
	"slices"

	"github.com/multipli/multipli/games"
)

// Apply decodes a student's move and plays it (see Play).
func (g *Game) Apply(seat int, move json.RawMessage, at int64) (games.Step, error) {
	m, err := DecodeMove(move)
	if err != nil {
		return games.Step{}, err
	}
	return g.Play(seat, m, at)
}

// Advance lets time run to at: computer cats slap and reveal, reaction
// windows close. When nothing is due by at it changes nothing and logs
// nothing, so a server may call it as often as it likes.
func (g *Game) Advance(at int64) (games.Step, error) {
	if at < g.st.Clock {
		return games.Step{}, games.Broken("game.bad_time")
	}
	if t, ok := g.Next(); !ok || t > at {
		return games.Step{}, nil
	}
	var step games.Step
	g.step = &step
	g.advance(at, true)
	g.step = nil
	g.st.Clock = at
	g.st.Log = append(g.st.Log, games.Input{At: at, Seat: -1})
	return step, nil
}

// Waiting lists the students the game waits for: the one whose turn it is to
// flip, and the students who may still slap in the open window.
func (g *Game) Waiting() []int {
	st := &g.st
	if st.Done {
		return nil
	}
	var out []int
	if g.human(st.Turn) && (st.Win == nil || !st.Win.Live) {
		out = append(out, g.owner(st.Turn))
	}
	if st.Win != nil && st.Win.Live {
		for _, grp := range st.Win.Groups {
			for _, s := range grp {
				if g.human(s) && !slapped(st.Win, s) && !slices.Contains(out, g.owner(s)) {
					out = append(out, g.owner(s))
				}
			}
		}
	}
	return out
}

// PlayerView is one pile on the table as everybody sees it — a player's, or
// with two players one of their two piles: the newest face-up card and how
// many cards are in the deck and the pile. The order of decks and the
// covered face-up cards are nobody's to see. Owner is the seat that plays
// it, Hand which of its piles (0 or 1).
type PlayerView struct {
	Name     string `json:"name"`
	Computer bool   `json:"computer"`
	Owner    int    `json:"owner"`
	Hand     int    `json:"hand,omitempty"`
	Top      Card   `json:"top"`
	Deck     int    `json:"deck"`
	Pile     int    `json:"pile"`
	Out      bool   `json:"out"`
}

// WindowView is the open reaction window: when it opened and closes, and who
// has slapped. What it asks for is for the children to see.
type WindowView struct {
	Opened   int64 `json:"opened"`
	Deadline int64 `json:"deadline"`
	Slapped  []int `json:"slapped"`
}

// View is what one seat may see, with its legal moves. Turn, Players and
// the window's Slapped are piles (with one pile each, the seats); Seat and
// Finished are seats.
type View struct {
	Seat      int          `json:"seat"`
	Turn      int          `json:"turn"`
	TwoPiles  bool         `json:"two_piles,omitempty"` // two players, two piles each
	Clockwise bool         `json:"clockwise"`
	Magic     bool         `json:"magic"` // the next reveal is everybody together
	Clock     int64        `json:"clock"`
	Players   []PlayerView `json:"players"`
	Window    *WindowView  `json:"window,omitempty"`
	Finished  []int        `json:"finished"`
	Over      bool         `json:"over"`
	// Infinite game: the points of every seat; SourisCall: the call is on.
	Infinite   bool  `json:"infinite,omitempty"`
	Points     []int `json:"points,omitempty"`
	SourisCall bool  `json:"souris_call,omitempty"`
	// Factors is the largest factor of the deck's multiplications, at least
	// 10 (the box's): a product card prints its multiplications a × b with
	// a, b up to it, as the box's product cards print theirs.
	Factors int    `json:"factors"`
	Legal   []Move `json:"legal"`
}

// View is what seat may see (any other seat number gets the public table).
func (g *Game) View(seat int) any { return g.SeatView(seat) }

// SeatView is View typed.
func (g *Game) SeatView(seat int) View {
	st := &g.st
	v := View{Seat: seat, Turn: st.Turn, Clockwise: st.Dir > 0, Magic: st.Magic, Clock: st.Clock,
		Finished: append([]int{}, st.Finished...), Over: st.Done, Legal: append([]Move{}, g.Legal(seat)...),
		Infinite: st.Config.Infinite, Points: slices.Clone(st.Points), SourisCall: st.Config.SourisCall, TwoPiles: g.twoPiles(),
		Factors: max(10, st.Config.Level.MaxFactor, slices.Max(append([]int{0}, st.Config.Level.Tables...)))}
	for i := range st.Players {
		p := &st.Players[i]
		v.Players = append(v.Players, PlayerView{Name: st.Config.Seats[g.owner(i)].Name, Computer: !g.human(i),
			Owner: g.owner(i), Hand: i / len(st.Config.Seats), Top: p.top(), Deck: len(p.Deck), Pile: len(p.Pile), Out: p.Out})
	}
	if w := st.Win; w != nil {
		wv := &WindowView{Opened: w.Opened, Deadline: w.Deadline, Slapped: []int{}}
		for _, s := range w.Slaps {
			wv.Slapped = append(wv.Slapped, s.Seat)
		}
		v.Window = wv
	}
	return v
}
