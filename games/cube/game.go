package cube

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/multipli/multipli/games"
)

// Rule sets of the booklet.
const (
	RulesCode     = 1 // #1 Monster code: simultaneous, shared board
	RulesAdvanced = 2 // #2 Advanced code: personal piles, modifiers
	RulesDice     = 3 // #3 Monster Dice: turns, dice side, + and −
	RulesNumbers  = 4 // #4 Monster Dice numbers: turns, a × b ± c
)

// DefaultTurnMS is the booklet's 10 seconds per turn in #3 and #4.
const DefaultTurnMS = 10000

// Config is a game's setup, as the server saves it.
type Config struct {
	Rules int          `json:"rules"` // 1..4
	Level games.Level  `json:"level"`
	Seats []games.Seat `json:"seats"` // 1 to 4
	// Series is the shared board's tile series in #1 and #2 (1..4); 0 picks
	// one from the seed. In #3 and #4 seat i plays series i+1.
	Series int `json:"series,omitempty"`
	// TurnMS is the turn timer of #3 and #4; 0 switches it off (a teacher
	// may lengthen it or switch it off, as the booklet allows for a handicap).
	TurnMS int `json:"turn_ms"`
	// Bonuses adds the special rules' run and family bonuses to the score.
	Bonuses bool `json:"bonuses,omitempty"`
	// LevelDecks plays the three level decks (1–18, 19–48, 49–56) in order.
	LevelDecks bool `json:"level_decks,omitempty"`
	StartSeat  int  `json:"start_seat,omitempty"`
}

// DefaultConfig is a rule set with the booklet's timer.
func DefaultConfig(rules int, level games.Level, seats []games.Seat) Config {
	return Config{Rules: rules, Level: level, Seats: seats, TurnMS: DefaultTurnMS}
}

// solverRules is what a find must satisfy in the rule set.
func (c Config) solverRules() Rules {
	switch c.Rules {
	case RulesDice:
		return Rules{Arith: ArithAddSub, Move: MoveRequired, DistinctTiles: true}
	case RulesNumbers:
		return Rules{Arith: ArithMul, Move: MoveRequired, DistinctTiles: true}
	}
	return Rules{Arith: ArithMul, Move: MoveOptional}
}

func (c Config) turnBased() bool { return c.Rules == RulesDice || c.Rules == RulesNumbers }

func (c Config) side() Side {
	if c.Rules == RulesDice {
		return SideDice
	}
	return SideNumbers
}

// Game is one game of Monster Cube. Its whole state is in s, which is what
// MarshalJSON saves.
type Game struct {
	s state
}

var _ games.Engine = (*Game)(nil)

type state struct {
	Config Config     `json:"config"`
	Seed   uint64     `json:"seed"`
	RNG    *games.RNG `json:"rng"`
	Now    int64      `json:"now"`

	// Shared board (#1, #2) and its starting layout.
	Start Layout `json:"start,omitempty"`
	Board Layout `json:"board,omitempty"`
	// Personal boards (#3, #4).
	Boards []Layout `json:"boards,omitempty"`

	// The monster pile (top first, drawn layer by layer: pile.go), discard
	// and the face-up row (#1, #3, #4).
	Pile      []int   `json:"pile"`
	Layers    []Layer `json:"layers,omitempty"`
	Discard   []int   `json:"discard"`
	Row       []int   `json:"row"`
	Exhausted int     `json:"exhausted"` // times the pile ran out
	LastRound bool    `json:"last_round"`
	// Out holds cards out of play (the box, cleared fronts in #2).
	Out []int `json:"out"`

	Won [][]int `json:"won"` // per seat, in the order won

	// #2: personal piles, hands of 3, cards laid in front of each seat.
	Piles  [][]int `json:"piles,omitempty"`
	Hands  [][]int `json:"hands,omitempty"`
	Fronts [][]int `json:"fronts,omitempty"`

	Votes []bool    `json:"votes"` // "no solution" votes (#1, #2)
	Hint  *HintShow `json:"hint,omitempty"`
	// Hints (#2): the solutions shown to the other seats whose hands had
	// one when everyone said "no solution" (Hint is the first seat's).
	Hints []HintShow `json:"hints,omitempty"`
	Since []int64    `json:"since"` // when each seat could start looking
	Due   []int64    `json:"due"`   // a computer's planned action, -1 none
	// Prev (#1) is the situation before the last resolution, on which a
	// claim arriving just after it was made (lateClaim).
	Prev *Situation `json:"prev,omitempty"`

	Turn      int   `json:"turn"` // #3, #4
	TurnStart int64 `json:"turn_start"`
	Turns     int   `json:"turns"`
	Dry       int   `json:"dry"`    // turns in a row without a find (#3)
	Rounds    int   `json:"rounds"` // resolutions, for the safety limit

	Done   bool          `json:"done"`
	Result games.Result  `json:"result"`
	Inputs []games.Input `json:"inputs"`
}

// HintShow is a solution shown after a wrong "no solution" claim.
type HintShow struct {
	// Seat whose hand holds the card in #2 (only they see the hint); -1 in #1.
	Seat     int      `json:"seat"`
	Code     int      `json:"code"` // the printed code it solves
	Solution Solution `json:"solution"`
}

// Situation is what the players of #1 looked at until a resolution: the
// board, the row, when each seat could start looking, and the seat whose
// claim resolved it (-1: "no solution" agreed).
type Situation struct {
	Board Layout  `json:"board"`
	Row   []int   `json:"row"`
	Since []int64 `json:"since"`
	By    int     `json:"by"`
}

// roundLimit ends a game that would otherwise loop (cards that nobody can
// find going round and round); far beyond any real game's length.
const roundLimit = 400

// New deals a game.
func New(cfg Config, seed uint64) (*Game, error) {
	if cfg.Rules < 1 || cfg.Rules > 4 {
		return nil, games.Broken("config.bad_option", "option", "rules")
	}
	if len(cfg.Seats) < 1 || len(cfg.Seats) > 4 {
		return nil, games.Broken("config.bad_seats", "min", 1, "max", 4)
	}
	if err := cfg.Level.Validate(); err != nil {
		return nil, err
	}
	if cfg.Series < 0 || cfg.Series > Series {
		return nil, games.Broken("config.bad_option", "option", "series")
	}
	if cfg.TurnMS < 0 {
		return nil, games.Broken("config.bad_option", "option", "turn_ms")
	}
	if cfg.StartSeat < 0 || cfg.StartSeat >= len(cfg.Seats) {
		return nil, games.Broken("config.bad_option", "option", "start_seat")
	}
	for _, st := range cfg.Seats {
		if !st.Human() && (st.Bot < games.BotBeginner || st.Bot > games.BotStrong) {
			return nil, games.Broken("config.bad_option", "option", "bot")
		}
		if st.Miss < 0 || st.Miss > 1 {
			return nil, games.Broken("config.bad_option", "option", "miss")
		}
	}
	n := len(cfg.Seats)
	g := &Game{s: state{Config: cfg, Seed: seed, RNG: games.NewRNG(seed, 4)}}
	s := &g.s
	s.Won = make([][]int, n)
	s.Votes = make([]bool, n)
	s.Since = make([]int64, n)
	s.Due = make([]int64, n)
	for i := range s.Due {
		s.Due[i] = -1
	}
	s.Pile, s.Discard, s.Row, s.Out = []int{}, []int{}, []int{}, []int{}
	side := cfg.side()
	if cfg.turnBased() {
		s.Boards = make([]Layout, n)
		for i := range n {
			s.Boards[i] = StartLayout(i, side, s.RNG.Perm(TilesPerSeries))
		}
	} else {
		series := cfg.Series - 1
		if series < 0 {
			series = s.RNG.IntN(Series)
		}
		s.Start = StartLayout(series, side, s.RNG.Perm(TilesPerSeries))
		s.Board = s.Start.Clone()
	}
	codes := make([]int, 0, MonsterCount)
	for c := 1; c <= MonsterCount; c++ {
		if cfg.Rules == RulesDice && c > 18 {
			s.Out = append(s.Out, c) // #3 plays codes 1–18; the rest stay in the box
			continue
		}
		codes = append(codes, c)
	}
	s.Pile, s.Layers = g.shuffleDeck(codes)
	s.Turn = cfg.StartSeat
	if cfg.Rules == RulesAdvanced {
		g.dealPersonal()
	} else {
		g.refill()
	}
	g.startLooking()
	return g, nil
}

// shuffleDeck shuffles codes into one layer; with the level decks, deck 1
// comes first, then 2, then 3, each shuffled on its own and its own layer.
func (g *Game) shuffleDeck(codes []int) ([]int, []Layer) {
	out := make([]int, 0, len(codes))
	var layers []Layer
	for deck := 1; deck <= 3; deck++ {
		var part []int
		for _, c := range codes {
			if !g.s.Config.LevelDecks || LevelDeck(c) == deck {
				part = append(part, c)
			}
		}
		g.s.RNG.Shuffle(len(part), func(i, j int) { part[i], part[j] = part[j], part[i] })
		out = append(out, part...)
		if !g.s.Config.LevelDecks {
			return out, []Layer{{N: len(part)}}
		}
		if len(part) > 0 {
			layers = append(layers, Layer{N: len(part), Deck: deck})
		}
	}
	return out, layers
}

// Load restores a game saved by MarshalJSON.
func Load(data []byte) (*Game, error) {
	g := &Game{}
	if err := json.Unmarshal(data, &g.s); err != nil {
		return nil, fmt.Errorf("cube: load: %w", err)
	}
	if g.s.RNG == nil {
		return nil, fmt.Errorf("cube: load: no random source saved")
	}
	g.s.checkLayers()
	return g, nil
}

// MarshalJSON saves the full state.
func (g *Game) MarshalJSON() ([]byte, error) { return json.Marshal(g.s) }

// Game names the game and rule set, e.g. "cube/1".
func (g *Game) Game() string {
	return games.Ref{Game: games.Cube, Edition: games.Edition(strconv.Itoa(g.s.Config.Rules))}.String()
}

// Seats lists the seats in play order.
func (g *Game) Seats() []games.Seat { return append([]games.Seat(nil), g.s.Config.Seats...) }

// Over reports the end of the game.
func (g *Game) Over() bool { return g.s.Done }

// Result is the outcome once Over.
func (g *Game) Result() games.Result { return g.s.Result }

// Log is the input log.
func (g *Game) Log() []games.Input { return append([]games.Input(nil), g.s.Inputs...) }

// Waiting lists the seats whose input the game awaits.
func (g *Game) Waiting() []int {
	s := &g.s
	if s.Done {
		return nil
	}
	if s.Config.turnBased() {
		return []int{s.Turn}
	}
	var out []int
	for i, v := range s.Votes {
		if !v {
			out = append(out, i)
		}
	}
	return out
}

// Apply decodes and plays a human seat's move, recording it in the log.
func (g *Game) Apply(seat int, move json.RawMessage, at int64) (games.Step, error) {
	if seat < 0 || seat >= len(g.s.Config.Seats) {
		return games.Step{}, games.Broken("game.bad_seat", "seat", seat)
	}
	if !g.s.Config.Seats[seat].Human() {
		return games.Step{}, games.Broken("game.computer_seat", "seat", seat)
	}
	m, err := DecodeMove(move)
	if err != nil {
		return games.Step{}, err
	}
	st, err := g.Play(seat, m, at)
	if err != nil {
		return st, err // a refusal's attempts (lateClaim), stored by play
	}
	g.s.Inputs = append(g.s.Inputs, games.Input{At: at, Seat: seat, Move: append(json.RawMessage(nil), move...)})
	return st, nil
}

// Play applies a typed move of any seat. A refused move changes nothing.
func (g *Game) Play(seat int, m Move, at int64) (games.Step, error) {
	s := &g.s
	switch {
	case s.Done:
		return games.Step{}, games.Broken("game.over")
	case seat < 0 || seat >= len(s.Config.Seats):
		return games.Step{}, games.Broken("game.bad_seat", "seat", seat)
	case at < s.Now:
		return games.Step{}, games.Broken("game.bad_time")
	}
	if s.Config.turnBased() {
		return g.playTurn(seat, m, at)
	}
	return g.playClaim(seat, m, at)
}

// Advance lets time pass: computer players act when their delay is over and
// the turn timer closes turns.
func (g *Game) Advance(at int64) (games.Step, error) {
	s := &g.s
	if at < s.Now {
		return games.Step{}, games.Broken("game.bad_time")
	}
	var step games.Step
	for guard := 0; !s.Done && guard < 10000; guard++ {
		next, ok := g.Next()
		if !ok || next > at {
			break
		}
		s.Now = max(s.Now, next)
		st, err := g.tick()
		if err != nil {
			return step, err
		}
		step.Merge(st)
	}
	s.Now = max(s.Now, at)
	s.Inputs = append(s.Inputs, games.Input{At: at, Seat: -1})
	return step, nil
}

// Next is when Advance has something to do without human input.
func (g *Game) Next() (int64, bool) {
	s := &g.s
	if s.Done {
		return 0, false
	}
	if s.Config.turnBased() {
		if s.Due[s.Turn] >= 0 {
			return s.Due[s.Turn], true
		}
		if s.Config.TurnMS > 0 {
			return s.TurnStart + int64(s.Config.TurnMS), true
		}
		return 0, false
	}
	best, ok := int64(0), false
	for _, d := range s.Due {
		if d >= 0 && (!ok || d < best) {
			best, ok = d, true
		}
	}
	return best, ok
}

// tick does the one thing due at s.Now: a computer's move or a timeout.
func (g *Game) tick() (games.Step, error) {
	s := &g.s
	if s.Config.turnBased() {
		if s.Due[s.Turn] >= 0 && s.Due[s.Turn] <= s.Now {
			s.Due[s.Turn] = -1
			return g.botPlay(s.Turn)
		}
		return g.timeout(), nil
	}
	seat := -1
	for i, d := range s.Due {
		if d >= 0 && d <= s.Now && (seat < 0 || d < s.Due[seat]) {
			seat = i
		}
	}
	if seat < 0 {
		return games.Step{}, nil
	}
	s.Due[seat] = -1
	return g.botPlay(seat)
}

// botPlay lets a computer seat decide from its view and plays it.
func (g *Game) botPlay(seat int) (games.Step, error) {
	s := &g.s
	seatCfg := s.Config.Seats[seat]
	m := botMoveFinding(g.View(seat).(View), seatCfg.Bot, findChance(seatCfg), s.RNG)
	st, err := g.Play(seat, m, s.Now)
	if err != nil {
		return st, fmt.Errorf("cube: computer seat %d: %w", seat, err)
	}
	return st, nil
}

// startLooking marks a new situation: every seat may start looking now and
// the computer players plan when they will have found.
func (g *Game) startLooking() {
	s := &g.s
	for i := range s.Since {
		s.Since[i] = s.Now
		s.Due[i] = -1
	}
	if s.Done {
		return
	}
	if s.Config.turnBased() {
		s.TurnStart = s.Now
		if st := s.Config.Seats[s.Turn]; !st.Human() {
			d := int64(botDelay(st, true, s.RNG))
			if s.Config.TurnMS > 0 {
				d = min(d, int64(s.Config.TurnMS)-1)
			}
			s.Due[s.Turn] = s.Now + max(d, 0)
		}
		return
	}
	for i, st := range s.Config.Seats {
		if !st.Human() && !s.Votes[i] {
			s.Due[i] = s.Now + int64(botDelay(st, false, s.RNG))
		}
	}
}

func (g *Game) event(seat int, typ string, kv ...any) games.Event {
	e := games.Event{At: g.s.Now, Seat: seat, Type: typ}
	if len(kv) > 0 {
		e.Data = make(map[string]any, len(kv)/2)
		for i := 0; i+1 < len(kv); i += 2 {
			e.Data[fmt.Sprint(kv[i])] = kv[i+1]
		}
	}
	return e
}
