package dashboard

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/multipli/multipli/catalog"
	"github.com/multipli/multipli/games"
)

// Languages. Anything but LangFR reads as English.
const (
	LangEN = "en"
	LangFR = "fr"
)

// tr renders the catalogue's dashboard text key with key, value pairs.
func tr(lang, key string, kv ...any) string {
	return catalog.T(lang, "dashboard."+key, kv...)
}

// pct writes a 0–1 ratio as a whole percentage; French puts a no-break
// space before the sign.
func pct(lang string, v float64) string {
	n := strconv.Itoa(int(math.Round(v * 100)))
	if lang == LangFR {
		return n + "\u00a0%"
	}
	return n + "%"
}

// decimal writes v with one decimal, with a decimal comma in French.
func decimal(lang string, v float64) string {
	s := strconv.FormatFloat(v, 'f', 1, 64)
	if lang == LangFR {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

// seconds writes a response time in milliseconds as seconds, "2.4 s".
func seconds(lang string, ms int64) string {
	return decimal(lang, float64(ms)/1000) + "\u00a0s"
}

// minutes rounds played seconds to whole minutes, a started minute of play
// counting as one so that a short session never shows 0.
func minutes(playedSeconds int64) int {
	if playedSeconds <= 0 {
		return 0
	}
	return int((playedSeconds + 59) / 60)
}

var monthsEN = [...]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}
var monthsFR = [...]string{"janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."}

// date writes a day as "3 Mar 2026" or "3 mars 2026".
func date(lang string, t time.Time) string {
	m := monthsEN[t.Month()-1]
	if lang == LangFR {
		m = monthsFR[t.Month()-1]
	}
	return fmt.Sprintf("%d %s %d", t.Day(), m, t.Year())
}

// dateTime adds the time of day, 24-hour clock in both languages.
func dateTime(lang string, t time.Time) string {
	return date(lang, t) + " " + t.Format("15:04")
}

// weekLabel names a week by its Monday, "from 3 Mar" / "sem. du 3 mars".
func weekLabel(lang string, w Week) string {
	d := w.Monday()
	if lang == LangFR {
		return fmt.Sprintf("%d %s", d.Day(), monthsFR[d.Month()-1])
	}
	return fmt.Sprintf("%d %s", d.Day(), monthsEN[d.Month()-1])
}

// daysBetween counts whole days from then to now; never negative.
func daysBetween(then, now time.Time) int {
	if !now.After(then) {
		return 0
	}
	return int(now.Sub(then) / (24 * time.Hour))
}

// ago writes how long ago something happened, in whole days.
func ago(lang string, then, now time.Time) string {
	if then.IsZero() {
		return tr(lang, "never")
	}
	switch d := daysBetween(then, now); d {
	case 0:
		return tr(lang, "today")
	case 1:
		return tr(lang, "yesterday")
	default:
		return tr(lang, "days_ago", "n", d)
	}
}

// LevelLabel names a deck level for people: "Green (tables 2–5)".
func LevelLabel(lang string, l games.Level) string {
	tables := tablesText(l.Tables)
	switch l.Name {
	case games.LevelGreen:
		return tr(lang, "level.green", "tables", tables)
	case games.LevelViolet:
		return tr(lang, "level.violet", "tables", tables)
	case games.LevelAll10, games.LevelAll12:
		return tr(lang, "level.all", "tables", tables)
	case "":
		return tr(lang, "level.none")
	default:
		return tr(lang, "level.custom", "tables", tables)
	}
}

// tablesText writes 2, 3, 4, 5 as "2–5" and 7, 8, 11 as "7, 8, 11".
func tablesText(t []int) string {
	if len(t) == 0 {
		return ""
	}
	run := len(t) > 2
	for i := 1; i < len(t); i++ {
		if t[i] != t[i-1]+1 {
			run = false
		}
	}
	if run {
		return fmt.Sprintf("%d–%d", t[0], t[len(t)-1])
	}
	parts := make([]string, len(t))
	for i, n := range t {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ", ")
}

// levelRank orders levels for sorting: the ladder (green, violet, 1–10,
// 1–12), then custom, then none.
func levelRank(l games.Level) int {
	if i := slices.Index(games.Ladder(), l.Name); i >= 0 {
		return i + 1
	}
	if l.Name == "" {
		return len(games.Ladder()) + 2
	}
	return len(games.Ladder()) + 1
}

// GameLabel names a game ("cats", or "potion/3" with its edition) for
// people: the games' names are the same in French and English.
func GameLabel(game string) string { return gameLabel(game) }

// gameLabel names a game and edition for people.
func gameLabel(game string) string {
	ref, err := games.ParseRef(game)
	if err != nil {
		return game
	}
	g, _ := games.Lookup(ref.Game)
	if ref.Edition != "" {
		return g.Title + " (" + string(ref.Edition) + ")"
	}
	return g.Title
}

func itoa64(n int64) string { return strconv.FormatInt(n, 10) }

var monthsLongEN = [...]string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}
var monthsLongFR = [...]string{"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"}

// PeriodText names a period in plain words, from its Monday to its last
// Sunday: "Week of 16 to 22 November", "Semaine du 30 novembre au
// 6 décembre", "Weeks of 2 to 22 November". The year is written only when
// the period is not in now's year or spans two years; a teacher does not
// count ISO weeks, so the week's number never shows.
func PeriodText(lang string, p Period, now time.Time) string {
	from, to := p.From.Monday(), p.Sunday()
	twoYears := from.Year() != to.Year()
	key := "one_week"
	if !p.Single() {
		key = "range"
	}
	return wt(lang, key, "from", longDay(lang, from, twoYears || from.Month() != to.Month(), twoYears),
		"to", longDay(lang, to, true, twoYears || to.Year() != now.Year()))
}

// longDay writes "16", "16 November", "16 November 2026" (French: "1er"
// for the first of a month, "1er décembre").
func longDay(lang string, t time.Time, month, year bool) string {
	s := strconv.Itoa(t.Day())
	m := monthsLongEN[t.Month()-1]
	if lang == LangFR {
		m = monthsLongFR[t.Month()-1]
		if t.Day() == 1 {
			s = "1er"
		}
	}
	if month {
		s += " " + m
	}
	if year {
		s += " " + strconv.Itoa(t.Year())
	}
	return s
}
