package play

import (
	"context"
	"time"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/store"
)

// Home is the student's home page data.
type Home struct {
	Student     HomeStudent      `json:"student"`
	Assignments []HomeAssignment `json:"assignments"`
	Continue    []HomeGame       `json:"continue"`
	// Games and Levels are the registry (Catalogue), so that the page
	// needs no list of its own.
	Games      []HomeKind      `json:"games"`
	Levels     []HomeLevel     `json:"levels"`
	Invites    []HomeInvite    `json:"invites"`
	Classmates []HomeClassmate `json:"classmates"`
}

// HomeStudent is who is signed in.
type HomeStudent struct {
	ID    int64           `json:"id"`
	Name  string          `json:"name"`
	Level games.LevelName `json:"level"`
}

// HomeAssignment is one current assignment of the teacher.
type HomeAssignment struct {
	ID       int64           `json:"id"`
	TitleEN  string          `json:"title_en"`
	TitleFR  string          `json:"title_fr"`
	Tables   []int           `json:"tables"`
	Level    games.LevelName `json:"level"`
	Games    []games.Name    `json:"games"`
	Due      string          `json:"due,omitempty"`
	Progress HomeProgress    `json:"progress"`
}

// HomeProgress is how much of an assignment's target is done.
type HomeProgress struct {
	Done   int    `json:"done"`
	Target int    `json:"target"`
	Unit   string `json:"unit"`
}

// HomeGame is an unfinished game the student can continue.
type HomeGame struct {
	GameID    int64     `json:"game_id"`
	Game      string    `json:"game"`
	Edition   string    `json:"edition"`
	StartedAt time.Time `json:"started_at"`
	// Opponents are the other players' names in seat order (Multipli
	// Cat's may have several); Opponent is the first, kept for clients
	// that read it.
	Opponents []string `json:"opponents"`
	Opponent  string   `json:"opponent"`
}

// Catalogue is the registry as the browser reads it: every game in the
// registry's order and every level name, with what the pages need to offer
// them (the texts are the interface's, keyed by these names).
type Catalogue struct {
	Games  []HomeKind  `json:"games"`
	Levels []HomeLevel `json:"levels"`
}

// HomeKind is a game the student may start, with its editions, the
// options of its menu and its seats.
type HomeKind struct {
	Game games.Name `json:"game"`
	// Icon names the game's picture (games.Kind.Icon).
	Icon     string          `json:"icon"`
	Editions []games.Edition `json:"editions"`
	// Options are sent beside the edition at the start.
	Options []games.Option `json:"options,omitempty"`
	// Combinable options are spelled in the edition instead (Multipli
	// Cat's, games.Option.InEdition).
	Combinable       []string `json:"combinable,omitempty"`
	MinOpponents     int      `json:"min_opponents"`
	MaxOpponents     int      `json:"max_opponents"`
	DefaultOpponents int      `json:"default_opponents"`
	TwoStudents      bool     `json:"two_students,omitempty"`
}

// HomeLevel is a level name with its badge (games.LevelName.Badge) and, for
// a ladder level, its tables.
type HomeLevel struct {
	Name   games.LevelName `json:"name"`
	Badge  string          `json:"badge"`
	Tables []int           `json:"tables,omitempty"`
}

// NewCatalogue reads the registry.
func NewCatalogue() Catalogue {
	var c Catalogue
	for _, g := range games.Registry() {
		hk := HomeKind{Game: g.Name, Icon: g.Icon, Editions: g.Editions, MinOpponents: g.MinOpponents, MaxOpponents: g.MaxOpponents,
			DefaultOpponents: g.DefaultOpponents, TwoStudents: g.TwoStudents}
		for _, o := range g.Options {
			if o.InEdition {
				hk.Combinable = append(hk.Combinable, o.Name)
			} else {
				hk.Options = append(hk.Options, o)
			}
		}
		c.Games = append(c.Games, hk)
	}
	for _, n := range append(games.Ladder(), games.LevelCustom) {
		d, _ := n.Deck()
		c.Levels = append(c.Levels, HomeLevel{Name: n, Badge: n.Badge(), Tables: d.Tables})
	}
	return c
}

// HomeInvite is a classmate's invitation to a game.
type HomeInvite struct {
	GameID int64  `json:"game_id"`
	Game   string `json:"game"`
	From   string `json:"from"`
}

// HomeClassmate is a classmate the student may invite.
type HomeClassmate struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// liveWindow is how far back the home looks for unfinished games.
const liveWindow = 7 * 24 * time.Hour

// Home gathers the student's home page.
func (s *Service) Home(ctx context.Context, studentID int64) (Home, error) {
	kid, err := s.store.Student(ctx, studentID)
	if err != nil {
		return Home{}, err
	}
	wall := s.wall()
	level, _ := games.ParseLevel(kid.Level) // unknown: not placed yet
	cat := NewCatalogue()
	h := Home{
		Student:     HomeStudent{ID: kid.ID, Name: kid.DisplayName, Level: level},
		Assignments: []HomeAssignment{}, Continue: []HomeGame{}, Invites: []HomeInvite{}, Classmates: []HomeClassmate{},
		Games: cat.Games, Levels: cat.Levels,
	}
	as, err := s.store.ActiveAssignmentsFor(ctx, kid.ID, wall)
	if err != nil {
		return Home{}, err
	}
	if h.Student.Level, err = s.homeLevel(ctx, kid, level, wall); err != nil {
		return Home{}, err
	}
	for _, a := range as {
		ha, err := s.homeAssignment(ctx, kid.ID, a)
		if err != nil {
			return Home{}, err
		}
		h.Assignments = append(h.Assignments, ha)
	}
	rows, err := s.store.LiveGamesOfClass(ctx, kid.ClassID, wall.Add(-liveWindow))
	if err != nil {
		return Home{}, err
	}
	for _, row := range rows {
		g, err := decodeGame(row)
		if err != nil {
			s.logger.Warn("home: unreadable game", "game", row.ID, "err", err)
			continue
		}
		seat, ok := g.SeatOf(kid.ID)
		if !ok {
			continue
		}
		if g.SessionOf(seat) == 0 {
			h.Invites = append(h.Invites, HomeInvite{GameID: row.ID, Game: row.Game, From: g.Seats[0].Name})
			continue
		}
		h.Continue = append(h.Continue, HomeGame{GameID: row.ID, Game: row.Game, Edition: row.Edition, StartedAt: row.CreatedAt, Opponents: opponentNames(g.Seats, seat), Opponent: opponentName(g.Seats, seat)})
	}
	mates, err := s.store.StudentsOf(ctx, kid.ClassID)
	if err != nil {
		return Home{}, err
	}
	for _, m := range mates {
		if m.ID != kid.ID {
			h.Classmates = append(h.Classmates, HomeClassmate{ID: m.ID, Name: m.DisplayName})
		}
	}
	return h, nil
}

// homeLevel is the level the game cards show: the student's stored level,
// except "custom" once no current assignment of the teacher's own tables
// applies to every game (archived or past due). The stored level stays
// "custom" until the next game starts; the cards show the ladder level that
// next game will be dealt, as the pedagogy places a student back from
// custom tables.
func (s *Service) homeLevel(ctx context.Context, kid store.Student, stored games.LevelName, wall time.Time) (games.LevelName, error) {
	if stored != games.LevelCustom {
		return stored, nil
	}
	c, _, err := s.constraintFor(ctx, kid.ID, "", wall)
	if err != nil || len(c.Tables) > 0 {
		return stored, err
	}
	pst, err := s.pedagogyStudent(ctx, kid)
	if err != nil {
		return stored, err
	}
	if step := s.meaning.Model().Plan(pst, c, wall).Step; step != "" {
		return step, nil
	}
	return stored, nil
}

// opponentNames lists every other seat's name: "against Pixel" read as
// the whole table when a Multipli Cat's game had three computer cats.
func opponentNames(seats []Seat, mine int) []string {
	out := []string{}
	for i, s := range seats {
		if i != mine && s.Name != "" {
			out = append(out, s.Name)
		}
	}
	return out
}

func opponentName(seats []Seat, mine int) string {
	for i, s := range seats {
		if i != mine {
			return s.Name
		}
	}
	return ""
}

// homeAssignment fills an assignment's card with this week's progress
// towards the weekly target: the figure the teacher's class dashboard and
// assignments page show (dashboard.Assignment.Done: the sessions played
// under this assignment this ISO week, or their minutes with the one
// rounding rule, dashboard.DoneMinutes).
func (s *Service) homeAssignment(ctx context.Context, studentID int64, a store.Assignment) (HomeAssignment, error) {
	info := readAssignment(a)
	ha := HomeAssignment{
		ID: a.ID, TitleEN: info.TitleEN, TitleFR: info.TitleFR, Tables: info.Tables, Level: info.LevelName,
		Games: info.Games, Progress: HomeProgress{Target: info.Target.Count, Unit: info.Target.Unit},
	}
	if ha.Tables == nil {
		ha.Tables = tablesOf(info.LevelName)
	}
	if ha.Games == nil {
		ha.Games = games.Names()
	}
	if a.DueAt != nil {
		ha.Due = a.DueAt.Format(time.DateOnly)
	}
	done, err := a.View(nil).LoadDone(ctx, s.store.Dashboards(), studentID, s.wall())
	if err != nil {
		return ha, err
	}
	ha.Progress.Done = done.Done
	return ha, nil
}

func tablesOf(level games.LevelName) []int {
	if l, ok := level.Deck(); ok {
		return l.Tables
	}
	return []int{}
}
