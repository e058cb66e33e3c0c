package demo

import (
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/games/cats"
	"github.com/multipli/multipli/games/cube"
	"github.com/multipli/multipli/games/magicoa"
	"github.com/multipli/multipli/games/potion"
	"github.com/multipli/multipli/pedagogy"
	"github.com/multipli/multipli/store"
)

// The four games of the history, in the order the platform offers them
// (games.Registry). Each is dealt as the play side deals it from a plan, and
// its student seat (seat 0) is a simulated child who decides from the
// seat's view and its legal moves, getting a fact right as often as they
// know it (profile.knows) and taking the profile's thinking time.
var historyGames = games.Names()

// student is the simulated child at seat 0 of one game.
type student interface {
	// next is the child's next move and the game clock when they make it
	// (at or after now); ok is false when the game waits for nobody but
	// the computers or the clock.
	next(now int64) (move any, at int64, ok bool)
	// refused is what the child does when the game refused their move
	// (nothing changed); ok is false to let the game go on without them.
	refused() (move any, ok bool)
}

// kid is what every game's student shares: the profile, the week and the
// session's random source.
type kid struct {
	p        profile
	week     int
	lastWeek bool
	rng      *rand.Rand
}

// knows draws whether the child gets f right, and returns the chance too.
func (k *kid) knows(f games.Fact) (bool, float64) {
	c := k.p.knows(f, k.week, k.lastWeek)
	return k.rng.Float64() < c, c
}

// think is how long the child takes over a fact they know with chance c.
func (k *kid) think(c float64) int64 {
	return int64(800 + k.p.speedMS*(1.4-c) + 600*k.rng.Float64())
}

// wrong is a plausible wrong product of f: a table off by one, or a slip.
func (k *kid) wrong(f games.Fact) int {
	return max(0, f.A*f.B+[]int{-f.A, f.B, 1, -1, 10}[k.rng.IntN(5)])
}

// dealt is a new game and its student.
type dealt struct {
	eng     games.Engine
	edition games.Edition
	student student
}

// deal sets up game as the play side does (play.Kind.New) for the plan:
// the student at seat 0, the default number of computer opponents, tuned to
// the child as the play side tunes them (opp), the plan's level and timers.
func deal(game games.Name, plan pedagogy.Plan, s store.Student, opp pedagogy.Opponent, k *kid, seed uint64) (dealt, error) {
	me := games.Seat{Kind: games.SeatStudent, Name: s.DisplayName}
	computers := func(n int) []games.Seat {
		seats := []games.Seat{me}
		for i := range n {
			seats = append(seats, opp.Seat(computerNames[i]))
		}
		return seats
	}
	timers := plan.Timer.Enabled && !s.NoTimers
	switch game {
	case games.Cats:
		window := 0 // the booklet's default, as play deals it
		switch {
		case s.NoTimers:
			window = 60000
		case timers && plan.Timer.WindowMS > 0:
			window = plan.Timer.WindowMS
		}
		g, err := cats.New(cats.Config{Level: plan.Level, Seats: computers(catsOpponents), WindowMS: window, HelpBelow: practiceFloor}, seed)
		if err != nil {
			return dealt{}, err
		}
		return dealt{g, catsEdition, &catsKid{kid: k, g: g, decided: -1}}, nil
	case games.Cube:
		cfg := cube.DefaultConfig(4, plan.Level, computers(1))
		cfg.TurnMS = 0
		if timers {
			cfg.TurnMS = max(cube.DefaultTurnMS, plan.Timer.AnswerMS)
		}
		g, err := cube.New(cfg, seed)
		if err != nil {
			return dealt{}, err
		}
		return dealt{g, games.Edition(strconv.Itoa(cfg.Rules)), &cubeKid{kid: k, g: g, turnMS: cfg.TurnMS}}, nil
	case games.Magicoa:
		g, err := magicoa.New(magicoa.Config{Level: plan.Level, Seats: computers(1), Edition: magicoa.Multiplication}, seed)
		if err != nil {
			return dealt{}, err
		}
		return dealt{g, games.Edition(magicoa.Multiplication), &magicoaKid{kid: k, g: g}}, nil
	default:
		// The quiz mode gives the history answer attempts beside captures.
		g, err := potion.New(potion.Config{Level: plan.Level, Edition: potion.Edition3, Quiz: potionQuiz, Seats: computers(1), HelpBelow: practiceFloor}, seed)
		if err != nil {
			return dealt{}, err
		}
		return dealt{g, games.Edition(strconv.Itoa(potion.Edition3)), &potionKid{kid: k, g: g, quizzed: -1}}, nil
	}
}

// practiceFloor is the engines' practice help (games.PracticeFloor), as the
// play side deals it; a test switches it off to show what it changes.
var practiceFloor = games.PracticeFloor

// potionQuiz: the history plays MultipliPotion with the quiz option; the
// pace test also measures the basic game a start button deals.
var potionQuiz = true

// catsEdition is Multipli Cat's basic game (the registry's first edition):
// the history plays it without options.
var catsEdition = func() games.Edition {
	g, _ := games.Lookup(games.Cats)
	return g.Editions[0]
}()

// computerNames are the computer players' names, as the play side names them.
var computerNames = []string{"Pixel", "Moka", "Nova", "Biscuit", "Zébulon", "Réglisse", "Tornade"}

// catsOpponents is the computer cats at a history game: the fewest the
// game allows, so that a game is a session's length.
const catsOpponents = 2

// potionKid plays MultipliPotion. Before laying, they sometimes answer the
// quiz on two potions they hold (right as often as they know the fact);
// they lay a card; they capture when they see a capture they know, else
// they end the turn (the engine then records the capture they missed).
type potionKid struct {
	*kid
	g       *potion.Game
	quizzed int // turn of the last quiz answer
}

func (c *potionKid) next(now int64) (any, int64, bool) {
	if !slices.Contains(c.g.Waiting(), 0) {
		return nil, 0, false
	}
	m, think := c.move()
	return m, now + think, true
}

func (c *potionKid) refused() (any, bool) { return potion.End(), true }

func (c *potionKid) move() (potion.Move, int64) {
	v := c.g.SeatView(0)
	rng := c.rng
	has := func(t string) bool {
		return slices.ContainsFunc(v.Legal, func(m potion.Move) bool { return m.Type == t })
	}
	if v.Phase == potion.PhaseCapture {
		if cs := potion.Captures(v.Zones[0], v.Zones[1]); len(cs) > 0 {
			return potion.CaptureMove(cs[0].Potions[0], cs[0].Potions[1], cs[0].Monster), 2500
		}
		return potion.Accept(), 1500
	}
	seen := append(slices.Clone(v.Hand), v.Zones[0]...)
	if has(potion.MoveAnswer) && c.quizzed != v.Turn && len(seen) >= 2 && rng.Float64() < 0.7 {
		c.quizzed = v.Turn
		i := rng.IntN(len(seen))
		j := (i + 1 + rng.IntN(len(seen)-1)) % len(seen)
		f := games.Fact{A: seen[i].Potion, B: seen[j].Potion}
		right, k := c.knows(f)
		value := f.A * f.B
		if !right {
			value = c.wrong(f)
		}
		return potion.Answer(seen[i].ID, seen[j].ID, value), c.think(k)
	}
	if has(potion.MoveLay) {
		lays := slices.DeleteFunc(slices.Clone(v.Legal), func(m potion.Move) bool { return m.Type != potion.MoveLay })
		return lays[rng.IntN(len(lays))], int64(1200 + rng.IntN(1500))
	}
	if has(potion.MoveCapture) {
		for _, cp := range potion.Captures(v.Zones[0], v.Zones[1]) {
			f := games.Fact{A: cardOf(v.Zones[0], cp.Potions[0]).Potion, B: cardOf(v.Zones[0], cp.Potions[1]).Potion}
			if right, k := c.knows(f); right {
				return potion.CaptureMove(cp.Potions[0], cp.Potions[1], cp.Monster), c.think(k)
			}
		}
	}
	return potion.End(), int64(900 + rng.IntN(800))
}

func cardOf(cards []potion.Card, id int) potion.Card {
	for _, c := range cards {
		if c.ID == id {
			return c
		}
	}
	return potion.Card{}
}

// catsKid plays Multipli Cat's in real time: they flip their card when it
// is their turn; when a reveal opens a reaction window and their newest
// card has the product of another player's, they notice it (and slap after
// a reaction time that grows with doubt) as often as they know the fact of
// the multiplication card, else the window closes on a missed attempt;
// now and then they slap when nothing matches (gluttony, a wrong claim).
type catsKid struct {
	*kid
	g         *cats.Game
	decided   int64 // the window (its opening) the slap was decided for
	slapAt    int64 // -1: no slap in that window
	concerned bool  // their card matches another in that window
}

// catsFalseSlap is the chance of a slap when the child's card matches none.
const catsFalseSlap = 0.03

func (c *catsKid) next(now int64) (any, int64, bool) {
	v := c.g.SeatView(0)
	canFlip, canSlap := false, false
	for _, m := range v.Legal {
		canFlip = canFlip || m.Type == cats.MoveFlip
		canSlap = canSlap || m.Type == cats.MoveSlap
	}
	if w := v.Window; w != nil && canSlap {
		if w.Opened != c.decided {
			c.decided, c.slapAt = w.Opened, -1
			c.decide(v)
		}
		if c.slapAt >= 0 && max(c.slapAt, now) < w.Deadline {
			return cats.Slap(), max(c.slapAt, now), true
		}
	}
	if !canFlip {
		return nil, 0, false
	}
	at := now + int64(700+c.rng.IntN(900))
	if w := v.Window; w != nil && w.Deadline > at && (c.concerned || !c.flipAwaited()) {
		// Their card or others' match: they watch the window to its end
		// (the cats slap, or it closes) before flipping.
		at = w.Deadline
	}
	return cats.Flip(), at, true
}

// flipAwaited reports whether the game awaits the child's flip now (not
// while a match between others waits for slaps).
func (c *catsKid) flipAwaited() bool {
	return slices.Contains(c.g.Waiting(), 0)
}

// decide draws whether and when the child slaps in the window just opened.
func (c *catsKid) decide(v cats.View) {
	c.concerned = false
	mine := v.Players[0].Top
	val, ok := mine.Value()
	if !ok || v.Players[0].Out {
		return
	}
	for i, p := range v.Players {
		if i == 0 || p.Out || p.Top.IsZero() {
			continue
		}
		if other, ok := p.Top.Value(); !ok || other != val {
			continue
		}
		c.concerned = true
		f := mine.Fact()
		if !mine.IsMult() {
			f = p.Top.Fact()
		}
		if right, k := c.knows(f); right {
			c.slapAt = v.Window.Opened + int64(500+0.35*c.p.speedMS*(1.5-k)+400*c.rng.Float64())
		}
		return
	}
	if c.rng.Float64() < catsFalseSlap {
		c.slapAt = v.Window.Opened + int64(400+c.rng.IntN(1500))
	}
}

func (c *catsKid) refused() (any, bool) {
	c.slapAt = -1 // too late: the window had closed
	return nil, false
}

// cubeKid plays Monster Cube #4 (a × b ± c, turn by turn, own tiles): on
// their turn they look for the monsters of the row on their board (the
// solver lists what is there to find); when there is a find they submit it
// right as often as they know its a × b, else they slip (a wrong formula,
// refereed wrong) or give up and pass; with nothing to find they pass. A
// tile move comes with every turn, as the rules require.
type cubeKid struct {
	*kid
	g      *cube.Game
	turnMS int
	board  cube.Layout // the child's tiles at their last look
	pass   *cube.Move  // the pass of that look, once drawn
}

func (c *cubeKid) next(now int64) (any, int64, bool) {
	if !slices.Contains(c.g.Waiting(), 0) {
		return nil, 0, false
	}
	v := c.g.View(0).(cube.View)
	board := v.Board
	if len(v.Boards) > 0 {
		board = v.Boards[0]
	}
	c.board, c.pass = board, nil
	limit := func(ms int64) int64 { // a child in time, mostly: the timer is the game's
		if c.turnMS > 0 {
			return min(ms, int64(c.turnMS)-300)
		}
		return ms
	}
	var cands []cube.Find // the child looks for a × b ± c with a tile move
	for _, f := range cube.Finds(board, v.Row, v.Solver) {
		if f.Solution.Ops[0] == "*" && f.Solution.Move != nil {
			cands = append(cands, f)
		}
	}
	if len(cands) == 0 {
		pass, ok := c.passMove()
		return pass, now + limit(int64(3000+c.rng.IntN(4000))), ok
	}
	pick := cands[c.rng.IntN(len(cands))]
	f := games.Fact{A: pick.Solution.Values[0], B: pick.Solution.Values[1]}
	right, k := c.knows(f)
	think := limit(2*c.think(k) + int64(c.rng.IntN(2000)))
	m := pick.Move()
	switch {
	case right:
	case c.rng.Float64() < 0.5:
		m.Ops = []string{"*", map[string]string{"+": "-", "-": "+"}[pick.Solution.Ops[1]]}
	default:
		pass, ok := c.passMove()
		return pass, now + think, ok
	}
	return m, now + think, true
}

// passMove gives up the find, with the tile move the rules require (any
// legal one: listing them is costly, so only when the child passes).
func (c *cubeKid) passMove() (cube.Move, bool) {
	if c.pass == nil {
		moves := cube.LegalTileMoves(c.board)
		if len(moves) == 0 {
			return cube.Move{}, false
		}
		tile := moves[c.rng.IntN(len(moves))]
		c.pass = &cube.Move{Type: cube.MovePass, Tile: &tile}
	}
	return *c.pass, true
}

func (c *cubeKid) refused() (any, bool) {
	pass, ok := c.passMove()
	return pass, ok
}

// magicoaKid plays Magicoa's multiplication edition: they choose two gold
// cards, answer the product of the card they are about to place (right as
// often as they know the fact, the answer attempt), place it on a potion
// the rules allow (a bid when it covers another card), never exchange, take
// a power or its points at random, and answer a tripled score at the end.
type magicoaKid struct {
	*kid
	g    *magicoa.Game
	last []magicoa.Move
}

func (c *magicoaKid) next(now int64) (any, int64, bool) {
	if !slices.Contains(c.g.Waiting(), 0) {
		return nil, 0, false
	}
	v := c.g.View(0).(magicoa.View)
	c.last = v.Legal
	if len(v.Legal) == 0 {
		return nil, 0, false
	}
	switch first := v.Legal[0]; first.Type {
	case magicoa.MoveAnswer:
		var f games.Fact
		switch {
		case v.Triple != nil:
			f = games.Fact{A: v.Triple.Points, B: v.Triple.Times}
		case v.Current != nil && v.Current.Fact != nil:
			f = *v.Current.Fact
		default:
			return nil, 0, false
		}
		right, k := c.knows(f)
		given := f.A * f.B
		if !right {
			given = c.wrong(f)
		}
		return magicoa.Move{Type: magicoa.MoveAnswer, Product: given}, now + c.think(k), true
	case magicoa.MoveExchange, magicoa.MovePass:
		return magicoa.Move{Type: magicoa.MovePass, Potion: first.Potion}, now + int64(1500+c.rng.IntN(2000)), true
	default:
		return v.Legal[c.rng.IntN(len(v.Legal))], now + int64(1500+c.rng.IntN(3000)), true
	}
}

func (c *magicoaKid) refused() (any, bool) {
	if len(c.last) == 0 || c.last[0].Type == magicoa.MoveAnswer {
		return nil, false
	}
	return c.last[0], true
}
