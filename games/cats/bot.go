package cats

import (
	"math"
	"slices"

	"github.com/multipli/multipli/games"
)

// Table is what everybody at the table sees: the newest card of every seat,
// who is still in, whose deck is empty and who just revealed. Computer cats
// decide from it only.
type Table struct {
	Tops      []Card `json:"tops"`
	In        []bool `json:"in"`
	DeckEmpty []bool `json:"deck_empty"`
	Revealed  []int  `json:"revealed"`
}

// BotProfile is how a computer cat level plays: its default median reaction
// time, how often it does not notice that it should slap (beginners miss on
// purpose) and how often it slaps when it should not.
type BotProfile struct {
	MedianMS  float64
	Miss      float64
	FalseSlap float64
}

// Profiles by bot level (games.BotBeginner…BotStrong).
var profiles = [...]BotProfile{
	games.BotBeginner: {MedianMS: 1800, Miss: 0.25, FalseSlap: 0.05},
	games.BotSolid:    {MedianMS: 1200, Miss: 0.08, FalseSlap: 0.02},
	games.BotStrong:   {MedianMS: 800, Miss: 0.02, FalseSlap: 0.005},
}

// Profile is the profile of a bot level.
func Profile(level int) BotProfile {
	if level < games.BotBeginner || level > games.BotStrong {
		level = games.BotSolid
	}
	return profiles[level]
}

// reactionSigma spreads reaction times: log-normal, so a cat is sometimes
// much slower than usual but never faster than minReactionMS.
const (
	reactionSigma = 0.35
	minReactionMS = 150
)

// BotSlap decides whether the computer cat at seat me slaps on the table it
// sees, and after how long. The median is the seat's ReactionMS, or its
// level's default. Two numbers are always drawn so that the game's random
// stream does not depend on the decision.
func BotSlap(t *Table, me int, p BotProfile, medianMS float64, rng *games.RNG) (bool, int64) {
	if medianMS <= 0 {
		medianMS = p.MedianMS
	}
	u, z := rng.Float64(), rng.NormFloat64()
	delay := int64(math.Max(minReactionMS, medianMS*math.Exp(reactionSigma*z)))
	should := shouldSlap(t, me)
	switch {
	case should && u >= p.Miss:
		return true, delay
	case !should && u < p.FalseSlap:
		// A false slap is an impulse: quicker than a considered one.
		return true, max(minReactionMS, delay/2)
	}
	return false, 0
}

// shouldSlap reads the table as a careful player would.
func shouldSlap(t *Table, me int) bool {
	if !t.In[me] {
		return false
	}
	var tops = t.Tops
	revealed := func(s Special) bool {
		for _, r := range t.Revealed {
			if tops[r].S == s {
				return true
			}
		}
		return false
	}
	switch {
	case revealed(Chase), revealed(Ambush):
		return true
	case revealed(Seesaw):
		return slices.Contains(seesawGroup(tops), me)
	}
	groups := matchGroups(tops)
	if inGroups(groups, me) {
		return true
	}
	return len(groups) > 0 && t.DeckEmpty[me] && tops[me].IsSpecial()
}

// table builds the public table after a reveal.
func (g *Game) table(revealed []int) *Table {
	n := len(g.st.Players)
	t := &Table{Tops: make([]Card, n), In: make([]bool, n), DeckEmpty: make([]bool, n), Revealed: revealed}
	for i := range g.st.Players {
		p := &g.st.Players[i]
		t.In[i] = !p.Out
		t.DeckEmpty[i] = len(p.Deck) == 0
		if !p.Out {
			t.Tops[i] = p.top()
		}
	}
	return t
}

// botsReact draws, when a window opens, when each computer cat will slap.
func (g *Game) botsReact(revealed []int) {
	st := &g.st
	var t *Table
	for i, seat := range st.Config.Seats {
		if seat.Human() || st.Players[i].Out {
			continue
		}
		if t == nil {
			t = g.table(revealed)
		}
		ok, delay := BotSlap(t, i, Profile(seat.Bot), float64(seat.ReactionMS), st.RNG)
		if at := st.Win.Opened + delay; ok && at <= st.Win.Deadline {
			st.Pending = append(st.Pending, slap{Seat: i, At: at})
		}
	}
	slices.SortStableFunc(st.Pending, func(a, b slap) int {
		if a.At != b.At {
			if a.At < b.At {
				return -1
			}
			return 1
		}
		return a.Seat - b.Seat
	})
}
