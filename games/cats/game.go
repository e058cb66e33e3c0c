package cats

import (
	"encoding/json"
	"fmt"

	"github.com/multipli/multipli/games"
)

// Window kinds: what a reveal asks the cats to slap for.
const (
	KindNone   = "none"   // nothing: any slap is gluttony
	KindMatch  = "match"  // equal products
	KindSeesaw = "seesaw" // largest against smallest
	KindChase  = "chase"  // everybody
	KindAmbush = "ambush" // everybody, against the revealer
)

// Result reasons.
const (
	ReasonChampion = "cats.two_left" // play went on until two players were left
	ReasonOneLeft  = "cats.one_left" // two players: one gave all their cards away
	ReasonCap      = "cats.max_reveals"
	// Infinite game: a student stopped it, or the cap ended it; both rank by points.
	ReasonStopped   = "cats.stopped"
	ReasonCapPoints = "cats.max_reveals_points"
)

// player is one pile of cards on the table: a player's, or one of the two
// piles each player plays with two players (see Config.piles). The state's
// Players are these piles in table order; Config.Seats are the people.
type player struct {
	Deck []Card `json:"deck"` // face down, index 0 on top
	Pile []Card `json:"pile"` // face up, last is the newest
	Out  bool   `json:"out"`  // gave away all their cards
	// Scored: infinite game, the pile scored for emptying and could take no
	// card back (two players: the other player's piles hold fewer than two
	// cards each); it scores again only once it has held cards (see
	// scoreEmptyHands).
	Scored bool `json:"scored,omitempty"`
}

func (p *player) cards() int { return len(p.Deck) + len(p.Pile) }

func (p *player) top() Card {
	if len(p.Pile) == 0 {
		return Card{}
	}
	return p.Pile[len(p.Pile)-1]
}

// slap is a slap that was made (At) or that a computer cat will make.
type slap struct {
	Seat int   `json:"seat"`
	At   int64 `json:"at"`
	Call bool  `json:"call,omitempty"` // a "Souris !" call, not a slap
}

// missedMatch is a group of piles whose equal products nobody slapped in
// their window, with the cards they showed and how deep each lay in its
// face-up pile (1 = the bottom card): the cards are still on the table while
// each pile holds its card at that depth, and still stand (are the newest)
// while the pile is exactly that deep.
type missedMatch struct {
	Seats  []int  `json:"seats"`
	Cards  []Card `json:"cards"`
	Depths []int  `json:"depths,omitempty"`
}

// window is the reaction window opened by a reveal. It closes at Deadline or
// at the next reveal, whichever comes first; a gluttony closes it too.
type window struct {
	Kind     string  `json:"kind"`
	Opened   int64   `json:"opened"`
	Deadline int64   `json:"deadline"`
	Revealer int     `json:"revealer"` // who revealed the card that asks (the turn holder otherwise)
	Tops     []Card  `json:"tops"`     // newest card of every seat at the reveal
	Groups   [][]int `json:"groups,omitempty"`
	Done     []bool  `json:"done,omitempty"`  // per group: resolved
	Extra    []int   `json:"extra,omitempty"` // booklet part VI: last card is a special
	Slaps    []slap  `json:"slaps,omitempty"`
	Live     bool    `json:"live"`               // an unresolved exchange still waits for slaps
	TurnSet  bool    `json:"turn_set,omitempty"` // a settled exchange chose who reveals next
	Calls    []int   `json:"calls,omitempty"`    // seats that called "Souris !" in this window
	Souris   bool    `json:"souris,omitempty"`   // a missed match still stands: calls may come
}

// Stats counts what happened, for the simulation and the teacher.
type Stats struct {
	Reveals    int   `json:"reveals"`
	Exchanges  int   `json:"exchanges"`
	Gluttonies int   `json:"gluttonies"`
	Chases     int   `json:"chases"`
	Ambushes   int   `json:"ambushes"`
	Missed     int   `json:"missed"`            // matches or Seesaws nobody slapped in time
	Won        []int `json:"won"`               // exchanges won per seat
	Involved   []int `json:"involved"`          // exchanges a seat took part in
	Souris     int   `json:"souris,omitempty"`  // right "Souris !" calls
	Refills    int   `json:"refills,omitempty"` // infinite game: hands emptied and refilled
}

type state struct {
	Config    Config        `json:"config"`
	Seed      uint64        `json:"seed"`
	RNG       *games.RNG    `json:"rng"`
	Players   []player      `json:"players"`
	Turn      int           `json:"turn"`
	Dir       int           `json:"dir"` // +1 clockwise, -1 after a Dead end
	Magic     bool          `json:"magic"`
	TurnSince int64         `json:"turn_since"`
	Win       *window       `json:"window,omitempty"`
	Pending   []slap        `json:"pending,omitempty"` // computer slaps to come
	Clock     int64         `json:"clock"`
	Finished  []int         `json:"finished"`            // seats (players), in the order they gave all their cards
	Points    []int         `json:"points,omitempty"`    // infinite game: points per seat
	Unclaimed []missedMatch `json:"unclaimed,omitempty"` // "Souris !": matches the last window let pass
	// Passed: the matches let pass that still stand, so that a match is
	// missed once, not once per window it stays on the table (see missed).
	Passed []missedMatch `json:"passed,omitempty"`
	// Answered counts each seat's multiplications (attempts but missed
	// ones) in the game, for Config.HelpBelow.
	Answered []int         `json:"answered,omitempty"`
	Done     bool          `json:"done"`
	Reason   string        `json:"reason,omitempty"`
	Stats    Stats         `json:"stats"`
	Log      []games.Input `json:"log"`
}

// Game is one game of Multipli Cat's.
type Game struct {
	st state
	// step collects what the input being handled produces.
	step *games.Step
	// quiet skips building events (simulations read only the counts).
	quiet bool
	// Scratch space reused from reveal to reveal (never saved).
	tab      Table
	revealed []int
	spare    *window
}

var _ games.Engine = (*Game)(nil)

// New deals a game: the deck of the level shuffled from seed, dealt one card
// at a time from the start seat, so decks differ by at most one card (with
// two players, to the four piles in table order).
func New(cfg Config, seed uint64) (*Game, error) {
	if err := cfg.validate(); err != nil {
		return nil, fmt.Errorf("cats: new: %w", err)
	}
	cfg = cfg.withDefaults()
	deck, err := BuildDeck(cfg.Level, cfg.Specials)
	if err != nil {
		return nil, err
	}
	rng := games.NewRNG(seed, 2)
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	n, hands := len(cfg.Seats), len(cfg.Seats)*cfg.piles()
	g := &Game{st: state{Config: cfg, Seed: seed, RNG: rng, Players: make([]player, hands), Turn: cfg.Start, Dir: 1, Finished: []int{}, Log: []games.Input{}}}
	for i, c := range deck {
		p := &g.st.Players[(cfg.Start+i)%hands]
		p.Deck = append(p.Deck, c)
	}
	g.st.Stats.Won = make([]int, n)
	g.st.Stats.Involved = make([]int, n)
	if cfg.Infinite {
		g.st.Points = make([]int, n)
	}
	return g, nil
}

// Load restores a game saved by MarshalJSON.
func Load(data []byte) (*Game, error) {
	var st state
	if err := json.Unmarshal(data, &st); err != nil {
		return nil, fmt.Errorf("cats: load: %w", err)
	}
	n, hands := len(st.Config.Seats), len(st.Players)
	if st.RNG == nil || hands != n*st.Config.piles() || len(st.Stats.Won) != n || len(st.Stats.Involved) != n ||
		st.Turn < 0 || st.Turn >= hands || (st.Dir != 1 && st.Dir != -1) || (st.Win != nil && len(st.Win.Tops) != hands) ||
		(st.Config.Infinite && len(st.Points) != n) {
		return nil, fmt.Errorf("cats: load: inconsistent state")
	}
	if err := st.Config.validate(); err != nil {
		return nil, fmt.Errorf("cats: load: %w", err)
	}
	if st.Log == nil {
		st.Log = []games.Input{}
	}
	return &Game{st: st}, nil
}

// MarshalJSON saves the full state, including the RNG position and the log.
func (g *Game) MarshalJSON() ([]byte, error) { return json.Marshal(g.st) }

// Game names the game.
func (g *Game) Game() string { return games.Ref{Game: games.Cats}.String() }

// Seats lists the seats in play order.
func (g *Game) Seats() []games.Seat { return g.st.Config.Seats }

// Config is the game's configuration with defaults filled in.
func (g *Game) Config() Config { return g.st.Config }

// Over reports the end of the game.
func (g *Game) Over() bool { return g.st.Done }

// Stats is what happened so far.
func (g *Game) Stats() Stats { return g.st.Stats }

// Log is the input log.
func (g *Game) Log() []games.Input { return g.st.Log }

// Cards is how many cards each seat holds (decks and face-up piles).
func (g *Game) Cards() []int {
	out := make([]int, len(g.st.Config.Seats))
	for i := range g.st.Players {
		out[g.owner(i)] += g.st.Players[i].cards()
	}
	return out
}

// Champion is the first seat that gave away all its cards, if any.
func (g *Game) Champion() (int, bool) {
	if len(g.st.Finished) == 0 {
		return 0, false
	}
	return g.st.Finished[0], true
}

// Result: the winner is the Champion, the first player who gave all their
// cards away (booklet: "Le premier joueur à s'être débarrassé de toutes ses
// cartes a gagné"); the players who give their cards away after them are
// neither winners nor losers, and the last two (the last one with two
// players) are the losers. Scores are places: the champion scores the
// number of non-losers (n − 2, or 1 with two players), the next one less,
// …, the losers 0. At the safety cap the players still in are ranked by
// their cards, so there is always a winner.
func (g *Game) Result() games.Result {
	if g.st.Config.Infinite {
		return g.infiniteResult()
	}
	n := len(g.st.Config.Seats)
	r := games.Result{Winners: []int{}, Scores: make([]int, n), Reason: g.st.Reason}
	if len(g.st.Finished) > 0 {
		r.Winners = append(r.Winners, g.st.Finished[0])
	}
	for i, s := range g.st.Finished {
		r.Scores[s] = n - g.losers() - i
	}
	return r
}

// infiniteResult: the seats are ranked by points (Finished holds the
// non-losers in order once the game is over); the winners are those of the
// non-losers who have the most points — several when they are equal, a
// shared victory — and the scores are the points.
func (g *Game) infiniteResult() games.Result {
	r := games.Result{Winners: []int{}, Scores: append([]int{}, g.st.Points...), Reason: g.st.Reason}
	for _, s := range g.st.Finished {
		if g.st.Points[s] == g.st.Points[g.st.Finished[0]] {
			r.Winners = append(r.Winners, s)
		}
	}
	return r
}

// losers is how many players lose: the last two, or the last one when two
// play (booklet: play goes on until two players are left).
func (g *Game) losers() int {
	if len(g.st.Config.Seats) == 2 {
		return 1
	}
	return 2
}

// active is how many seats are still in (have a pile with cards).
func (g *Game) active() int {
	k := 0
	for s := range g.st.Config.Seats {
		if g.seatIn(s) {
			k++
		}
	}
	return k
}

// seatIn reports whether the seat still has a pile in play.
func (g *Game) seatIn(seat int) bool {
	for h := seat; h < len(g.st.Players); h += len(g.st.Config.Seats) {
		if !g.st.Players[h].Out {
			return true
		}
	}
	return false
}

// seatsIn lists the seats still in.
func (g *Game) seatsIn() []int {
	var out []int
	for s := range g.st.Config.Seats {
		if g.seatIn(s) {
			out = append(out, s)
		}
	}
	return out
}

// owner is the seat that plays pile h: piles go round the table A1, B1, A2,
// B2 with two players, so that the two players take turns.
func (g *Game) owner(h int) int { return h % len(g.st.Config.Seats) }

// twoPiles reports the two-player game (two piles each).
func (g *Game) twoPiles() bool { return len(g.st.Players) > len(g.st.Config.Seats) }

// handsOf lists the piles of a seat, in table order.
func (g *Game) handsOf(seat int) []int {
	if !g.twoPiles() {
		return []int{seat}
	}
	return []int{seat, seat + len(g.st.Config.Seats)}
}

// human reports whether pile h is a student's.
func (g *Game) human(h int) bool { return g.st.Config.Seats[g.owner(h)].Human() }

// loud reports whether events are being collected; callers check it before
// emit so that quiet simulations do not even box the event's data.
func (g *Game) loud() bool { return !g.quiet && g.step != nil }

// emit records a public event done by pile h (-1: by nobody). The event's
// seat is the player; with two piles each, "hand" says which pile acted,
// and the piles an event's data names ("to", "loser", …) are indexes of
// View.Players (with one pile each they are the seats).
func (g *Game) emit(at int64, h int, typ string, kv ...any) {
	seat := h
	if h >= 0 {
		seat = g.owner(h)
		if g.twoPiles() {
			kv = append(kv, "hand", h)
		}
	}
	g.emitSeat(at, seat, typ, kv...)
}

// emitSeat records a public event of a player (not of one of their piles).
func (g *Game) emitSeat(at int64, seat int, typ string, kv ...any) {
	e := games.Event{At: at, Seat: seat, Type: typ}
	if len(kv) > 0 {
		e.Data = make(map[string]any, len(kv)/2)
		for i := 0; i+1 < len(kv); i += 2 {
			e.Data[kv[i].(string)] = kv[i+1]
		}
	}
	g.step.Events = append(g.step.Events, e)
}

func (g *Game) attempt(a games.Attempt) {
	if a.Kind != games.KindMissed {
		g.st.answered(a.Seat, 1)
	}
	if g.step != nil {
		g.step.Attempts = append(g.step.Attempts, a)
	}
}
