package games

import "fmt"

// LevelName names a deck level. It is what the database stores
// (students.level, level_history, attempts.level, a level inside a plan, a
// game's state or an assignment), what the API sends and what the pedagogy's
// ladder climbs.
//
// Decision: one spelling per level, the one a student's level has always
// been stored with: "green", "violet", "all-10", "all-12", "custom". The
// short "all" (tables 1–10, or 1–12 for a deck level dealt with factors up
// to 12) was a second spelling of the two "all" levels; migration step 3
// rewrites it where it was stored, and ParseLevel refuses it.
type LevelName string

const (
	LevelGreen  LevelName = "green"  // tables 2–5
	LevelViolet LevelName = "violet" // tables 6–9
	LevelAll10  LevelName = "all-10" // tables 1–10
	LevelAll12  LevelName = "all-12" // tables 1–12
	LevelCustom LevelName = "custom" // any set of tables a teacher chose
)

// Ladder lists the named levels a student climbs, easiest first: every
// level name but custom, in the one order the platform shows them in.
func Ladder() []LevelName {
	return []LevelName{LevelGreen, LevelViolet, LevelAll10, LevelAll12}
}

// ParseLevel reads a level name in its one spelling.
func ParseLevel(s string) (LevelName, error) {
	switch n := LevelName(s); n {
	case LevelGreen, LevelViolet, LevelAll10, LevelAll12, LevelCustom:
		return n, nil
	}
	return "", fmt.Errorf("games: unknown level %q", s)
}

// Deck is the deck level of a ladder name; custom (whose tables a teacher
// chooses) has none.
func (n LevelName) Deck() (Level, bool) {
	switch n {
	case LevelGreen:
		return Green(), true
	case LevelViolet:
		return Violet(), true
	case LevelAll10:
		return All(10), true
	case LevelAll12:
		return All(12), true
	}
	return Level{}, false
}

// Badge is the key of the level's badge on a child's screen (its colour
// and its words: level.<badge> in the interface's texts). The two "all"
// levels share one: a child reads "all the tables".
func (n LevelName) Badge() string {
	switch n {
	case LevelGreen, LevelViolet, LevelCustom:
		return string(n)
	case LevelAll10, LevelAll12:
		return "all"
	}
	return string(LevelCustom)
}
